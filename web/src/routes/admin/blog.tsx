import { BlogAdmin } from '@/features/admin/blog/BlogAdmin';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { serverGuard } from './serverGuard';

export const loader = serverGuard('/v1/admin/blog?per_page=1');

export function Component() {
  const { t } = useTranslation();
  useTitle(t('ops.blog.title'));
  return <BlogAdmin />;
}
