import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AppBadge, Crown } from '@/components/AppBadge';
import { Avatar } from '@/components/Avatar';
import { ButtonLink } from '@/components/ButtonLink';
import { CardGrid } from '@/components/CardGrid';
import { Flag } from '@/components/Flag';
import { Icon } from '@/components/Icon';
import { PromotedLabel } from '@/components/PromotedLabel';
import { ReportContentLink } from '@/components/ReportContentLink';
import { ReputationMeter } from '@/components/Reputation';
import { TranslateButton } from '@/components/TranslateButton';
import { VerifiedBadge } from '@/components/VerifiedBadge';
import { lazyWithReload } from '@/errors/chunkReload';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { profilePath, viewSourceOf } from '@/lib/paths';
import { useUser } from '@/session/session';
import { Comments } from './Comments';
import { messageUrl } from './deepLinks';
import { profileQuery, recordMessageClick, recordView, similarQuery } from './queries';
import './listings.css';

// The report form (zod, react-hook-form, a captcha) loads when a visitor asks to report.
const ReportModal = lazy(
  lazyWithReload(() => import('./ReportModal').then((m) => ({ default: m.ReportModal }))),
);

const LINK_SITES: Record<string, string> = {
  onlyfans: 'OnlyFans',
  fansly: 'Fansly',
  mym: 'MYM',
  chaturbate: 'Chaturbate',
  linktree: 'Linktree',
};

function ProfileSkeleton() {
  return (
    <div className="profile-grid" aria-busy="true">
      <div className="profile-avatar ucard-skeleton">
        <div className="uavatar" />
      </div>
      <div className="placeholder-glow">
        <span className="placeholder col-7 mb-3" style={{ height: '2.2rem' }} />
        <span className="placeholder col-12 mb-2 addme-skeleton-field" />
        <span className="placeholder col-12 mb-2 addme-skeleton-field" />
        <span className="placeholder col-8 addme-skeleton-field" />
      </div>
    </div>
  );
}

/** The profile: facts, description, Message (the one primary action), Manage, Report, similar. */
export function ProfileView({ id }: { id: number }) {
  const { t } = useTranslation();
  const profile = useQuery(profileQuery(id));
  const { user } = useUser();
  // VIP and Studio members get more suggestions and the scores; the server decides, this only
  // chooses whether to tell the others what VIP would add.
  const vip = !!user && (user.is_promoted || user.is_studio);
  const similar = useQuery({ ...similarQuery(id), enabled: profile.isSuccess });
  const [reporting, setReporting] = useState(false);
  // Loaded on the first Report, then kept, so it closes (and gives focus back) as a modal does.
  const [reportWanted, setReportWanted] = useState(false);
  if (reporting && !reportWanted) setReportWanted(true);
  const viewed = useRef<number | null>(null);
  const location = useLocation();
  const p = profile.data;
  useTitle(
    p
      ? t('listings.profile.pageTitle', { username: p.username, app: t(`apps.${p.app}`) })
      : undefined,
  );

  useEffect(() => {
    // Once per profile, even under StrictMode's double effects.
    if (!profile.isSuccess || viewed.current === id) return;
    viewed.current = id;
    void recordView(id, viewSourceOf(location.state));
  }, [id, profile.isSuccess, location.state]);

  // 404 (and any other failure) goes to the route's error page.
  if (profile.error) throw profile.error;
  if (!p) return <ProfileSkeleton />;

  const facts = [
    { key: 'age', value: t('listings.profile.yearsOld', { count: p.age }) },
    { key: 'gender', value: t(`gender.${p.gender}`) },
    { key: 'orientation', value: t(`orientation.${p.orientation}`) },
    {
      key: 'country',
      value: p.country ? (
        <>
          <Flag code={p.country_code} /> {p.country}
        </>
      ) : (
        t('listings.profile.unknownCountry')
      ),
    },
  ];
  if (p.reputation != null) {
    facts.push({ key: 'reputation', value: <ReputationMeter score={p.reputation} /> });
  }
  const deepLink = messageUrl(p.app, p.username);

  return (
    <article data-testid="profile">
      <div className="profile-grid">
        <div className="profile-avatar position-relative">
          <Avatar username={p.username} picture={p.profile_picture} eager />
          {(p.is_fire_pinned || p.promoted_reason) && (
            <div className="ucard-flags">
              <PromotedLabel reason={p.promoted_reason} />
              {p.is_fire_pinned && (
                <span className="ucard-flag ucard-flag-fire">
                  <Icon name="flame" size={13} /> {t('listings.card.pinned')}
                </span>
              )}
            </div>
          )}
        </div>
        <div className="d-flex flex-column gap-3">
          <div>
            <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
              <AppBadge app={p.app} />
              {p.is_promoted && (
                <span className="ucard-flag ucard-flag-vip">{t('listings.card.vip')}</span>
              )}
              {p.type === 'Dirty' && (
                <span className="badge text-bg-danger">{t('listings.types.Dirty')}</span>
              )}
            </div>
            <h1 className={`profile-name ${p.is_promoted ? '' : 'fw-bold'}`}>
              {p.username}
              {p.is_promoted && (
                <span className="ms-2 align-middle">
                  <Crown size={26} label={t('listings.card.vipLabel')} />
                </span>
              )}
            </h1>
            {p.owner_verified && (
              <div className="mt-1">
                <VerifiedBadge withText />
              </div>
            )}
          </div>
          <dl className="profile-facts">
            {facts.map((f) => (
              <div key={f.key}>
                <dt>{t(`listings.profile.facts.${f.key}`)}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
          {p.tags.length > 0 && (
            <ul className="tag-list" aria-label={t('listings.card.tags')}>
              {p.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={`/${p.app}-usernames/tags/${encodeURIComponent(tag)}`}
                    className="tag-chip"
                  >
                    #{tag}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <section>
            <h2 className="h6 text-uppercase text-body-secondary">{t('listings.profile.about')}</h2>
            <p className="profile-description mb-0" data-testid="description">
              {p.description || t('listings.profile.noDescription')}
            </p>
            {p.description && <TranslateButton kind="description" id={p.id} />}
          </section>
          {p.link && p.link_type && (
            <p className="mb-0">
              <a
                href={p.link}
                target="_blank"
                rel="noopener noreferrer nofollow ugc"
                className="btn btn-outline-secondary btn-touch"
              >
                {t('listings.profile.creatorLink', {
                  site: LINK_SITES[p.link_type] ?? p.link_type,
                })}
              </a>
              {p.paid_content && (
                <span className="ms-2 small text-body-secondary">
                  {t('listings.profile.paidContent')}
                </span>
              )}
            </p>
          )}
          <div className="profile-actions d-grid gap-2 d-sm-flex">
            <a
              href={deepLink}
              target="_blank"
              rel="noopener noreferrer"
              className={`btn btn-app btn-app-${p.app} btn-lg flex-sm-grow-1`}
              data-testid="message-button"
              onClick={() => {
                void recordMessageClick(p.id);
              }}
            >
              <Icon name="chat" />
              {t('listings.profile.message', { app: t(`apps.${p.app}`) })}
            </a>
            {p.is_owner && (
              <ButtonLink to={`/user/edit/${p.id}`}>{t('listings.profile.manage')}</ButtonLink>
            )}
          </div>
          <div>
            <button
              type="button"
              className="btn btn-link btn-touch text-body-secondary px-0"
              onClick={() => setReporting(true)}
            >
              <Icon name="shield" size={16} />{' '}
              <span className="ms-1">{t('listings.profile.report')}</span>
            </button>
            <ReportContentLink url={profilePath(p)} className="ms-3">
              {t('listings.profile.reportContent')}
            </ReportContentLink>
          </div>
        </div>
      </div>
      <Comments id={p.id} />
      <section className="mt-5" aria-labelledby="similar-title">
        <h2 id="similar-title" className="h4 mb-3">
          {t('listings.profile.similar')}
        </h2>
        <CardGrid
          cards={similar.data}
          pending={similar.isPending}
          skeletons={4}
          headingLevel={3}
          source="suggestions"
          empty={<p className="text-body-secondary">{t('listings.profile.noSimilar')}</p>}
        />
        {!vip && (similar.data?.length ?? 0) > 0 && (
          <p className="mt-3 mb-0 text-body-secondary" data-testid="more-suggestions">
            {t('listings.profile.moreWithVip')}{' '}
            <Link to="/shop" className="fw-semibold">
              {t('listings.profile.becomeVip')}
            </Link>
          </p>
        )}
      </section>
      {reportWanted && (
        <Suspense fallback={null}>
          <ReportModal usernameId={p.id} show={reporting} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </article>
  );
}
