import { ImageBansAdmin } from '@/features/admin/people/ImageBansAdmin';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { serverGuard } from './serverGuard';

export const loader = serverGuard('/v1/admin/image-bans');

export function Component() {
  const { t } = useTranslation();
  useTitle(t('people.imageBans.title'));
  return <ImageBansAdmin />;
}
