import { RemoveUsername } from '@/features/requests/RemoveUsername';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

/** /remove-username */
export function Component() {
  const { t } = useTranslation();
  useTitle(t('community.remove.title'));
  return (
    <div className="mx-auto" style={{ maxWidth: 680 }}>
      <h1 className="h3 mb-2">{t('community.remove.title')}</h1>
      <p className="text-body-secondary">{t('community.remove.lead')}</p>
      <RemoveUsername />
    </div>
  );
}
