import { useTranslation } from '@/i18n/useTranslation';
import { Icon } from './Icon';

/** How far a listing can be trusted, 0 to 100: a VIP perk (spec section 6), so it shows only when
 * the server sent a score. Three bands so the colour says at a glance what the number means. */
export function reputationBand(score: number): 'high' | 'mid' | 'low' {
  if (score >= 70) return 'high';
  if (score >= 40) return 'mid';
  return 'low';
}

export function ReputationBadge({ score }: { score: number }) {
  const { t } = useTranslation();
  return (
    <span
      className={`reputation reputation-${reputationBand(score)}`}
      data-testid="reputation"
      title={t('listings.reputation.label', { score })}
    >
      <Icon name="shield" size={13} />
      <span aria-hidden="true">{score}</span>
      <span className="visually-hidden">{t('listings.reputation.label', { score })}</span>
    </span>
  );
}

/** The profile's fuller form: the number out of 100 and a bar. */
export function ReputationMeter({ score }: { score: number }) {
  const { t } = useTranslation();
  return (
    <span className="d-inline-flex align-items-center gap-2" data-testid="reputation">
      <span className="fw-semibold">{t('listings.reputation.outOf', { score })}</span>
      {/* Native bands: red under 40, amber under 70, green above (the same as the badge's). */}
      <meter
        className="reputation-meter"
        min={0}
        max={100}
        low={40}
        high={70}
        optimum={100}
        value={score}
        aria-label={t('listings.reputation.name')}
      />
    </span>
  );
}
