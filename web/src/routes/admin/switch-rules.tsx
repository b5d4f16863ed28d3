import { SwitchRulesAdmin } from '@/features/admin/catalog/SwitchRulesAdmin';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { serverGuard } from './serverGuard';

export const loader = serverGuard('/v1/admin/switch-rules');

export function Component() {
  const { t } = useTranslation();
  useTitle(t('catalog.switchRules.title'));
  return <SwitchRulesAdmin />;
}
