import { useTranslation } from 'react-i18next';
import { useUser } from '@/features/auth/session';
import { SwipeDeck } from '@/features/swipes/SwipeDeck';
import { useTitle } from '@/hooks/useTitle';

/** /user/local-swipes (the check-in "city guard" lives in the deck: no check-in, no deck). */
export function Component() {
  const { t } = useTranslation();
  const { user } = useUser();
  useTitle(t('community.swipes.title'));
  return user ? <SwipeDeck user={user} /> : null;
}
