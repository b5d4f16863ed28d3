import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { ActionButton } from '@/components/admin/ActionButton';
import { AdminPage } from '@/components/admin/AdminPage';
import { useTranslation } from '@/i18n/useTranslation';
import { useFormat } from '@/lib/format';
import { NoticeDecisionForm } from './NoticeDecisionForm';
import { alertSettingQuery, type NoticeItem, noticesQuery, useAlertSetting } from './noticeQueries';
import { DecidedTabs, ProofToggle, QueueList, useAgo, useQueueStatus } from './parts';

const HOUR = 3_600_000;

/** "5 hours" / "4 days": a span in words, hours under three days (the 48-hour clock reads in hours). */
function useSpan() {
  const { t } = useTranslation();
  return (ms: number) => {
    const hours = Math.max(1, Math.round(Math.abs(ms) / HOUR));
    return hours < 72
      ? t('mod.notices.hours', { count: hours })
      : t('mod.notices.days', { count: Math.round(hours / 24) });
  };
}

const URGENCY_CLASS: Record<NoticeItem['urgency'], string> = {
  ok: 'text-bg-success',
  soon: 'text-bg-warning',
  late: 'bg-danger-subtle text-danger-emphasis border border-danger',
  overdue: 'text-bg-danger',
};

/** The time left, in colour and in words: to the staff's target, and to the legal deadline. */
export function NoticeClock({ item }: { item: NoticeItem }) {
  const { t } = useTranslation();
  const span = useSpan();
  if (item.status !== 'open') return null;
  const now = Date.now();
  const due = Date.parse(item.due_at) - now;
  const target = Date.parse(item.target_at) - now;
  const hasTarget = item.target_at !== item.due_at;
  let text: string;
  if (item.urgency === 'overdue') text = t('mod.notices.overdue', { time: span(due) });
  else if (hasTarget && target <= 0) text = t('mod.notices.pastTarget', { due: span(due) });
  else if (hasTarget) text = t('mod.notices.toTarget', { target: span(target), due: span(due) });
  else text = t('mod.notices.dueIn', { due: span(due) });
  return (
    <span
      className={`badge text-wrap text-start ${URGENCY_CLASS[item.urgency]}`}
      data-testid="notice-clock"
    >
      {text}
    </span>
  );
}

function AlertSwitch() {
  const { t } = useTranslation();
  const setting = useQuery(alertSettingQuery);
  const save = useAlertSetting();
  return (
    <Form.Check
      type="switch"
      id="notice-alerts"
      className="addme-check mb-3"
      label={t('mod.notices.alerts')}
      checked={setting.data?.enabled ?? false}
      disabled={setting.isPending || save.isPending}
      onChange={(e) => save.mutate(e.target.checked)}
    />
  );
}

function NoticeCard({ item }: { item: NoticeItem }) {
  const { t } = useTranslation();
  const ago = useAgo();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  return (
    <li className="addme-card p-3" data-testid="notice-item">
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <span className="fw-semibold font-monospace" data-testid="notice-ref">
          {item.reference}
        </span>
        <span className="badge text-bg-secondary">{t(`mod.notices.kinds.${item.kind}`)}</span>
        <NoticeClock item={item} />
        <span className="small text-body-secondary">{ago(item.created_at)}</span>
      </div>
      <div className="small text-body-secondary mt-1" data-testid="notice-deadline">
        {t('mod.notices.deadline', { date: format.date(item.due_at, 'moment') })}
      </div>
      <ul className="list-unstyled small mt-2 mb-1">
        {item.urls.map((url) => (
          <li key={url} className="text-break">
            <a href={url} target="_blank" rel="noopener noreferrer">
              {url}
            </a>
          </li>
        ))}
      </ul>
      <p className="small mb-1 text-break">“{item.description}”</p>
      <div className="small text-body-secondary text-break">
        {t('mod.notices.from', {
          name: item.signature || t('mod.notices.anonymous'),
          email: item.contact_email || '—',
        })}
      </div>
      {item.picture_url && (
        <div className="mt-2">
          <ProofToggle
            src={item.picture_url}
            alt={t('mod.notices.pictureAlt', { reference: item.reference })}
            show={t('mod.notices.showPicture')}
            hide={t('mod.notices.hidePicture')}
          />
        </div>
      )}
      {item.status === 'open' ? (
        <div className="mt-3">
          <ActionButton variant="accent" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
            {open ? t('mod.notices.close') : t('mod.notices.open')}
          </ActionButton>
          {open && <NoticeDecisionForm item={item} />}
        </div>
      ) : (
        item.decision && (
          <p className="small mt-2 mb-0" data-testid="notice-outcome">
            {t(`mod.notices.status.${item.status}`)} —{' '}
            {t(`mod.notices.categories.${item.decision.category}`)} (
            {t(`mod.notices.grounds.${item.decision.ground}`)}
            ): {item.decision.facts}
          </p>
        )
      )}
    </li>
  );
}

/** /admin/notices: notices from anyone, the soonest due first, each decided with a statement of reasons. */
export function NoticesQueue() {
  const { t } = useTranslation();
  const queue = useQueueStatus('open');
  const query = useQuery(noticesQuery(queue.status, queue.page));
  return (
    <AdminPage title={t('mod.nav.notices')} intro={t('mod.notices.intro')}>
      <AlertSwitch />
      <DecidedTabs queue={queue} open={t('mod.reports.open')} decided={t('mod.decided')} />
      <QueueList
        pending={query.isPending}
        items={query.data?.data}
        empty={t('mod.notices.empty')}
        card={(item) => <NoticeCard key={item.id} item={item} />}
        pager={{ page: queue.page, meta: query.data?.meta }}
      />
    </AdminPage>
  );
}
