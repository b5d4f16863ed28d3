import { Form } from 'react-bootstrap';
import { AlertBody, alertFrameProps } from '@/components/AlertView';
import { SelectField, TextField } from '@/components/admin/fields';
import { AuditedEditor, ScheduleFields, SpotChecks } from '@/features/admin/editor';
import { useTranslation } from '@/i18n/useTranslation';
import { bodyOf, type Draft, draftOf, EMPTY, ICONS, SPOTS, TYPES } from './draft';
import { type AdminAlert, useDeleteAlert, useSaveAlert } from './queries';

/** The alert as visitors will see it: the banner's own drawing, sandbox included. */
function Preview({ draft, saved }: { draft: Draft; saved?: AdminAlert }) {
  const { t } = useTranslation();
  // A saved alert's html and script run in their own sandboxed document; a changed one shows its
  // html only until it is saved (see AlertView).
  const unsaved = !saved || saved.html !== draft.html || saved.script !== draft.script;
  const look = {
    id: saved?.id ?? 0,
    type: draft.type,
    text: draft.text,
    html: draft.html,
    script: draft.script,
    icon: draft.icon || null,
    classes: draft.classes || null,
    style: draft.style || null,
  };
  const frame = alertFrameProps(look, true);
  return (
    <section aria-label={t('mod.alerts.preview')} data-testid="alert-preview">
      <div className="small text-body-secondary mb-1">{t('mod.alerts.preview')}</div>
      {draft.text.trim() || draft.html.trim() ? (
        <div className={`${frame.className} rounded`} style={frame.style}>
          <div className="d-flex align-items-center gap-2 px-2">
            <AlertBody alert={look} expanded draft={unsaved} />
          </div>
        </div>
      ) : (
        <p className="small text-body-secondary mb-0">{t('mod.alerts.previewEmpty')}</p>
      )}
      {unsaved && draft.html.trim() && draft.script.trim() && (
        <p className="small text-body-secondary mt-1 mb-0">{t('mod.alerts.scriptAfterSave')}</p>
      )}
    </section>
  );
}

export function AlertForm({ alert, onDone }: { alert?: AdminAlert; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveAlert();
  const remove = useDeleteAlert();
  return (
    <AuditedEditor
      ns="mod.alerts"
      prefix="alert"
      item={alert}
      empty={EMPTY}
      draftOf={draftOf}
      bodyOf={bodyOf}
      save={save}
      remove={remove}
      onDone={onDone}
    >
      {({ draft, set, field }) => (
        <>
          <SpotChecks
            ns="mod.alerts"
            spots={SPOTS}
            value={draft.spots}
            onChange={(spots) => set('spots', spots)}
            field={field}
          />
          <div className="row g-2">
            <SelectField
              layout="col-12 col-md-4"
              id={field('type')}
              label={t('mod.alerts.type')}
              value={draft.type}
              onChange={(v) => set('type', v as Draft['type'])}
              options={TYPES.map((ty) => ({ value: ty, label: t(`mod.alerts.types.${ty}`) }))}
            />
            <SelectField
              layout="col-12 col-md-4"
              id={field('icon')}
              label={t('mod.alerts.icon')}
              value={draft.icon}
              onChange={(v) => set('icon', v)}
              options={[
                { value: '', label: t('mod.alerts.noIcon') },
                ...ICONS.map((icon) => ({ value: icon, label: icon })),
              ]}
            />
            <TextField
              layout="col-12 col-md-4"
              id={field('classes')}
              label={t('mod.alerts.classes')}
              value={draft.classes}
              maxLength={120}
              placeholder="fw-bold text-center"
              onChange={(e) => set('classes', e.target.value)}
            />
          </div>
          <TextField
            id={field('text')}
            label={t('mod.alerts.text')}
            value={draft.text}
            maxLength={500}
            onChange={(e) => set('text', e.target.value)}
            help={t('mod.alerts.textHelp')}
          />
          <div className="row g-2">
            {(['html', 'script'] as const).map((key) => (
              <TextField
                key={key}
                layout="col-12 col-lg-6"
                id={field(key)}
                label={t(`mod.alerts.${key}`)}
                as="textarea"
                rows={3}
                className="font-monospace"
                value={draft[key]}
                maxLength={20000}
                onChange={(e) => set(key, e.target.value)}
              />
            ))}
            <div className="col-12">
              <Form.Text>{t('mod.alerts.sandboxHelp')}</Form.Text>
            </div>
          </div>
          <TextField
            id={field('style')}
            label={t('mod.alerts.style')}
            value={draft.style}
            maxLength={300}
            placeholder="background: #1b1f24; color: #fff"
            onChange={(e) => set('style', e.target.value)}
          />
          <ScheduleFields ns="mod.alerts" draft={draft} set={set} field={field} />
          <div className="d-flex flex-wrap gap-4">
            {(['dismissible', 'active'] as const).map((key) => (
              <Form.Check
                key={key}
                type="switch"
                id={field(key)}
                label={t(`mod.alerts.${key}`)}
                checked={draft[key]}
                onChange={(e) => set(key, e.target.checked)}
              />
            ))}
          </div>
          <Preview draft={draft} saved={alert} />
        </>
      )}
    </AuditedEditor>
  );
}
