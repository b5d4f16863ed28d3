import { useTranslation } from 'react-i18next';
import { KeygenAdmin } from '@/features/admin/KeygenAdmin';
import { useTitle } from '@/hooks/useTitle';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('shop.admin.keygenTitle'));
  return <KeygenAdmin />;
}
