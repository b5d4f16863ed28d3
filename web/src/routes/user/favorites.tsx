import { useTranslation } from 'react-i18next';
import { useUser } from '@/features/auth/session';
import { Favorites } from '@/features/swipes/Favorites';
import { useTitle } from '@/hooks/useTitle';

/** /user/local-swipes/favorites */
export function Component() {
  const { t } = useTranslation();
  const { user } = useUser();
  useTitle(t('community.swipes.favorites'));
  return user ? <Favorites user={user} /> : null;
}
