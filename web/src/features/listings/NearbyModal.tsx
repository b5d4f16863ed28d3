import { useEffect, useState } from 'react';
import { ButtonLink } from '@/components/ButtonLink';
import { Dialog } from '@/components/Dialog';
import { useTranslation } from '@/i18n/useTranslation';
import { anotherModalOpen } from '@/lib/modals';
import { claimPrompt } from '@/lib/promptBudget';
import {
  dismissNearby,
  isNearbyDismissed,
  nearbyCount,
  nearbyFlag,
  shouldShowNearby,
} from './nearby';

/** Whether a real nearby count exists (it does not yet): the spec's random 45-100 is never shown. */
const NEARBY_COUNT_KNOWN = false;

/** "N users online near you", raised by page 2 of a listing (rules in nearby.ts). */
export function NearbyModal({ page }: { page: string | null }) {
  const { t } = useTranslation();
  const [count, setCount] = useState<number | null>(null);
  const flag = nearbyFlag(page);

  useEffect(() => {
    if (!flag) {
      setCount(null);
      return;
    }
    // Let any other modal of the page open first: it wins.
    const timer = window.setTimeout(() => {
      // No real count of members checked in near the visitor is known yet, and a made-up one
      // would be a false claim (docs/decisions.md, 2026-12-02): the modal is not shown.
      if (
        NEARBY_COUNT_KNOWN &&
        shouldShowNearby({
          flag,
          dismissed: isNearbyDismissed(),
          otherModalOpen: anotherModalOpen(),
        })
      ) {
        if (claimPrompt('nearby')) setCount(nearbyCount());
      }
    }, 600);
    return () => window.clearTimeout(timer);
  }, [flag]);

  const close = () => {
    dismissNearby();
    setCount(null);
  };

  return (
    <Dialog
      show={count !== null}
      onEscape={close}
      labelledBy="nearby-title"
      dialogClassName="modal-dialog-centered"
    >
      <div className="modal-header">
        <h2 id="nearby-title" className="modal-title h5">
          {t('listings.nearby.title', { count: count ?? 0 })}
        </h2>
        <button
          type="button"
          className="btn-close"
          aria-label={t('listings.nearby.close')}
          onClick={close}
        />
      </div>
      <div className="modal-body">
        <p className="mb-0">{t('listings.nearby.text')}</p>
      </div>
      <div className="modal-footer">
        <button type="button" className="btn btn-link btn-touch" onClick={close}>
          {t('listings.nearby.later')}
        </button>
        <ButtonLink to="/local-swipes" variant="accent" onClick={close}>
          {t('listings.nearby.cta')}
        </ButtonLink>
      </div>
    </Dialog>
  );
}
