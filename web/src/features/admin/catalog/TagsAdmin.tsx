import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { ActionButton } from '@/components/admin/ActionButton';
import { AdminPage } from '@/components/admin/AdminPage';
import { TextField } from '@/components/admin/fields';
import { SearchedList } from '@/components/admin/SearchedList';
import { useListParams } from '@/components/admin/useListParams';
import { SubmitButton } from '@/components/FormField';
import { ActionDialog } from '@/features/admin/people/ActionDialog';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import { type AdminTag, adminTagsQuery, type TagFilter, useTagChange } from './tagQueries';

type Dialog = { kind: 'rename' | 'merge' | 'hide' | 'show'; tag: AdminTag } | null;
const FILTERS: TagFilter[] = ['all', 'visible', 'hidden'];

function TagDialog({ dialog, onClose }: { dialog: NonNullable<Dialog>; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useTagChange();
  const { kind, tag } = dialog;
  const [value, setValue] = useState(kind === 'rename' ? tag.name : '');
  const needsValue = kind === 'rename' || kind === 'merge';
  return (
    <ActionDialog
      show
      title={t(`catalog.tags.${kind}Title`, { name: tag.name })}
      message={t(`catalog.tags.${kind}Message`, { name: tag.name, count: tag.usernames })}
      confirmLabel={t(`catalog.tags.${kind}`)}
      danger={kind === 'merge'}
      reasonRequired={false}
      pending={change.isPending}
      onClose={onClose}
      onConfirm={(reason) => {
        if (needsValue && !value.trim()) return;
        const done = () => {
          toast.success(t(`catalog.tags.${kind}Done`, { name: tag.name, into: value.trim() }));
          onClose();
        };
        if (kind === 'merge') {
          change.mutate({ kind, id: tag.id, into: value.trim(), reason }, { onSuccess: done });
        } else if (kind === 'rename') {
          change.mutate(
            { kind: 'update', id: tag.id, name: value.trim(), reason },
            { onSuccess: done },
          );
        } else {
          change.mutate(
            { kind: 'update', id: tag.id, hidden: kind === 'hide', reason },
            { onSuccess: done },
          );
        }
      }}
    >
      {needsValue && (
        <Form.Group className="mb-3" controlId={`tag-${kind}-${tag.id}`}>
          <Form.Label className="fw-medium">
            {kind === 'rename' ? t('catalog.tags.newName') : t('catalog.tags.into')}
          </Form.Label>
          <Form.Control
            required
            maxLength={40}
            value={value}
            autoComplete="off"
            onChange={(e) => setValue(e.target.value)}
          />
          {kind === 'merge' && <Form.Text>{t('catalog.tags.intoHint')}</Form.Text>}
        </Form.Group>
      )}
    </ActionDialog>
  );
}

function TagRow({ tag, onAct }: { tag: AdminTag; onAct: (d: NonNullable<Dialog>) => void }) {
  const { t } = useTranslation();
  return (
    <li
      className="addme-card p-2 px-3 d-flex flex-wrap align-items-center gap-2"
      data-testid="admin-tag"
    >
      <span className="fw-semibold text-break me-1">#{tag.name}</span>
      {tag.hidden && (
        <span className="badge text-bg-secondary">{t('catalog.tags.hiddenBadge')}</span>
      )}
      <span className="small text-body-secondary">
        {t('catalog.tags.counts', { count: tag.usernames, listed: tag.listed })}
      </span>
      <span className="ms-auto d-flex flex-wrap gap-2">
        <ActionButton small onClick={() => onAct({ kind: 'rename', tag })}>
          {t('catalog.tags.rename')}
        </ActionButton>
        <ActionButton small onClick={() => onAct({ kind: 'merge', tag })}>
          {t('catalog.tags.merge')}
        </ActionButton>
        <ActionButton small onClick={() => onAct({ kind: tag.hidden ? 'show' : 'hide', tag })}>
          {tag.hidden ? t('catalog.tags.show') : t('catalog.tags.hide')}
        </ActionButton>
      </span>
    </li>
  );
}

/** /admin/tags: every tag with how many usernames carry it; create, rename, merge, hide. */
export function TagsAdmin() {
  const { t } = useTranslation();
  const params = useListParams({ key: 'show', values: FILTERS });
  const list = useQuery(adminTagsQuery(params.q, params.filter, params.page));
  const create = useTagChange();
  const [name, setName] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);

  return (
    <AdminPage title={t('catalog.tags.title')} intro={t('catalog.tags.intro')}>
      <Form
        className="addme-card p-3 mb-3 d-flex flex-wrap gap-2 align-items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) return;
          create.mutate(
            { kind: 'create', name: name.trim(), reason: '' },
            {
              onSuccess: (tag) => {
                toast.success(t('catalog.tags.created', { name: tag.name }));
                setName('');
              },
            },
          );
        }}
      >
        <TextField
          layout="flex-grow-1"
          id="tag-new"
          label={t('catalog.tags.newTag')}
          required
          maxLength={40}
          value={name}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
        <SubmitButton pending={create.isPending}>{t('catalog.tags.create')}</SubmitButton>
      </Form>
      <SearchedList
        params={params}
        query={list}
        search={t('catalog.tags.search')}
        filter={{
          label: t('catalog.tags.filter'),
          values: FILTERS,
          text: (f) => t(`catalog.tags.filters.${f}`),
        }}
        pagerLabel={t('catalog.tags.title')}
        loadError={t('catalog.common.loadError')}
        empty={t('catalog.tags.empty')}
        testId="admin-tags"
        row={(tag) => <TagRow key={tag.id} tag={tag} onAct={setDialog} />}
      />
      {dialog && (
        <TagDialog
          key={`${dialog.kind}-${dialog.tag.id}`}
          dialog={dialog}
          onClose={() => setDialog(null)}
        />
      )}
    </AdminPage>
  );
}
