import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/errors';
import { AlertBody, alertFrameProps } from '@/components/AlertView';
import { SubmitButton } from '@/components/FormField';
import { LoadError } from '@/components/LoadError';
import { formatDate } from '@/lib/format';
import { toast } from '@/toasts/toastStore';
import {
  type AdminAlert,
  type AlertInput,
  alertsQuery,
  useDeleteAlert,
  useSaveAlert,
} from './queries';

/** The server's lists (content/alerts_admin.py). */
const SPOTS = [
  'global',
  'home',
  'listings',
  'swipes',
  'groups',
  'shop',
  'auth',
  'blog',
  'help',
  'account',
] as const;
const TYPES = ['info', 'success', 'warning', 'danger', 'primary'] as const;
const ICONS = ['shield', 'heart', 'chat', 'zap', 'flame', 'sun', 'moon', 'user', 'search'] as const;

type Draft = {
  spots: string[];
  type: AlertInput['type'];
  text: string;
  html: string;
  script: string;
  icon: string;
  classes: string;
  style: string;
  dismissible: boolean;
  active: boolean;
  startsAt: string;
  endsAt: string;
  reason: string;
};

const EMPTY: Draft = {
  spots: ['global'],
  type: 'info',
  text: '',
  html: '',
  script: '',
  icon: '',
  classes: '',
  style: '',
  dismissible: true,
  active: true,
  startsAt: '',
  endsAt: '',
  reason: '',
};

/** An ISO date as the value of a local date-time field (the admin's own clock). */
function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function fromLocalInput(value: string): string | null {
  return value ? new Date(value).toISOString() : null;
}

function draftOf(a: AdminAlert): Draft {
  return {
    spots: a.spots,
    type: TYPES.includes(a.type as Draft['type']) ? (a.type as Draft['type']) : 'info',
    text: a.text,
    html: a.html,
    script: a.script,
    // An icon the app no longer draws is dropped rather than sent back and refused.
    icon: a.icon && (ICONS as readonly string[]).includes(a.icon) ? a.icon : '',
    classes: a.classes ?? '',
    style: a.style ?? '',
    dismissible: a.dismissible,
    active: a.active,
    startsAt: toLocalInput(a.starts_at),
    endsAt: toLocalInput(a.ends_at),
    reason: '',
  };
}

function bodyOf(d: Draft): AlertInput {
  return {
    spots: d.spots,
    type: d.type,
    text: d.text,
    html: d.html,
    script: d.script,
    icon: (d.icon || null) as AlertInput['icon'],
    classes: d.classes || null,
    style: d.style || null,
    dismissible: d.dismissible,
    active: d.active,
    starts_at: fromLocalInput(d.startsAt),
    ends_at: fromLocalInput(d.endsAt),
    reason: d.reason,
  };
}

function errorText(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError) {
    const fields = Object.values(error.fieldErrors).flat();
    return fields.length ? fields.join(' ') : error.message;
  }
  return String(error);
}

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

function AlertForm({ alert, onDone }: { alert?: AdminAlert; onDone: () => void }) {
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
        <div className="col-12 col-md-4">
          <Form.Label htmlFor={field('classes')} className="small mb-1">
            {t('mod.alerts.classes')}
          </Form.Label>
          <Form.Control
            id={field('classes')}
            value={draft.classes}
            maxLength={120}
            placeholder="fw-bold text-center"
            onChange={(e) => set('classes', e.target.value)}
          />
        </div>
      </div>
      <div>
        <Form.Label htmlFor={field('text')} className="small mb-1">
          {t('mod.alerts.text')}
        </Form.Label>
        <Form.Control
          id={field('text')}
          value={draft.text}
          maxLength={500}
          onChange={(e) => set('text', e.target.value)}
        />
        <Form.Text>{t('mod.alerts.textHelp')}</Form.Text>
      </div>
      <div className="row g-2">
        <div className="col-12 col-lg-6">
          <Form.Label htmlFor={field('html')} className="small mb-1">
            {t('mod.alerts.html')}
          </Form.Label>
          <Form.Control
            id={field('html')}
            as="textarea"
            rows={3}
            className="font-monospace"
            value={draft.html}
            maxLength={20000}
            onChange={(e) => set('html', e.target.value)}
          />
        </div>
        <div className="col-12 col-lg-6">
          <Form.Label htmlFor={field('script')} className="small mb-1">
            {t('mod.alerts.script')}
          </Form.Label>
          <Form.Control
            id={field('script')}
            as="textarea"
            rows={3}
            className="font-monospace"
            value={draft.script}
            maxLength={20000}
            onChange={(e) => set('script', e.target.value)}
          />
        </div>
        <div className="col-12">
          <Form.Text>{t('mod.alerts.sandboxHelp')}</Form.Text>
        </div>
      </div>
      <div>
        <Form.Label htmlFor={field('style')} className="small mb-1">
          {t('mod.alerts.style')}
        </Form.Label>
        <Form.Control
          id={field('style')}
          value={draft.style}
          maxLength={300}
          placeholder="background: #1b1f24; color: #fff"
          onChange={(e) => set('style', e.target.value)}
        />
      </div>
      <div className="row g-2">
        <div className="col-12 col-md-6">
          <Form.Label htmlFor={field('starts')} className="small mb-1">
            {t('mod.alerts.startsAt')}
          </Form.Label>
          <Form.Control
            id={field('starts')}
            type="datetime-local"
            value={draft.startsAt}
            onChange={(e) => set('startsAt', e.target.value)}
          />
        </div>
        <div className="col-12 col-md-6">
          <Form.Label htmlFor={field('ends')} className="small mb-1">
            {t('mod.alerts.endsAt')}
          </Form.Label>
          <Form.Control
            id={field('ends')}
            type="datetime-local"
            value={draft.endsAt}
            onChange={(e) => set('endsAt', e.target.value)}
          />
        </div>
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
      <div>
        <Form.Label htmlFor={field('reason')} className="small mb-1">
          {t('mod.reason')}
        </Form.Label>
        <Form.Control
          id={field('reason')}
          as="textarea"
          rows={2}
          maxLength={300}
          value={draft.reason}
          onChange={(e) => set('reason', e.target.value)}
        />
      </div>
      {error && (
        <div className="alert alert-danger mb-0" role="alert">
          {error}
        </div>
      )}
      <div className="d-flex flex-wrap gap-2">
        <SubmitButton pending={save.isPending}>
          {alert ? t('mod.alerts.save') : t('mod.alerts.create')}
        </SubmitButton>
        {alert && (
          <>
            <button type="button" className="btn btn-outline-secondary btn-touch" onClick={onDone}>
              {t('mod.alerts.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-outline-danger btn-touch ms-auto"
              disabled={remove.isPending}
              onClick={() => {
                if (draft.reason.trim().length < 3) {
                  toast.danger(t('mod.alerts.reasonToDelete'));
                  return;
                }
                toast.confirm(
                  t('mod.alerts.confirmDelete'),
                  () =>
                    remove.mutate(
                      { id: alert.id, reason: draft.reason.trim() },
                      {
                        onSuccess: () => {
                          toast.success(t('mod.alerts.deleted'));
                          onDone();
                        },
                      },
                    ),
                  t('mod.alerts.delete'),
                );
              }}
            >
              {t('mod.alerts.delete')}
            </button>
          </>
        )}
      </div>
    </Form>
  );
}

function Schedule({ alert }: { alert: AdminAlert }) {
  const { t, i18n } = useTranslation();
  const now = Date.now();
  const state = !alert.active
    ? 'off'
    : alert.ends_at && new Date(alert.ends_at).getTime() <= now
      ? 'over'
      : alert.starts_at && new Date(alert.starts_at).getTime() > now
        ? 'scheduled'
        : 'live';
  const tone = { live: 'success', scheduled: 'info', over: 'secondary', off: 'secondary' }[state];
  return (
    <span className="d-inline-flex flex-wrap gap-2 align-items-center small">
      <span className={`badge text-bg-${tone}`}>{t(`mod.alerts.state.${state}`)}</span>
      {alert.starts_at && (
        <span>
          {t('mod.alerts.from', { date: formatDate(alert.starts_at, i18n.language, 'compact') })}
        </span>
      )}
      {alert.ends_at && (
        <span>
          {t('mod.alerts.until', { date: formatDate(alert.ends_at, i18n.language, 'compact') })}
        </span>
      )}
    </span>
  );
}

/** /admin/alerts (Full): the rotating banner's messages, where they show, how they look and when. */
export function AlertsAdmin() {
  const { t } = useTranslation();
  const list = useQuery(alertsQuery());
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <div>
      <h1 className="h3">{t('mod.nav.alerts')}</h1>
      <p className="text-body-secondary">{t('mod.alerts.intro')}</p>
      <section className="addme-card p-3 mb-4" aria-labelledby="alert-new">
        <h2 className="h6" id="alert-new">
          {t('mod.alerts.new')}
        </h2>
        <AlertForm onDone={() => undefined} />
      </section>
      {list.isError ? (
        <LoadError message={t('mod.alerts.loadError')} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Placeholder as="div" animation="glow">
          <Placeholder xs={12} style={{ height: 80 }} />
        </Placeholder>
      ) : list.data.length === 0 ? (
        <p className="text-body-secondary">{t('mod.alerts.empty')}</p>
      ) : (
        <ul className="list-unstyled d-flex flex-column gap-2">
          {list.data.map((a) => (
            <li key={a.id} className="addme-card p-3" data-testid="alert-item">
              {editing === a.id ? (
                <AlertForm alert={a} onDone={() => setEditing(null)} />
              ) : (
                <div className="d-flex flex-column gap-2">
                  <div className="d-flex flex-wrap gap-2 align-items-center">
                    <span className={`badge text-bg-${a.type === 'primary' ? 'primary' : a.type}`}>
                      {t(`mod.alerts.types.${a.type}`, { defaultValue: a.type })}
                    </span>
                    <Schedule alert={a} />
                  </div>
                  <p className="mb-0 text-break">
                    {a.text || <span className="font-monospace small">{a.html.slice(0, 140)}</span>}
                  </p>
                  <div className="small text-body-secondary">
                    {a.spots.map((s) => t(`mod.alerts.spot.${s}`, { defaultValue: s })).join(', ')}
                    {a.script ? ` · ${t('mod.alerts.hasScript')}` : ''}
                    {a.dismissible ? ` · ${t('mod.alerts.dismissible')}` : ''}
                  </div>
                  <div>
                    <button
                      type="button"
                      className="btn btn-outline-secondary btn-touch btn-sm"
                      onClick={() => setEditing(a.id)}
                    >
                      {t('mod.alerts.edit')}
                    </button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
