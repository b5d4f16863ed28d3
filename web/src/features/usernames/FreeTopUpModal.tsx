import { useState } from 'react';
import { Modal, Spinner } from 'react-bootstrap';
import type { FieldError } from 'react-hook-form';
import { ApiError } from '@/api/errors';
import { useFreeTopUp } from '@/api/wallet';
import { CaptchaField } from '@/components/Captcha';
import { ModalHeading } from '@/components/ModalHeading';
import { useTranslation } from '@/i18n/useTranslation';

/** The server's word on the captcha (a 422 on captcha_token), shown under the widget. */
function serverCaptchaError(error: unknown): FieldError | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const message = error.fieldErrors.captcha_token?.[0];
  return message ? { type: 'server', message } : undefined;
}

/** The user home's free Top-Up: the captcha first, then the claim (the wallet toasts the answer). */
export function FreeTopUpModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const freeTopUp = useFreeTopUp();
  const [token, setToken] = useState('');
  const [missing, setMissing] = useState(false);
  // A new captcha for every opening: a token is good for one claim.
  const close = () => {
    setToken('');
    setMissing(false);
    freeTopUp.reset();
    onHide();
  };
  const error: FieldError | undefined = missing
    ? { type: 'required', message: 'form.captcha' }
    : serverCaptchaError(freeTopUp.error);
  return (
    <Modal show={show} onHide={close} centered aria-labelledby="free-topup-title">
      <ModalHeading id="free-topup-title" title={t('guard.freeTopUp.title')} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!token) {
            setMissing(true);
            return;
          }
          // Answered (a Top-Up or the reason why not, both toasted): done. A captcha refusal stays.
          freeTopUp.mutate(token, {
            onSuccess: close,
            onError: (err) => {
              if (!serverCaptchaError(err)) close();
            },
          });
        }}
        noValidate
      >
        <Modal.Body>
          <p className="text-body-secondary small">{t('guard.freeTopUp.intro')}</p>
          {show && (
            <CaptchaField
              className="mb-0"
              onToken={(value: string) => {
                setToken(value);
                if (value) setMissing(false);
              }}
              error={error}
            />
          )}
        </Modal.Body>
        <Modal.Footer>
          <button
            type="submit"
            className="btn btn-accent btn-touch w-100"
            disabled={freeTopUp.isPending}
            aria-busy={freeTopUp.isPending}
            data-testid="free-topup-claim"
          >
            {freeTopUp.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t('guard.freeTopUp.claim')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
