import { useState } from 'react';
import { Alert, Modal, Spinner } from 'react-bootstrap';
import { isRefusal, refusalAnswer, useFreeTopUp, walletWording } from '@/api/wallet';
import { ButtonLink } from '@/components/ButtonLink';
import { CaptchaField } from '@/components/Captcha';
import { Icon } from '@/components/Icon';
import { ModalHeading } from '@/components/ModalHeading';
import { errorText } from '@/errors/errorText';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate } from '@/lib/format';
import { closeNotEnoughTopUps, useNotEnoughTopUpsOpen } from '@/stores/notEnoughTopUps';

/**
 * The not-enough-Top-Ups modal (spec section 2): what Top-Ups are, a free one to claim (its refusal
 * says why), and the shop. Opened by `openNotEnoughTopUps()` from any wallet action.
 */
export function NotEnoughTopUpsModal() {
  const { t, i18n } = useTranslation();
  const show = useNotEnoughTopUpsOpen();
  const free = useFreeTopUp({ quietRefusal: true });
  // The claim needs a solved captcha; its widget shows once the member asks for the free Top-Up.
  const [token, setToken] = useState('');
  const [asking, setAsking] = useState(false);
  // The refusal as a 200 answer or as an error status: the same words either way.
  const answered = isRefusal(free.error) ? refusalAnswer(free.error) : free.data;
  const refused = answered && !answered.success && answered.message ? answered : null;
  const next = formatDate(refused?.next_at, i18n.language, 'moment') || null;

  const close = () => {
    closeNotEnoughTopUps();
    free.reset();
    setToken('');
    setAsking(false);
  };

  return (
    <Modal show={show} onHide={close} centered aria-labelledby="not-enough-title">
      <ModalHeading id="not-enough-title" title={t('wallet.notEnough.title')} />
      <Modal.Body data-testid="not-enough-modal">
        <div className="d-flex gap-3 align-items-start mb-3">
          <span className="wallet-icon" aria-hidden="true">
            <Icon name="zap" size={22} />
          </span>
          <div>
            <p className="mb-2">{t('wallet.notEnough.balance')}</p>
            <p className="mb-0 text-body-secondary small">{t('wallet.notEnough.explain')}</p>
          </div>
        </div>
        <ul className="small text-body-secondary mb-0 ps-3">
          <li>{t('wallet.notEnough.free')}</li>
          <li>{t('wallet.notEnough.buy')}</li>
        </ul>
        {asking && (
          <CaptchaField
            className="mt-3 mb-0"
            onToken={setToken}
            error={asking && !token ? { type: 'required', message: 'form.captcha' } : undefined}
          />
        )}
        {refused && (
          <Alert variant="warning" className="mt-3 mb-0 small" data-testid="free-topup-refused">
            {errorText(refused, t, { context: walletWording(refused) })}
            {next && <div className="mt-1">{t('wallet.notEnough.nextAt', { when: next })}</div>}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer className="flex-column flex-sm-row align-items-stretch">
        <form
          className="d-grid flex-sm-fill"
          onSubmit={(e) => {
            e.preventDefault();
            if (!token) {
              setAsking(true);
              return;
            }
            free.mutate(token, { onSuccess: (answer) => answer?.success && close() });
          }}
        >
          <button
            type="submit"
            className="btn btn-outline-secondary btn-touch"
            disabled={free.isPending}
            aria-busy={free.isPending}
          >
            {free.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t('wallet.notEnough.getFree')}
          </button>
        </form>
        <ButtonLink to="/shop" variant="accent" className="flex-sm-fill" onClick={close}>
          {t('wallet.notEnough.shop')}
        </ButtonLink>
      </Modal.Footer>
    </Modal>
  );
}
