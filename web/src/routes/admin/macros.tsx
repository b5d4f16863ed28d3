import { MacrosAdmin } from '@/features/moderation/MacrosAdmin';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('mod.nav.macros'));
  return <MacrosAdmin />;
}
