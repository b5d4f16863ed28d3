import { ButtonLink } from '@/components/ButtonLink';
import { LoadError } from '@/components/LoadError';
import { PageHead } from '@/components/PageHead';
import { useTranslation } from '@/i18n/useTranslation';
import { GroupCard } from './GroupCard';
import { type Group, useMyGroups } from './queries';

function Section({
  title,
  groups,
  empty,
  testId,
}: {
  title: string;
  groups: Group[];
  empty: string;
  testId: string;
}) {
  return (
    <section className="mb-4" data-testid={testId} aria-label={title}>
      <h2 className="h5 mb-3">
        {title} <span className="badge text-bg-secondary">{groups.length}</span>
      </h2>
      {groups.length === 0 ? (
        <p className="text-body-secondary">{empty}</p>
      ) : (
        <ul className="ucard-grid">
          {groups.map((group) => (
            <li key={group.id}>
              <GroupCard group={group} headingLevel={3} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /user/group: the groups I created and the ones I joined. */
export function MyGroups() {
  const { t } = useTranslation();
  const mine = useMyGroups();
  return (
    <div data-testid="my-groups">
      <PageHead title={t('community.myGroups.title')}>
        <ButtonLink to="/user/group/create" variant="accent">
          {t('community.groups.create')}
        </ButtonLink>
      </PageHead>
      {mine.isPending ? (
        <p role="status">{t('listings.loading')}</p>
      ) : mine.isError ? (
        <LoadError message={t('listings.loadFailed')} query={mine} />
      ) : (
        <>
          <Section
            testId="groups-created"
            title={t('community.myGroups.created')}
            groups={mine.data.created}
            empty={t('community.myGroups.noneCreated')}
          />
          <Section
            testId="groups-joined"
            title={t('community.myGroups.joined')}
            groups={mine.data.joined}
            empty={t('community.myGroups.noneJoined')}
          />
        </>
      )}
    </div>
  );
}
