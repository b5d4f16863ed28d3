import { useTranslation } from 'react-i18next';
import { AuditLog } from '@/features/moderation/AuditLog';
import { useTitle } from '@/hooks/useTitle';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('mod.nav.audit'));
  return <AuditLog />;
}
