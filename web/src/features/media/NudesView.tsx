import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { ApiError } from '@/api/errors';
import { AppTabs } from '@/components/AppTabs';
import { PagedGrid, pageHref, usePage } from '@/components/PagedGrid';
import { PageHead } from '@/components/PageHead';
import { SubPathTabs } from '@/components/SubPathTabs';
import { PER_PAGE } from '@/config/options';
import { errorText } from '@/errors/errorText';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { NudeCard } from './NudeCard';
import { nudesScopeFromPath } from './paths';
import { useNudes } from './queries';
import './media.css';

/** /nudes, /{app}-nudes and their gender and orientation sub-paths. */
export function NudesView() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scope = useMemo(() => nudesScopeFromPath(pathname), [pathname]);
  const page = usePage();
  const list = useNudes({ ...(scope ?? {}), page, per_page: PER_PAGE });
  const app = scope?.app ? t(`apps.${scope.app}`) : '';
  let title = scope?.app ? t('community.nudes.titleApp', { app }) : t('community.nudes.title');
  if (scope?.gender) title = `${title} · ${t(`gender.${scope.gender}`)}`;
  if (scope?.orientation) title = `${title} · ${t(`orientation.${scope.orientation}`)}`;
  if (scope?.vip) title = `${title} · ${t('listings.tabs.vip')}`;
  if (scope?.order) title = `${title} · ${t('listings.tabs.hottest')}`;
  useTitle(title);
  if (!scope) throw new ApiError('http', '', { status: 404 });

  const meta = list.data?.meta;

  return (
    <div data-testid="nudes">
      <PageHead title={title} lead={t('community.nudes.lead')}>
        {meta && (
          <p className="text-body-secondary small mb-0" aria-live="polite">
            {t('listings.total', { count: meta.total })}
          </p>
        )}
      </PageHead>
      <AppTabs
        allTo="/nudes"
        appTo={(a) => `/${a}-nudes`}
        label={t('community.nudes.appsLabel')}
        className="mb-2"
      />
      {scope.app && (
        <SubPathTabs app={scope.app} noun="nudes" label={t('community.nudes.filtersLabel')} />
      )}
      <PagedGrid
        query={list}
        page={page}
        hrefFor={(p) => pageHref(pathname, p)}
        label={title}
        itemKey={(card) => card.id}
        renderItem={(card) => <NudeCard card={card} />}
        gridClassName="nude-grid"
        skeleton={
          <div className="ncard ucard-skeleton" aria-hidden="true">
            <div className="adult-media" />
          </div>
        }
        errorMessage={
          list.error
            ? errorText(list.error, t, {
                context: { login_required: 'listings.dirtyNeedsLogin' },
                fallback: t('listings.loadFailed'),
              })
            : undefined
        }
        empty={
          <div className="addme-card p-4 text-center" data-testid="empty-state">
            <p className="mb-0">{t('community.nudes.empty')}</p>
          </div>
        }
      />
    </div>
  );
}
