import { Favorites } from '@/features/swipes/Favorites';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { useUser } from '@/session/session';

/** /user/local-swipes/favorites */
export function Component() {
  const { t } = useTranslation();
  const { user } = useUser();
  useTitle(t('community.swipes.favorites'));
  return user ? <Favorites user={user} /> : null;
}
