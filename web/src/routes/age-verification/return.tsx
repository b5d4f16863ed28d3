import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '@/api/client';
import { ButtonLink } from '@/components/ButtonLink';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import {
  AGE_STATE_KEY,
  ageMessages,
  clearPendingVerification,
  pendingVerification,
  useStartVerification,
} from '@/session/ageVerification';
import { toast } from '@/toasts/toastStore';

type Phase = 'checking' | 'failed' | 'pending' | 'lost';

/**
 * Back from the provider's flow. The server asks the provider for the result: on success the member
 * is reloaded and the visitor returns where they were; on failure a failure report is sent and the
 * spec's message shown; a closed flow only ends the loading (spec section 4).
 */
export function Component() {
  const { t } = useTranslation();
  useTitle(t('ageVerification.returnTitle'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Read once: it is cleared as soon as the outcome is known, and Back still needs it.
  const [pending] = useState(pendingVerification);
  const ref = params.get('session') ?? pending?.id ?? '';
  const from = pending?.id === ref && pending.from.startsWith('/') ? pending.from : '/';
  const [phase, setPhase] = useState<Phase>(ref ? 'checking' : 'lost');
  const [message, setMessage] = useState('');
  const [attempt, setAttempt] = useState(0);
  const once = useRef('');
  const { start, busy } = useStartVerification();

  useEffect(() => {
    const key = `${ref}:${attempt}`;
    if (!ref || once.current === key) return;
    once.current = key;
    void (async () => {
      const { data, error, response } = await api.POST('/v1/ondato/success', {
        body: { id: ref, location_code: '' },
      });
      if (response.ok && data) {
        clearPendingVerification();
        queryClient.setQueryData(AGE_STATE_KEY, data);
        // Every answer that carried blurred previews is out of date now (and the member too).
        await queryClient.invalidateQueries();
        toast.success(t('ageVerification.verified'));
        navigate(from, { replace: true });
        return;
      }
      const body = (error ?? {}) as { code?: string; message?: string };
      if (response.status === 409) {
        setPhase('pending');
        return;
      }
      // Failed, closed or lost: the failure report counts it (the provider's answer still decides).
      await api.POST('/v1/ondato/failure', {
        body: { id: ref, reason: body.message ?? 'Unknown', location_code: '' },
      });
      clearPendingVerification();
      await queryClient.invalidateQueries({ queryKey: AGE_STATE_KEY });
      if (body.code === 'age_verification_abandoned') {
        navigate(from, { replace: true });
        return;
      }
      if (response.status === 404) {
        setPhase('lost');
        return;
      }
      const prefix = 'An error occurred during the age verification process: ';
      const reason = body.message?.startsWith(prefix)
        ? body.message.slice(prefix.length)
        : body.message;
      setMessage(
        response.status === 503 ? ageMessages.loading() : ageMessages.during(reason ?? 'Unknown'),
      );
      setPhase('failed');
    })();
  }, [ref, attempt, from, navigate, queryClient, t]);

  return (
    <div className="container py-5" style={{ maxWidth: 560 }}>
      <h1 className="h4 mb-3">{t('ageVerification.returnTitle')}</h1>
      {phase === 'checking' && (
        <p className="d-flex align-items-center gap-2">
          <Spinner size="sm" animation="border" role="status" />
          {t('ageVerification.checking')}
        </p>
      )}
      {phase === 'pending' && (
        <Alert variant="info">
          <p>{t('ageVerification.notFinished')}</p>
          <Button size="sm" className="btn-touch" onClick={() => setAttempt((n) => n + 1)}>
            {t('ageVerification.checkAgain')}
          </Button>
        </Alert>
      )}
      {phase === 'failed' && (
        <Alert variant="danger" data-testid="age-verification-error">
          {message}
        </Alert>
      )}
      {phase === 'lost' && <Alert variant="warning">{t('ageVerification.lost')}</Alert>}
      {(phase === 'failed' || phase === 'lost') && (
        <div className="d-flex gap-2 flex-wrap">
          <Button className="btn-touch" onClick={start} disabled={busy}>
            {t('ageVerification.tryAgain')}
          </Button>
          <ButtonLink to={from}>{t('ageVerification.back')}</ButtonLink>
        </div>
      )}
    </div>
  );
}
