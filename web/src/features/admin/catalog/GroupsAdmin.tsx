import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppBadge } from '@/components/AppBadge';
import { ActionButton } from '@/components/admin/ActionButton';
import { AdminPage } from '@/components/admin/AdminPage';
import { TextField } from '@/components/admin/fields';
import { SearchedList } from '@/components/admin/SearchedList';
import { useListParams } from '@/components/admin/useListParams';
import { ActionDialog } from '@/features/admin/people/ActionDialog';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate } from '@/lib/format';
import { toast } from '@/toasts/toastStore';
import { type AdminGroup, adminGroupsQuery, useRemoveGroup, useUpdateGroup } from './groupQueries';

type Dialog = { kind: 'edit' | 'remove'; group: AdminGroup } | null;

function EditDialog({ group, onClose }: { group: AdminGroup; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useUpdateGroup();
  const [name, setName] = useState(group.name);
  const [description, setDescription] = useState(group.description);
  const [max, setMax] = useState(String(group.max_members));
  return (
    <ActionDialog
      show
      title={t('catalog.groups.editTitle', { name: group.name })}
      message={t('catalog.groups.editMessage', { count: group.members_count })}
      confirmLabel={t('catalog.groups.save')}
      reasonRequired={false}
      pending={save.isPending}
      onClose={onClose}
      onConfirm={(reason) =>
        save.mutate(
          {
            id: group.id,
            body: { name: name.trim(), description, max_members: Number(max), reason },
          },
          {
            onSuccess: () => {
              toast.success(t('catalog.groups.saved'));
              onClose();
            },
          },
        )
      }
    >
      <TextField
        layout="mb-3"
        strong
        id={`group-name-${group.id}`}
        label={t('catalog.groups.name')}
        required
        minLength={3}
        maxLength={60}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        layout="mb-3"
        strong
        id={`group-info-${group.id}`}
        label={t('catalog.groups.information')}
        as="textarea"
        rows={3}
        maxLength={1000}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <TextField
        layout="mb-3"
        strong
        id={`group-max-${group.id}`}
        label={t('catalog.groups.maxMembers')}
        type="number"
        required
        min={Math.max(2, group.members_count)}
        max={10000}
        value={max}
        onChange={(e) => setMax(e.target.value)}
        help={t('catalog.groups.maxHint', { count: group.members_count })}
      />
    </ActionDialog>
  );
}

function RemoveDialog({ group, onClose }: { group: AdminGroup; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useRemoveGroup();
  return (
    <ActionDialog
      show
      danger
      title={t('catalog.groups.removeTitle', { name: group.name })}
      message={t('catalog.groups.removeMessage', { count: group.members_count })}
      confirmLabel={t('catalog.groups.remove')}
      decision="remove_group"
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={(reason) =>
        remove.mutate(
          { id: group.id, reason },
          {
            onSuccess: () => {
              toast.success(t('catalog.groups.removed', { name: group.name }));
              onClose();
            },
          },
        )
      }
    />
  );
}

function GroupRow({
  group,
  onAct,
}: {
  group: AdminGroup;
  onAct: (d: NonNullable<Dialog>) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <li className="addme-card p-3" data-testid="admin-group">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <AppBadge app={group.app} />
        <Link to={`/group/${group.slug}`} className="fw-semibold text-break">
          {group.name}
        </Link>
        <span className="small text-body-secondary">
          {t('catalog.groups.members', { count: group.members_count, max: group.max_members })}
        </span>
        <span className="ms-auto small text-body-secondary">
          {formatDate(group.created_at, i18n.language)}
        </span>
      </div>
      <div className="small text-body-secondary text-break">
        {t('catalog.groups.handle')}: <code className="text-body">{group.username}</code> ·{' '}
        {t('catalog.groups.owner')}:{' '}
        {group.owner_email ? (
          <Link to={`/admin/users/${group.owner_id}`}>{group.owner_email}</Link>
        ) : (
          `#${group.owner_id}`
        )}
      </div>
      {group.description && <p className="small mb-2 mt-1 text-break">{group.description}</p>}
      <div className="d-flex flex-wrap gap-2 mt-2">
        <ActionButton variant="accent" onClick={() => onAct({ kind: 'edit', group })}>
          {t('catalog.groups.edit')}
        </ActionButton>
        <ActionButton variant="outline-danger" onClick={() => onAct({ kind: 'remove', group })}>
          {t('catalog.groups.remove')}
        </ActionButton>
      </div>
    </li>
  );
}

/** /admin/groups: find a group, edit its information and maximum, or remove it. */
export function GroupsAdmin() {
  const { t } = useTranslation();
  const params = useListParams();
  const list = useQuery(adminGroupsQuery(params.q, params.page));
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  return (
    <AdminPage title={t('catalog.groups.title')} intro={t('catalog.groups.intro')}>
      <SearchedList
        params={params}
        query={list}
        search={t('catalog.groups.search')}
        pagerLabel={t('catalog.groups.title')}
        loadError={t('catalog.common.loadError')}
        empty={t('catalog.groups.empty')}
        testId="admin-groups"
        row={(group) => <GroupRow key={group.id} group={group} onAct={setDialog} />}
      />
      {dialog?.kind === 'edit' && (
        <EditDialog key={dialog.group.id} group={dialog.group} onClose={close} />
      )}
      {dialog?.kind === 'remove' && (
        <RemoveDialog key={dialog.group.id} group={dialog.group} onClose={close} />
      )}
    </AdminPage>
  );
}
