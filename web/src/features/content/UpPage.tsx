import { useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

/** /up: a tiny status page with the API's health answer. */
export function UpPage() {
  const { t } = useTranslation();
  useTitle(t('community.up.title'));
  const health = useQuery({
    queryKey: ['health'],
    queryFn: async ({ signal }) => {
      const { data, response } = await api.GET('/v1/health', { signal });
      return { ok: response.ok, status: response.status, data };
    },
    retry: false,
    refetchInterval: 30_000,
  });
  return (
    <div className="addme-card p-4 text-center" style={{ maxWidth: 420 }} data-testid="up">
      <h1 className="h3">{t('community.up.title')}</h1>
      {health.isPending ? (
        <p role="status">{t('listings.loading')}</p>
      ) : health.data?.ok ? (
        <p className="text-success-emphasis fw-medium mb-2" data-testid="up-ok">
          ● {t('community.up.ok')}
        </p>
      ) : (
        <p className="text-danger fw-medium mb-2" data-testid="up-down">
          ● {t('community.up.down', { status: health.data?.status ?? '—' })}
        </p>
      )}
      {health.data?.data !== undefined && (
        <pre className="small text-start bg-body-tertiary p-2 rounded mb-0">
          {JSON.stringify(health.data.data, null, 2)}
        </pre>
      )}
    </div>
  );
}
