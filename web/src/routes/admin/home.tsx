import { useTranslation } from 'react-i18next';
import { useTitle } from '../../hooks/useTitle';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('admin.title'));
  return (
    <div>
      <h1 className="h3">{t('admin.title')}</h1>
      <p className="text-body-secondary">{t('admin.intro')}</p>
    </div>
  );
}
