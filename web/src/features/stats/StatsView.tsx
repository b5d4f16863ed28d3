import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { NavLink, useSearchParams } from 'react-router';
import { LoadError } from '@/components/LoadError';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { toast } from '@/toasts/toastStore';
import { statsQuery, useRefreshStats } from './queries';
import { RangePicker } from './RangePicker';
import {
  isMoney,
  rangeFromSearch,
  STATS_PAGES,
  type StatsPage,
  type StatsPageName,
  splitDimension,
  tableRows,
} from './range';
import { StatsChart } from './StatsChart';
import './stats.css';
import { LoadingBlock } from '@/components/LoadingBlock';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `btn btn-sm btn-touch ${isActive ? 'btn-accent' : 'btn-outline-secondary'}`;

function useLabels() {
  const { t, i18n } = useTranslation();
  const regions = useMemo(() => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      return null;
    }
  }, [i18n.language]);
  const part = (dimension: string) => {
    const [kind, value] = splitDimension(dimension);
    if (kind === 'country') return regions?.of(value) ?? value;
    if (kind === 'app') return t(`apps.${value}`, { defaultValue: value });
    if (kind === 'reason') return t(`stats.reason.${value}`, { defaultValue: value });
    return value;
  };
  const series = (metric: string, dimension: string) =>
    dimension ? part(dimension) : t(`stats.metric.${metric}`, { defaultValue: metric });
  return { part, series };
}

function formatValue(metric: string, value: number, locale: string) {
  return isMoney(metric) ? formatMoney(value / 100, 'USD', locale) : formatNumber(value, locale);
}

function Figures({ page }: { page: StatsPage }) {
  const { t, i18n } = useTranslation();
  const labels = useLabels();
  const names = useMemo(
    () => page.series.map((s) => labels.series(s.metric, s.dimension)),
    [page, labels.series],
  );
  const locale = i18n.language;
  const from = formatDate(page.start, locale, 'day');
  const to = formatDate(page.end, locale, 'day');
  const summary = page.series.length
    ? t('stats.summary', {
        from,
        to,
        figures: page.series
          .map((s, i) => `${names[i]}: ${formatValue(s.metric, s.total, locale)}`)
          .join(', '),
      })
    : t('stats.nothing');
  const partGroups = [...new Set(page.parts.map((p) => p.metric))];
  return (
    <>
      {page.page !== 'countries' && (
        <ul
          className="stats-totals list-unstyled d-flex flex-wrap gap-2 mb-3"
          aria-label={t('stats.totals')}
        >
          {page.series.map((s, i) => (
            <li
              key={`${s.metric}-${s.dimension}`}
              className="addme-card p-2 px-3"
              data-testid={`total-${s.metric}`}
            >
              <div className="small text-body-secondary">{names[i]}</div>
              <div className="fs-4 fw-semibold">{formatValue(s.metric, s.total, locale)}</div>
            </li>
          ))}
        </ul>
      )}
      {page.series.length > 0 ? (
        <StatsChart page={page} labels={names} summary={summary} locale={locale} />
      ) : (
        <p className="text-body-secondary">{t('stats.nothing')}</p>
      )}
      <div className="row g-3">
        {page.series.length > 0 && (
          <div className="col-lg-6">
            <div className="table-responsive addme-card p-2 stats-table">
              <table className="table table-sm mb-0" data-testid="stats-days">
                <caption className="caption-top px-1">{t('stats.daily')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('stats.day')}</th>
                    {names.map((n) => (
                      <th key={n} scope="col" className="text-end">
                        {n}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {tableRows(page)
                    .reverse()
                    .map((row) => (
                      <tr key={row.day}>
                        <th scope="row" className="fw-normal">
                          {formatDate(row.day, locale, 'day')}
                        </th>
                        {row.values.map((v, i) => (
                          <td key={names[i]} className="text-end">
                            {formatValue(page.series[i]?.metric ?? '', v, locale)}
                          </td>
                        ))}
                      </tr>
                    ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">{t('stats.total')}</th>
                    {page.series.map((s) => (
                      <td key={`${s.metric}-${s.dimension}`} className="text-end fw-semibold">
                        {formatValue(s.metric, s.total, locale)}
                      </td>
                    ))}
                  </tr>
                </tfoot>
              </table>
            </div>
          </div>
        )}
        {partGroups.map((metric) => {
          const rows = page.parts.filter((p) => p.metric === metric);
          const kinds = [...new Set(rows.map((p) => splitDimension(p.dimension)[0]))];
          return kinds.map((kind) => (
            <div className="col-lg-6" key={`${metric}-${kind}`}>
              <div className="table-responsive addme-card p-2">
                <table className="table table-sm mb-0">
                  <caption className="caption-top px-1">
                    {t(`stats.by.${kind}`, {
                      metric: t(`stats.metric.${metric}`),
                      defaultValue: t(`stats.metric.${metric}`),
                    })}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t(`stats.kind.${kind}`, { defaultValue: kind })}</th>
                      <th scope="col" className="text-end">
                        {t(`stats.metric.${metric}`)}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows
                      .filter((p) => splitDimension(p.dimension)[0] === kind)
                      .map((p) => (
                        <tr key={p.dimension}>
                          <td className="text-break">{labels.part(p.dimension)}</td>
                          <td className="text-end">{formatValue(metric, p.total, locale)}</td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              </div>
            </div>
          ));
        })}
      </div>
    </>
  );
}

/** /admin/stats/<page>: a range picker, the daily series as a chart, totals and the table. */
export function StatsView({ page }: { page: StatsPageName }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const range = rangeFromSearch(search);
  const query = useQuery(statsQuery(page, range));
  const keep = `?start=${range.start}&end=${range.end}`;
  const refresh = useRefreshStats();
  const recount = () =>
    refresh.mutate(undefined, {
      onSuccess: () => toast.success(t('stats.refreshed')),
      onError: () => toast.danger(t('stats.refreshFailed')),
    });
  return (
    <div>
      <div className="d-flex flex-wrap align-items-start gap-2">
        <h1 className="h3 me-auto">{t(`stats.page.${page}`)}</h1>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary btn-touch"
          onClick={recount}
          disabled={refresh.isPending}
        >
          {t('stats.refresh')}
        </button>
      </div>
      <p className="text-body-secondary">{t('stats.intro')}</p>
      <nav className="listing-tabs mb-3" aria-label={t('stats.pages')}>
        {STATS_PAGES.map((p) => (
          <NavLink key={p} to={`/admin/stats/${p}${keep}`} className={tabClass}>
            {t(`stats.tab.${p}`)}
          </NavLink>
        ))}
      </nav>
      <RangePicker range={range} onChange={(r) => setSearch({ start: r.start, end: r.end })} />
      {query.isError ? (
        <LoadError message={t('stats.loadError')} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <Figures page={query.data} />
      ) : (
        <LoadingBlock height="16rem" />
      )}
    </div>
  );
}
