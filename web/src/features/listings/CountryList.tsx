import { useQuery } from '@tanstack/react-query';
import { Placeholder } from 'react-bootstrap';
import { Link } from 'react-router';
import { Flag } from '@/components/Flag';
import { LoadError } from '@/components/LoadError';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { countriesQuery } from './queries';
import './listings.css';
import { NoticeCard } from '@/components/NoticeCard';

/** /countries: every country with listed usernames, with its flag and count. */
export function CountryList() {
  const { t, i18n } = useTranslation();
  const countries = useQuery(countriesQuery);
  useTitle(t('listings.countries.title'));
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([i18n.language], { type: 'region' });
  } catch {
    names = null;
  }
  const rows = (countries.data ?? [])
    .map((c) => ({ ...c, label: names?.of(c.code) ?? c.name }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, i18n.language));

  return (
    <div>
      <h1 className="h3 mb-3">{t('listings.countries.title')}</h1>
      {countries.isPending ? (
        <Placeholder as="div" animation="glow" aria-busy="true" className="country-grid">
          {Array.from({ length: 12 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <Placeholder key={i} className="rounded-3" style={{ height: '48px' }} />
          ))}
        </Placeholder>
      ) : countries.isError ? (
        <LoadError message={t('listings.countries.loadFailed')} query={countries} />
      ) : rows.length === 0 ? (
        <NoticeCard
          text={t('listings.countries.empty')}
          to="/list"
          linkText={t('listings.browse')}
          secondary
          testId="countries-empty"
        />
      ) : (
        <ul className="country-grid" data-testid="country-list">
          {rows.map((c) => (
            <li key={c.code}>
              <Link to={`/countries/${c.code}`} className="addme-card">
                <Flag code={c.code} className="flag" />
                <span>{c.label}</span>
                <span className="count" aria-hidden="true">
                  {c.count}
                </span>
                <span className="visually-hidden">{t('listings.total', { count: c.count })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
