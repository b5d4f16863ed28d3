import { type ReactNode, useState } from 'react';
import { Form } from 'react-bootstrap';
import { ApiError } from '@/api/errors';
import { ActionButton } from '@/components/admin/ActionButton';
import { TextField } from '@/components/admin/fields';
import { SubmitButton } from '@/components/FormField';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate } from '@/lib/format';
import { toast } from '@/toasts/toastStore';

/**
 * What the admin's editors of scheduled content (alerts, ads) share: the editor's shell (its draft,
 * save and delete), date-time fields in the admin's own clock, the server's refusal as one line,
 * the field layout, and the reason-and-actions footer every audited change ends with.
 */

/** An ISO date as the value of a local date-time field (the admin's own clock). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromLocalInput(value: string): string | null {
  return value ? new Date(value).toISOString() : null;
}

/** The server's refusal as one line: its field messages when it names fields, else its message. */
export function errorText(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError) {
    const fields = Object.values(error.fieldErrors).flat();
    return fields.length ? fields.join(' ') : error.message;
  }
  return String(error);
}

/** The texts of an editor's actions, in its own namespace. */
export type EditorLabels = {
  save: string;
  create: string;
  cancel: string;
  delete: string;
  reasonToDelete: string;
  confirmDelete: string;
};

/**
 * The reason (the audit log keeps it), the server's refusal, and the actions: create, or save,
 * cancel and delete. Deleting asks for a reason first, then for a confirmation.
 */
export function EditorFooter({
  id,
  reason,
  onReason,
  error,
  saving,
  labels,
  editing,
}: {
  id: string;
  reason: string;
  onReason: (value: string) => void;
  error: string | null;
  saving: boolean;
  labels: EditorLabels;
  /** Present for a saved item: cancel the edit, or delete it with the reason. */
  editing?: { deleting: boolean; onCancel: () => void; onDelete: (reason: string) => void };
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        id={id}
        label={t('mod.reason')}
        as="textarea"
        rows={2}
        maxLength={300}
        value={reason}
        onChange={(e) => onReason(e.target.value)}
      />
      {error && (
        <div className="alert alert-danger mb-0" role="alert">
          {error}
        </div>
      )}
      <div className="d-flex flex-wrap gap-2">
        <SubmitButton pending={saving}>{editing ? labels.save : labels.create}</SubmitButton>
        {editing && (
          <>
            <ActionButton onClick={editing.onCancel}>{labels.cancel}</ActionButton>
            <ActionButton
              variant="outline-danger"
              className="ms-auto"
              disabled={editing.deleting}
              onClick={() => {
                if (reason.trim().length < 3) {
                  toast.danger(labels.reasonToDelete);
                  return;
                }
                toast.confirm(
                  labels.confirmDelete,
                  () => editing.onDelete(reason.trim()),
                  labels.delete,
                );
              }}
            >
              {labels.delete}
            </ActionButton>
          </>
        )}
      </div>
    </>
  );
}

/** Whether a scheduled item shows now (live), later (scheduled), no more (over) or never (off). */
export function ScheduleState({
  item,
  ns,
}: {
  item: { active: boolean; starts_at?: string | null; ends_at?: string | null };
  /** The editor's texts: `${ns}.state.live`, `${ns}.from`, `${ns}.until`... */
  ns: string;
}) {
  const { t, i18n } = useTranslation();
  const now = Date.now();
  const state = !item.active
    ? 'off'
    : item.ends_at && new Date(item.ends_at).getTime() <= now
      ? 'over'
      : item.starts_at && new Date(item.starts_at).getTime() > now
        ? 'scheduled'
        : 'live';
  const tone = { live: 'success', scheduled: 'info', over: 'secondary', off: 'secondary' }[state];
  return (
    <span className="d-inline-flex flex-wrap gap-2 align-items-center small">
      <span className={`badge text-bg-${tone}`}>{t(`${ns}.state.${state}`)}</span>
      {item.starts_at && (
        <span>
          {t(`${ns}.from`, { date: formatDate(item.starts_at, i18n.language, 'compact') })}
        </span>
      )}
      {item.ends_at && (
        <span>
          {t(`${ns}.until`, { date: formatDate(item.ends_at, i18n.language, 'compact') })}
        </span>
      )}
    </span>
  );
}

/** What an editor's fields get: the draft, a setter per field, and the ids of its controls. */
export type EditorFields<D> = {
  draft: D;
  set: <K extends keyof D>(key: K, value: D[K]) => void;
  /** A control's id, unique to this editor (`${prefix}-${name}-${id or 'new'}`). */
  field: (name: string) => string;
};

type Outcome = { onSuccess: () => void };

/**
 * An editor of one audited item (create when `item` is absent, else save or delete): the form, its
 * draft, the toasts, and the footer; the fields are the children. Texts come from `ns`: `saved`,
 * `deleted`, `save`, `create`, `cancel`, `delete`, `reasonToDelete`, `confirmDelete`.
 */
export function AuditedEditor<D extends { reason: string }, B, T extends { id: number }>({
  ns,
  prefix,
  item,
  empty,
  draftOf,
  bodyOf,
  save,
  remove,
  onDone,
  children,
}: {
  ns: string;
  prefix: string;
  item?: T;
  empty: D;
  draftOf: (item: T) => D;
  bodyOf: (draft: D) => B;
  save: {
    mutate: (v: { id?: number; body: B }, o: Outcome) => void;
    isPending: boolean;
    error: unknown;
  };
  remove: {
    mutate: (v: { id: number; reason: string }, o: Outcome) => void;
    isPending: boolean;
    error: unknown;
  };
  onDone: () => void;
  children: (fields: EditorFields<D>) => ReactNode;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<D>(() => (item ? draftOf(item) : empty));
  const set = <K extends keyof D>(key: K, value: D[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const field = (name: string) => `${prefix}-${name}-${item?.id ?? 'new'}`;
  const labels = Object.fromEntries(
    ['save', 'create', 'cancel', 'delete', 'reasonToDelete', 'confirmDelete'].map((k) => [
      k,
      t(`${ns}.${k}`),
    ]),
  ) as EditorLabels;
  return (
    <Form
      className="d-flex flex-column gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { id: item?.id, body: bodyOf(draft) },
          {
            onSuccess: () => {
              toast.success(t(`${ns}.saved`));
              if (!item) setDraft(empty);
              onDone();
            },
          },
        );
      }}
    >
      {children({ draft, set, field })}
      <EditorFooter
        id={field('reason')}
        reason={draft.reason}
        onReason={(value) => set('reason', value)}
        error={errorText(save.error ?? remove.error)}
        saving={save.isPending}
        labels={labels}
        editing={
          item && {
            deleting: remove.isPending,
            onCancel: onDone,
            onDelete: (reason) =>
              remove.mutate(
                { id: item.id, reason },
                {
                  onSuccess: () => {
                    toast.success(t(`${ns}.deleted`));
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

/** Where a scheduled item shows: a checkbox per spot (`${ns}.spots`, `${ns}.spot.<spot>`). */
export function SpotChecks({
  ns,
  spots,
  value,
  onChange,
  field,
  fits = () => true,
  help,
}: {
  ns: string;
  spots: readonly string[];
  value: string[];
  onChange: (spots: string[]) => void;
  field: (name: string) => string;
  /** A spot the item cannot take (the server would refuse it): unticked and disabled. */
  fits?: (spot: string) => boolean;
  help?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="small mb-1">{t(`${ns}.spots`)}</legend>
      <div className="d-flex flex-wrap gap-3">
        {spots.map((spot) => (
          <Form.Check
            key={spot}
            id={field(`spot-${spot}`)}
            type="checkbox"
            label={t(`${ns}.spot.${spot}`)}
            disabled={!fits(spot)}
            checked={value.includes(spot) && fits(spot)}
            onChange={(e) =>
              onChange(e.target.checked ? [...value, spot] : value.filter((s) => s !== spot))
            }
          />
        ))}
      </div>
      {help && <Form.Text>{help}</Form.Text>}
    </fieldset>
  );
}

/** When a scheduled item starts and ends, in the admin's own clock (`${ns}.startsAt`, `.endsAt`). */
export function ScheduleFields<D extends { startsAt: string; endsAt: string }>({
  ns,
  draft,
  set,
  field,
}: { ns: string } & EditorFields<D>) {
  const { t } = useTranslation();
  return (
    <div className="row g-2">
      {(
        [
          ['starts', 'startsAt'],
          ['ends', 'endsAt'],
        ] as const
      ).map(([name, key]) => (
        <TextField
          key={key}
          layout="col-12 col-md-6"
          id={field(name)}
          label={t(`${ns}.${key}`)}
          type="datetime-local"
          value={draft[key]}
          onChange={(e) => set(key, e.target.value as D[typeof key])}
        />
      ))}
    </div>
  );
}
