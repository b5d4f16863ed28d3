import { useTranslation } from '@/i18n/useTranslation';
import { Icon } from './Icon';

/** The check-mark alone (decorative: its button or badge says the words). */
export function VerifiedIcon({ size = 14 }: { size?: number }) {
  return <Icon name="check" size={size} />;
}

/**
 * "Verified owner" (#34): the lister proved the handle is theirs. On a card the badge is a check
 * with an accessible name; `withText` spells it out (the profile, the owner's page).
 */
export function VerifiedBadge({ withText = false }: { withText?: boolean }) {
  const { t } = useTranslation();
  const label = t('listings.card.verifiedOwner');
  return (
    <span
      className="verified-badge"
      data-testid="owner-verified"
      role="img"
      aria-label={label}
      title={label}
    >
      <VerifiedIcon size={withText ? 16 : 14} />
      {withText && <span aria-hidden="true">{label}</span>}
    </span>
  );
}
