import { useTranslation } from '@/i18n/useTranslation';

export type PromotedReason = 'fire_pin' | 'top_up' | 'vip' | 'promotion';

/**
 * "Promoted" on every paid placement (EU Omnibus directive): the visible word, and its reason in the
 * accessible name ("Promoted: Fire Pin"). /help/ranking explains what each product changes.
 */
export function PromotedLabel({
  reason,
  className = '',
}: {
  reason: PromotedReason | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!reason) return null;
  const name = t('listings.card.promotedAs', {
    reason: t(`listings.card.promotedReasons.${reason}`),
  });
  return (
    <span
      className={`ucard-flag ucard-flag-promoted ${className}`}
      role="note"
      aria-label={name}
      title={name}
      data-testid="promoted"
      data-reason={reason}
    >
      {t('listings.card.promoted')}
    </span>
  );
}
