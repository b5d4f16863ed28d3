import { PinsAdmin } from '@/features/admin/PinsAdmin';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('shop.admin.pinsTitle'));
  return <PinsAdmin />;
}
