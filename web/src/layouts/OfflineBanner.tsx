import { useOnline } from '@/hooks/useOnline';
import { useTranslation } from '@/i18n/useTranslation';

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="addme-offline text-bg-dark text-center small py-2" role="status">
      {t('errors.offline')}
    </div>
  );
}
