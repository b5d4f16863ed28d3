import { type FormEvent, useState } from 'react';
import { useTranslation } from '@/i18n/useTranslation';
import { type DayRange, isValidRange, lastDays, PRESETS, presetOf } from './range';

/** The range's two ends and their labels; each end bounds the other's calendar. */
const BOUNDS = [
  ['start', 'stats.from'],
  ['end', 'stats.to'],
] as const;

/** From / To and the 7, 30, 90, 365-day shortcuts; the range lives in the address. */
export function RangePicker({
  range,
  onChange,
}: {
  range: DayRange;
  onChange: (r: DayRange) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(range);
  const [seen, setSeen] = useState(range);
  if (seen.start !== range.start || seen.end !== range.end) {
    setSeen(range);
    setDraft(range);
  }
  const valid = isValidRange(draft);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) onChange(draft);
  };
  const preset = presetOf(range);
  return (
    <form
      className="stats-range addme-card p-2 mb-3"
      onSubmit={submit}
      aria-label={t('stats.range')}
    >
      <div className="d-flex flex-wrap gap-2 align-items-end">
        {BOUNDS.map(([bound, label]) => (
          <div key={bound}>
            <label className="form-label small mb-1" htmlFor={`stats-${bound}`}>
              {t(label)}
            </label>
            <input
              id={`stats-${bound}`}
              type="date"
              className="form-control form-control-sm"
              value={draft[bound]}
              min={bound === 'end' ? draft.start : undefined}
              max={bound === 'start' ? draft.end : undefined}
              onChange={(e) => setDraft({ ...draft, [bound]: e.target.value })}
            />
          </div>
        ))}
        <button type="submit" className="btn btn-sm btn-accent btn-touch" disabled={!valid}>
          {t('stats.show')}
        </button>
        <fieldset className="d-flex flex-wrap gap-1 ms-md-auto">
          <legend className="visually-hidden">{t('stats.presets')}</legend>
          {PRESETS.map((n) => (
            <button
              key={n}
              type="button"
              className={`btn btn-sm btn-touch ${preset === n ? 'btn-secondary' : 'btn-outline-secondary'}`}
              aria-pressed={preset === n}
              onClick={() => onChange(lastDays(n))}
            >
              {t('stats.lastDays', { count: n })}
            </button>
          ))}
        </fieldset>
      </div>
      {!valid && (
        <p className="text-danger small mb-0 mt-1" role="alert">
          {t('stats.badRange')}
        </p>
      )}
    </form>
  );
}
