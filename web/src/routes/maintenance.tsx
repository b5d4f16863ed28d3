import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { configQuery, useConfig } from '@/config/config';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

/** While a visitor waits here, the config is asked again this often: off, they go home by themselves. */
const RECHECK_MS = 15_000;

export function Component() {
  const { t } = useTranslation();
  const { site_name } = useConfig();
  const navigate = useNavigate();
  const live = useQuery({ ...configQuery, staleTime: 0, refetchInterval: RECHECK_MS });
  useTitle(t('maintenance.title'));
  useEffect(() => {
    if (live.data && !live.data.maintenance) void navigate('/', { replace: true });
  }, [live.data, navigate]);
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
