import type { ReactNode } from 'react';
import type { UsernameCard as Card } from '@/api/types';
import { useTranslation } from '@/i18n/useTranslation';
import type { ViewSource } from '@/lib/paths';
import { SkeletonCard, UsernameCard } from './UsernameCard';
import './cards.css';

/** Cards, skeletons while loading, or the empty state: never a blank page. */
export function CardGrid({
  cards,
  pending,
  empty,
  skeletons = 8,
  wide = true,
  headingLevel = 2,
  label,
  source,
}: {
  cards: Card[] | undefined;
  pending: boolean;
  empty?: ReactNode;
  skeletons?: number;
  wide?: boolean;
  headingLevel?: 2 | 3;
  label?: string;
  /** Where the cards' views come from (UsernameCard's `source`). */
  source?: ViewSource;
}) {
  const { t } = useTranslation();
  const gridClass = `ucard-grid ${wide ? 'ucard-grid-wide' : ''}`;
  if (pending) {
    return (
      <div className={gridClass} aria-busy="true" data-testid="cards-loading">
        <span className="visually-hidden" role="status">
          {t('listings.loading')}
        </span>
        {Array.from({ length: skeletons }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <SkeletonCard key={i} />
        ))}
      </div>
    );
  }
  if (!cards || cards.length === 0) return <>{empty}</>;
  return (
    <ul className={gridClass} aria-label={label} data-testid="cards">
      {cards.map((card) => (
        <li key={card.id}>
          <UsernameCard card={card} headingLevel={headingLevel} source={source} />
        </li>
      ))}
    </ul>
  );
}
