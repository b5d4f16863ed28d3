import type { UsernameCard as Card } from '@/api/types';
import { useTranslation } from '@/i18n/useTranslation';
import { formatTimeAgo } from '@/lib/format';
import { profilePath, type ViewSource, viewState } from '@/lib/paths';
import { AppBadge, Crown } from './AppBadge';
import { Avatar } from './Avatar';
import { CardLink } from './CardLink';
import { Flag } from './Flag';
import { Icon } from './Icon';
import { PromotedLabel } from './PromotedLabel';
import { ReputationBadge } from './Reputation';
import { VerifiedBadge } from './VerifiedBadge';
import './cards.css';

export const CARD_TAGS = 3;

/** A suggestion shown to a VIP also carries its reputation score (null or absent otherwise). */
type CardWithScore = Card & { reputation?: number | null };

export function UsernameCard({
  card,
  headingLevel = 2,
  source = 'list',
}: {
  card: CardWithScore;
  headingLevel?: 2 | 3;
  /** Where the owner's figures say the view came from, when this card is opened. */
  source?: ViewSource;
}) {
  const { t, i18n } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const classes = ['ucard'];
  if (card.is_promoted) classes.push('ucard-vip');
  if (card.is_fire_pinned) classes.push('ucard-pinned');
  return (
    <article className={classes.join(' ')} data-testid="username-card" data-id={card.id}>
      <div className="position-relative">
        <Avatar username={card.username} picture={card.profile_picture} />
        {(card.is_promoted || card.is_fire_pinned || card.promoted_reason) && (
          <div className="ucard-flags">
            <PromotedLabel reason={card.promoted_reason} />
            {card.is_fire_pinned && (
              <span className="ucard-flag ucard-flag-fire" data-testid="fire-pinned">
                <Icon name="flame" size={13} />
                <span className="visually-hidden">{t('listings.card.firePinned')}</span>
              </span>
            )}
            {card.is_promoted && (
              <span className="ucard-flag ucard-flag-vip" data-testid="vip">
                {t('listings.card.vip')}
              </span>
            )}
          </div>
        )}
      </div>
      <div className="ucard-body">
        <Heading className="ucard-name">
          <CardLink to={profilePath(card)} state={viewState(source)}>
            {card.username}
          </CardLink>
          {card.owner_verified && (
            <span className="ms-1">
              <VerifiedBadge />
            </span>
          )}
          {card.is_promoted && (
            <span className="ms-1 align-text-top">
              <Crown label={t('listings.card.vipLabel')} />
            </span>
          )}
        </Heading>
        <div className="ucard-meta">
          <div className="ucard-meta-top">
            <AppBadge app={card.app} />
            {card.reputation != null && <ReputationBadge score={card.reputation} />}
            <span className="ucard-time">
              {card.is_fire_pinned
                ? t('listings.card.pinnedNow')
                : formatTimeAgo(card.last_top_up, i18n.language, card.time_ago)}
            </span>
          </div>
          <span className="ucard-facts">
            <span>{t('listings.card.age', { count: card.age })}</span>{' '}
            <span className="dot">{t(`gender.${card.gender}`, { defaultValue: card.gender })}</span>
            {card.country_code && (
              <>
                {' '}
                <span className="dot" title={card.country ?? undefined}>
                  <Flag code={card.country_code} />{' '}
                  <abbr title={card.country ?? undefined} className="ucard-country">
                    {card.country_code}
                  </abbr>
                </span>
              </>
            )}
          </span>
        </div>
        {card.short_description && <p className="ucard-desc">{card.short_description}</p>}
        {card.tags.length > 0 && (
          <ul className="tag-list ucard-foot" aria-label={t('listings.card.tags')}>
            {card.tags.slice(0, CARD_TAGS).map((tag) => (
              <li key={tag} className="tag-chip">
                #{tag}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

export function SkeletonCard() {
  return (
    <div className="ucard ucard-skeleton" aria-hidden="true">
      <div className="uavatar" />
      <div className="ucard-body">
        <div className="skeleton-line" style={{ width: '70%', height: '1.2rem' }} />
        <div className="skeleton-line" style={{ width: '55%' }} />
        <div className="skeleton-line" style={{ width: '85%' }} />
        <div className="skeleton-line mt-auto" style={{ width: '40%' }} />
      </div>
    </div>
  );
}
