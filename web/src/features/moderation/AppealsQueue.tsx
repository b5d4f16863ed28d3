import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/api/errors';
import { ActionButton } from '@/components/admin/ActionButton';
import { AdminPage } from '@/components/admin/AdminPage';
import { MIN_REASON } from '@/components/DecisionMacroPicker';
import { ErrorText } from '@/components/FormField';
import { useTranslation } from '@/i18n/useTranslation';
import { useFormat } from '@/lib/format';
import { toast } from '@/toasts/toastStore';
import { type AppealItem, appealsQuery, useDecideAppeal } from './appealQueries';
import { DecidedTabs, QueueList, ReasonField, useAgo, useQueueStatus } from './parts';

const HOUR = 3_600_000;
const URGENCY_CLASS: Record<AppealItem['urgency'], string> = {
  ok: 'text-bg-success',
  soon: 'text-bg-warning',
  overdue: 'text-bg-danger',
};

/** The time left of the 7 days, in colour and in words (as /admin/notices shows its clock). */
export function AppealClock({ item }: { item: AppealItem }) {
  const { t } = useTranslation();
  if (item.status !== 'open') return null;
  const left = Date.parse(item.due_at) - Date.now();
  const hours = Math.max(1, Math.round(Math.abs(left) / HOUR));
  const span =
    hours < 72
      ? t('mod.notices.hours', { count: hours })
      : t('mod.notices.days', { count: Math.round(hours / 24) });
  return (
    <span
      className={`badge text-wrap text-start ${URGENCY_CLASS[item.urgency]}`}
      data-testid="appeal-clock"
    >
      {item.urgency === 'overdue'
        ? t('decisions.admin.overdue', { time: span })
        : t('decisions.admin.dueIn', { time: span })}
    </span>
  );
}

function AppealCard({ item }: { item: AppealItem }) {
  const { t } = useTranslation();
  const ago = useAgo();
  const format = useFormat();
  const decide = useDecideAppeal();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const s = item.statement;
  const run = (action: 'uphold' | 'reverse') => {
    setError(null);
    if (reason.trim().length < MIN_REASON) {
      setError(t('decisions.reasonHint', { count: MIN_REASON }));
      return;
    }
    // Through the promise, not mutate's own callbacks: the decided appeal leaves the open list as
    // soon as it is refetched, and TanStack Query drops the callbacks of an unmounted caller, so the
    // moderator would at times be told nothing.
    decide
      .mutateAsync({ id: item.id, action, reason: reason.trim() })
      .then((res) => toast.success(res.message))
      .catch((e: unknown) => {
        if (e instanceof ApiError) setError(e.fieldErrors.reason?.[0] ?? e.message);
      });
  };
  return (
    <li className="addme-card p-3" data-testid="appeal-item">
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <span className="badge text-bg-secondary">
          {t(item.kind === 'unban' ? 'decisions.admin.kindUnban' : 'decisions.admin.kindAppeal')}
        </span>
        <span className="fw-semibold text-break">{item.about}</span>
        <AppealClock item={item} />
        <span className="small text-body-secondary">{ago(item.created_at)}</span>
      </div>
      {item.member_email && (
        <div className="small text-body-secondary mt-1 text-break">
          {t('decisions.admin.member', { email: item.member_email })}
        </div>
      )}
      {s && (
        <div className="small mt-2">
          <span className="fw-medium">{t('decisions.admin.decision')}:</span>{' '}
          {t(`decisions.kinds.${s.decision}`)} · {format.date(s.decided_at, 'moment')}
          {item.first_decider_id !== null && (
            <> · {t('decisions.admin.firstDecider', { id: item.first_decider_id })}</>
          )}
          <div className="text-break">“{s.facts}”</div>
        </div>
      )}
      {item.message && (
        <div className="small mt-2">
          <span className="fw-medium">{t('decisions.admin.message')}:</span>
          <p className="mb-0 text-break">“{item.message}”</p>
        </div>
      )}
      {item.status === 'open' ? (
        <div className="mt-3 d-flex flex-column gap-2">
          {!item.restorable && (
            <div className="small text-body-secondary">{t('decisions.admin.notRestorable')}</div>
          )}
          <ReasonField
            id={`appeal-reason-${item.id}`}
            type="unban"
            decision={['appeal_upheld', 'appeal_reversed']}
            value={reason}
            onChange={setReason}
          />
          <ErrorText text={error} />
          <div className="d-flex flex-wrap gap-2">
            <ActionButton
              variant="success"
              disabled={decide.isPending}
              onClick={() => run('reverse')}
            >
              {t('decisions.admin.reverse')}
            </ActionButton>
            <ActionButton disabled={decide.isPending} onClick={() => run('uphold')}>
              {t('decisions.admin.uphold')}
            </ActionButton>
          </div>
        </div>
      ) : (
        <p className="small mt-2 mb-0 text-break" data-testid="appeal-outcome">
          {t('decisions.admin.outcome', {
            status: t(`decisions.admin.status.${item.status}`),
            reason: item.reason ?? '',
          })}
        </p>
      )}
    </li>
  );
}

/** /admin/appeals: members' appeals and unban requests, the soonest due first. */
export function AppealsQueue() {
  const { t } = useTranslation();
  const queue = useQueueStatus('open');
  const appeals = useQuery(appealsQuery(queue.status, queue.page));
  return (
    <AdminPage title={t('mod.nav.appeals')} intro={t('decisions.admin.intro')}>
      <DecidedTabs
        queue={queue}
        label={t('decisions.admin.states')}
        open={t('decisions.admin.open')}
        decided={t('decisions.admin.decided')}
      />
      <QueueList
        pending={appeals.isPending}
        items={appeals.data?.data}
        empty={t('decisions.admin.empty')}
        card={(item) => <AppealCard key={item.id} item={item} />}
        pager={{ page: queue.page, meta: appeals.data?.meta }}
      />
    </AdminPage>
  );
}
