import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { ApiError } from '@/api/errors';
import { AdminPage } from '@/components/admin/AdminPage';
import { ErrorText } from '@/components/FormField';
import { REPORT_TYPES } from '@/config/options';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import {
  DecidedTabs,
  QueueList,
  QueueSelect,
  ReasonField,
  UsernameSummary,
  useAgo,
  useQueueStatus,
} from './parts';
import { type ReportAction, type ReportGroup, reportsQuery, useReportDecision } from './queries';

// Dismissing an underage report puts the listing back in front of everyone: never without a why.
const MIN_UNDERAGE_REASON = 10;
const REPORT_DECISIONS = ['dismiss_report', 'uphold_report'] as const;

/** The one-hour clock of an underage report left listed: minutes left, in colour and in words. */
function UnderageClock({ due }: { due: string }) {
  const { t } = useTranslation();
  const minutes = Math.round((Date.parse(due) - Date.now()) / 60_000);
  return minutes < 0 ? (
    <span className="badge text-bg-danger" data-testid="report-clock">
      {t('mod.reports.clockOverdue', { count: -minutes })}
    </span>
  ) : (
    <span
      className={`badge ${minutes <= 30 ? 'text-bg-warning' : 'text-bg-info'}`}
      data-testid="report-clock"
    >
      {t('mod.reports.clockLeft', { count: minutes })}
    </span>
  );
}

const ACTIONS: { action: ReportAction; variant: string }[] = [
  { action: 'dismiss', variant: 'btn-success' },
  { action: 'change_to_paid', variant: 'btn-outline-secondary' },
  { action: 'ban_username', variant: 'btn-outline-danger' },
  { action: 'delete_username', variant: 'btn-outline-danger' },
  { action: 'ban_user', variant: 'btn-danger' },
  { action: 'get_mail', variant: 'btn-outline-secondary' },
];

function GroupCard({ group, open }: { group: ReportGroup; open: boolean }) {
  const { t } = useTranslation();
  const ago = useAgo();
  const decide = useReportDecision();
  const [reason, setReason] = useState('');
  const [hours, setHours] = useState('72');
  const [email, setEmail] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const first = group.reports[0];
  const underageOpen = group.reports.some((r) => r.type === 'underage' && r.status === 'open');
  const run = (action: ReportAction) => {
    setReasonError(null);
    if (action === 'dismiss' && underageOpen && reason.trim().length < MIN_UNDERAGE_REASON) {
      setReasonError(t('mod.reports.underageReason'));
      return;
    }
    const go = () =>
      decide.mutate(
        { id: first.id, action, reason, hours: hours === 'life' ? null : Number(hours) },
        {
          onSuccess: (res) => {
            if (action === 'get_mail') setEmail(res.owner_email ?? null);
            else toast.success(res.message);
          },
          onError: (error) => {
            if (error instanceof ApiError) setReasonError(error.fieldErrors.reason?.[0] ?? null);
          },
        },
      );
    if (action === 'dismiss' && underageOpen) {
      // A second look: the listing goes back on the lists for everyone.
      toast.confirm(
        t('mod.reports.confirm.dismiss_underage', { name: group.username.username }),
        go,
        t('mod.reports.actions.dismiss'),
      );
    } else if (action === 'ban_user' || action === 'delete_username') {
      toast.confirm(
        t(`mod.reports.confirm.${action}`, { name: group.username.username }),
        go,
        t(`mod.reports.actions.${action}`),
      );
    } else go();
  };
  return (
    <li
      className={`addme-card p-3 ${group.has_underage ? 'border border-danger' : ''}`}
      data-testid="report-group"
    >
      {group.due_at && (
        <div className="mb-2">
          <UnderageClock due={group.due_at} />
        </div>
      )}
      <UsernameSummary username={group.username} />
      <ul className="list-unstyled small mt-2 mb-0 d-flex flex-column gap-2">
        {group.reports.map((r) => (
          <li key={r.id} className="border-top pt-2">
            <span
              className={`badge me-2 ${r.type === 'underage' ? 'text-bg-danger' : 'text-bg-secondary'}`}
            >
              {t(`listings.report.types.${r.type}`, { defaultValue: r.type })}
            </span>
            <span className="text-body-secondary">{ago(r.created_at)}</span>
            {r.hid_listing && (
              <span className="badge text-bg-warning ms-2">{t('mod.reports.hid')}</span>
            )}
            {r.reporter_trusted && (
              <span className="badge text-bg-info ms-2">{t('mod.reports.trusted')}</span>
            )}
            {r.message && <div className="text-break mt-1">“{r.message}”</div>}
            <div className="text-body-secondary" data-testid="reporter-standing">
              {t('mod.reports.standing', {
                dismissed: r.reporter_dismissed,
                upheld: r.reporter_upheld,
              })}
            </div>
            {r.decision && (
              <div>
                {t('mod.reports.decided', { action: t(`mod.reports.actions.${r.decision}`) })}
                {r.decision_reason ? ` — ${r.decision_reason}` : ''}
              </div>
            )}
          </li>
        ))}
      </ul>
      {email && (
        <div className="alert alert-info mt-2 mb-0 text-break" data-testid="owner-email">
          {t('mod.reports.email')}: <strong>{email}</strong>
        </div>
      )}
      {open && (
        <div className="mt-3 d-flex flex-column gap-2">
          <ReasonField
            id={`report-reason-${first.id}`}
            type="report"
            decision={REPORT_DECISIONS}
            value={reason}
            onChange={setReason}
          />
          <ErrorText text={reasonError} />
          <div>
            <Form.Label htmlFor={`hours-${first.id}`} className="small mb-1">
              {t('mod.reports.banFor')}
            </Form.Label>
            <Form.Select
              id={`hours-${first.id}`}
              className="addme-touch-select"
              value={hours}
              onChange={(e) => setHours(e.target.value)}
            >
              {['24', '72', '168', '720'].map((h) => (
                <option key={h} value={h}>
                  {t('mod.reports.hours', { count: Number(h) })}
                </option>
              ))}
              <option value="life">{t('mod.reports.lifetime')}</option>
            </Form.Select>
          </div>
          <div className="d-grid gap-2 addme-mod-actions">
            {ACTIONS.map(({ action, variant }) => (
              <button
                key={action}
                type="button"
                className={`btn btn-touch ${variant}`}
                disabled={decide.isPending}
                onClick={() => run(action)}
              >
                {t(`mod.reports.actions.${action}`)}
              </button>
            ))}
          </div>
        </div>
      )}
    </li>
  );
}

/**
 * /admin/report: reports grouped per username; an underage report left listed heads the queue on
 * its one-hour clock, then the other underage ones, then the oldest; each reporter's standing shown.
 */
export function ReportsQueue() {
  const { t } = useTranslation();
  const queue = useQueueStatus('open');
  const { page, status } = queue;
  const type = queue.get('type');
  const reports = useQuery(reportsQuery(status, type, page));
  return (
    <AdminPage title={t('mod.nav.reports')} intro={t('mod.reports.intro')}>
      <div className="d-flex flex-wrap gap-2 align-items-start">
        <DecidedTabs
          queue={queue}
          open={t('mod.reports.open')}
          decided={t('mod.reports.decidedTab')}
        />
        <QueueSelect
          label={t('mod.reports.type')}
          value={type}
          onChange={(v) => queue.set('type', v)}
          any={t('mod.reports.allTypes')}
          values={REPORT_TYPES}
          text={(ty) => t(`listings.report.types.${ty}`)}
        />
      </div>
      <QueueList
        pending={reports.isPending}
        items={reports.data?.data}
        empty={t('mod.reports.empty')}
        card={(g) => <GroupCard key={g.username.id} group={g} open={status === 'open'} />}
        pager={{ page, meta: reports.data?.meta }}
      />
    </AdminPage>
  );
}
