import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { Placeholder } from 'react-bootstrap';
import { Link } from 'react-router';
import { LoadError } from '@/components/LoadError';
import { useTranslation } from '@/i18n/useTranslation';
import { formatNumber } from '@/lib/format';
import { FiguresChart } from './FiguresChart';
import { PERIODS, shortDay, withUnrecorded } from './figures';
import { type BoostEffect, csvUrl, usernameStatsQuery } from './queries';
import './figures.css';

/** The latest boosts listed under the chart; the chart marks every one of them. */
const BOOSTS_SHOWN = 10;

function useEffectText() {
  const { t, i18n } = useTranslation();
  return (e: BoostEffect) => {
    const views = t('listings.figures.viewCount', { count: e.views });
    if (e.views_before === null) return t('listings.figures.effectNone', { views });
    const before = formatNumber(e.views_before, i18n.language);
    if (e.views_before === 0) return t('listings.figures.effectFromZero', { views });
    const change = e.change_percent ?? 0;
    if (change === 0) return t('listings.figures.effectSame', { views, before });
    const percent = formatNumber(Math.abs(change), i18n.language);
    return t(change > 0 ? 'listings.figures.effectUp' : 'listings.figures.effectDown', {
      views,
      before,
      percent,
    });
  };
}

/** One of the totals over the chart: what it counts, then the figure. */
function Total({
  label,
  testId,
  valueTestId,
  children,
}: {
  label: string;
  testId?: string;
  valueTestId?: string;
  children: ReactNode;
}) {
  return (
    <li className="figures-total" data-testid={testId}>
      <div className="small text-body-secondary">{label}</div>
      <div className="fw-semibold" data-testid={valueTestId}>
        {children}
      </div>
    </li>
  );
}

/**
 * One username's figures on /user: views and Message clicks a day, today's numbers, its place in
 * its main list, and what its Top-Ups and Fire Pins did. Loaded on demand (with uPlot), so neither
 * the main bundle nor the rest of /user carries the chart.
 */
export default function UsernameFigures({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [days, setDays] = useState(30);
  const stats = useQuery(usernameStatsQuery(id, days));
  const effectText = useEffectText();
  const labels = useMemo(
    () => ({
      views: t('listings.figures.views'),
      clicks: t('listings.figures.clicks'),
      topUp: t('listings.figures.topUp'),
      firePin: t('listings.figures.firePin'),
    }),
    [t],
  );

  if (stats.isPending) {
    return (
      <Placeholder
        as="div"
        animation="glow"
        aria-busy="true"
        aria-label={t('listings.figures.loading')}
      >
        <Placeholder xs={12} className="figures-placeholder rounded" />
      </Placeholder>
    );
  }
  if (stats.isError) {
    return (
      <LoadError message={t('listings.figures.loadFailed')} query={stats} testId="figures-error" />
    );
  }
  const { data, meta } = stats.data;
  const today = data[data.length - 1];
  const first = data[0];
  const n = (v: number) => formatNumber(v, locale);
  const summary = t('listings.figures.chartSummary', {
    from: first ? shortDay(first.day, locale) : '',
    to: today ? shortDay(today.day, locale) : '',
    views: t('listings.figures.viewCount', { count: meta.views_total }),
    clicks: t('listings.figures.clickCount', { count: meta.clicks_total }),
  });
  const place = meta.place;
  const list = t('listings.figures.listName', {
    app: t(`apps.${place.app}`),
    type: t(`listings.types.${place.type}`),
  });
  const boosts = [...meta.boosts].reverse().slice(0, BOOSTS_SHOWN);
  const periods = PERIODS.filter((p) => p <= meta.max_days);
  const sources = withUnrecorded(meta.sources, meta.views_total);

  return (
    <section className="figures" data-testid="figures" aria-label={t('listings.figures.title')}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <fieldset className="btn-group btn-group-sm" aria-label={t('listings.figures.period')}>
          {periods.map((p) => (
            <button
              key={p}
              type="button"
              className={`btn btn-touch ${p === days ? 'btn-accent' : 'btn-outline-secondary'}`}
              aria-pressed={p === days}
              onClick={() => setDays(p)}
            >
              {t('listings.figures.days', { count: p })}
            </button>
          ))}
        </fieldset>
        {meta.can_export_csv ? (
          <a
            className="btn btn-sm btn-outline-secondary btn-touch"
            href={csvUrl(id, days)}
            download
            data-testid="figures-csv"
          >
            {t('listings.figures.csv')}
          </a>
        ) : (
          <span className="small text-body-secondary">
            {t('listings.figures.vipDays')}{' '}
            <Link to="/shop">{t('listings.figures.becomeVip')}</Link>
          </span>
        )}
      </div>
      <ul className="figures-totals list-unstyled gap-2 mb-2">
        <Total label={t('listings.figures.today')} testId="figures-today">
          {t('listings.figures.todayFigures', {
            views: t('listings.figures.viewCount', { count: today?.views ?? 0 }),
            clicks: t('listings.figures.clickCount', { count: today?.clicks ?? 0 }),
          })}
        </Total>
        <Total
          label={t('listings.figures.viewsTotal', { days: meta.days })}
          valueTestId="figures-views-total"
        >
          {n(meta.views_total)}
        </Total>
        <Total label={t('listings.figures.clicksTotal', { days: meta.days })}>
          {n(meta.clicks_total)}
        </Total>
        <Total label={t('listings.figures.place', { list })} testId="figures-place">
          {place.position === null
            ? t('listings.figures.notListed')
            : t(place.capped ? 'listings.figures.placeCapped' : 'listings.figures.placeValue', {
                position: n(place.position),
              })}
          {place.pinned && (
            <span className="small fw-normal text-body-secondary">
              {' '}
              · {t('listings.figures.placePinned')}
            </span>
          )}
        </Total>
      </ul>
      <FiguresChart days={data} labels={labels} summary={summary} locale={locale} />
      <h3 className="h6 mt-2">{t('listings.figures.sourcesTitle')}</h3>
      {sources.length === 0 ? (
        <p className="small text-body-secondary mb-2">{t('listings.figures.noViews')}</p>
      ) : (
        <ul className="small list-unstyled mb-2" data-testid="figures-sources">
          {sources.map((s) => (
            <li key={s.source}>
              {t('listings.figures.sourceLine', {
                source: t(`listings.figures.source.${s.source}`),
                views: t('listings.figures.viewCount', { count: s.views }),
                percent: n(Math.round((s.views * 100) / meta.views_total)),
              })}
            </li>
          ))}
        </ul>
      )}
      <h3 className="h6 mt-2">{t('listings.figures.boostsTitle')}</h3>
      {boosts.length === 0 ? (
        <p className="small text-body-secondary mb-2">{t('listings.figures.noBoosts')}</p>
      ) : (
        <ul className="small list-unstyled mb-2" data-testid="figures-boosts">
          {boosts.map((b) => (
            <li key={`${b.day}-${b.kind}`}>
              <span className={`figures-dot figures-dot-${b.kind}`} aria-hidden="true" />{' '}
              {t('listings.figures.boostLine', {
                what: t(`listings.figures.boost_${b.kind}`, {
                  count: b.uses,
                  day: shortDay(b.day, locale),
                }),
                effect: effectText(b),
              })}
            </li>
          ))}
        </ul>
      )}
      <details className="small">
        <summary>{t('listings.figures.dayByDay')}</summary>
        <div className="table-responsive figures-table">
          <table className="table table-sm mb-0" data-testid="figures-days">
            <thead>
              <tr>
                <th scope="col">{t('listings.figures.day')}</th>
                {[labels.views, labels.clicks, labels.topUp, labels.firePin].map((label) => (
                  <th key={label} scope="col" className="text-end">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...data].reverse().map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="fw-normal">
                    {shortDay(d.day, locale)}
                  </th>
                  <td className="text-end">{n(d.views)}</td>
                  <td className="text-end">{n(d.clicks)}</td>
                  <td className="text-end">{d.top_ups ? n(d.top_ups) : ''}</td>
                  <td className="text-end">{d.fire_pins ? n(d.fire_pins) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
