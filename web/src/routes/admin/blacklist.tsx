import { BlacklistAdmin } from '@/features/admin/people/BlacklistAdmin';
import { TorExitsPanel } from '@/features/admin/people/TorExitsPanel';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { serverGuard } from './serverGuard';

export const loader = serverGuard('/v1/admin/blacklist?per_page=1');

export function Component() {
  const { t } = useTranslation();
  useTitle(t('people.blacklist.title'));
  return (
    <>
      <BlacklistAdmin />
      <TorExitsPanel />
    </>
  );
}
