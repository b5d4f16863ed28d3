import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { LoadError } from '@/components/LoadError';
import { LoadingBlock } from '@/components/LoadingBlock';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate } from '@/lib/format';
import { toast } from '@/toasts/toastStore';
import { exportQuery } from './queries';

/** The account page's "Download my data": ask for an export, wait for the mail, download the ZIP. */
export function ExportData() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const state = useQuery({
    ...exportQuery,
    // While it is being built, look again now and then: the mail says it too.
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 10_000 : false),
  });
  const ask = useMutation({
    mutationFn: () => unwrap(api.POST('/v1/user/export')),
    onSuccess: (data) => {
      queryClient.setQueryData(exportQuery.queryKey, data);
      toast.success(t('account.exportAsked'));
    },
  });
  if (state.isError) return <LoadError message={t('account.exportLoadError')} query={state} />;
  if (!state.data) return <LoadingBlock height="3rem" className="rounded-3" />;
  const data = state.data;
  const when = (value: string | null | undefined) => formatDate(value, i18n.language, 'moment');
  return (
    <div data-testid="export">
      <p className="text-body-secondary">{t('account.exportIntro')}</p>
      {data.status === 'pending' && (
        <p role="status" data-testid="export-pending">
          {t('account.exportPending')}
        </p>
      )}
      {data.status === 'ready' && data.download_url && (
        <p data-testid="export-ready">
          <a className="btn btn-accent btn-touch me-2" href={data.download_url} download>
            {t('account.exportDownload')}
          </a>
          <span className="small text-body-secondary">
            {t('account.exportExpires', { date: when(data.expires_at) })}
          </span>
        </p>
      )}
      {data.status === 'failed' && <p className="text-danger">{t('account.exportFailed')}</p>}
      {data.status !== 'pending' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            ask.mutate();
          }}
        >
          <button
            type="submit"
            className="btn btn-outline-secondary btn-touch"
            disabled={ask.isPending}
            data-testid="export-ask"
          >
            {data.status === 'ready' ? t('account.exportAgain') : t('account.exportAsk')}
          </button>
        </form>
      )}
    </div>
  );
}
