import { Placeholder } from 'react-bootstrap';
import type { components } from '@/api/schema.gen';
import { LoadError } from '@/components/LoadError';
import { useTranslation } from '@/i18n/useTranslation';

export type TransparencyData = components['schemas']['TransparencyReport'];
type Month = TransparencyData['months'][number];

/** "2026-11" as "November 2026" in the reader's language (the months are UTC calendar months). */
export function monthName(month: string, locale: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, m - 1, 1)));
}

function usePercent() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, {
    style: 'percent',
    maximumFractionDigits: 1,
  });
  return (share: number | null | undefined) => (share == null ? '–' : format.format(share));
}

function useHours() {
  const { t, i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (hours: number | null | undefined) =>
    hours == null
      ? '–'
      : hours < 0.1
        ? t('legal.transparency.underTenth', { value: format.format(0.1) })
        : t('legal.transparency.hours', { value: format.format(hours) });
}

function Figure({
  label,
  value,
  testId,
}: {
  label: string;
  value: string | number;
  testId?: string;
}) {
  return (
    <div className="col">
      <div className="addme-transparency-figure h-100 p-2 rounded-3 border" data-testid={testId}>
        <div className="small text-body-secondary">{label}</div>
        <div className="fs-5 fw-semibold">{value}</div>
      </div>
    </div>
  );
}

/** The non-zero parts of a count, as "ncii 2 · minor 1"; "none" when all are zero. */
function Parts({
  counts,
  labelOf,
}: {
  counts: Record<string, number>;
  labelOf: (key: string) => string;
}) {
  const { t } = useTranslation();
  const parts = Object.entries(counts).filter(([, n]) => n > 0);
  if (parts.length === 0)
    return <span className="text-body-secondary">{t('legal.transparency.none')}</span>;
  return (
    <ul className="list-unstyled mb-0">
      {parts.map(([key, n]) => (
        <li key={key} className="d-flex justify-content-between gap-3">
          <span>{labelOf(key)}</span>
          <span className="fw-medium">{n}</span>
        </li>
      ))}
    </ul>
  );
}

function MonthCard({ month }: { month: Month }) {
  const { t, i18n } = useTranslation();
  const percent = usePercent();
  const hours = useHours();
  const label = (group: string) => (key: string) =>
    t(`legal.transparency.${group}.${key}`, { defaultValue: key.replaceAll('_', ' ') });
  const title = monthName(month.month, i18n.language);
  const id = `month-${month.month}`;
  const quiet =
    month.notices_total + month.reports_total + month.unban_requests + month.removal_requests ===
      0 &&
    month.decisions_total + month.decided_items + month.appeals + month.appeals_decided === 0;
  if (quiet)
    return (
      <section className="addme-card p-3" aria-labelledby={id} data-testid="transparency-month">
        <h2 className="h6 mb-1" id={id}>
          {title}
          {!month.complete && (
            <span className="badge text-bg-secondary fw-normal ms-2">
              {t('legal.transparency.soFar')}
            </span>
          )}
        </h2>
        <p className="small text-body-secondary mb-0">{t('legal.transparency.quiet')}</p>
      </section>
    );
  // [text key, value, test id]: the month's headline figures, in the order they are shown.
  const figures: [string, string | number, string | undefined][] = [
    ['notices', month.notices_total, 'fig-notices'],
    ['reports', month.reports_total, 'fig-reports'],
    ['decisions', month.decisions_total, 'fig-decisions'],
    ['automated', percent(month.automated_share), 'fig-automated'],
    ['median', hours(month.median_hours_to_decision), 'fig-median'],
    ['p95', hours(month.p95_hours_to_decision), 'fig-p95'],
    ['ncii', percent(month.ncii_within_48h_share), 'fig-ncii'],
    ['appeals', month.appeals, 'fig-appeals'],
    ['reversals', month.appeals_reversed, 'fig-reversals'],
    ['requests', month.unban_requests + month.removal_requests, undefined],
  ];
  // [heading key, counts, label group]: the breakdowns under "details".
  const breakdowns: [string, Record<string, number>, string][] = [
    ['noticesByKind', month.notices, 'kinds'],
    ['reportsByType', month.reports, 'types'],
    ['byGround', month.decisions_by_ground, 'grounds'],
    ['byCategory', month.decisions_by_category, 'categories'],
  ];
  return (
    <section className="addme-card p-3" aria-labelledby={id} data-testid="transparency-month">
      <h2 className="h5 d-flex flex-wrap align-items-baseline gap-2" id={id}>
        <span>{title}</span>
        {!month.complete && (
          <span className="badge text-bg-secondary fw-normal">{t('legal.transparency.soFar')}</span>
        )}
      </h2>
      <div className="row row-cols-2 row-cols-md-3 row-cols-xl-5 g-2">
        {figures.map(([key, value, testId]) => (
          <Figure key={key} label={t(`legal.transparency.${key}`)} value={value} testId={testId} />
        ))}
      </div>
      <details className="mt-3">
        <summary className="py-2">{t('legal.transparency.details')}</summary>
        <div className="row row-cols-1 row-cols-md-2 row-cols-xl-4 g-3 small mt-0">
          {breakdowns.map(([heading, counts, group]) => (
            <div key={heading} className="col">
              <h3 className="h6">{t(`legal.transparency.${heading}`)}</h3>
              <Parts counts={counts} labelOf={label(group)} />
            </div>
          ))}
        </div>
        <p className="small text-body-secondary mt-3 mb-0">
          {t('legal.transparency.nciiDetail', {
            within: month.ncii_within_48h,
            count: month.ncii_counted,
          })}{' '}
          {t('legal.transparency.decidedDetail', { count: month.decided_items })}
        </p>
      </details>
    </section>
  );
}

/** What the months show from: the report's query (a page's own, or its parts). */
interface MonthsQuery {
  data: TransparencyData | undefined;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** The report's months, the current one (still running) first; the loading and error states. */
export function TransparencyMonths(
  props:
    | { query: MonthsQuery }
    | {
        data: TransparencyData | undefined;
        isError: boolean;
        retrying: boolean;
        onRetry: () => void;
      },
) {
  const { t } = useTranslation();
  const query: MonthsQuery =
    'query' in props
      ? props.query
      : {
          data: props.data,
          isError: props.isError,
          isFetching: props.retrying,
          refetch: props.onRetry,
        };
  const { data } = query;
  if (query.isError) return <LoadError message={t('legal.transparency.loadError')} query={query} />;
  if (!data)
    return (
      <Placeholder as="div" animation="glow" aria-busy="true">
        <Placeholder xs={12} className="rounded-4 mb-3" style={{ height: '14rem' }} />
        <Placeholder xs={12} className="rounded-4" style={{ height: '14rem' }} />
      </Placeholder>
    );
  return (
    <div className="d-flex flex-column gap-3">
      {data.months.map((m) => (
        <MonthCard key={m.month} month={m} />
      ))}
    </div>
  );
}

/** What the figures count, in plain words (the same on the public and the admin page). */
export function HowWeCount() {
  const { t } = useTranslation();
  return (
    <details className="mb-3">
      <summary className="py-2">{t('legal.transparency.howTitle')}</summary>
      <ul className="small mt-2">
        <li>{t('legal.transparency.howReceived')}</li>
        <li>{t('legal.transparency.howDecisions')}</li>
        <li>{t('legal.transparency.howTime')}</li>
        <li>{t('legal.transparency.howNcii')}</li>
        <li>{t('legal.transparency.howAppeals')}</li>
      </ul>
    </details>
  );
}
