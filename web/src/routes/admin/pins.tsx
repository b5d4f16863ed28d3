import { useTranslation } from 'react-i18next';
import { PinsAdmin } from '@/features/admin/PinsAdmin';
import { useTitle } from '@/hooks/useTitle';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('shop.admin.pinsTitle'));
  return <PinsAdmin />;
}
