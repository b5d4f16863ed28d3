import { useRef } from 'react';
import { Modal } from 'react-bootstrap';
import { isRefusal, newIntentKey, useAddSlot } from '@/api/wallet';
import { ButtonLink } from '@/components/ButtonLink';
import { SubmitButton } from '@/components/FormField';
import { ModalHeading } from '@/components/ModalHeading';
import { useTranslation } from '@/i18n/useTranslation';
import type { MyUsernamesMeta } from './types';

/**
 * Shown instead of "Add username" at the limit (spec sections 4 and 5): over the limit, unlock or
 * reactivate first; at the cap, Studio upsell; otherwise buy one more slot with Top-Ups.
 */
export function SlotModal({
  meta,
  show,
  onClose,
  topUps,
}: {
  meta: MyUsernamesMeta;
  show: boolean;
  onClose: () => void;
  topUps: number;
}) {
  const { t } = useTranslation();
  const addSlot = useAddSlot();
  // One key per purchase intent: kept when no answer came back (a retry must not buy twice),
  // renewed once the server has answered.
  const intent = useRef(newIntentKey());
  // Set in the click itself: a double click lands before the disabled button is rendered.
  const inFlight = useRef(false);
  const { slot } = meta;
  const price = slot.price ?? 0;
  const canAfford = topUps >= price;

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="slot-title">
      <ModalHeading
        id="slot-title"
        title={t('listings.slot.title', { count: meta.max_usernames })}
      />
      <Modal.Body data-testid={`slot-${slot.state}`}>
        <p>{t('listings.slot.intro', { used: meta.usernames_count, max: meta.max_usernames })}</p>
        {slot.state === 'over_limit' && <p className="mb-0">{t('listings.slot.overLimit')}</p>}
        {slot.state === 'at_max' && (
          <p className="mb-0">
            {slot.studio_upsell ? t('listings.slot.studioUpsell') : t('listings.slot.atMax')}
          </p>
        )}
        {slot.state === 'purchasable' && (
          <>
            <p>{t('listings.slot.purchasable', { count: price })}</p>
            {!canAfford && (
              <p className="text-body-secondary small mb-0">
                {t('listings.slot.notEnough', { count: topUps })}
              </p>
            )}
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-link btn-touch" onClick={onClose}>
          {t('toast.cancel')}
        </button>
        {slot.state === 'purchasable' && canAfford && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (inFlight.current) return;
              inFlight.current = true;
              addSlot.mutate(intent.current, {
                onSuccess: (data) => {
                  intent.current = newIntentKey();
                  if (data.success) onClose();
                },
                // A refusal sent as an error status was answered too: the next click is new.
                onError: (error) => {
                  if (isRefusal(error)) intent.current = newIntentKey();
                },
                onSettled: () => {
                  inFlight.current = false;
                },
              });
            }}
          >
            <SubmitButton pending={addSlot.isPending}>
              {t('listings.slot.buy', { count: price })}
            </SubmitButton>
          </form>
        )}
        {slot.state === 'purchasable' && !canAfford && (
          <ButtonLink to="/shop" variant="accent">
            {t('listings.slot.getTopUps')}
          </ButtonLink>
        )}
        {slot.state === 'at_max' && slot.studio_upsell && (
          <ButtonLink to="/shop" variant="accent">
            {t('listings.slot.studio')}
          </ButtonLink>
        )}
        {slot.state === 'over_limit' && (
          <ButtonLink to="/user/orders" variant="accent">
            {t('listings.slot.unlock')}
          </ButtonLink>
        )}
      </Modal.Footer>
    </Modal>
  );
}
