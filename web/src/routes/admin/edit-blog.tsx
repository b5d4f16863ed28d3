import { useSearchParams } from 'react-router';
import { BlogEditor } from '@/features/admin/blog/BlogEditor';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { serverGuard } from './serverGuard';

export const loader = serverGuard('/v1/admin/blog?per_page=1');

export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 && raw < 2_147_483_647 ? raw : null;
  useTitle(id ? t('ops.blog.editExisting') : t('ops.blog.editTitle'));
  return <BlogEditor key={id ?? 'new'} id={id} />;
}
