import { BansAdmin } from '@/features/admin/people/BansAdmin';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { serverGuard } from './serverGuard';

export const loader = serverGuard('/v1/admin/bans');

export function Component() {
  const { t } = useTranslation();
  useTitle(t('people.bans.title'));
  return <BansAdmin />;
}
