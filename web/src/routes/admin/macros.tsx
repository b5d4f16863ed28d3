import { useTranslation } from 'react-i18next';
import { MacrosAdmin } from '@/features/moderation/MacrosAdmin';
import { useTitle } from '@/hooks/useTitle';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('mod.nav.macros'));
  return <MacrosAdmin />;
}
