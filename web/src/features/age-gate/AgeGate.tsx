import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Dialog } from '@/components/Dialog';
import { useConfig } from '@/config/config';
import { useTranslation } from '@/i18n/useTranslation';
import { confirmAge, isAgeConfirmed, leaveSite, shouldShowAgeGate } from '@/session/ageGate';
import { useUser } from '@/session/session';

const STATEMENTS = ['adult', 'minors', 'legal', 'terms'] as const;

/** Whether the age gate shows over this page, for a visitor who has not answered it yet. */
export function useAgeGateShown(confirmed: boolean): boolean {
  const { pathname } = useLocation();
  const { user, isPending } = useUser();
  return !isPending && shouldShowAgeGate({ pathname, signedIn: !!user, confirmed });
}

/** Spec section 2: shown on every route but / and /terms to visitors who are not signed in. */
export function AgeGate() {
  const { t } = useTranslation();
  const { site_name } = useConfig();
  const [confirmed, setConfirmed] = useState(isAgeConfirmed);
  const show = useAgeGateShown(confirmed);

  return (
    // No onEscape: the gate needs an answer (ui.md); a click on the backdrop does nothing either.
    <Dialog
      show={show}
      labelledBy="age-gate-title"
      className="addme-age-gate"
      dialogClassName="modal-dialog-centered modal-dialog-scrollable"
      backdropClassName="addme-age-gate-backdrop"
      testId="age-gate"
    >
      <div className="modal-header">
        <h2 id="age-gate-title" className="modal-title h4 d-flex align-items-center gap-2">
          <span className="badge-18" aria-hidden="true">
            18+
          </span>
          {t('ageGate.title')}
        </h2>
      </div>
      <div className="modal-body">
        <p className="fw-semibold">{t('ageGate.warning', { site: site_name })}</p>
        <p className="small text-body-secondary">{t('ageGate.notice')}</p>
        <p className="mb-2">{t('ageGate.byEntering')}</p>
        <ul className="addme-age-statements">
          {STATEMENTS.map((key) =>
            key === 'terms' ? (
              <li key={key}>
                {t('ageGate.statements.terms')}{' '}
                <Link to="/terms" target="_blank" rel="noopener">
                  {t('ageGate.readTerms')}
                </Link>
              </li>
            ) : (
              <li key={key}>{t(`ageGate.statements.${key}`)}</li>
            ),
          )}
        </ul>
      </div>
      <div className="modal-footer flex-column flex-sm-row gap-2">
        <button
          type="button"
          className="btn btn-outline-secondary btn-touch w-100 w-sm-auto flex-sm-fill"
          onClick={leaveSite}
        >
          {t('ageGate.disagree')}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-accent btn-touch w-100 flex-sm-fill"
          onClick={() => {
            confirmAge();
            setConfirmed(true);
          }}
        >
          {t('ageGate.agree')}
        </button>
      </div>
    </Dialog>
  );
}
