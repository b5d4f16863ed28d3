import { queryOptions, useQuery } from '@tanstack/react-query';
import { Badge } from 'react-bootstrap';
import { api, unwrap } from '@/api/client';
import { AdminSection } from '@/components/admin/AdminSection';
import { AdminTable } from '@/components/admin/AdminTable';
import { LoadingBlock } from '@/components/LoadingBlock';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate } from '@/lib/format';

export const healthQuery = queryOptions({
  queryKey: ['admin', 'health'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/v1/admin/health', { signal })),
  refetchInterval: 60_000,
});

/** The admin home's health figures: ledger agreement, unsent mail and the background jobs. */
export function HealthPanel() {
  const { t, i18n } = useTranslation();
  const health = useQuery(healthQuery);
  if (health.isPending) {
    return <LoadingBlock height="6rem" />;
  }
  if (!health.data) return null;
  const { ledger_mismatches, mismatched_user_ids, ledger_checked_at, outbox, jobs } = health.data;
  const oldest = outbox.oldest_pending_seconds;
  const age =
    oldest < 3600
      ? t('admin.health.minutes', { count: Math.max(1, Math.round(oldest / 60)) })
      : t('admin.health.hours', { count: Math.round(oldest / 3600) });
  return (
    <AdminSection id="admin-health" title={t('admin.health.title')}>
      <div className="row g-2 mb-3">
        <div className="col-12 col-md-6">
          <div className="addme-card p-3 h-100" data-testid="ledger-figure">
            <div className="text-body-secondary small">{t('admin.health.ledger')}</div>
            <div className="fs-4 fw-semibold">
              {ledger_mismatches === 0 ? (
                <Badge bg="success">{t('admin.health.ledgerOk')}</Badge>
              ) : (
                <Badge bg="danger">
                  {t('admin.health.ledgerBad', { count: ledger_mismatches })}
                </Badge>
              )}
            </div>
            {ledger_mismatches > 0 && (
              <div className="small mt-1">
                {t('admin.health.accounts')}: {mismatched_user_ids.join(', ')}
              </div>
            )}
            {/* The check reads every account, so a job runs it; this says how fresh it is. */}
            <div className="small text-body-secondary mt-1" data-testid="ledger-checked">
              {ledger_checked_at
                ? t('admin.health.ledgerChecked', {
                    when: new Date(ledger_checked_at).toLocaleString(),
                  })
                : t('admin.health.ledgerNotChecked')}
            </div>
          </div>
        </div>
        <div className="col-12 col-md-6">
          <div className="addme-card p-3 h-100" data-testid="outbox-figure">
            <div className="text-body-secondary small">{t('admin.health.outbox')}</div>
            <div className="fs-4 fw-semibold">{outbox.pending}</div>
            {outbox.pending > 0 && (
              <div className="small mt-1">
                {t('admin.health.outboxRetrying', { count: outbox.retrying })} ·{' '}
                {t('admin.health.outboxOldest', { age })}
              </div>
            )}
            {outbox.given_up > 0 && (
              <div className="small mt-1 text-danger fw-medium">
                {t('admin.health.outboxGivenUp', { count: outbox.given_up })}
              </div>
            )}
          </div>
        </div>
      </div>
      {jobs.length > 0 && (
        <AdminTable
          columns={[t('admin.health.job'), t('admin.health.lastRun'), t('admin.health.status')]}
        >
          {jobs.map((job) => (
            <tr key={job.name}>
              <td>{job.name}</td>
              <td>{formatDate(job.last_run_at, i18n.language, 'compact') || '—'}</td>
              <td>
                {job.last_error ? (
                  <span className="text-danger">{job.last_error}</span>
                ) : (
                  t('admin.health.ok')
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminSection>
  );
}
