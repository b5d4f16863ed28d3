import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { ActionButton } from '@/components/admin/ActionButton';
import { AdminPage } from '@/components/admin/AdminPage';
import { ConfirmButton } from '@/components/admin/ConfirmButton';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import { QueueList } from './parts';
import { type Macro, type MacroType, macrosQuery, useDeleteMacro, useSaveMacro } from './queries';

const TYPES: MacroType[] = ['review', 'report', 'unban', 'removal', 'contact'];

function MacroForm({ macro, onDone }: { macro?: Macro; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveMacro();
  const [name, setName] = useState(macro?.name ?? '');
  const [type, setType] = useState<MacroType>((macro?.type as MacroType) ?? 'review');
  const [text, setText] = useState(macro?.text ?? '');
  const id = macro?.id ?? 'new';
  return (
    <Form
      className="d-flex flex-column gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!name.trim() || !text.trim()) return;
        save.mutate(
          { id: macro?.id, name: name.trim(), type, text: text.trim() },
          {
            onSuccess: () => {
              toast.success(t('mod.macros.saved'));
              if (!macro) {
                setName('');
                setText('');
              }
              onDone();
            },
          },
        );
      }}
    >
      <div className="row g-2">
        <div className="col-12 col-md-8">
          <Form.Label htmlFor={`macro-name-${id}`} className="small mb-1">
            {t('mod.macros.name')}
          </Form.Label>
          <Form.Control
            id={`macro-name-${id}`}
            value={name}
            maxLength={80}
            required
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="col-12 col-md-4">
          <Form.Label htmlFor={`macro-type-${id}`} className="small mb-1">
            {t('mod.macros.type')}
          </Form.Label>
          <Form.Select
            id={`macro-type-${id}`}
            className="addme-touch-select"
            value={type}
            onChange={(e) => setType(e.target.value as MacroType)}
          >
            {TYPES.map((ty) => (
              <option key={ty} value={ty}>
                {t(`mod.macros.types.${ty}`)}
              </option>
            ))}
          </Form.Select>
        </div>
      </div>
      <Form.Label htmlFor={`macro-text-${id}`} className="small mb-0">
        {t('mod.macros.text')}
      </Form.Label>
      <Form.Control
        id={`macro-text-${id}`}
        as="textarea"
        rows={2}
        maxLength={2000}
        required
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div>
        <button type="submit" className="btn btn-accent btn-touch" disabled={save.isPending}>
          {macro ? t('mod.macros.save') : t('mod.macros.add')}
        </button>
      </div>
    </Form>
  );
}

/** /admin/macros: the canned answers offered in every decision's reason field. */
export function MacrosAdmin() {
  const { t } = useTranslation();
  const macros = useQuery(macrosQuery());
  const remove = useDeleteMacro();
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <AdminPage title={t('mod.nav.macros')} intro={t('mod.macros.intro')}>
      <section className="addme-card p-3 mb-4" aria-labelledby="macro-new">
        <h2 className="h6" id="macro-new">
          {t('mod.macros.new')}
        </h2>
        <MacroForm onDone={() => undefined} />
      </section>
      <QueueList
        pending={macros.isPending}
        items={macros.data}
        empty={t('mod.macros.empty')}
        className="list-unstyled d-flex flex-column gap-2"
        card={(m) => (
          <li key={m.id} className="addme-card p-3" data-testid="macro-item">
            {editing === m.id ? (
              <MacroForm macro={m} onDone={() => setEditing(null)} />
            ) : (
              <>
                <div className="d-flex flex-wrap gap-2 align-items-center">
                  <span className="fw-semibold">{m.name}</span>
                  <span className="badge text-bg-secondary">{t(`mod.macros.types.${m.type}`)}</span>
                </div>
                <p className="small mb-2 text-break">{m.text}</p>
                <div className="d-flex gap-2">
                  <ActionButton small onClick={() => setEditing(m.id)}>
                    {t('mod.macros.edit')}
                  </ActionButton>
                  <ConfirmButton
                    className="btn btn-outline-danger btn-touch btn-sm"
                    disabled={remove.isPending}
                    question={t('mod.macros.confirmDelete', { name: m.name })}
                    title={t('mod.macros.delete')}
                    onConfirm={() => remove.mutate(m.id)}
                  >
                    {t('mod.macros.delete')}
                  </ConfirmButton>
                </div>
              </>
            )}
          </li>
        )}
      />
    </AdminPage>
  );
}
