import { AppBadge } from '@/components/AppBadge';
import { CardLink } from '@/components/CardLink';
import type { AppName } from '@/config/options';
import { useTranslation } from '@/i18n/useTranslation';
import { AdultMedia } from './AdultMedia';
import { galleryPath } from './paths';
import type { NudesCard } from './queries';
import '@/components/cards.css';

/** A username with shared pictures: the cover (blurred when it must be), the name, the app. */
export function NudeCard({ card }: { card: NudesCard }) {
  const { t } = useTranslation();
  return (
    <article className="ncard" data-testid="nude-card" data-slug={card.slug}>
      <span className="badge text-bg-dark ncard-count">
        {t('community.nudes.count', { count: card.media_count })}
      </span>
      <AdultMedia
        src={card.cover_thumb_url}
        alt={t('community.nudes.coverAlt', { username: card.username })}
        blurred={card.blurred}
      />
      <div className="ncard-body">
        <h2 className="ncard-name">
          <CardLink to={galleryPath(card)}>{card.username}</CardLink>
        </h2>
        <div className="d-flex flex-wrap gap-2 align-items-center small">
          <AppBadge app={card.app as AppName} />
          <span className="text-body-secondary">
            {t('listings.card.age', { count: card.age })} ·{' '}
            {t(`gender.${card.gender}`, { defaultValue: card.gender })}
          </span>
        </div>
      </div>
    </article>
  );
}
