import { CheckInActions } from '@/features/swipes/CheckInActions';
import { MyUsernames } from '@/features/usernames/MyUsernames';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { useUser } from '@/session/session';

/** /user: my usernames, each with local swipes' Check-in (the signed-in guard runs first). */
export function Component() {
  const { t } = useTranslation();
  const { user } = useUser();
  useTitle(t('listings.mine.title'));
  if (!user) return null;
  return (
    <MyUsernames
      user={user}
      extraActions={({ id, actions, disabled }) => (
        <CheckInActions
          id={id}
          canCheckIn={actions.includes('check_in')}
          canClear={actions.includes('clear_location')}
          disabled={disabled}
        />
      )}
    />
  );
}
