import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useSearchParams } from 'react-router';
import { ApiError } from '@/api/errors';
import { LoadError } from '@/components/LoadError';
import { Pager } from '@/components/Pager';
import { SubPathTabs } from '@/components/SubPathTabs';
import { APPS, PER_PAGE } from '@/config/options';
import { errorText } from '@/errors/errorText';
import { useTitle } from '@/hooks/useTitle';
import { NudeCard } from './NudeCard';
import { nudesScopeFromPath } from './paths';
import { useNudes } from './queries';
import './media.css';

/** /nudes, /{app}-nudes and their gender and orientation sub-paths. */
export function NudesView() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const scope = useMemo(() => nudesScopeFromPath(pathname), [pathname]);
  const rawPage = Number.parseInt(search.get('page') ?? '', 10);
  const page = Number.isFinite(rawPage) && rawPage > 1 ? rawPage : 1;
  const list = useNudes({ ...(scope ?? {}), page, per_page: PER_PAGE });
  const app = scope?.app ? t(`apps.${scope.app}`) : '';
  let title = scope?.app ? t('community.nudes.titleApp', { app }) : t('community.nudes.title');
  if (scope?.gender) title = `${title} · ${t(`gender.${scope.gender}`)}`;
  if (scope?.orientation) title = `${title} · ${t(`orientation.${scope.orientation}`)}`;
  if (scope?.vip) title = `${title} · ${t('listings.tabs.vip')}`;
  if (scope?.order) title = `${title} · ${t('listings.tabs.hottest')}`;
  useTitle(title);
  if (!scope) throw new ApiError('http', '', { status: 404 });

  const tabClass = ({ isActive }: { isActive: boolean }) =>
    `btn btn-sm btn-touch ${isActive ? 'btn-accent' : 'btn-outline-secondary'}`;
  const meta = list.data?.meta;

  return (
    <div data-testid="nudes">
      <div className="listing-head mb-3">
        <div>
          <h1 className="h3 mb-1">{title}</h1>
          <p className="mb-0 text-body-secondary">{t('community.nudes.lead')}</p>
        </div>
        {meta && (
          <p className="text-body-secondary small mb-0" aria-live="polite">
            {t('listings.total', { count: meta.total })}
          </p>
        )}
      </div>
      <nav className="listing-tabs mb-2" aria-label={t('community.nudes.appsLabel')}>
        <NavLink to="/nudes" end className={tabClass}>
          {t('community.groups.all')}
        </NavLink>
        {APPS.map((a) => (
          <NavLink key={a} to={`/${a}-nudes`} end className={tabClass}>
            {t(`apps.${a}`)}
          </NavLink>
        ))}
      </nav>
      {scope.app && (
        <SubPathTabs app={scope.app} noun="nudes" label={t('community.nudes.filtersLabel')} />
      )}
      {list.isPending ? (
        <div className="nude-grid" aria-busy="true">
          <span className="visually-hidden" role="status">
            {t('listings.loading')}
          </span>
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <div key={i} className="ncard ucard-skeleton">
              <div className="adult-media" />
            </div>
          ))}
        </div>
      ) : list.isError ? (
        <LoadError
          message={errorText(list.error, t, {
            context: { login_required: 'listings.dirtyNeedsLogin' },
            fallback: t('listings.loadFailed'),
          })}
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.data.length === 0 ? (
        <div className="addme-card p-4 text-center" data-testid="empty-state">
          <p className="mb-0">{t('community.nudes.empty')}</p>
        </div>
      ) : (
        <ul
          className={`nude-grid ${list.isPlaceholderData ? 'opacity-50' : ''}`}
          aria-label={title}
        >
          {list.data.data.map((card) => (
            <li key={card.id}>
              <NudeCard card={card} />
            </li>
          ))}
        </ul>
      )}
      {meta && (
        <Pager
          page={page}
          hasNext={meta.has_next}
          totalPages={meta.total > 0 ? Math.ceil(meta.total / meta.per_page) : undefined}
          hrefFor={(p) => (p > 1 ? `${pathname}?page=${p}` : pathname)}
        />
      )}
    </div>
  );
}
