import { useQuery } from '@tanstack/react-query';
import { Placeholder } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ButtonLink';
import { LoadError } from '@/components/LoadError';
import { APPS, type AppName } from '@/config/options';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { tagsQuery } from './queries';
import './listings.css';

/** Font size from 0.9 to 1.6 rem on a log scale of the counts. */
export function tagSize(count: number, max: number): number {
  if (max <= 1) return 1;
  const ratio = Math.log(Math.max(1, count)) / Math.log(max);
  return Math.round((0.9 + 0.7 * ratio) * 100) / 100;
}

/** /tags: the tag cloud with counts, optionally for one app (?app=). */
export function TagCloud() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const raw = search.get('app');
  const app = APPS.includes(raw as AppName) ? (raw as AppName) : undefined;
  const tags = useQuery(tagsQuery(app));
  useTitle(t('listings.tags.title'));
  const max = Math.max(1, ...(tags.data ?? []).map((tag) => tag.count));
  const sorted = [...(tags.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <div>
      <h1 className="h3 mb-3">{t('listings.tags.title')}</h1>
      <fieldset className="listing-tabs mb-3">
        <legend className="visually-hidden">{t('listings.tabs.apps')}</legend>
        {[undefined, ...APPS].map((a) => (
          <button
            key={a ?? 'all'}
            type="button"
            className={`btn btn-sm btn-touch ${a === app ? 'btn-accent' : 'btn-outline-secondary'}`}
            aria-pressed={a === app}
            onClick={() => setSearch(a ? { app: a } : {})}
          >
            {a ? t(`apps.${a}`) : t('listings.tabs.all')}
          </button>
        ))}
      </fieldset>
      {tags.isPending ? (
        <Placeholder as="div" animation="glow" aria-busy="true">
          {Array.from({ length: 18 }, (_, i) => (
            <Placeholder
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
              key={i}
              className="me-2 mb-2 rounded-pill"
              style={{ width: `${4 + (i % 5)}rem`, height: '44px' }}
            />
          ))}
        </Placeholder>
      ) : tags.isError ? (
        <LoadError message={t('listings.tags.loadFailed')} query={tags} />
      ) : sorted.length === 0 ? (
        <div className="addme-card p-4 text-center" data-testid="tags-empty">
          <p className="mb-3">{t('listings.tags.empty')}</p>
          <ButtonLink to={app ? `/${app}-usernames` : '/list'}>{t('listings.browse')}</ButtonLink>
        </div>
      ) : (
        <ul className="tag-cloud" data-testid="tag-cloud">
          {sorted.map((tag) => (
            <li key={tag.name}>
              <Link
                to={
                  app
                    ? `/${app}-usernames/tags/${encodeURIComponent(tag.name)}`
                    : `/tags/${encodeURIComponent(tag.name)}`
                }
                className="tag-chip"
                style={{ fontSize: `${tagSize(tag.count, max)}rem` }}
              >
                #{tag.name}
                <span className="count">
                  <span className="visually-hidden">{t('listings.tags.countLabel')}</span>
                  {tag.count}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
