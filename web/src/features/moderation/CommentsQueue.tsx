import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '@/api/errors';
import { AppBadge } from '@/components/AppBadge';
import { AdminPage } from '@/components/admin/AdminPage';
import { MIN_REASON } from '@/components/DecisionMacroPicker';
import { ErrorText } from '@/components/FormField';
import { LoadError } from '@/components/LoadError';
import type { AppName } from '@/config/options';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import { DecisionRow, QueueList, ReasonField, StateTabs, useAgo, useQueueParams } from './parts';
import {
  type CommentCase,
  type CommentQueueKind,
  commentQueueQuery,
  useCommentDecision,
} from './queries';

const KINDS: readonly CommentQueueKind[] = ['all', 'reported', 'held'];
const COMMENT_DECISIONS = ['remove_comment', 'dismiss_report'] as const;

function CommentCard({ item }: { item: CommentCase }) {
  const { t } = useTranslation();
  const ago = useAgo();
  const decide = useCommentDecision();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const act = (action: 'dismiss' | 'remove') => {
    setReasonError(null);
    if (reason.trim().length < MIN_REASON) {
      setReasonError(t('mod.comments.reasonShort', { count: MIN_REASON }));
      return;
    }
    const go = () =>
      decide.mutate(
        { id: item.comment_id, action, reason: reason.trim() },
        {
          onSuccess: () =>
            toast.success(t(action === 'remove' ? 'mod.comments.removed' : 'mod.comments.kept')),
          onError: (error) => {
            if (error instanceof ApiError) setReasonError(error.fieldErrors.reason?.[0] ?? null);
          },
        },
      );
    if (action === 'remove') toast.confirm(t('mod.comments.confirm'), go, t('mod.comments.remove'));
    else go();
  };
  const reasonId = `comment-reason-${item.comment_id}`;
  return (
    <li className="addme-card p-3" data-testid="comment-case">
      <div className="d-flex flex-wrap align-items-center gap-2">
        {item.status === 'held' ? (
          <span className="badge text-bg-warning">{t('mod.comments.held')}</span>
        ) : (
          <span className="badge text-bg-secondary">{t(`mod.comments.status.${item.status}`)}</span>
        )}
        {item.reports.length > 0 && (
          <span className="badge text-bg-danger">
            {t('mod.comments.reportCount', { count: item.reports.length })}
          </span>
        )}
        {item.hidden && (
          <span className="badge text-bg-light border">{t('mod.comments.hiddenByOwner')}</span>
        )}
        <span className="small text-body-secondary">{ago(item.created_at)}</span>
      </div>
      <div className="small mt-2 d-flex flex-wrap align-items-center gap-2">
        <span className="text-body-secondary">{t('mod.comments.on')}</span>
        <Link
          to={`/profile/${item.username_id}`}
          target="_blank"
          rel="noreferrer"
          className="fw-semibold text-break"
        >
          {item.listing_username ?? `#${item.username_id}`}
        </Link>
        {item.listing_app && <AppBadge app={item.listing_app as AppName} />}
      </div>
      <blockquote
        className="mt-2 mb-0 ps-3 border-start border-3 text-break"
        data-testid="comment-text"
      >
        {item.text}
      </blockquote>
      {item.held_reason && (
        <p className="small text-body-secondary mt-2 mb-0 text-break">
          {t('mod.comments.heldBecause', { reason: item.held_reason })}
        </p>
      )}
      {item.reports.length > 0 && (
        <div className="mt-2">
          <h3 className="h6 small fw-semibold mb-1">{t('mod.comments.reasons')}</h3>
          <ul className="small mb-0 ps-3" data-testid="comment-reports">
            {item.reports.map((r, i) => (
              // Reports carry only their words; their order is the reports' own.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <li key={i} className="text-break">
                {r ? (
                  `“${r}”`
                ) : (
                  <span className="text-body-secondary">{t('mod.comments.noReason')}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {item.own_case ? (
        <p className="alert alert-secondary small mt-3 mb-0" data-testid="own-case">
          {t('mod.comments.ownCase')}
        </p>
      ) : (
        <>
          <DecisionRow
            reason={
              <ReasonField
                id={reasonId}
                type="report"
                decision={COMMENT_DECISIONS}
                value={reason}
                onChange={(v) => {
                  setReason(v);
                  setReasonError(null);
                }}
              />
            }
            pending={decide.isPending}
            yes={t('mod.comments.keep')}
            no={t('mod.comments.remove')}
            onYes={() => act('dismiss')}
            onNo={() => act('remove')}
          />
          <ErrorText text={reasonError} />
        </>
      )}
    </li>
  );
}

/**
 * /admin/comments: comments reported by members and comments held for a moderator (screening or a
 * burst on one listing), each with its listing and the reports' reasons; Keep or Remove, with a reason.
 */
export function CommentsQueue() {
  const { t } = useTranslation();
  const { get, set } = useQueueParams({ kind: 'all' });
  const raw = get('kind') as CommentQueueKind;
  const kind: CommentQueueKind = KINDS.includes(raw) ? raw : 'all';
  const result = useQuery(commentQueueQuery(kind));
  return (
    <AdminPage title={t('mod.nav.comments')} intro={t('mod.comments.intro')}>
      <StateTabs
        label={t('mod.state')}
        value={kind}
        onChange={(v) => set('kind', v)}
        options={KINDS.map((k) => ({ value: k, label: t(`mod.comments.kinds.${k}`) }))}
      />
      {result.isError ? (
        <LoadError
          message={t('mod.comments.loadError')}
          onRetry={() => void result.refetch()}
          retrying={result.isFetching}
        />
      ) : (
        <QueueList
          pending={result.isPending}
          items={result.data}
          empty={t('mod.comments.empty')}
          card={(item) => <CommentCard key={item.comment_id} item={item} />}
        />
      )}
    </AdminPage>
  );
}
