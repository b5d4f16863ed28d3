import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { AlertBody, alertFrameProps } from '@/components/AlertView';
import { EditorFooter, errorText, Labelled } from '@/features/admin/editor';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
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
  const [draft, setDraft] = useState<Draft>(() => (alert ? draftOf(alert) : EMPTY));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const id = alert?.id ?? 'new';
  const field = (name: string) => `alert-${name}-${id}`;
  const error = errorText(save.error ?? remove.error);
  return (
    <Form
      className="d-flex flex-column gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { id: alert?.id, body: bodyOf(draft) },
          {
            onSuccess: () => {
              toast.success(t('mod.alerts.saved'));
              if (!alert) setDraft(EMPTY);
              onDone();
            },
          },
        );
      }}
    >
      <fieldset>
        <legend className="small mb-1">{t('mod.alerts.spots')}</legend>
        <div className="d-flex flex-wrap gap-3">
          {SPOTS.map((spot) => (
            <Form.Check
              key={spot}
              id={field(`spot-${spot}`)}
              type="checkbox"
              label={t(`mod.alerts.spot.${spot}`)}
              checked={draft.spots.includes(spot)}
              onChange={(e) =>
                set(
                  'spots',
                  e.target.checked ? [...draft.spots, spot] : draft.spots.filter((s) => s !== spot),
                )
              }
            />
          ))}
        </div>
      </fieldset>
      <div className="row g-2">
        <div className="col-12 col-md-4">
          <Form.Label htmlFor={field('type')} className="small mb-1">
            {t('mod.alerts.type')}
          </Form.Label>
          <Form.Select
            id={field('type')}
            className="addme-touch-select"
            value={draft.type}
            onChange={(e) => set('type', e.target.value as Draft['type'])}
          >
            {TYPES.map((ty) => (
              <option key={ty} value={ty}>
                {t(`mod.alerts.types.${ty}`)}
              </option>
            ))}
          </Form.Select>
        </div>
        <div className="col-12 col-md-4">
          <Form.Label htmlFor={field('icon')} className="small mb-1">
            {t('mod.alerts.icon')}
          </Form.Label>
          <Form.Select
            id={field('icon')}
            className="addme-touch-select"
            value={draft.icon}
            onChange={(e) => set('icon', e.target.value)}
          >
            <option value="">{t('mod.alerts.noIcon')}</option>
            {ICONS.map((icon) => (
              <option key={icon} value={icon}>
                {icon}
              </option>
            ))}
          </Form.Select>
        </div>
        <Labelled className="col-12 col-md-4" id={field('classes')} label={t('mod.alerts.classes')}>
          <Form.Control
            id={field('classes')}
            value={draft.classes}
            maxLength={120}
            placeholder="fw-bold text-center"
            onChange={(e) => set('classes', e.target.value)}
          />
        </Labelled>
      </div>
      <Labelled id={field('text')} label={t('mod.alerts.text')}>
        <Form.Control
          id={field('text')}
          value={draft.text}
          maxLength={500}
          onChange={(e) => set('text', e.target.value)}
        />
        <Form.Text>{t('mod.alerts.textHelp')}</Form.Text>
      </Labelled>
      <div className="row g-2">
        {(['html', 'script'] as const).map((key) => (
          <Labelled
            key={key}
            className="col-12 col-lg-6"
            id={field(key)}
            label={t(`mod.alerts.${key}`)}
          >
            <Form.Control
              id={field(key)}
              as="textarea"
              rows={3}
              className="font-monospace"
              value={draft[key]}
              maxLength={20000}
              onChange={(e) => set(key, e.target.value)}
            />
          </Labelled>
        ))}
        <div className="col-12">
          <Form.Text>{t('mod.alerts.sandboxHelp')}</Form.Text>
        </div>
      </div>
      <Labelled id={field('style')} label={t('mod.alerts.style')}>
        <Form.Control
          id={field('style')}
          value={draft.style}
          maxLength={300}
          placeholder="background: #1b1f24; color: #fff"
          onChange={(e) => set('style', e.target.value)}
        />
      </Labelled>
      <div className="row g-2">
        {(
          [
            ['starts', 'startsAt'],
            ['ends', 'endsAt'],
          ] as const
        ).map(([name, key]) => (
          <Labelled
            key={key}
            className="col-12 col-md-6"
            id={field(name)}
            label={t(`mod.alerts.${key}`)}
          >
            <Form.Control
              id={field(name)}
              type="datetime-local"
              value={draft[key]}
              onChange={(e) => set(key, e.target.value)}
            />
          </Labelled>
        ))}
      </div>
      <div className="d-flex flex-wrap gap-4">
        <Form.Check
          type="switch"
          id={field('dismissible')}
          label={t('mod.alerts.dismissible')}
          checked={draft.dismissible}
          onChange={(e) => set('dismissible', e.target.checked)}
        />
        <Form.Check
          type="switch"
          id={field('active')}
          label={t('mod.alerts.active')}
          checked={draft.active}
          onChange={(e) => set('active', e.target.checked)}
        />
      </div>
      <Preview draft={draft} saved={alert} />
      <EditorFooter
        id={field('reason')}
        reason={draft.reason}
        onReason={(value) => set('reason', value)}
        error={error}
        saving={save.isPending}
        labels={{
          save: t('mod.alerts.save'),
          create: t('mod.alerts.create'),
          cancel: t('mod.alerts.cancel'),
          delete: t('mod.alerts.delete'),
          reasonToDelete: t('mod.alerts.reasonToDelete'),
          confirmDelete: t('mod.alerts.confirmDelete'),
        }}
        editing={
          alert && {
            deleting: remove.isPending,
            onCancel: onDone,
            onDelete: (reason) =>
              remove.mutate(
                { id: alert.id, reason },
                {
                  onSuccess: () => {
                    toast.success(t('mod.alerts.deleted'));
                    onDone();
                  },
                },
              ),
          }
        }
      />
    </Form>
  );
}
