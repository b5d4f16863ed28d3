import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Form, Placeholder } from 'react-bootstrap';
import { useLocation, useSearchParams } from 'react-router';
import { ActionButton } from '@/components/admin/ActionButton';
import { SelectOptions } from '@/components/admin/SelectOptions';
import { DecisionMacroPicker, MIN_REASON } from '@/components/DecisionMacroPicker';
import { Pager } from '@/components/Pager';
import { useTranslation } from '@/i18n/useTranslation';
import { formatTimeAgo } from '@/lib/format';
import { type AdminUsername, type MacroType, macrosQuery } from './queries';

/** The reason a decision carries (audited; shown to the member where it concerns them), with macros. */
export function ReasonField({
  id,
  type,
  value,
  onChange,
  label,
  decision,
}: {
  id: string;
  type: MacroType;
  value: string;
  onChange: (value: string) => void;
  label?: string;
  /** A restricting decision: its canned reasons too, and the 10-character hint. */
  decision?: string | readonly string[];
}) {
  const { t } = useTranslation();
  const macros = useQuery(macrosQuery(type));
  return (
    <div className="d-flex flex-column gap-1">
      <Form.Label htmlFor={id} className="small mb-0">
        {label ?? t('mod.reason')}
      </Form.Label>
      {(macros.data?.length ?? 0) > 0 && (
        <Form.Select
          aria-label={t('mod.macro')}
          className="form-select-sm addme-touch-select"
          value=""
          onChange={(e) => {
            const macro = macros.data?.find((m) => String(m.id) === e.target.value);
            if (macro) onChange(macro.text);
          }}
        >
          <option value="">{t('mod.macro')}</option>
          {macros.data?.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </Form.Select>
      )}
      {decision && <DecisionMacroPicker decision={decision} onPick={onChange} />}
      <Form.Control
        id={id}
        as="textarea"
        rows={2}
        maxLength={2000}
        value={value}
        aria-describedby={decision ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {decision && (
        <Form.Text id={`${id}-hint`}>{t('decisions.reasonHint', { count: MIN_REASON })}</Form.Text>
      )}
    </div>
  );
}

export function useAgo() {
  const { i18n } = useTranslation();
  return (iso: string | null | undefined) => formatTimeAgo(iso, i18n.language, '—');
}

/** Page and filters live in the URL, so a queue can be linked and reloaded as it was. */
export function useQueueParams(defaults: Record<string, string> = {}) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const get = (key: string) => params.get(key) ?? defaults[key] ?? '';
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value && value !== defaults[key]) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next, { replace: true });
  };
  return { page, get, set, params };
}

/** A queue with its to-decide and decided tabs: the tab, the page and the filters, in the URL. */
export function useQueueStatus<S extends string>(open: S) {
  const params = useQueueParams({ status: open });
  const status: S | 'decided' = params.get('status') === 'decided' ? 'decided' : open;
  return { ...params, open, status, setStatus: (v: string) => params.set('status', v) };
}

/** The to-decide and decided tabs of a queue (useQueueStatus). */
export function DecidedTabs({
  queue,
  open,
  decided,
  label,
}: {
  queue: { open: string; status: string; setStatus: (v: string) => void };
  /** The tabs' texts. */
  open: string;
  decided: string;
  /** The tabs' name (default: the queue's state). */
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <StateTabs
      label={label ?? t('mod.state')}
      value={queue.status}
      onChange={queue.setStatus}
      options={[
        { value: queue.open, label: open },
        { value: 'decided', label: decided },
      ]}
    />
  );
}

export type QueueMeta = {
  has_next: boolean;
  total: number;
  per_page: number;
  total_capped?: boolean;
};

/**
 * A queue's cards: a placeholder while it loads, its empty text, or a card per item (after
 * `before`, a bar over them); then the pager of a paged queue.
 */
export function QueueList<T>({
  pending,
  items = [],
  empty,
  card,
  pager,
  before,
  className = 'list-unstyled d-flex flex-column gap-3',
}: {
  pending: boolean;
  items: T[] | undefined;
  empty: string;
  card: (item: T) => ReactNode;
  pager?: { page: number; meta: QueueMeta | undefined };
  before?: (items: T[]) => ReactNode;
  className?: string;
}) {
  return (
    <>
      {pending ? (
        <QueueLoading />
      ) : items.length === 0 ? (
        <EmptyQueue text={empty} />
      ) : (
        <>
          {before?.(items)}
          <ul className={className}>{items.map(card)}</ul>
        </>
      )}
      {pager && <QueuePager page={pager.page} meta={pager.meta} />}
    </>
  );
}

/** A queue's filter: a compact select, its first option (`any`) the empty value. */
export function QueueSelect<V extends string>({
  label,
  value,
  onChange,
  any,
  values,
  text,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  any?: string;
  values: readonly V[];
  text: (value: V) => string;
}) {
  return (
    <Form.Select
      aria-label={label}
      className="addme-touch-select w-auto"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <SelectOptions any={any} values={values} text={text} />
    </Form.Select>
  );
}

export function QueuePager({ page, meta }: { page: number; meta?: QueueMeta }) {
  const { pathname, search } = useLocation();
  if (!meta) return null;
  const hrefFor = (p: number) => {
    const next = new URLSearchParams(search);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    const qs = next.toString();
    return qs ? `${pathname}?${qs}` : pathname;
  };
  return (
    <Pager
      page={page}
      hasNext={meta.has_next}
      // A capped count (a table past 10,000 matches) gives no last page: next/previous only.
      totalPages={
        meta.total > 0 && !meta.total_capped ? Math.ceil(meta.total / meta.per_page) : undefined
      }
      hrefFor={hrefFor}
    />
  );
}

/** Two states of a queue (to decide / decided) as a segmented control. */
export function StateTabs({
  value,
  options,
  onChange,
  label,
}: {
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  label: string;
}) {
  return (
    <fieldset className="btn-group mb-3">
      <legend className="visually-hidden">{label}</legend>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          className={`btn btn-touch ${value === o.value ? 'btn-secondary' : 'btn-outline-secondary'}`}
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}

export function QueueLoading() {
  return (
    <Placeholder as="div" animation="glow" aria-hidden="true">
      <Placeholder xs={12} className="rounded-4 mb-2" style={{ height: '6rem' }} />
      <Placeholder xs={12} className="rounded-4" style={{ height: '6rem' }} />
    </Placeholder>
  );
}

export function EmptyQueue({ text }: { text: string }) {
  return (
    <p className="addme-card p-4 text-center text-body-secondary" data-testid="queue-empty">
      {text}
    </p>
  );
}

/** A username as moderators read it: handle, app, status, and the text that matters. */
export function UsernameSummary({ username }: { username: AdminUsername }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="fw-semibold text-break" data-testid="mod-handle">
          {username.username}
        </span>
        <span className="badge text-bg-secondary text-capitalize">{username.app}</span>
        <span className="badge text-bg-light border">
          {t(`mod.status.${username.status}`, { defaultValue: username.status })}
        </span>
        {username.is_hidden && <span className="badge text-bg-warning">{t('mod.hidden')}</span>}
        {username.paid_content && <span className="badge text-bg-info">{t('mod.paid')}</span>}
      </div>
      <div className="small text-body-secondary">
        {t('mod.userLine', {
          age: username.age,
          gender: username.gender,
          type: username.type,
          id: username.user_id,
        })}
      </div>
      {username.description && <p className="small mb-0 mt-1 text-break">{username.description}</p>}
      {username.tags_text && (
        <div className="small text-body-secondary text-break">
          #{username.tags_text.split(' ').join(' #')}
        </div>
      )}
    </div>
  );
}

/**
 * A picture sent with a case (a notice's, a removal request's proof), shown only when the moderator
 * asks for it: the proof may be what the case is about.
 */
export function ProofToggle({
  src,
  alt,
  show,
  hide,
  testId,
}: {
  src: string;
  alt: string;
  /** The button's texts while the picture is hidden and while it shows. */
  show: string;
  hide: string;
  testId?: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <>
      <ActionButton small aria-expanded={shown} onClick={() => setShown((v) => !v)}>
        {shown ? hide : show}
      </ActionButton>
      {shown && (
        <img
          src={src}
          alt={alt}
          className="d-block mt-2 rounded border img-fluid addme-proof"
          data-testid={testId}
        />
      )}
    </>
  );
}

/** A pending case's reason and its two answers, side by side from tablets up. */
export function DecisionRow({
  reason,
  pending,
  yes,
  no,
  onYes,
  onNo,
  flush = false,
}: {
  reason: ReactNode;
  pending: boolean;
  yes: string;
  no: string;
  onYes: () => void;
  onNo: () => void;
  /** No space above it (a bar that spaces its own rows). */
  flush?: boolean;
}) {
  return (
    <div
      className={`${flush ? '' : 'mt-3 '}d-flex flex-column flex-md-row gap-2 align-items-md-end`}
    >
      <div className="flex-grow-1">{reason}</div>
      <div className="d-flex gap-2">
        <ActionButton variant="success" className="flex-fill" disabled={pending} onClick={onYes}>
          {yes}
        </ActionButton>
        <ActionButton
          variant="outline-danger"
          className="flex-fill"
          disabled={pending}
          onClick={onNo}
        >
          {no}
        </ActionButton>
      </div>
    </div>
  );
}
