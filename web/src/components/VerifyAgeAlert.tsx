import { ButtonLink } from '@/components/ButtonLink';
import { useTranslation } from '@/i18n/useTranslation';
import { useAgeState } from '@/session/ageVerification';
import { VerifyAgeButton } from './VerifyAgeButton';

/**
 * The age-verification alert (spec section 2): where the visitor's place requires it and they are
 * not verified, one line says so with a Verify Age button that starts the provider's flow.
 */
export function VerifyAgeAlert() {
  const { t } = useTranslation();
  const { data } = useAgeState();
  if (!data || data.showNSFW) return null;
  return (
    <div
      role="alert"
      className="alert alert-warning rounded-0 border-start-0 border-end-0 mb-0 py-2"
      data-testid="verify-age-alert"
    >
      <div className="container-xl d-flex flex-wrap align-items-center gap-2 justify-content-between">
        <span className="small">
          {t('ageVerification.required', {
            place: data.locationCode || t('ageVerification.yourPlace'),
          })}
        </span>
        <span className="d-flex gap-2">
          <VerifyAgeButton className="btn btn-sm btn-dark btn-touch" />
          <ButtonLink to="/help#age-verification" variant="outline-dark" className="btn-sm">
            {t('community.adult.moreInfo')}
          </ButtonLink>
        </span>
      </div>
    </div>
  );
}
