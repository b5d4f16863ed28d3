import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form } from 'react-bootstrap';
import { api, unwrap } from '@/api/client';
import { consentsQuery } from '@/api/consents';
import { LoadError } from '@/components/LoadError';
import { LoadingBlock } from '@/components/LoadingBlock';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate } from '@/lib/format';
import { toast } from '@/toasts/toastStore';

/** The account page's consents: orientation-targeted ads, off until the member switches it on. */
export function ConsentsForm() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const consents = useQuery(consentsQuery);
  const change = useMutation({
    mutationFn: (on: boolean) =>
      unwrap(api.PUT('/v1/user/consents', { body: { orientation_ads: on } })),
    onSuccess: (data) => {
      queryClient.setQueryData(consentsQuery.queryKey, data);
      toast.success(t(data.orientation_ads ? 'account.consentOn' : 'account.consentOff'));
    },
  });
  if (consents.isError)
    return <LoadError message={t('account.consentsLoadError')} query={consents} />;
  if (!consents.data) return <LoadingBlock height="3rem" className="rounded-3" />;
  const last = consents.data.changes[0];
  return (
    <div data-testid="consents">
      <Form.Check
        type="switch"
        id="consent-orientation-ads"
        className="consent-switch"
        checked={consents.data.orientation_ads}
        disabled={change.isPending}
        onChange={(e) => change.mutate(e.currentTarget.checked)}
        label={t('account.orientationAds')}
      />
      <p className="small text-body-secondary mt-2 mb-0">{t('account.orientationAdsHelp')}</p>
      {last && (
        <p className="small text-body-secondary mb-0" data-testid="consent-last-change">
          {t(last.granted ? 'account.consentGivenAt' : 'account.consentWithdrawnAt', {
            date: formatDate(last.at, i18n.language, 'moment'),
          })}
        </p>
      )}
    </div>
  );
}
