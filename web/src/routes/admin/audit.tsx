import { AuditLog } from '@/features/moderation/AuditLog';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('mod.nav.audit'));
  return <AuditLog />;
}
