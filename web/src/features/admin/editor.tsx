import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { ApiError } from '@/api/errors';
import { SubmitButton } from '@/components/FormField';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate } from '@/lib/format';
import { toast } from '@/toasts/toastStore';

/**
 * What the admin's editors of scheduled content (alerts, ads) share: date-time fields in the admin's
 * own clock, the server's refusal as one line, the field layout, and the reason-and-actions footer
 * every audited change ends with.
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

/** A field's small label above its control (the editors' one layout for every field). */
export function Labelled({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Form.Label htmlFor={id} className="small mb-1">
        {label}
      </Form.Label>
      {children}
    </div>
  );
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
      <Labelled id={id} label={t('mod.reason')}>
        <Form.Control
          id={id}
          as="textarea"
          rows={2}
          maxLength={300}
          value={reason}
          onChange={(e) => onReason(e.target.value)}
        />
      </Labelled>
      {error && (
        <div className="alert alert-danger mb-0" role="alert">
          {error}
        </div>
      )}
      <div className="d-flex flex-wrap gap-2">
        <SubmitButton pending={saving}>{editing ? labels.save : labels.create}</SubmitButton>
        {editing && (
          <>
            <button
              type="button"
              className="btn btn-outline-secondary btn-touch"
              onClick={editing.onCancel}
            >
              {labels.cancel}
            </button>
            <button
              type="button"
              className="btn btn-outline-danger btn-touch ms-auto"
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
            </button>
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
