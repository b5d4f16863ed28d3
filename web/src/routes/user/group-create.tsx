import { useParams, useSearchParams } from 'react-router';
import { NoticeCard } from '@/components/NoticeCard';
import { GroupForm } from '@/features/groups/GroupForm';
import { useMyGroups } from '@/features/groups/queries';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { useUser } from '@/session/session';

/** /user/group/create, /user/group/create?edit=:id and /user/group/:id/edit. */
export function Component() {
  const { t } = useTranslation();
  const { user } = useUser();
  const { id } = useParams();
  const [search] = useSearchParams();
  const editId = Number.parseInt(id ?? search.get('edit') ?? '', 10);
  const editing = Number.isFinite(editId) && editId > 0;
  const mine = useMyGroups();
  const title = editing ? t('community.groupForm.editTitle') : t('community.groupForm.title');
  useTitle(title);
  if (!user) return null;

  let body: React.ReactNode;
  if (!editing) body = <GroupForm user={user} editing={null} />;
  else if (mine.isPending) body = <p role="status">{t('listings.loading')}</p>;
  else {
    const group = mine.data?.created.find((g) => g.id === editId);
    body = group ? (
      <GroupForm key={group.id} user={user} editing={group} />
    ) : (
      <NoticeCard
        text={t('community.groups.notFound')}
        to="/user/group"
        linkText={t('community.myGroups.title')}
        testId="group-not-found"
      />
    );
  }
  return (
    <div style={{ maxWidth: 680 }}>
      <h1 className="h3 mb-3">{title}</h1>
      {body}
    </div>
  );
}
