import { useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useConfig } from '@/config/config';
import { confirmAge, isAgeConfirmed, leaveSite, shouldShowAgeGate } from '@/session/ageGate';
import { useUser } from '@/session/session';

const STATEMENTS = ['adult', 'minors', 'legal', 'terms'] as const;

/** Spec section 2: shown on every route but / and /terms to visitors who are not signed in. */
export function AgeGate() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user, isPending } = useUser();
  const { site_name } = useConfig();
  const [confirmed, setConfirmed] = useState(isAgeConfirmed);

  const show = !isPending && shouldShowAgeGate({ pathname, signedIn: !!user, confirmed });

  return (
    <Modal
      show={show}
      backdrop="static"
      keyboard={false}
      centered
      scrollable
      aria-labelledby="age-gate-title"
      className="addme-age-gate"
      backdropClassName="addme-age-gate-backdrop"
      data-testid="age-gate"
    >
      <Modal.Header>
        <Modal.Title id="age-gate-title" className="d-flex align-items-center gap-2">
          <span className="badge-18" aria-hidden="true">
            18+
          </span>
          {t('ageGate.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
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
      </Modal.Body>
      <Modal.Footer className="flex-column flex-sm-row gap-2">
        <Button
          variant="outline-secondary"
          className="btn-touch w-100 w-sm-auto flex-sm-fill"
          onClick={leaveSite}
        >
          {t('ageGate.disagree')}
        </Button>
        <Button
          className="btn-accent btn-touch w-100 flex-sm-fill"
          onClick={() => {
            confirmAge();
            setConfirmed(true);
          }}
        >
          {t('ageGate.agree')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
