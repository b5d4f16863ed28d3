import { useTranslation } from '@/i18n/useTranslation';
import { useCheckIn, useClearLocation } from './queries';

/** Check-in and Clear location for one of my usernames, when the API offers them. */
export function CheckInActions({
  id,
  canCheckIn,
  canClear,
  disabled,
}: {
  id: number;
  canCheckIn: boolean;
  canClear: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const checkIn = useCheckIn();
  const clear = useClearLocation();
  const busy = disabled || checkIn.isPending || clear.isPending;
  return (
    <>
      {canCheckIn && (
        <button
          type="button"
          className="btn btn-outline-secondary btn-touch"
          disabled={busy}
          aria-busy={checkIn.isPending}
          onClick={() => checkIn.mutate(id)}
        >
          {checkIn.isPending ? t('community.swipes.locating') : t('community.swipes.checkIn')}
        </button>
      )}
      {canClear && (
        <button
          type="button"
          className="btn btn-outline-secondary btn-touch"
          disabled={busy}
          onClick={() => clear.mutate(id)}
        >
          {t('community.swipes.clear')}
        </button>
      )}
    </>
  );
}
