import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { ActionButton } from '@/components/admin/ActionButton';
import { AdminPage } from '@/components/admin/AdminPage';
import { TextField } from '@/components/admin/fields';
import { SearchedList } from '@/components/admin/SearchedList';
import { useListParams } from '@/components/admin/useListParams';
import { SubmitButton } from '@/components/FormField';
import { ActionDialog } from '@/features/admin/people/ActionDialog';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate } from '@/lib/format';
import { toast } from '@/toasts/toastStore';
import {
  type CampaignResult,
  campaignsQuery,
  type Promotion,
  promotionsQuery,
  useCampaign,
  useEndPromotion,
  useGrant,
} from './promotionQueries';

const MAX_DAYS = 366;

function DaysField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      label={t('catalog.promotions.days')}
      type="number"
      required
      min={1}
      max={MAX_DAYS}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function GrantForm() {
  const { t, i18n } = useTranslation();
  const grant = useGrant();
  const [who, setWho] = useState('');
  const [days, setDays] = useState('7');
  const [reason, setReason] = useState('');
  return (
    <Form
      className="addme-card p-3 mb-4 row g-2 align-items-end mx-0"
      aria-labelledby="grant-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (!who.trim()) return;
        grant.mutate(
          { user: who.trim(), days: Number(days), reason: reason.trim() },
          {
            onSuccess: (p) => {
              toast.success(
                t('catalog.promotions.granted', {
                  email: p.email,
                  date: formatDate(p.vip_until, i18n.language),
                }),
              );
              setWho('');
              setReason('');
            },
          },
        );
      }}
    >
      <h2 className="h5 col-12 mb-1" id="grant-title">
        {t('catalog.promotions.grantTitle')}
      </h2>
      <TextField
        layout="col-12 col-md-4"
        id="grant-user"
        label={t('catalog.promotions.user')}
        required
        maxLength={254}
        value={who}
        onChange={(e) => setWho(e.target.value)}
      />
      <div className="col-6 col-md-2">
        <DaysField id="grant-days" value={days} onChange={setDays} />
      </div>
      <TextField
        layout="col-12 col-md-4"
        id="grant-reason"
        label={t('catalog.common.reason')}
        maxLength={300}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="col-12 col-md-2">
        <SubmitButton pending={grant.isPending} className="w-100">
          {t('catalog.promotions.grant')}
        </SubmitButton>
      </div>
    </Form>
  );
}

function CampaignForm() {
  const { t, i18n } = useTranslation();
  const run = useCampaign();
  const past = useQuery(campaignsQuery);
  const [users, setUsers] = useState('');
  const [days, setDays] = useState('7');
  const [note, setNote] = useState('');
  const [result, setResult] = useState<CampaignResult | null>(null);
  const entries = users
    .split(/[\s,;]+/)
    .map((u) => u.trim())
    .filter(Boolean);
  return (
    <section className="addme-card p-3 mb-4" aria-labelledby="campaign-title">
      <h2 className="h5" id="campaign-title">
        {t('catalog.promotions.campaignTitle')}
      </h2>
      <p className="small text-body-secondary">{t('catalog.promotions.campaignIntro')}</p>
      <Form
        className="row g-2 align-items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (entries.length === 0 || note.trim().length < 3) return;
          run.mutate(
            { users: entries, days: Number(days), note: note.trim() },
            {
              onSuccess: (r) => {
                setResult(r);
                toast.success(t('catalog.promotions.campaignDone', { count: r.granted.length }));
                setUsers('');
                setNote('');
              },
            },
          );
        }}
      >
        <TextField
          layout="col-12"
          id="campaign-users"
          label={t('catalog.promotions.campaignUsers')}
          as="textarea"
          rows={3}
          required
          value={users}
          onChange={(e) => setUsers(e.target.value)}
          help={t('catalog.promotions.campaignCount', { count: entries.length })}
        />
        <div className="col-6 col-md-2">
          <DaysField id="campaign-days" value={days} onChange={setDays} />
        </div>
        <TextField
          layout="col-12 col-md-7"
          id="campaign-note"
          label={t('catalog.promotions.note')}
          required
          minLength={3}
          maxLength={300}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <div className="col-12 col-md-3">
          <SubmitButton pending={run.isPending} className="w-100">
            {t('catalog.promotions.runCampaign')}
          </SubmitButton>
        </div>
      </Form>
      {result && result.missing.length > 0 && (
        <Alert variant="warning" className="mt-3 mb-0" data-testid="campaign-missing">
          {t('catalog.promotions.missing', { list: result.missing.join(', ') })}
        </Alert>
      )}
      {past.data && past.data.length > 0 && (
        <>
          <h3 className="h6 mt-3">{t('catalog.promotions.pastCampaigns')}</h3>
          <ul className="list-unstyled small mb-0 d-flex flex-column gap-1">
            {past.data.map((c) => (
              <li key={c.id} className="text-break">
                <span className="text-body-secondary">
                  {formatDate(c.created_at, i18n.language)}
                </span>{' '}
                · {c.note} ·{' '}
                {t('catalog.promotions.campaignLine', { count: c.granted, days: c.days })}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function VipRow({ vip, onEnd }: { vip: Promotion; onEnd: (p: Promotion) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <li
      className="addme-card p-2 px-3 d-flex flex-wrap align-items-center gap-2"
      data-testid="vip-row"
    >
      <span className="fw-semibold text-break me-1">{vip.email}</span>
      <span className="small text-body-secondary">#{vip.user_id}</span>
      <span className="small">
        {t('catalog.promotions.until', { date: formatDate(vip.vip_until, i18n.language) })}
      </span>
      <ActionButton variant="outline-danger" small className="ms-auto" onClick={() => onEnd(vip)}>
        {t('catalog.promotions.end')}
      </ActionButton>
    </li>
  );
}

/** /admin/promotions: grant VIP for some days or end it, the running VIPs, and campaigns. */
export function PromotionsAdmin() {
  const { t } = useTranslation();
  const params = useListParams();
  const list = useQuery(promotionsQuery(params.q, params.page));
  const end = useEndPromotion();
  const [ending, setEnding] = useState<Promotion | null>(null);

  return (
    <AdminPage title={t('catalog.promotions.title')} intro={t('catalog.promotions.intro')}>
      <GrantForm />
      <CampaignForm />
      <h2 className="h5">{t('catalog.promotions.running')}</h2>
      <SearchedList
        params={params}
        query={list}
        search={t('catalog.promotions.search')}
        pagerLabel={t('catalog.promotions.running')}
        loadError={t('catalog.common.loadError')}
        empty={t('catalog.promotions.empty')}
        testId="vip-list"
        loading={{ height: '8rem', className: 'rounded-4' }}
        row={(vip) => <VipRow key={vip.user_id} vip={vip} onEnd={setEnding} />}
      />
      {ending && (
        <ActionDialog
          show
          danger
          title={t('catalog.promotions.endTitle', { email: ending.email })}
          message={t('catalog.promotions.endMessage')}
          confirmLabel={t('catalog.promotions.end')}
          reasonRequired={false}
          pending={end.isPending}
          onClose={() => setEnding(null)}
          onConfirm={(reason) =>
            end.mutate(
              { userId: ending.user_id, reason },
              {
                onSuccess: () => {
                  toast.success(t('catalog.promotions.ended', { email: ending.email }));
                  setEnding(null);
                },
              },
            )
          }
        />
      )}
    </AdminPage>
  );
}
