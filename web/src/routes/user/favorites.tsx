import { useTranslation } from 'react-i18next';
import { Favorites } from '@/features/swipes/Favorites';
import { useTitle } from '@/hooks/useTitle';
import { useUser } from '@/session/session';

/** /user/local-swipes/favorites */
export function Component() {
  const { t } = useTranslation();
  const { user } = useUser();
  useTitle(t('community.swipes.favorites'));
  return user ? <Favorites user={user} /> : null;
}
