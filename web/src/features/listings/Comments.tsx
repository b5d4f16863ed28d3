import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { TranslateButton } from '@/components/TranslateButton';
import { useTranslation } from '@/i18n/useTranslation';
import { useUser } from '@/session/session';
import { toast } from '@/toasts/toastStore';
import { type CommentRead, commentsQuery, type Thumb, useCommentActions } from './comments';

const MAX = 500;

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function AnswerForm({ onSend, busy }: { onSend: (text: string) => void; busy: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  return (
    <form
      className="d-flex gap-2 mt-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) onSend(text.trim());
      }}
    >
      <label className="visually-hidden" htmlFor="answer-text">
        {t('listings.comments.answerLabel')}
      </label>
      <input
        id="answer-text"
        className="form-control form-control-sm"
        maxLength={MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('listings.comments.answerLabel')}
      />
      <button type="submit" className="btn btn-sm btn-outline-primary" disabled={busy}>
        {t('listings.comments.answerSend')}
      </button>
    </form>
  );
}

function CommentItem({
  c,
  isOwner,
  signedIn,
  actions,
}: {
  c: CommentRead;
  isOwner: boolean;
  signedIn: boolean;
  actions: ReturnType<typeof useCommentActions>;
}) {
  const { t } = useTranslation();
  const [answering, setAnswering] = useState(false);
  return (
    <li className="list-group-item py-3" data-testid="comment">
      <div className="d-flex flex-wrap gap-2 small text-body-secondary mb-1">
        <span>{t('listings.comments.accountAge', { count: c.account_age_days })}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={c.created_at}>{new Date(c.created_at).toLocaleDateString()}</time>
        {c.thumb && (
          <span className={c.thumb === 'up' ? 'text-success' : 'text-danger'}>
            {c.thumb === 'up' ? t('listings.comments.thumbUp') : t('listings.comments.thumbDown')}
            {!c.thumb_counted && ` (${t('listings.comments.notCounted')})`}
          </span>
        )}
        {c.status === 'held' && (
          <span className="badge text-bg-warning">{t('listings.comments.held')}</span>
        )}
        {c.hidden && (
          <span className="badge text-bg-secondary">{t('listings.comments.hidden')}</span>
        )}
      </div>
      {/* Plain text: no Markdown, links stay text. */}
      <p className="mb-1 text-break" style={{ whiteSpace: 'pre-wrap' }}>
        {c.text}
      </p>
      {c.status === 'visible' && <TranslateButton kind="comment" id={c.id} />}
      {c.answer && (
        <div className="border-start border-3 ps-3 mt-2" data-testid="comment-answer">
          <div className="small fw-semibold">{t('listings.comments.ownerAnswer')}</div>
          <p className="mb-0 text-break">{c.answer}</p>
        </div>
      )}
      <div className="d-flex flex-wrap gap-3 mt-1">
        {isOwner && !c.answer && c.status !== 'removed' && (
          <button
            type="button"
            className="btn btn-link btn-sm p-0"
            onClick={() => setAnswering((v) => !v)}
          >
            {t('listings.comments.answer')}
          </button>
        )}
        {isOwner && c.status !== 'removed' && (
          <button
            type="button"
            className="btn btn-link btn-sm p-0"
            onClick={() =>
              actions.hide.mutate(
                { comment: c.id, hidden: !c.hidden },
                { onError: (e) => toast.danger(errorText(e)) },
              )
            }
          >
            {c.hidden ? t('listings.comments.show') : t('listings.comments.hide')}
          </button>
        )}
        {signedIn && !c.mine && (
          <button
            type="button"
            className="btn btn-link btn-sm p-0 text-body-secondary"
            onClick={() =>
              actions.report.mutate(
                { comment: c.id, message: '' },
                {
                  onSuccess: () => toast.success(t('listings.comments.reported')),
                  onError: (e) => toast.danger(errorText(e)),
                },
              )
            }
          >
            {t('listings.comments.report')}
          </button>
        )}
      </div>
      {answering && (
        <AnswerForm
          busy={actions.answer.isPending}
          onSend={(text) =>
            actions.answer.mutate(
              { comment: c.id, text },
              {
                onSuccess: () => setAnswering(false),
                onError: (e) => toast.danger(errorText(e)),
              },
            )
          }
        />
      )}
    </li>
  );
}

/** The comments under a profile: counted thumbs, the form with today's allowance, the list. */
export function Comments({ id }: { id: number }) {
  const { t } = useTranslation();
  const { user } = useUser();
  const comments = useQuery(commentsQuery(id));
  const actions = useCommentActions(id);
  const [text, setText] = useState('');
  const [thumb, setThumb] = useState<Thumb | null>(null);
  const [error, setError] = useState<string | null>(null);
  const data = comments.data;
  const allowance = data?.allowance;
  return (
    <section className="mt-5" aria-labelledby="comments-title" data-testid="comments">
      <h2 id="comments-title" className="h4 mb-2">
        {t('listings.comments.title')}
      </h2>
      {data && (
        <p className="text-body-secondary small mb-3" data-testid="comment-thumbs">
          {t('listings.comments.thumbs', { up: data.thumbs.up, down: data.thumbs.down })}
        </p>
      )}
      {!user && (
        <p>
          <Link to="/login">{t('listings.comments.signIn')}</Link>
        </p>
      )}
      {user && allowance && !data?.is_owner && (
        <form
          className="mb-4"
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            actions.post.mutate(
              { text: text.trim(), thumb },
              {
                onSuccess: (r) => {
                  toast.success(r.message);
                  setText('');
                  setThumb(null);
                },
                onError: (err) => setError(errorText(err)),
              },
            );
          }}
        >
          <label htmlFor="comment-text" className="form-label">
            {t('listings.comments.label')}
          </label>
          <textarea
            id="comment-text"
            className="form-control"
            rows={3}
            maxLength={MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            disabled={!allowance.can_comment}
            aria-describedby="comment-allowance"
          />
          <fieldset className="mt-2">
            <legend className="form-label small mb-1">
              {t('listings.comments.thumbQuestion')}
            </legend>
            <div className="btn-group">
              {(['up', 'down'] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  className={`btn btn-sm ${thumb === v ? 'btn-primary' : 'btn-outline-secondary'}`}
                  aria-pressed={thumb === v}
                  onClick={() => setThumb(thumb === v ? null : v)}
                >
                  {v === 'up' ? t('listings.comments.thumbUp') : t('listings.comments.thumbDown')}
                </button>
              ))}
            </div>
          </fieldset>
          <div className="d-flex flex-wrap align-items-center gap-3 mt-2">
            <button
              type="submit"
              className="btn btn-primary btn-touch"
              disabled={!allowance.can_comment || !text.trim() || actions.post.isPending}
            >
              {t('listings.comments.send')}
            </button>
            <span
              id="comment-allowance"
              className="small text-body-secondary"
              data-testid="comment-allowance"
            >
              {allowance.per_day === null
                ? t('listings.comments.unlimited')
                : t('listings.comments.left', {
                    left: allowance.left ?? 0,
                    perDay: allowance.per_day,
                  })}
              {' · '}
              {t('listings.comments.chars', { count: MAX - text.length })}
            </span>
          </div>
          {!allowance.can_comment && allowance.reason && (
            <p className="text-body-secondary small mt-2 mb-0" data-testid="comment-blocked">
              {allowance.reason}
            </p>
          )}
          {error && (
            <div className="alert alert-danger mt-2 mb-0" role="alert">
              {error}
            </div>
          )}
        </form>
      )}
      {data && data.data.length === 0 && (
        <p className="text-body-secondary">{t('listings.comments.empty')}</p>
      )}
      {data && data.data.length > 0 && (
        <ul className="list-group">
          {data.data.map((c) => (
            <CommentItem
              key={c.id}
              c={c}
              isOwner={data.is_owner}
              signedIn={!!user}
              actions={actions}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
