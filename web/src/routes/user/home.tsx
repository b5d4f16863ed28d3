import { useTranslation } from 'react-i18next';
import { MyUsernames } from '@/features/usernames/MyUsernames';
import { useTitle } from '@/hooks/useTitle';
import { useUser } from '@/session/session';

/** /user: my usernames (the signed-in guard runs first). */
export function Component() {
  const { t } = useTranslation();
  const { user } = useUser();
  useTitle(t('listings.mine.title'));
  if (!user) return null;
  return <MyUsernames user={user} />;
}
