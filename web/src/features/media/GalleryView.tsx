import { Link } from 'react-router';
import { ApiError } from '@/api/errors';
import { AppBadge } from '@/components/AppBadge';
import { Avatar } from '@/components/Avatar';
import type { AppName } from '@/config/options';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { profilePath, reportContentPath, viewState } from '@/lib/paths';
import { useAgeConfirmed } from '@/session/useAgeConfirmed';
import { AdultMedia } from './AdultMedia';
import { useGallery } from './queries';
import '@/components/cards.css';
import './media.css';
import { NoticeCard } from '@/components/NoticeCard';

/** /nude/:slug: one username's gallery. */
export function GalleryView({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const gallery = useGallery(slug);
  const confirmed = useAgeConfirmed();
  useTitle(
    gallery.data
      ? t('community.nudes.galleryTitle', { username: gallery.data.username })
      : t('community.nudes.title'),
  );
  if (gallery.isPending) return <p role="status">{t('listings.loading')}</p>;
  if (gallery.isError) {
    if (gallery.error instanceof ApiError && gallery.error.status === 404) {
      return (
        <NoticeCard
          text={t('community.nudes.notFound')}
          to="/nudes"
          linkText={t('community.nudes.browse')}
          heading
          testId="gallery-not-found"
        />
      );
    }
    throw gallery.error;
  }
  const g = gallery.data;
  return (
    <div data-testid="gallery">
      <div className="d-flex gap-3 align-items-center mb-3">
        <Avatar username={g.username} picture={g.blurred ? null : g.profile_picture} size="sm" />
        <div className="min-w-0">
          <h1 className="h3 mb-1 text-break">{g.username}</h1>
          <div className="d-flex flex-wrap gap-2 align-items-center small">
            <AppBadge app={g.app as AppName} />
            <span className="text-body-secondary">
              {t('listings.card.age', { count: g.age })} ·{' '}
              {t(`gender.${g.gender}`, { defaultValue: g.gender })} ·{' '}
              {t('community.nudes.count', { count: g.data.length })}
            </span>
          </div>
        </div>
        <Link
          to={profilePath({ id: g.id, username: g.username })}
          state={viewState('list')}
          className="btn btn-accent btn-touch ms-auto"
        >
          {t('community.nudes.profile')}
        </Link>
      </div>
      <ul
        className="nude-grid"
        aria-label={t('community.nudes.galleryLabel', { username: g.username })}
      >
        {g.data.map((image, i) => {
          const alt = t('community.nudes.imageAlt', { username: g.username, n: i + 1 });
          const hidden = image.blurred || !confirmed;
          return (
            <li key={image.id} data-testid="gallery-image">
              {hidden || !image.url ? (
                <AdultMedia src={image.thumb_url} alt={alt} blurred={image.blurred} />
              ) : (
                <a href={image.url} target="_blank" rel="noopener noreferrer" className="d-block">
                  <AdultMedia src={image.thumb_url} alt={alt} blurred={false} />
                </a>
              )}
              <Link
                to={reportContentPath(image.url ?? image.thumb_url)}
                className="nude-report small text-body-secondary"
                aria-label={t('community.nudes.reportImage', { username: g.username, n: i + 1 })}
                data-testid="report-image"
              >
                {t('community.nudes.report')}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
