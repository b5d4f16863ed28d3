import { UsersAdmin } from '@/features/admin/people/UsersAdmin';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { serverGuard } from './serverGuard';

export const loader = serverGuard('/v1/admin/users?per_page=1');

export function Component() {
  const { t } = useTranslation();
  useTitle(t('people.users.title'));
  return <UsersAdmin />;
}
