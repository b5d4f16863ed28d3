import { useNavigate } from 'react-router';
import { ApiError } from '@/api/errors';
import { AppBadge } from '@/components/AppBadge';
import { Avatar } from '@/components/Avatar';
import { ButtonLink } from '@/components/ButtonLink';
import { CopyButton } from '@/components/CopyButton';
import { SubmitButton } from '@/components/FormField';
import { ReportContentLink } from '@/components/ReportContentLink';
import type { AppName } from '@/config/options';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { loginUrl } from '@/lib/redirect';
import { useUser } from '@/session/session';
import { toast } from '@/toasts/toastStore';
import { inviteHref, useDeleteGroup, useGroup, useMembership } from './queries';
import '@/components/cards.css';
import './groups.css';
import { NoticeCard } from '@/components/NoticeCard';

/** /group/:slug: the group, and its handle or invite once the viewer has joined. */
export function GroupPage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useUser();
  const group = useGroup(slug);
  const membership = useMembership(slug);
  const remove = useDeleteGroup();
  useTitle(group.data?.name ?? t('community.groups.title'));

  if (group.isPending) {
    return (
      <div className="addme-card p-4" aria-busy="true">
        <div className="skeleton-line" style={{ width: '40%', height: '1.6rem' }} />
        <div className="skeleton-line mt-3" style={{ width: '70%' }} />
      </div>
    );
  }
  if (group.isError) {
    if (group.error instanceof ApiError && group.error.status === 404) {
      return (
        <NoticeCard
          text={t('community.groups.notFound')}
          to="/groups"
          linkText={t('community.groups.browse')}
          heading
          testId="group-not-found"
        />
      );
    }
    throw group.error;
  }
  const g = group.data;
  const here = `/group/${encodeURIComponent(slug)}`;
  // The server sends the handle to the owner and members only: joining is what reveals it.
  const handle = g.username;
  const href = handle ? inviteHref(handle) : null;
  const percent = Math.min(100, Math.round((g.members_count / Math.max(1, g.max_members)) * 100));

  return (
    <article
      className="addme-card p-3 p-md-4 mx-auto"
      style={{ maxWidth: 760 }}
      data-testid="group"
    >
      <div className="d-flex gap-3 align-items-center mb-3">
        <div className="group-avatar">
          <Avatar username={g.name} size="sm" />
        </div>
        <div className="min-w-0">
          <h1 className="h3 mb-1 text-break">{g.name}</h1>
          <div className="group-facts">
            <AppBadge app={g.app as AppName} />
            <span data-testid="group-members">
              {t('community.groups.members', { count: g.members_count, max: g.max_members })}
            </span>
          </div>
        </div>
      </div>
      <div
        className="progress community-progress mb-3"
        role="progressbar"
        aria-label={t('community.groups.capacity')}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div
          className="progress-bar"
          style={{ width: `${percent}%`, background: 'var(--addme-accent)' }}
        />
      </div>
      <p className="text-break" style={{ whiteSpace: 'pre-line' }}>
        {g.description || t('community.groups.noDescription')}
      </p>

      {handle ? (
        <div className="addme-card p-3 mb-3" data-testid="group-handle">
          <div className="small text-body-secondary mb-1">
            {href ? t('community.groups.inviteLink') : t('community.groups.handle')}
          </div>
          <div className="d-flex flex-wrap gap-2 align-items-center">
            {href ? (
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="btn btn-accent btn-touch group-handle"
              >
                {t('community.groups.openInvite')}
              </a>
            ) : (
              <span className="group-handle fs-5">{handle}</span>
            )}
            <CopyButton value={handle} label={t('community.groups.copy')} />
          </div>
        </div>
      ) : null}

      <div className="d-flex flex-wrap gap-2">
        {!user ? (
          <ButtonLink to={loginUrl(here)} variant="accent">
            {t('community.groups.loginToJoin')}
          </ButtonLink>
        ) : g.is_owner ? (
          <>
            <ButtonLink to={`/user/group/${g.id}/edit`} variant="accent">
              {t('community.groups.edit')}
            </ButtonLink>
            <button
              type="button"
              className="btn btn-outline-danger btn-touch"
              disabled={remove.isPending}
              onClick={() =>
                toast.confirm(
                  t('community.groups.deleteConfirm', { name: g.name }),
                  () => remove.mutate(g.id, { onSuccess: () => navigate('/user/group') }),
                  t('community.groups.delete'),
                )
              }
            >
              {t('community.groups.delete')}
            </button>
          </>
        ) : g.is_member ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              membership.mutate({ id: g.id, join: false });
            }}
          >
            <SubmitButton pending={membership.isPending} variant="outline-danger">
              {t('community.groups.leave')}
            </SubmitButton>
          </form>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              membership.mutate({ id: g.id, join: true });
            }}
          >
            <SubmitButton pending={membership.isPending}>
              {g.is_full ? t('community.groups.full') : t('community.groups.join')}
            </SubmitButton>
          </form>
        )}
        <ButtonLink to={`/${g.app}-groups`}>
          {t('community.groups.more', { app: t(`apps.${g.app}`) })}
        </ButtonLink>
      </div>
      <ReportContentLink url={`/group/${slug}`} className="mt-2">
        {t('community.groups.reportContent')}
      </ReportContentLink>
    </article>
  );
}
