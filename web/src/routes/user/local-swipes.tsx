import { SwipeDeck } from '@/features/swipes/SwipeDeck';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { useUser } from '@/session/session';

/** /user/local-swipes (the check-in "city guard" lives in the deck: no check-in, no deck). */
export function Component() {
  const { t } = useTranslation();
  const { user } = useUser();
  useTitle(t('community.swipes.title'));
  return user ? <SwipeDeck user={user} /> : null;
}
