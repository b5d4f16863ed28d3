import { GroupsAdmin } from '@/features/admin/catalog/GroupsAdmin';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { serverGuard } from './serverGuard';

export const loader = serverGuard('/v1/admin/groups?per_page=1');

export function Component() {
  const { t } = useTranslation();
  useTitle(t('catalog.groups.title'));
  return <GroupsAdmin />;
}
