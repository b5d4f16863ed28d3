import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { ApiError } from '@/api/errors';
import { ActionButton } from '@/components/admin/ActionButton';
import { AdminPage } from '@/components/admin/AdminPage';
import { LoadState } from '@/components/admin/LoadState';
import { DecisionMacroPicker, MIN_REASON } from '@/components/DecisionMacroPicker';
import { SubmitButton } from '@/components/FormField';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import { AccountLine, AccountLookup } from './AccountLookup';
import { ActionDialog, DurationField } from './ActionDialog';
import { formatWhen } from './format';
import {
  type BanAction,
  type BanLookupRow,
  type BanRow,
  bansQuery,
  useBan,
  useLiftBan,
} from './queries';

type Kind = BanAction['kind'];

/** One ban form per kind: the target, the duration and the reason. */
function BanForm({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const id = useId();
  const ban = useBan();
  const [target, setTarget] = useState('');
  // The account picked in the search, shown until the id is typed over.
  const [picked, setPicked] = useState<BanLookupRow | null>(null);
  const [hours, setHours] = useState<number | null>(72);
  const [reason, setReason] = useState('');
  // A range over staff addresses (409 covers_staff): the server's warning, and the range to type again.
  const [covers, setCovers] = useState<{ message: string; confirm: string } | null>(null);
  const [confirm, setConfirm] = useState('');
  const title = { user: 'byUser', username: 'byUsername', ip: 'byIp' }[kind];
  return (
    <Form
      className="addme-card p-3 h-100"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        const value = target.trim();
        if (!value || !reason.trim()) return;
        if (covers && confirm.trim() !== covers.confirm) return;
        const action: BanAction =
          kind === 'ip'
            ? {
                kind,
                cidr: value,
                hours,
                reason: reason.trim(),
                ...(covers ? { confirm: confirm.trim() } : {}),
              }
            : { kind, id: Number(value), hours, reason: reason.trim() };
        ban.mutate(action, {
          onSuccess: () => {
            toast.success(t(hours === 0 ? 'people.bans.warned' : 'people.bans.banned'));
            setTarget('');
            setPicked(null);
            setReason('');
            setCovers(null);
            setConfirm('');
          },
          onError: (error) => {
            if (error instanceof ApiError && error.code === 'covers_staff') {
              setCovers({
                message: error.message,
                confirm: String(error.details.confirm ?? value),
              });
            } else if (error instanceof ApiError && error.status === 409) {
              toast.danger(error.message);
            }
          },
        });
      }}
    >
      <h2 className="h5" id={`${id}-title`}>
        {t(`people.bans.${title}`)}
      </h2>
      {kind === 'user' && (
        <AccountLookup
          onPick={(row) => {
            setTarget(String(row.id));
            setPicked(row);
          }}
        />
      )}
      <Form.Group className="mb-3" controlId={`${id}-target`}>
        <Form.Label className="fw-medium">
          {t(
            kind === 'ip'
              ? 'people.bans.cidr'
              : kind === 'user'
                ? 'people.bans.userId'
                : 'people.bans.usernameId',
          )}
        </Form.Label>
        <Form.Control
          required
          value={target}
          inputMode={kind === 'ip' ? 'text' : 'numeric'}
          pattern={kind === 'ip' ? undefined : '[0-9]+'}
          maxLength={50}
          className={kind === 'ip' ? 'font-monospace' : undefined}
          onChange={(e) => {
            setTarget(e.target.value);
            setPicked(null);
            setCovers(null);
            setConfirm('');
          }}
        />
        {kind === 'ip' && <Form.Text>{t('people.bans.cidrHint')}</Form.Text>}
        {picked && String(picked.id) === target && (
          <div className="small mt-1" data-testid="lookup-picked">
            <AccountLine row={picked} />
          </div>
        )}
      </Form.Group>
      <DurationField
        value={hours}
        onChange={setHours}
        min={kind === 'ip' ? 1 : 0}
        zeroHint={kind === 'ip' ? undefined : t(`people.bans.zeroHint.${kind}`)}
      />
      <Form.Group className="mb-3" controlId={`${id}-reason`}>
        <Form.Label className="fw-medium">
          {kind === 'user' ? t('people.common.memberReason') : t('people.common.reason')}
        </Form.Label>
        {kind !== 'ip' && (
          <div className="mb-2">
            <DecisionMacroPicker
              decision={kind === 'user' ? 'ban_account' : 'ban_username'}
              onPick={setReason}
            />
          </div>
        )}
        <Form.Control
          as="textarea"
          rows={2}
          required
          minLength={kind === 'ip' ? undefined : MIN_REASON}
          maxLength={300}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Form.Group>
      {covers && (
        <Alert variant="warning" data-testid="covers-staff">
          <p className="fw-semibold mb-1">{t('people.bans.coversStaff')}</p>
          <p className="mb-2 text-break">{covers.message}</p>
          <Form.Group controlId={`${id}-confirm`}>
            <Form.Label className="fw-medium">
              {t('people.bans.confirmLabel', { cidr: covers.confirm })}
            </Form.Label>
            <Form.Control
              required
              value={confirm}
              maxLength={50}
              autoComplete="off"
              className="font-monospace"
              onChange={(e) => setConfirm(e.target.value)}
            />
          </Form.Group>
        </Alert>
      )}
      <SubmitButton pending={ban.isPending} variant="danger">
        {covers
          ? t('people.bans.banAnyway')
          : hours === 0
            ? t('people.bans.warnSubmit')
            : t('people.bans.submit')}
      </SubmitButton>
    </Form>
  );
}

function BanList() {
  const { t, i18n } = useTranslation();
  const bans = useQuery(bansQuery);
  const lift = useLiftBan();
  const [lifting, setLifting] = useState<BanRow | null>(null);
  if (bans.isError || !bans.data)
    return <LoadState query={bans} loadError={t('people.common.loadError')} height="8rem" />;
  if (bans.data.length === 0)
    return <p className="text-body-secondary">{t('people.bans.empty')}</p>;
  return (
    <>
      <ul className="list-unstyled d-flex flex-column gap-2" data-testid="ban-list">
        {bans.data.map((b) => (
          <li
            key={`${b.kind}-${b.id}`}
            className="addme-card p-3 d-flex flex-column flex-md-row gap-2 align-items-md-center"
            data-testid="ban-row"
          >
            <div className="flex-grow-1">
              <div className="d-flex flex-wrap align-items-center gap-2">
                <span className="badge text-bg-secondary">{t(`people.bans.kinds.${b.kind}`)}</span>
                {b.kind === 'user' ? (
                  <Link to={`/admin/users/${b.id}`} className="fw-semibold text-break">
                    {b.label}
                  </Link>
                ) : (
                  <span
                    className={`fw-semibold text-break ${b.kind === 'ip' ? 'font-monospace' : ''}`}
                  >
                    {b.label}
                  </span>
                )}
              </div>
              <div className="small text-body-secondary">
                {b.banned_until
                  ? `${t('people.common.until')} ${formatWhen(b.banned_until, i18n.language)}`
                  : t('people.common.forGood')}
                {b.since && ` · ${t('people.bans.since')} ${formatWhen(b.since, i18n.language)}`}
              </div>
              {b.reason && <div className="small text-break">{b.reason}</div>}
            </div>
            <div>
              <ActionButton onClick={() => setLifting(b)}>{t('people.bans.unban')}</ActionButton>
            </div>
          </li>
        ))}
      </ul>
      {lifting && (
        <ActionDialog
          show
          title={t('people.bans.unban')}
          message={t('people.bans.unbanConfirm', { label: lifting.label })}
          confirmLabel={t('people.bans.unban')}
          reasonRequired={false}
          pending={lift.isPending}
          onClose={() => setLifting(null)}
          onConfirm={(reason) =>
            lift.mutate(
              { ban: lifting, reason },
              {
                onSuccess: () => {
                  toast.success(t('people.bans.lifted'));
                  setLifting(null);
                },
              },
            )
          }
        />
      )}
    </>
  );
}

/** /admin/ban: ban an account, a username or an IP range; the bans in force, and unban. */
export function BansAdmin() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('people.bans.title')} intro={t('people.bans.intro')}>
      <div className="row g-3 mb-4">
        {(['user', 'username', 'ip'] as const).map((kind) => (
          <div key={kind} className="col-12 col-lg-4">
            <BanForm kind={kind} />
          </div>
        ))}
      </div>
      <h2 className="h4">{t('people.bans.active')}</h2>
      <BanList />
    </AdminPage>
  );
}
