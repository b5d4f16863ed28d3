import { useTranslation } from '@/i18n/useTranslation';
import { useStartVerification } from '@/session/ageVerification';

/**
 * The Verify Age button: starts the provider's flow, and cannot be pressed again while the flow is
 * being opened. Each place draws it in its own button style (`className`).
 */
export function VerifyAgeButton({ className }: { className: string }) {
  const { t } = useTranslation();
  const { start, busy } = useStartVerification();
  return (
    <button type="button" className={className} onClick={start} disabled={busy}>
      {t('community.adult.verify')}
    </button>
  );
}
