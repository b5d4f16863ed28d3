import { useLocation } from 'react-router';
import { AppTabs } from '@/components/AppTabs';
import { ButtonLink } from '@/components/ButtonLink';
import { NoticeCard } from '@/components/NoticeCard';
import { PagedGrid, pageHref, usePage } from '@/components/PagedGrid';
import { PageHead } from '@/components/PageHead';
import { SubPathTabs, useSubPathTitle } from '@/components/SubPathTabs';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import type { SubPathScope } from '@/lib/subPaths';
import { GroupCard } from './GroupCard';
import { useGroups } from './queries';

/** /groups and /{app}-groups: public groups, newest activity first, with paging. */
export function GroupList({ scope }: { scope: SubPathScope }) {
  const { t } = useTranslation();
  const page = usePage();
  const list = useGroups(scope, page);
  const { app } = scope;
  const title = useSubPathTitle(
    app ? t('community.groups.titleApp', { app: t(`apps.${app}`) }) : t('community.groups.title'),
    scope,
  );
  useTitle(title);
  const { pathname } = useLocation();

  return (
    <div data-testid="groups">
      <PageHead title={title} lead={t('community.groups.lead')}>
        <ButtonLink to="/user/group/create" variant="accent">
          {t('community.groups.create')}
        </ButtonLink>
      </PageHead>
      <AppTabs
        allTo="/groups"
        appTo={(a) => `/${a}-groups`}
        label={t('community.groups.appsLabel')}
        className="mb-3"
      />
      {app && <SubPathTabs app={app} noun="groups" label={t('community.nudes.filtersLabel')} />}
      <PagedGrid
        query={list}
        page={page}
        hrefFor={(p) => pageHref(pathname, p)}
        label={title}
        itemKey={(group) => group.id}
        renderItem={(group) => <GroupCard group={group} />}
        skeletons={6}
        empty={
          <NoticeCard
            text={t('community.groups.empty')}
            to="/user/group/create"
            linkText={t('community.groups.create')}
            testId="empty-state"
          />
        }
      />
    </div>
  );
}
