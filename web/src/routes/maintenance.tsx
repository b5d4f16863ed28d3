import { useTranslation } from 'react-i18next';
import { useConfig } from '@/config/config';
import { useTitle } from '@/hooks/useTitle';

export function Component() {
  const { t } = useTranslation();
  const { site_name } = useConfig();
  useTitle(t('maintenance.title'));
  return (
    <section className="addme-card p-4 p-sm-5 text-center addme-narrow" data-testid="maintenance">
      <div className="addme-logo addme-logo-lg mx-auto mb-3" aria-hidden="true">
        {site_name.charAt(0)}
      </div>
      <h1 className="h3">{t('maintenance.title')}</h1>
      <p className="text-body-secondary mb-4">{t('maintenance.message', { site: site_name })}</p>
      <button
        type="button"
        className="btn btn-accent btn-touch px-4"
        onClick={() => window.location.assign('/')}
      >
        {t('maintenance.retry')}
      </button>
    </section>
  );
}
