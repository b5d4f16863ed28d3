import { MyGroups } from '@/features/groups/MyGroups';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

/** /user/group: my groups, created and joined. */
export function Component() {
  const { t } = useTranslation();
  useTitle(t('community.myGroups.title'));
  return <MyGroups />;
}
