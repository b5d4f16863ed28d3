import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminSection } from '@/components/admin/AdminSection';
import { LoadingBlock } from '@/components/LoadingBlock';
import { useTranslation } from '@/i18n/useTranslation';
import { overviewQuery } from './queries';

function Tile({
  to,
  label,
  value,
  detail,
  tone,
  testId,
}: {
  to: string;
  label: string;
  value: number;
  detail?: string;
  tone?: 'danger' | 'warning';
  testId: string;
}) {
  return (
    <div className="col-12 col-sm-6 col-xl-4">
      <Link
        to={to}
        className={`addme-card addme-tile p-3 h-100 d-block text-decoration-none ${tone ? `border border-${tone}` : ''}`}
        data-testid={testId}
      >
        <div className="text-body-secondary small">{label}</div>
        <div className={`fs-3 fw-semibold ${tone ? `text-${tone}` : 'text-body'}`}>{value}</div>
        {detail && (
          <div className={`small ${tone ? `text-${tone}` : 'text-body-secondary'}`}>{detail}</div>
        )}
      </Link>
    </div>
  );
}

/**
 * The admin home: what needs a decision now, each figure linking to its queue; `health` (the
 * server health panel) shows when the overview says the viewer may see it.
 */
export function Overview({ health }: { health?: ReactNode }) {
  const { t } = useTranslation();
  const overview = useQuery(overviewQuery);
  if (overview.isPending) {
    return <LoadingBlock height="8rem" hidden />;
  }
  const o = overview.data;
  if (!o) return null;
  const removal = o.removal_requests;
  return (
    <>
      <AdminSection id="admin-now" title={t('mod.home.now')}>
        <div className="row g-2">
          {o.reports && (
            <div className="col-12">
              <div className="addme-card p-3" data-testid="tile-reports">
                <Link
                  to="/admin/report"
                  className="d-flex justify-content-between align-items-baseline text-decoration-none"
                >
                  <span className="text-body-secondary small">{t('mod.home.reports')}</span>
                  <span className="fs-3 fw-semibold text-body">{o.reports.open}</span>
                </Link>
                <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0 mt-1">
                  {o.reports.by_type.map((c) => (
                    <li key={c.type}>
                      <Link
                        to={`/admin/report?type=${c.type}`}
                        className={`badge text-decoration-none ${c.type === 'underage' && c.count > 0 ? 'text-bg-danger' : 'text-bg-secondary'}`}
                      >
                        {t(`listings.report.types.${c.type}`)}: {c.count}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          )}
          {o.review && (
            <Tile
              to="/admin/review"
              testId="tile-review"
              label={t('mod.home.review')}
              value={o.review.pending}
              detail={
                o.review.oldest_hours != null
                  ? t('mod.home.oldest', { count: o.review.oldest_hours })
                  : undefined
              }
              tone={(o.review.oldest_hours ?? 0) >= 96 ? 'warning' : undefined}
            />
          )}
          {o.unban_requests && (
            <Tile
              to="/admin/unban-requests"
              testId="tile-unban"
              label={t('mod.home.unban')}
              value={o.unban_requests.pending}
            />
          )}
          {o.notices && (
            <Tile
              to="/admin/notices"
              testId="tile-notices"
              label={t('mod.home.notices')}
              value={o.notices.open}
              detail={
                o.notices.overdue
                  ? t('mod.home.noticesOverdue', { count: o.notices.overdue })
                  : undefined
              }
              tone={o.notices.overdue ? 'danger' : undefined}
            />
          )}
          {removal && (
            <Tile
              to="/admin/removal-requests"
              testId="tile-removal"
              label={t('mod.home.removal')}
              value={removal.pending}
              detail={
                removal.oldest_hours_left == null
                  ? undefined
                  : removal.overdue
                    ? t('mod.removal.overdue', { count: -removal.oldest_hours_left })
                    : t('mod.removal.left', { count: removal.oldest_hours_left })
              }
              tone={
                removal.overdue
                  ? 'danger'
                  : (removal.oldest_hours_left ?? 48) < 12
                    ? 'warning'
                    : undefined
              }
            />
          )}
          {o.contact_queue_new != null && (
            <Tile
              to="/admin/contact-queue"
              testId="tile-contact-queue"
              label={t('mod.home.contactQueue')}
              value={o.contact_queue_new}
            />
          )}
          {o.contact_new != null && (
            <Tile
              to="/admin/contact"
              testId="tile-contact"
              label={t('mod.home.contact')}
              value={o.contact_new}
            />
          )}
        </div>
      </AdminSection>
      {o.health && health}
    </>
  );
}
