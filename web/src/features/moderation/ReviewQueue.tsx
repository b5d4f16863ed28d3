import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { AdminPage } from '@/components/admin/AdminPage';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import { DecisionRow, QueueList, ReasonField, UsernameSummary, useQueueParams } from './parts';
import { type ReviewItem, reviewQuery, useBulkReview, useReviewDecision } from './queries';

const HELD_CLASS: Record<string, string> = {
  blacklist: 'text-bg-danger',
  macro: 'text-bg-warning',
  key: 'text-bg-info',
  unknown: 'text-bg-secondary',
};

/** Why a username is refused (with the refusal's canned reasons). */
function RejectReason(props: { id: string; value: string; onChange: (value: string) => void }) {
  return <ReasonField type="review" decision="reject_username" {...props} />;
}

function ReviewCard({
  item,
  selected,
  onSelect,
}: {
  item: ReviewItem;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const decide = useReviewDecision();
  const [reason, setReason] = useState('');
  const u = item.username;
  const act = (approve: boolean) =>
    decide.mutate(
      { id: u.id, approve, reason },
      {
        onSuccess: () =>
          toast.success(
            t(approve ? 'mod.review.approved' : 'mod.review.rejected', { name: u.username }),
          ),
      },
    );
  return (
    <li
      className={`addme-card p-3${item.possible_minor ? ' border border-2 border-danger' : ''}`}
      data-testid="review-item"
    >
      <div className="d-flex gap-3">
        <Form.Check
          id={`pick-${u.id}`}
          className="addme-check pt-1"
          aria-label={t('mod.review.pick', { name: u.username })}
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
        />
        <div className="flex-grow-1 min-w-0">
          <UsernameSummary username={u} />
          <div className="small mt-2 d-flex flex-wrap gap-2 align-items-center">
            {item.possible_minor && (
              <span
                className="badge text-bg-danger"
                title={t('mod.review.possibleMinorHint')}
                data-testid="possible-minor"
              >
                {t('mod.review.possibleMinor')}
              </span>
            )}
            <span className={`badge ${HELD_CLASS[item.held_by]}`}>
              {t(`mod.review.held.${item.held_by}`)}
            </span>
            {item.rule && <span className="text-break">{item.rule}</span>}
            <span className="text-body-secondary">
              · {t('mod.review.waiting', { count: item.waiting_hours })}
            </span>
          </div>
        </div>
      </div>
      <DecisionRow
        reason={<RejectReason id={`reason-${u.id}`} value={reason} onChange={setReason} />}
        pending={decide.isPending}
        yes={t('mod.review.approve')}
        no={t('mod.review.reject')}
        onYes={() => act(true)}
        onNo={() => act(false)}
      />
    </li>
  );
}

/** /admin/review: pending usernames, possible minors first, then oldest first, with the rule that held each. */
export function ReviewQueue() {
  const { t } = useTranslation();
  const { page, get, set } = useQueueParams();
  const q = get('q');
  const review = useQuery(reviewQuery(page, q));
  const bulk = useBulkReview();
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [bulkReason, setBulkReason] = useState('');
  const toggle = (id: number, on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const runBulk = (action: 'approve' | 'reject') =>
    bulk.mutate(
      { ids: [...picked], action, reason: bulkReason },
      {
        onSuccess: (res) => {
          toast.success(t('mod.review.bulkDone', { count: res.done.length }));
          setPicked(new Set());
        },
      },
    );
  return (
    <AdminPage title={t('mod.nav.review')} intro={t('mod.review.intro')}>
      <Form
        role="search"
        className="mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          set('q', String(new FormData(e.currentTarget).get('q') ?? '').trim());
        }}
      >
        <Form.Label htmlFor="review-q" className="visually-hidden">
          {t('mod.search')}
        </Form.Label>
        <Form.Control
          id="review-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder={t('mod.search')}
        />
      </Form>
      <QueueList
        pending={review.isPending}
        items={review.data?.data}
        empty={t('mod.review.empty')}
        before={(items) => (
          <div className="addme-card p-3 mb-3" data-testid="bulk-bar">
            <Form.Check
              id="pick-all"
              className="addme-check mb-2"
              label={t('mod.review.pickAll', { count: items.length })}
              checked={items.every((i) => picked.has(i.username.id))}
              onChange={(e) =>
                setPicked(e.target.checked ? new Set(items.map((i) => i.username.id)) : new Set())
              }
            />
            {picked.size > 0 && (
              <DecisionRow
                flush
                reason={
                  <RejectReason id="bulk-reason" value={bulkReason} onChange={setBulkReason} />
                }
                pending={bulk.isPending}
                yes={t('mod.review.approveN', { count: picked.size })}
                no={t('mod.review.rejectN', { count: picked.size })}
                onYes={() => runBulk('approve')}
                onNo={() => runBulk('reject')}
              />
            )}
          </div>
        )}
        card={(item) => (
          <ReviewCard
            key={item.username.id}
            item={item}
            selected={picked.has(item.username.id)}
            onSelect={(on) => toggle(item.username.id, on)}
          />
        )}
        pager={{ page, meta: review.data?.meta }}
      />
    </AdminPage>
  );
}
