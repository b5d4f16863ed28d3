import { useTranslation } from 'react-i18next';
import { TagsAdmin } from '@/features/admin/catalog/TagsAdmin';
import { useTitle } from '@/hooks/useTitle';
import { serverGuard } from './serverGuard';

export const loader = serverGuard('/v1/admin/tags?per_page=1');

export function Component() {
  const { t } = useTranslation();
  useTitle(t('catalog.tags.title'));
  return <TagsAdmin />;
}
