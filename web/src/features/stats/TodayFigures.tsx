import { Link } from 'react-router';
import type { components } from '@/api/schema.gen';
import { useTranslation } from '@/i18n/useTranslation';
import { formatNumber } from '@/lib/format';

type TodayFigure = components['schemas']['TodayFigure'];

const LINKS: Record<string, string> = {
  signups: '/admin/stats/users',
  listings: '/admin/stats/usernames',
  sales: '/admin/stats/sales',
  topups: '/admin/stats/topups',
};

/** The admin home's row: today's signups, listings, sales and Top-Ups against the last 7 days. */
export function TodayFigures({ figures }: { figures: TodayFigure[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <section className="mb-4" aria-labelledby="today-figures">
      <h2 className="h5" id="today-figures">
        {t('stats.today.title')}
      </h2>
      <ul className="row row-cols-2 row-cols-md-4 g-2 list-unstyled">
        {figures.map((f) => {
          const diff = f.today - f.average_7d;
          // A site's first day has no earlier days: it says so rather than compare with zeros.
          const trend = !f.history_days
            ? 'noHistory'
            : diff > 0
              ? 'up'
              : diff < 0
                ? 'down'
                : 'same';
          return (
            <li key={f.metric} className="col" data-testid={`today-${f.metric}`}>
              <Link
                to={LINKS[f.metric] ?? '/admin/stats/users'}
                className="addme-card d-block p-2 px-3 h-100 text-reset text-decoration-none"
              >
                <div className="small text-body-secondary">{t(`stats.metric.${f.metric}`)}</div>
                <div className="fs-4 fw-semibold">{formatNumber(f.today, locale)}</div>
                <div
                  className={`small ${trend === 'up' ? 'text-success' : trend === 'down' ? 'text-danger' : 'text-body-secondary'}`}
                >
                  {t(`stats.today.${trend}`, {
                    average: formatNumber(f.average_7d, locale, { maximumFractionDigits: 1 }),
                    days: f.history_days,
                  })}
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
