import { KeygenAdmin } from '@/features/admin/KeygenAdmin';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('shop.admin.keygenTitle'));
  return <KeygenAdmin />;
}
