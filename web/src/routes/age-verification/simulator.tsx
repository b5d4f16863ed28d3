import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { api } from '@/api/client';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { safeReturn } from '@/lib/redirect';
import { ageMessages, verificationBrowser } from '@/session/ageVerification';

/**
 * The offline identity provider (AGE_VERIFICATION_PROVIDER=local, development and tests): the same
 * three endings as the hosted flow (an adult passes, the check fails, the visitor closes it). It
 * plays the provider's side only: the app then asks the server, which reads this session's result.
 */
const RETURN_PATH = '/age-verification/return';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('ageVerification.simulatorTitle'));
  const [params] = useSearchParams();
  const ref = params.get('session') ?? '';
  // Only ever back to this site: the return address came in the query string.
  const back = safeReturn(params.get('return')) ?? RETURN_PATH;
  const [loadError, setLoadError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!ref) {
      setLoadError(ageMessages.loadFailure(t('ageVerification.noSession')));
      return;
    }
    void api
      .GET('/v1/age-verification/simulator/{ref}', { params: { path: { ref } } })
      .then(({ response, error }) => {
        if (!response.ok) {
          const message =
            (error as { message?: string } | undefined)?.message ?? String(response.status);
          setLoadError(ageMessages.loadFailure(message));
        }
      });
  }, [ref, t]);

  const finish = async (outcome: 'success' | 'failure' | 'abandon') => {
    setBusy(true);
    const { response } = await api.POST('/v1/age-verification/simulator/{ref}', {
      params: { path: { ref } },
      body: { outcome, reason: outcome === 'failure' ? reason || 'Document rejected' : '' },
    });
    if (!response.ok) {
      setBusy(false);
      return;
    }
    const url = new URL(back, window.location.origin);
    url.searchParams.set('session', ref);
    verificationBrowser.go(safeReturn(`${url.pathname}${url.search}`) ?? RETURN_PATH);
  };

  return (
    <div className="container py-5" style={{ maxWidth: 560 }}>
      <Card>
        <Card.Body className="d-flex flex-column gap-3">
          <h1 className="h4 mb-0">{t('ageVerification.simulatorTitle')}</h1>
          <p className="text-body-secondary mb-0">{t('ageVerification.simulatorIntro')}</p>
          {loadError ? (
            <Alert variant="danger" className="mb-0" data-testid="age-load-error">
              {loadError}
            </Alert>
          ) : (
            <>
              <Button
                variant="success"
                className="btn-touch"
                disabled={busy}
                onClick={() => finish('success')}
              >
                {t('ageVerification.simulatePass')}
              </Button>
              <Form.Group controlId="sim-reason">
                <Form.Label className="small">{t('ageVerification.simulateReason')}</Form.Label>
                <Form.Control
                  value={reason}
                  maxLength={200}
                  onChange={(e) => setReason(e.target.value)}
                />
              </Form.Group>
              <Button
                variant="danger"
                className="btn-touch"
                disabled={busy}
                onClick={() => finish('failure')}
              >
                {t('ageVerification.simulateFail')}
              </Button>
              <Button
                variant="outline-secondary"
                className="btn-touch"
                disabled={busy}
                onClick={() => finish('abandon')}
              >
                {t('ageVerification.simulateAbandon')}
              </Button>
            </>
          )}
        </Card.Body>
      </Card>
    </div>
  );
}
