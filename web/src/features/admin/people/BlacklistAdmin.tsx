import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { ActionButton } from '@/components/admin/ActionButton';
import { AdminList } from '@/components/admin/AdminList';
import { AdminPage } from '@/components/admin/AdminPage';
import { ConfirmButton } from '@/components/admin/ConfirmButton';
import { TextField } from '@/components/admin/fields';
import { SelectOptions } from '@/components/admin/SelectOptions';
import { SubmitButton } from '@/components/FormField';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import { blacklistQuery, type TermKind, useBlacklistChange } from './queries';

const KINDS: TermKind[] = ['spam', 'selling', 'underage', 'link', 'phone', 'illegal', 'ip'];

/** /admin/blacklist: terms for the automated approval and IP ranges for the risk check. */
export function BlacklistAdmin() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<TermKind | null>(null);
  const list = useQuery(blacklistQuery(filter));
  const change = useBlacklistChange();
  const [kind, setKind] = useState<TermKind>('spam');
  const [pattern, setPattern] = useState('');
  const [isRegex, setIsRegex] = useState(false);
  const kindText = (k: TermKind) => t(`people.blacklist.kinds.${k}`);

  return (
    <AdminPage title={t('people.blacklist.title')} intro={t('people.blacklist.intro')}>
      <Form
        className="addme-card p-3 mb-3 row g-2 align-items-end mx-0"
        onSubmit={(e) => {
          e.preventDefault();
          if (!pattern.trim()) return;
          change.mutate(
            {
              kind: 'add',
              term: { kind, pattern: pattern.trim(), is_regex: kind !== 'ip' && isRegex },
            },
            {
              onSuccess: () => {
                toast.success(t('people.blacklist.added'));
                setPattern('');
                setIsRegex(false);
              },
            },
          );
        }}
      >
        <Form.Group className="col-12 col-md-3" controlId="blacklist-kind">
          <Form.Label className="small mb-1">{t('people.blacklist.kind')}</Form.Label>
          <Form.Select value={kind} onChange={(e) => setKind(e.target.value as TermKind)}>
            <SelectOptions values={KINDS} text={kindText} />
          </Form.Select>
        </Form.Group>
        <TextField
          layout="col-12 col-md-5"
          id="blacklist-pattern"
          label={t('people.blacklist.pattern')}
          required
          maxLength={200}
          value={pattern}
          className={kind === 'ip' || isRegex ? 'font-monospace' : undefined}
          onChange={(e) => setPattern(e.target.value)}
        />
        <div className="col-12 col-md-2">
          <Form.Check
            id="blacklist-regex"
            className="addme-check py-2"
            label={t('people.blacklist.regex')}
            checked={isRegex && kind !== 'ip'}
            disabled={kind === 'ip'}
            onChange={(e) => setIsRegex(e.target.checked)}
          />
        </div>
        <div className="col-12 col-md-2">
          <SubmitButton pending={change.isPending} className="w-100">
            {t('people.blacklist.add')}
          </SubmitButton>
        </div>
      </Form>
      <div className="d-flex align-items-center gap-2 mb-2">
        <Form.Label htmlFor="blacklist-filter" className="mb-0">
          {t('people.blacklist.filter')}
        </Form.Label>
        <Form.Select
          id="blacklist-filter"
          className="w-auto"
          value={filter ?? ''}
          onChange={(e) => setFilter((e.target.value || null) as TermKind | null)}
        >
          <SelectOptions any={t('people.blacklist.all')} values={KINDS} text={kindText} />
        </Form.Select>
      </div>
      <AdminList
        query={list}
        items={list.data?.data}
        loadError={t('people.common.loadError')}
        loading={{ height: '10rem' }}
        empty={t('people.blacklist.empty')}
        className="list-unstyled d-flex flex-column gap-2"
        testId="blacklist"
        row={(term) => (
          <li
            key={term.id}
            className={`addme-card p-2 px-3 d-flex flex-wrap align-items-center gap-2 ${term.active ? '' : 'opacity-75'}`}
          >
            <span className="badge text-bg-secondary">
              {t(`people.blacklist.kinds.${term.kind}`, { defaultValue: term.kind })}
            </span>
            <code className="flex-grow-1 text-break text-body">{term.pattern}</code>
            {term.is_regex && <span className="badge text-bg-light border">regex</span>}
            <span className={`badge ${term.active ? 'text-bg-success' : 'text-bg-secondary'}`}>
              {term.active ? t('people.blacklist.on') : t('people.blacklist.off')}
            </span>
            <ActionButton
              small
              disabled={change.isPending}
              onClick={() => change.mutate({ kind: 'switch', id: term.id, active: !term.active })}
            >
              {term.active ? t('people.blacklist.switchOff') : t('people.blacklist.switchOn')}
            </ActionButton>
            <ConfirmButton
              disabled={change.isPending}
              question={t('people.blacklist.deleteConfirm', { pattern: term.pattern })}
              title={t('people.blacklist.delete')}
              onConfirm={() =>
                change.mutate(
                  { kind: 'delete', id: term.id },
                  { onSuccess: () => toast.success(t('people.blacklist.deleted')) },
                )
              }
            >
              {t('people.blacklist.delete')}
            </ConfirmButton>
          </li>
        )}
      />
    </AdminPage>
  );
}
