import { AgeVerificationAdmin } from '@/features/admin/AgeVerificationAdmin';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { serverGuard } from './serverGuard';

export const loader = serverGuard('/v1/admin/ondato/jurisdictions');

export function Component() {
  const { t } = useTranslation();
  useTitle(t('mod.ondato.title'));
  return <AgeVerificationAdmin tab="stats" />;
}
