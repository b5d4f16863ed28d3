import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useFirePin, useTopUp } from '@/api/wallet';
import { AppBadge } from '@/components/AppBadge';
import { Avatar } from '@/components/Avatar';
import { ButtonLink } from '@/components/ButtonLink';
import { Icon } from '@/components/Icon';
import { useTranslation } from '@/i18n/useTranslation';
import { formatTimeAgo, formatTimeUntil } from '@/lib/format';
import { profilePath } from '@/lib/paths';
import { toast } from '@/toasts/toastStore';
import { actions, useUsernameAction } from './queries';
import { noticeKey, statusVariant } from './status';
import type { MyUsername } from './types';

// The figures (and uPlot) load when a member opens them: neither the main bundle nor /user's own
// chunk carries the chart.
const UsernameFigures = lazy(() => import('./figures/UsernameFigures'));

/**
 * Buttons another feature adds to each of my usernames (the route passes local swipes' Check-in):
 * given the username, the actions the API allows on it, and whether another action is running.
 */
export type ExtraItemActions = (item: {
  id: number;
  actions: MyUsername['actions'];
  disabled: boolean;
}) => ReactNode;

/** One of my usernames: status, notice, counters and only the actions the API allows. */
export function MyUsernameItem({
  item,
  extraActions,
  figuresOpen = false,
}: {
  item: MyUsername;
  extraActions?: ExtraItemActions;
  /** Open the figures at first (the first of my usernames). */
  figuresOpen?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [showFigures, setShowFigures] = useState(figuresOpen);
  // Wallet hooks: a refusal for lack of Top-Ups opens the not-enough-Top-Ups modal.
  const topup = useTopUp();
  const firePin = useFirePin();
  const delist = useUsernameAction(actions.delist);
  const relist = useUsernameAction(actions.relist);
  const remove = useUsernameAction(actions.remove);
  const can = (action: MyUsername['actions'][number]) => item.actions.includes(action);
  const busy =
    topup.isPending ||
    firePin.isPending ||
    delist.isPending ||
    relist.isPending ||
    remove.isPending;
  const notice = noticeKey(item);
  const listed = item.status === 'approved' && item.is_listed && !item.is_hidden;

  return (
    <article className="addme-card my-username" data-testid="my-username" data-id={item.id}>
      <Avatar username={item.username} picture={item.profile_picture} size="sm" />
      <div className="min-w-0">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <h2 className="h5 mb-0 text-break">
            {listed ? <Link to={profilePath(item)}>{item.username}</Link> : item.username}
          </h2>
          <AppBadge app={item.app} />
          <span
            className={`badge status-badge text-bg-${statusVariant(item.status)}`}
            data-testid="status"
          >
            {t(`listings.status.${item.status}`)}
          </span>
          {item.is_fire_pinned && (
            <span className="ucard-flag ucard-flag-fire">
              <Icon name="flame" size={13} /> {t('listings.card.pinned')}
            </span>
          )}
        </div>
        {notice && (
          <p className="small mb-0 mt-1 text-body-secondary" data-testid="notice">
            {t(`listings.notice.${notice}`, {
              wait: formatTimeUntil(item.banned_until, i18n.language),
              defaultValue: item.status_notice ?? '',
            })}
          </p>
        )}
        {item.suspect_description && (
          <div
            className="alert alert-danger small py-2 px-3 mb-0 mt-2"
            role="alert"
            data-testid="suspect-description"
          >
            {t('guard.suspect.text', { words: item.suspect_description })}
          </div>
        )}
        {item.rejection_reason && (
          <p className="small mb-0 mt-1" data-testid="rejection-reason">
            {t('listings.notice.reason', { reason: item.rejection_reason })}
          </p>
        )}
        <p className="small text-body-secondary mb-0 mt-1">
          {[
            t('listings.mine.views', { count: item.views_7d }),
            t('listings.mine.clicks', { count: item.clicks_7d }),
            item.last_top_up
              ? t('listings.mine.lastTopUp', {
                  when: formatTimeAgo(item.last_top_up, i18n.language, ''),
                })
              : null,
            item.edits_left !== null
              ? t('listings.mine.editsLeft', { count: item.edits_left })
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      <div className="my-username-actions">
        {can('topup') && (
          <button
            type="button"
            className="btn btn-accent btn-touch"
            disabled={busy}
            onClick={() => topup.mutate(item.id)}
          >
            <Icon name="zap" size={18} />{' '}
            <span className="ms-1">{t('listings.actions.topup')}</span>
          </button>
        )}
        {can('fire_pin') && (
          <button
            type="button"
            className="btn btn-outline-secondary btn-touch"
            disabled={busy}
            onClick={() => firePin.mutate(item.id)}
          >
            <Icon name="flame" size={18} />{' '}
            <span className="ms-1">{t('listings.actions.firePin')}</span>
          </button>
        )}
        {item.status !== 'deleted' && (
          <button
            type="button"
            className="btn btn-outline-secondary btn-touch"
            aria-expanded={showFigures}
            aria-controls={`figures-${item.id}`}
            onClick={() => setShowFigures((open) => !open)}
            data-testid="figures-toggle"
          >
            {t(showFigures ? 'listings.figures.hide' : 'listings.figures.show')}
          </button>
        )}
        {can('edit') && (
          <ButtonLink to={`/user/edit/${item.id}`}>{t('listings.actions.edit')}</ButtonLink>
        )}
        {item.status !== 'deleted' && (
          <ButtonLink to={`/user/media/${item.id}`}>{t('community.media.pictures')}</ButtonLink>
        )}
        {extraActions?.({ id: item.id, actions: item.actions, disabled: busy })}
        {can('unban') && (
          <ButtonLink to={`/user/unban/${item.id}`}>{t('listings.actions.unban')}</ButtonLink>
        )}
        {can('delist') && (
          <button
            type="button"
            className="btn btn-outline-secondary btn-touch"
            disabled={busy}
            onClick={() => delist.mutate(item.id)}
          >
            {t('listings.actions.delist')}
          </button>
        )}
        {can('relist') && (
          <button
            type="button"
            className="btn btn-outline-secondary btn-touch"
            disabled={busy}
            onClick={() => relist.mutate(item.id)}
          >
            {t('listings.actions.relist')}
          </button>
        )}
        {can('delete') && (
          <button
            type="button"
            className="btn btn-outline-danger btn-touch"
            disabled={busy}
            onClick={() =>
              toast.confirm(
                t('listings.mine.deleteConfirm', { username: item.username }),
                () => remove.mutate(item.id),
                t('listings.actions.delete'),
              )
            }
          >
            {t('listings.actions.delete')}
          </button>
        )}
      </div>
      {showFigures && (
        <div id={`figures-${item.id}`} className="my-username-figures">
          <Suspense
            fallback={
              <p className="small text-body-secondary mb-0">{t('listings.figures.loading')}</p>
            }
          >
            <UsernameFigures id={item.id} />
          </Suspense>
        </div>
      )}
    </article>
  );
}
