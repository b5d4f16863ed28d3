import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { api, unwrap } from '@/api/client';
import { TextField } from '@/components/admin/fields';
import { LoadState } from '@/components/admin/LoadState';
import { SubmitButton } from '@/components/FormField';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import { formatWhen } from './format';

const torKey = ['admin', 'risk', 'tor-exits'] as const;
const TOR_LIST_URL = 'https://check.torproject.org/torbulkexitlist';

/** Lines that look like an address: what the server will keep, counted before it is sent. */
export function countAddresses(text: string): number {
  return text
    .split(/\s+/)
    .filter((line) => /^[0-9a-f:.]+$/i.test(line) && (line.includes('.') || line.includes(':')))
    .length;
}

/** The risk check's Tor exit list: its size, when it was refreshed, and a new list pasted or uploaded. */
export function TorExitsPanel() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: torKey,
    queryFn: ({ signal }) => unwrap(api.GET('/v1/admin/risk/tor-exits', { signal })),
  });
  const [addresses, setAddresses] = useState('');
  const [reason, setReason] = useState('');
  const [empty, setEmpty] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      unwrap(api.PUT('/v1/admin/risk/tor-exits', { body: { addresses, reason: reason.trim() } })),
    onSuccess: (data) => {
      queryClient.setQueryData(torKey, data);
      toast.success(t('guard.tor.saved', { count: data.count }));
      setAddresses('');
      setReason('');
    },
  });
  const found = countAddresses(addresses);

  return (
    <section className="mt-4" aria-labelledby="tor-title" data-testid="tor-exits">
      <h2 id="tor-title" className="h4">
        {t('guard.tor.title')}
      </h2>
      <p className="text-body-secondary">
        {t('guard.tor.intro')}{' '}
        <a href={TOR_LIST_URL} target="_blank" rel="noreferrer noopener">
          {TOR_LIST_URL}
        </a>
      </p>
      {current.isError || !current.data ? (
        <LoadState query={current} loadError={t('guard.tor.loadError')} height="3rem" />
      ) : (
        <p className="addme-card p-3 mb-3" data-testid="tor-status">
          <strong>{t('guard.tor.count', { count: current.data.count })}</strong>
          {' · '}
          {current.data.updated_at
            ? t('guard.tor.updated', { when: formatWhen(current.data.updated_at, i18n.language) })
            : t('guard.tor.never')}
        </p>
      )}
      <Form
        className="addme-card p-3 d-grid gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setEmpty(found === 0);
          if (found > 0 && reason.trim().length >= 3) save.mutate();
        }}
      >
        <TextField
          id="tor-file"
          label={t('guard.tor.upload')}
          type="file"
          accept=".txt,text/plain"
          onChange={(e) => {
            const file = (e.target as HTMLInputElement).files?.[0];
            if (file) void file.text().then(setAddresses);
          }}
        />
        <Form.Group controlId="tor-addresses">
          <Form.Label className="small mb-1">{t('guard.tor.paste')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={6}
            className="font-monospace small"
            value={addresses}
            onChange={(e) => setAddresses(e.target.value)}
          />
          {empty && found === 0 ? (
            <div className="invalid-feedback d-block" role="alert">
              {t('guard.tor.none')}
            </div>
          ) : (
            <Form.Text>{t('guard.tor.found', { count: found })}</Form.Text>
          )}
        </Form.Group>
        <TextField
          id="tor-reason"
          label={t('guard.tor.reason')}
          required
          minLength={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <div>
          <SubmitButton pending={save.isPending}>{t('guard.tor.replace')}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
