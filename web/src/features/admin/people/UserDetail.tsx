import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, useState } from 'react';
import { Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { ActionButton } from '@/components/admin/ActionButton';
import { TextField } from '@/components/admin/fields';
import { LoadState } from '@/components/admin/LoadState';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import { ActionDialog, DurationField } from './ActionDialog';
import { formatWhen } from './format';
import { type AdminUserDetail, type UserAction, userQuery, useUserAction } from './queries';
import { TrustedFlagger } from './TrustedFlagger';
import { TrustFlags } from './TrustFlags';
import { StatusBadges } from './UsersAdmin';

type DialogKind = Exclude<UserAction['kind'], never>;
type DialogSetup = Pick<
  ComponentProps<typeof ActionDialog>,
  | 'danger'
  | 'memberFacing'
  | 'decision'
  | 'reasonRequired'
  | 'withReason'
  | 'children'
  | 'onConfirm'
>;
type Level = 'Full' | 'AdPartner' | 'Moderator' | '';

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section className="addme-card p-3 mb-3" aria-labelledby={`user-${id}`}>
      <h2 className="h5" id={`user-${id}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Table({
  head,
  rows,
  empty,
}: {
  head: string[];
  rows: React.ReactNode[][];
  empty: string;
}) {
  if (rows.length === 0) return <p className="text-body-secondary mb-0">{empty}</p>;
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle mb-0">
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are rebuilt with their data
            <tr key={i}>
              {cells.map((c, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <td key={j} className="text-break">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Profile({ detail }: { detail: AdminUserDetail }) {
  const { t, i18n } = useTranslation();
  const u = detail.user;
  const when = (iso: string | null) => formatWhen(iso, i18n.language) || t('people.common.never');
  const fields: [string, React.ReactNode][] = [
    ['email', u.email],
    ['name', u.first_name ?? '—'],
    ['country', u.country_code ?? '—'],
    ['ip', u.ip_address ?? '—'],
    ['level', u.admin_level ?? t('people.common.none')],
    ['confirmed', u.email_confirmed ? t('people.common.yes') : t('people.common.no')],
    ['joined', when(u.created_at)],
    ['lastLogin', when(u.last_login_at)],
    ['topUps', u.top_ups_count],
    ['firePins', u.fire_pins_count],
    ['maxUsernames', u.max_usernames],
  ];
  if (u.is_promoted) fields.push(['vipUntil', when(u.promotion_ending_at)]);
  if (u.is_studio) fields.push(['studioUntil', when(u.studio_ending_at)]);
  if (u.banned_at) {
    fields.push([
      'bannedUntil',
      u.banned_until ? when(u.banned_until) : t('people.common.forGood'),
    ]);
    fields.push(['banReason', u.ban_reason ?? '—']);
  }
  if (u.deleted_at) fields.push(['deleted', when(u.deleted_at)]);
  return (
    <dl className="row mb-0" data-testid="user-profile">
      {fields.map(([key, value]) => (
        <div key={key} className="col-12 col-sm-6 col-xl-4 d-flex gap-2 py-1">
          <dt className="fw-medium text-body-secondary text-nowrap">
            {t(`people.user.fields.${key}`)}
          </dt>
          <dd className="mb-0 text-break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Actions({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation();
  const u = detail.user;
  const act = useUserAction(u.id);
  const [open, setOpen] = useState<DialogKind | null>(null);
  const [hours, setHours] = useState<number | null>(72);
  const [level, setLevel] = useState<Level>((u.admin_level as Level) ?? '');
  const [topUps, setTopUps] = useState(0);
  const [firePins, setFirePins] = useState(0);
  const close = () => setOpen(null);
  const run = (action: UserAction) =>
    act.mutate(action, {
      onSuccess: (res) => {
        toast.success((res as { message?: string }).message ?? t('people.common.done'));
        close();
      },
    });

  const buttons: { kind: DialogKind; danger?: boolean; show: boolean }[] = [
    { kind: 'ban', danger: true, show: !u.banned_at },
    { kind: 'unban', show: !!u.banned_at },
    { kind: 'grant', show: true },
    { kind: 'level', show: true },
    { kind: 'endSessions', show: true },
    { kind: 'resend', show: !u.email_confirmed },
    { kind: 'delete', danger: true, show: !u.deleted_at },
  ];
  const common = {
    pending: act.isPending,
    onClose: close,
    title: open ? t(`people.user.actions.${open}`) : '',
    message: open ? t(`people.user.dialogs.${open}`, { email: u.email }) : '',
    confirmLabel: open ? t(`people.user.actions.${open}`) : '',
  };

  // What each action's dialog asks besides its reason, and what it sends.
  const dialogs: Record<DialogKind, DialogSetup> = {
    ban: {
      danger: true,
      memberFacing: true,
      decision: 'ban_account',
      onConfirm: (reason) => run({ kind: 'ban', hours, reason }),
      children: (
        <DurationField
          value={hours}
          onChange={setHours}
          min={0}
          zeroHint={t('people.bans.zeroHint.user')}
        />
      ),
    },
    unban: { reasonRequired: false, onConfirm: (reason) => run({ kind: 'unban', reason }) },
    delete: {
      danger: true,
      memberFacing: true,
      decision: 'delete_account',
      onConfirm: (reason) => run({ kind: 'delete', reason }),
    },
    endSessions: {
      reasonRequired: false,
      onConfirm: (reason) => run({ kind: 'endSessions', reason }),
    },
    resend: { withReason: false, onConfirm: () => run({ kind: 'resend' }) },
    level: {
      reasonRequired: false,
      onConfirm: (reason) => run({ kind: 'level', level: level || null, reason }),
      children: (
        <Form.Group className="mb-3" controlId="user-level">
          <Form.Label className="fw-medium">{t('people.user.fields.level')}</Form.Label>
          <Form.Select value={level} onChange={(e) => setLevel(e.target.value as Level)}>
            <option value="">{t('people.user.levelMember')}</option>
            <option value="Moderator">Moderator</option>
            <option value="AdPartner">AdPartner</option>
            <option value="Full">Full</option>
          </Form.Select>
        </Form.Group>
      ),
    },
    grant: {
      memberFacing: true,
      onConfirm: (reason) => run({ kind: 'grant', top_ups: topUps, fire_pins: firePins, reason }),
      children: (
        <div className="row g-2 mb-3">
          {(
            [
              ['topups', 'topUps', topUps, setTopUps],
              ['firepins', 'firePins', firePins, setFirePins],
            ] as const
          ).map(([id, label, value, set]) => (
            <TextField
              key={id}
              layout="col-6"
              id={`grant-${id}`}
              label={t(`people.user.${label}`)}
              strong
              type="number"
              min={-10000}
              max={10000}
              value={value}
              onChange={(e) => set(Number(e.target.value) || 0)}
            />
          ))}
        </div>
      ),
    },
  };

  return (
    <>
      <div className="d-flex flex-wrap gap-2">
        {buttons
          .filter((b) => b.show)
          .map((b) => (
            <ActionButton
              key={b.kind}
              variant={b.danger ? 'outline-danger' : 'outline-secondary'}
              onClick={() => setOpen(b.kind)}
            >
              {t(`people.user.actions.${b.kind}`)}
            </ActionButton>
          ))}
      </div>
      {open && <ActionDialog key={open} {...common} show {...dialogs[open]} />}
    </>
  );
}

/** /admin/users/:id: everything about one account, in sections, and the actions on it. */
export function UserDetail({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const query = useQuery(userQuery(id));
  const when = (iso: string | null | undefined) => formatWhen(iso, i18n.language);
  const col = (key: string) => t(`people.user.columns.${key}`);
  const empty = t('people.common.empty');

  if (query.isError || !query.data)
    return <LoadState query={query} loadError={t('people.common.loadError')} height="16rem" />;
  const d = query.data;
  const reportRows = (rows: AdminUserDetail['reports_by']) =>
    rows.map((r) => [when(r.created_at), `${r.username} (${r.app})`, r.type, r.status, r.message]);

  return (
    <div>
      <Link to="/admin/users" className="d-inline-block py-2">
        ← {t('people.user.back')}
      </Link>
      <h1 className="h3 d-flex flex-wrap align-items-center gap-2">
        <span>{t('people.user.title', { id: d.user.id })}</span>
        <StatusBadges user={d.user} />
      </h1>
      <Section id="profile" title={t('people.user.sections.profile')}>
        <Profile detail={d} />
      </Section>
      <Section id="actions" title={t('people.user.sections.actions')}>
        <Actions detail={d} />
      </Section>
      <Section id="usernames" title={t('people.user.sections.usernames')}>
        <Table
          head={[col('username'), col('status'), col('when')]}
          empty={empty}
          rows={d.usernames.map((u) => [
            u.listed ? (
              <Link key="l" to={`/profile/${u.id}`}>
                {u.username} ({u.app})
              </Link>
            ) : (
              `${u.username} (${u.app})`
            ),
            `${u.status}${u.is_hidden ? ' · hidden' : ''}${u.banned_until ? ` · ${when(u.banned_until)}` : ''}`,
            when(u.created_at),
          ])}
        />
      </Section>
      <Section id="orders" title={t('people.user.sections.orders')}>
        <Table
          head={[col('when'), col('what'), col('status')]}
          empty={t('people.user.noOrders')}
          rows={d.orders.map((o) => [
            when(o.created_at),
            `#${o.order_number} · ${o.items.map((i) => `${i.quantity} × ${i.name}`).join(', ') || o.product}`,
            o.status,
          ])}
        />
      </Section>
      <Section id="ledger" title={t('people.user.sections.ledger')}>
        <Table
          head={[col('when'), col('what'), col('delta'), col('note')]}
          empty={empty}
          rows={d.ledger.map((e) => [
            when(e.created_at),
            `${e.kind} · ${e.reason}`,
            e.delta > 0 ? `+${e.delta}` : String(e.delta),
            e.note ?? '',
          ])}
        />
      </Section>
      <Section id="sessions" title={t('people.user.sections.sessions')}>
        <Table
          head={[
            t('people.user.created'),
            t('people.user.lastUsed'),
            'IP',
            t('people.user.device'),
            col('status'),
          ]}
          empty={empty}
          rows={d.sessions.map((s) => [
            when(s.created_at),
            when(s.last_used_at),
            s.ip_address ?? '',
            s.user_agent ?? '',
            s.revoked_at ? t('people.user.ended') : t('people.user.active'),
          ])}
        />
      </Section>
      <Section id="ips" title={t('people.user.sections.ips')}>
        {d.ips.length ? (
          <ul className="list-inline mb-0">
            {d.ips.map((ip) => (
              <li key={ip} className="list-inline-item">
                <Link
                  to={`/admin/users?q=${encodeURIComponent(ip)}`}
                  className="font-monospace d-inline-block py-2"
                >
                  {ip}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-body-secondary mb-0">{empty}</p>
        )}
      </Section>
      <Section id="reports-against" title={t('people.user.sections.reportsAgainst')}>
        <Table
          head={[col('when'), col('username'), col('type'), col('status'), col('note')]}
          empty={empty}
          rows={reportRows(d.reports_against)}
        />
      </Section>
      <Section id="flags" title={t('people.user.sections.flags')}>
        <TrustFlags userId={d.user.id} />
      </Section>
      <Section id="flagger" title={t('people.user.sections.flagger')}>
        <TrustedFlagger detail={d} />
      </Section>
      <Section id="reports-by" title={t('people.user.sections.reportsBy')}>
        <Table
          head={[col('when'), col('username'), col('type'), col('status'), col('note')]}
          empty={empty}
          rows={reportRows(d.reports_by)}
        />
      </Section>
      <Section id="audit" title={t('people.user.sections.audit')}>
        <Table
          head={[col('when'), col('action'), col('target'), col('by'), t('people.common.reason')]}
          empty={empty}
          rows={d.audit.map((a) => [
            when(a.created_at),
            a.action,
            a.target ?? '',
            a.admin_id
              ? `${t('people.user.actor', { id: a.admin_id })}${a.admin_level ? ` (${a.admin_level})` : ''}`
              : '',
            a.reason,
          ])}
        />
      </Section>
    </div>
  );
}
