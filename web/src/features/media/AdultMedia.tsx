import { ButtonLink } from '@/components/ButtonLink';
import { VerifyAgeButton } from '@/components/VerifyAgeButton';
import { useTranslation } from '@/i18n/useTranslation';
import { useVerificationRequired } from '@/session/ageVerification';
import { useAgeConfirmed } from '@/session/useAgeConfirmed';
import './media.css';

/**
 * Adult media: blurred behind a clear "18+" overlay when the server says `blurred` (age verification
 * required here and not done: only a blurred preview was sent) or the viewer has not passed the age
 * gate yet. Where the law requires verification, the overlay's Verify button starts the provider's
 * flow; otherwise (the age gate alone) it leads to the help portal.
 */
export function AdultMedia({
  src,
  alt,
  blurred,
  className = '',
  eager = false,
}: {
  src: string | null | undefined;
  alt: string;
  blurred: boolean;
  className?: string;
  eager?: boolean;
}) {
  const { t } = useTranslation();
  const confirmed = useAgeConfirmed();
  const required = useVerificationRequired();
  const hidden = blurred || !confirmed;
  return (
    <div className={`adult-media ${hidden ? 'is-blurred' : ''} ${className}`} data-blurred={hidden}>
      {src ? (
        <img
          src={src}
          alt={hidden ? t('community.adult.hiddenAlt') : alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : (
        <div className="adult-media-empty" aria-hidden="true" />
      )}
      {hidden && (
        <div className="adult-media-overlay" data-testid="adult-overlay">
          <span className="adult-media-badge">18+</span>
          <span className="adult-media-text">{t('community.adult.hidden')}</span>
          <span className="d-flex gap-2 flex-wrap justify-content-center">
            {blurred && required ? (
              <VerifyAgeButton className="btn btn-light btn-sm btn-touch" />
            ) : (
              <ButtonLink to="/help#age-verification" variant="light" className="btn-sm">
                {t('community.adult.verify')}
              </ButtonLink>
            )}
            <ButtonLink to="/help" variant="outline-light" className="btn-sm">
              {t('community.adult.moreInfo')}
            </ButtonLink>
          </span>
        </div>
      )}
    </div>
  );
}
