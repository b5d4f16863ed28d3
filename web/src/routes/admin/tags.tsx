import { TagsAdmin } from '@/features/admin/catalog/TagsAdmin';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { serverGuard } from './serverGuard';

export const loader = serverGuard('/v1/admin/tags?per_page=1');

export function Component() {
  const { t } = useTranslation();
  useTitle(t('catalog.tags.title'));
  return <TagsAdmin />;
}
