import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useSearchParams } from 'react-router';
import { LoadError } from '@/components/LoadError';
import { Pager } from '@/components/Pager';
import { SubPathTabs, useSubPathTitle } from '@/components/SubPathTabs';
import { SkeletonCard } from '@/components/UsernameCard';
import { APPS } from '@/config/options';
import { useTitle } from '@/hooks/useTitle';
import type { SubPathScope } from '@/lib/subPaths';
import { GroupCard } from './GroupCard';
import { useGroups } from './queries';

function pageFrom(search: URLSearchParams): number {
  const page = Number.parseInt(search.get('page') ?? '', 10);
  return Number.isFinite(page) && page > 1 ? page : 1;
}

/** /groups and /{app}-groups: public groups, newest activity first, with paging. */
export function GroupList({ scope }: { scope: SubPathScope }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const page = pageFrom(search);
  const list = useGroups(scope, page);
  const { app } = scope;
  const title = useSubPathTitle(
    app ? t('community.groups.titleApp', { app: t(`apps.${app}`) }) : t('community.groups.title'),
    scope,
  );
  useTitle(title);
  const { pathname } = useLocation();
  const base = pathname;
  const tabClass = ({ isActive }: { isActive: boolean }) =>
    `btn btn-sm btn-touch ${isActive ? 'btn-accent' : 'btn-outline-secondary'}`;
  const meta = list.data?.meta;

  return (
    <div data-testid="groups">
      <div className="listing-head mb-3">
        <div>
          <h1 className="h3 mb-1">{title}</h1>
          <p className="mb-0 text-body-secondary">{t('community.groups.lead')}</p>
        </div>
        <Link to="/user/group/create" className="btn btn-accent btn-touch">
          {t('community.groups.create')}
        </Link>
      </div>
      <nav className="listing-tabs mb-3" aria-label={t('community.groups.appsLabel')}>
        <NavLink to="/groups" end className={tabClass}>
          {t('community.groups.all')}
        </NavLink>
        {APPS.map((a) => (
          <NavLink key={a} to={`/${a}-groups`} end className={tabClass}>
            {t(`apps.${a}`)}
          </NavLink>
        ))}
      </nav>
      {app && <SubPathTabs app={app} noun="groups" label={t('community.nudes.filtersLabel')} />}
      {list.isPending ? (
        <div className="ucard-grid ucard-grid-wide" aria-busy="true">
          <span className="visually-hidden" role="status">
            {t('listings.loading')}
          </span>
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <SkeletonCard key={i} />
          ))}
        </div>
      ) : list.isError ? (
        <LoadError
          message={t('listings.loadFailed')}
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.data.length === 0 ? (
        <div className="addme-card p-4 text-center" data-testid="empty-state">
          <p className="mb-3">{t('community.groups.empty')}</p>
          <Link to="/user/group/create" className="btn btn-accent btn-touch">
            {t('community.groups.create')}
          </Link>
        </div>
      ) : (
        <ul
          className={`ucard-grid ucard-grid-wide ${list.isPlaceholderData ? 'opacity-50' : ''}`}
          aria-label={title}
        >
          {list.data.data.map((group) => (
            <li key={group.id}>
              <GroupCard group={group} />
            </li>
          ))}
        </ul>
      )}
      {meta && (
        <Pager
          page={page}
          hasNext={meta.has_next}
          totalPages={meta.total > 0 ? Math.ceil(meta.total / meta.per_page) : undefined}
          hrefFor={(p) => (p > 1 ? `${base}?page=${p}` : base)}
        />
      )}
    </div>
  );
}
