import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AdminPage } from '@/components/admin/AdminPage';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import {
  DecidedTabs,
  DecisionRow,
  ProofToggle,
  QueueList,
  type QueueMeta,
  ReasonField,
  UsernameSummary,
  useAgo,
  useQueueStatus,
} from './parts';
import {
  type RemovalItem,
  removalQuery,
  type UnbanItem,
  unbanQuery,
  useRemovalDecision,
  useUnbanDecision,
} from './queries';

/** How a decided request ended, with the reason the member was given. */
function Decided({ item }: { item: { status: string; decision_reason?: string | null } }) {
  const { t } = useTranslation();
  return (
    <p className="small mt-2 mb-0">
      {t(`mod.requestStatus.${item.status}`)}
      {item.decision_reason ? ` — ${item.decision_reason}` : ''}
    </p>
  );
}

/**
 * A request's answer: while it is pending, the reason (with its macros) and the two buttons; once
 * decided, how it ended.
 */
function Answer({
  item,
  type,
  decision,
  pending,
  yes,
  no,
  onAnswer,
}: {
  item: { id: number; status: string; decision_reason?: string | null };
  type: 'unban' | 'removal';
  decision?: string;
  pending: boolean;
  yes: string;
  no: string;
  onAnswer: (yes: boolean, reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  if (item.status !== 'pending') return <Decided item={item} />;
  return (
    <DecisionRow
      reason={
        <ReasonField
          id={`${type}-reason-${item.id}`}
          type={type}
          decision={decision}
          value={reason}
          onChange={setReason}
        />
      }
      pending={pending}
      yes={yes}
      no={no}
      onYes={() => onAnswer(true, reason)}
      onNo={() => onAnswer(false, reason)}
    />
  );
}

/** One request queue: pending or decided tabs, a card per request, a pager. */
function RequestQueue<T>({
  kind,
  queue,
  result,
  card,
}: {
  /** Its texts: mod.nav.<kind>, mod.<kind>.intro and .empty. */
  kind: 'unban' | 'removal';
  queue: ReturnType<typeof useQueueStatus<'pending'>>;
  result: { isPending: boolean; data?: { data: T[]; meta: QueueMeta } };
  card: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t(`mod.nav.${kind}`)} intro={t(`mod.${kind}.intro`)}>
      <DecidedTabs queue={queue} open={t('mod.pending')} decided={t('mod.decided')} />
      <QueueList
        pending={result.isPending}
        items={result.data?.data}
        empty={t(`mod.${kind}.empty`)}
        card={card}
        pager={{ page: queue.page, meta: result.data?.meta }}
      />
    </AdminPage>
  );
}

function UnbanCard({ item }: { item: UnbanItem }) {
  const { t } = useTranslation();
  const ago = useAgo();
  const decide = useUnbanDecision();
  const act = (action: 'accept' | 'refuse', reason: string) =>
    decide.mutate(
      { id: item.id, action, reason },
      {
        onSuccess: () =>
          toast.success(t(action === 'accept' ? 'mod.unban.accepted' : 'mod.unban.refused')),
      },
    );
  return (
    <li className="addme-card p-3" data-testid="unban-item">
      <UsernameSummary username={item.username} />
      <div className="small mt-2">
        {item.lifetime ? (
          <span className="badge text-bg-danger">{t('mod.unban.lifetime')}</span>
        ) : (
          <span className="badge text-bg-secondary">{t('mod.unban.timed')}</span>
        )}{' '}
        <span className="text-body-secondary">{ago(item.created_at)}</span>
      </div>
      {item.message && <p className="small mt-2 mb-0 text-break">“{item.message}”</p>}
      <Answer
        item={item}
        type="unban"
        decision="refuse_unban"
        pending={decide.isPending}
        yes={t('mod.unban.accept')}
        no={t('mod.unban.refuse')}
        onAnswer={(yes, reason) => act(yes ? 'accept' : 'refuse', reason)}
      />
    </li>
  );
}

/** /admin/unban-requests: every kind of ban, lifetime included; accept or refuse with a reason. */
export function UnbanQueue() {
  const queue = useQueueStatus('pending');
  const result = useQuery(unbanQuery(queue.status, queue.page));
  const card = (item: UnbanItem) => <UnbanCard key={item.id} item={item} />;
  return <RequestQueue kind="unban" queue={queue} result={result} card={card} />;
}

/** Time left on the 48-hour limit, red once overdue. */
function Clock({ item }: { item: RemovalItem }) {
  const { t } = useTranslation();
  if (item.status !== 'pending') return null;
  const left = Math.round((Date.parse(item.due_at) - Date.now()) / 3_600_000);
  return item.overdue ? (
    <span className="badge text-bg-danger" data-testid="removal-clock">
      {t('mod.removal.overdue', { count: Math.abs(left) })}
    </span>
  ) : (
    <span
      className={`badge ${left < 12 ? 'text-bg-warning' : 'text-bg-secondary'}`}
      data-testid="removal-clock"
    >
      {t('mod.removal.left', { count: Math.max(0, left) })}
    </span>
  );
}

function RemovalCard({ item }: { item: RemovalItem }) {
  const { t } = useTranslation();
  const ago = useAgo();
  const decide = useRemovalDecision();
  const act = (action: 'remove' | 'refuse', reason: string) => {
    const go = () =>
      decide.mutate(
        { id: item.id, action, reason },
        { onSuccess: () => toast.success(t(`mod.removal.${action}d`)) },
      );
    if (action === 'remove')
      toast.confirm(t('mod.removal.confirm', { name: item.username }), go, t('mod.removal.remove'));
    else go();
  };
  return (
    <li className="addme-card p-3" data-testid="removal-item">
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <span className="fw-semibold text-break">{item.username}</span>
        <span className="badge text-bg-secondary text-capitalize">{item.app}</span>
        <Clock item={item} />
        <span className="small text-body-secondary">{ago(item.created_at)}</span>
      </div>
      <div className="small text-body-secondary text-break">
        {item.email} ·{' '}
        {item.listed_username_id
          ? t('mod.removal.listed', { id: item.listed_username_id })
          : t('mod.removal.notListed')}
      </div>
      <p className="small mt-2 mb-2 text-break">“{item.reason}”</p>
      <ProofToggle
        src={item.proof_url}
        alt={t('mod.removal.proofAlt', { name: item.username })}
        show={t('mod.removal.showProof')}
        hide={t('mod.removal.hideProof')}
        testId="removal-proof"
      />
      <Answer
        item={item}
        type="removal"
        pending={decide.isPending}
        yes={t('mod.removal.remove')}
        no={t('mod.removal.refuse')}
        onAnswer={(yes, reason) => act(yes ? 'remove' : 'refuse', reason)}
      />
    </li>
  );
}

/** /admin/removal-requests: decided within 48 hours; the proof is fetched with the admin's session. */
export function RemovalQueue() {
  const queue = useQueueStatus('pending');
  const result = useQuery(removalQuery(queue.status, queue.page));
  const card = (item: RemovalItem) => <RemovalCard key={item.id} item={item} />;
  return <RequestQueue kind="removal" queue={queue} result={result} card={card} />;
}
