import { useTranslation } from 'react-i18next';
import { MyGroups } from '@/features/groups/MyGroups';
import { useTitle } from '@/hooks/useTitle';

/** /user/group: my groups, created and joined. */
export function Component() {
  const { t } = useTranslation();
  useTitle(t('community.myGroups.title'));
  return <MyGroups />;
}
