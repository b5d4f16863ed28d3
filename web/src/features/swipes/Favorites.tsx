import { ButtonLink } from '@/components/ButtonLink';
import { CardGrid } from '@/components/CardGrid';
import { PageHead } from '@/components/PageHead';
import { useTranslation } from '@/i18n/useTranslation';
import type { User } from '@/session/session';
import { asListingCard, useFavorites } from './queries';
import { SwipesLanding } from './SwipesLanding';
import { canSwipe } from './vip';

/** /user/local-swipes/favorites: the usernames I liked. */
export function Favorites({ user }: { user: User }) {
  const { t } = useTranslation();
  const favorites = useFavorites();
  if (!canSwipe(user)) return <SwipesLanding compact />;
  return (
    <div data-testid="favorites">
      <PageHead title={t('community.swipes.favorites')}>
        <ButtonLink to="/user/local-swipes" variant="accent">
          {t('community.swipes.backToDeck')}
        </ButtonLink>
      </PageHead>
      <CardGrid
        cards={favorites.data?.data.map(asListingCard)}
        pending={favorites.isPending}
        wide={false}
        label={t('community.swipes.favorites')}
        empty={
          <div className="addme-card p-4 text-center" data-testid="empty-state">
            <p className="mb-0">{t('community.swipes.noFavorites')}</p>
          </div>
        }
      />
    </div>
  );
}
