import type { TFunction } from 'i18next';
import { useCallback, useMemo } from 'react';
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/api/errors';
import { AppTabs } from '@/components/AppTabs';
import { ButtonLink } from '@/components/ButtonLink';
import { PagedGrid } from '@/components/PagedGrid';
import { UsernameCard } from '@/components/UsernameCard';
import { errorText } from '@/errors/errorText';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { loginUrl } from '@/lib/redirect';
import { FilterBar } from './FilterBar';
import {
  clearedFilters,
  type Filters,
  filtersFromSearch,
  hasActiveFilters,
  type ListingScope,
  scopeFromPath,
  searchFromFilters,
  toApiQuery,
  withPage,
} from './filters';
import { NearbyModal } from './NearbyModal';
import { useUsernames } from './queries';
import './listings.css';

function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The page's heading, from what the path fixes. */
export function listingTitle(scope: ListingScope, t: TFunction, locale: string): string {
  const app = scope.app ? t(`apps.${scope.app}`) : '';
  const ctx = scope.app ? 'app' : 'all';
  if (scope.country) {
    return t(`listings.title.country_${ctx}`, { app, country: countryName(scope.country, locale) });
  }
  if (scope.tag) return t(`listings.title.tag_${ctx}`, { app, tag: scope.tag });
  if (!scope.app) return t('listings.title.all');
  if (scope.vip) return t('listings.title.vip', { app });
  if (scope.order === 'popular') return t('listings.title.hottest', { app });
  if (scope.gender) return t('listings.title.gender', { app, value: t(`gender.${scope.gender}`) });
  if (scope.orientation) {
    return t('listings.title.orientation', {
      app,
      value: t(`orientation.${scope.orientation}`),
    });
  }
  if (scope.type) return t(`listings.title.${scope.type.toLowerCase()}`, { app });
  return t('listings.title.app', { app });
}

function Tabs({ scope }: { scope: ListingScope }) {
  const { t } = useTranslation();
  if (!scope.app) {
    return (
      <AppTabs allTo="/list" appTo={(app) => `/${app}-usernames`} label={t('listings.tabs.apps')} />
    );
  }
  const tabClass = ({ isActive }: { isActive: boolean }) =>
    `btn btn-sm btn-touch ${isActive ? 'btn-accent' : 'btn-outline-secondary'}`;
  const base = `/${scope.app}-usernames`;
  const tabs = [
    { to: base, key: 'latest' },
    { to: `${base}/vip`, key: 'vip' },
    { to: `${base}/hottest`, key: 'hottest' },
  ];
  if (scope.app === 'kik') {
    tabs.push({ to: `${base}/clean`, key: 'clean' }, { to: `${base}/dirty`, key: 'dirty' });
  }
  return (
    <nav className="listing-tabs" aria-label={t('listings.tabs.label')}>
      {tabs.map((tab) => (
        <NavLink key={tab.key} to={tab.to} end className={tabClass}>
          {t(`listings.tabs.${tab.key}`)}
        </NavLink>
      ))}
    </nav>
  );
}

/** Every listing page: /list, /{app}-usernames and its sub-paths, /tags/:tag, /countries/:code. */
export function ListingView() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const parsed = useMemo(() => scopeFromPath(location.pathname), [location.pathname]);
  const scope = parsed ?? {};
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const query = useMemo(() => toApiQuery(parsed ?? {}, filters), [parsed, filters]);
  const list = useUsernames(query, parsed !== null);
  const title = listingTitle(scope, t, i18n.language);
  useTitle(filters.page > 1 ? t('listings.titleWithPage', { title, page: filters.page }) : title);

  const hrefFor = useCallback(
    (next: Filters) => {
      const qs = searchFromFilters(next).toString();
      return `${location.pathname}${qs ? `?${qs}` : ''}`;
    },
    [location.pathname],
  );
  const apply = (next: Filters) => navigate(hrefFor(next));
  const clear = () => apply(clearedFilters());
  const here = `${location.pathname}${location.search}`;

  if (!parsed) throw new ApiError('http', '', { status: 404 });
  const dirtyError =
    list.error instanceof ApiError && list.error.status === 401 ? list.error : null;
  const dirtyLogin = dirtyError !== null;
  const meta = list.data?.meta;
  // A search with no filter besides it: the way out is to clear the search, and say so.
  const onlySearch = filters.q !== undefined && !hasActiveFilters({ ...filters, q: undefined });
  // What the owner's figures count a view from these cards under.
  const source = filters.q ? 'search' : scope.tag || filters.tag ? 'tag' : 'list';

  return (
    <div data-testid="listing">
      <div className="listing-head mb-3">
        <div>
          <h1 className="h3 mb-1">{title}</h1>
          {filters.q && (
            <p className="mb-0 text-body-secondary" data-testid="search-summary">
              {t('listings.searchFor', { q: filters.q })}
            </p>
          )}
        </div>
        <div className="listing-head-side">
          {meta && !dirtyLogin && (
            <p className="text-body-secondary small mb-0" aria-live="polite">
              {t('listings.total', { count: meta.total })}
            </p>
          )}
          <Link to="/help/ranking" className="small" data-testid="ranking-link">
            {t('listings.rankingLink')}
          </Link>
        </div>
      </div>
      <div className="mb-3">
        <Tabs scope={scope} />
      </div>
      {!dirtyLogin && (
        <FilterBar scope={scope} filters={filters} onChange={apply} onClear={clear} />
      )}
      {dirtyLogin ? (
        <div
          role="alert"
          className="alert alert-warning d-flex flex-column gap-2"
          data-testid="dirty-login"
        >
          <span>
            {dirtyError
              ? errorText(dirtyError, t, {
                  context: { login_required: 'listings.dirtyNeedsLogin' },
                })
              : t('listings.dirtyNeedsLogin')}
          </span>
          <div className="d-flex flex-wrap gap-2">
            <ButtonLink to={loginUrl(here)} variant="accent">
              {t('listings.login')}
            </ButtonLink>
            <ButtonLink to="/kik-usernames/clean">{t('listings.seeClean')}</ButtonLink>
          </div>
        </div>
      ) : (
        <PagedGrid
          query={list}
          page={filters.page}
          hrefFor={(page) => hrefFor(withPage(filters, page))}
          label={title}
          itemKey={(card) => card.id}
          renderItem={(card) => <UsernameCard card={card} headingLevel={2} source={source} />}
          testId="cards"
          empty={
            <div className="addme-card p-4 text-center" data-testid="empty-state">
              <p className="mb-3">
                {filters.q
                  ? t(onlySearch ? 'listings.emptySearch' : 'listings.emptySearchFiltered', {
                      q: filters.q,
                    })
                  : t('listings.empty')}
              </p>
              <button type="button" className="btn btn-accent btn-touch px-4" onClick={clear}>
                {onlySearch ? t('listings.clearSearch') : t('listings.filters.clear')}
              </button>
            </div>
          }
        />
      )}
      <NearbyModal page={search.get('page')} />
    </div>
  );
}
