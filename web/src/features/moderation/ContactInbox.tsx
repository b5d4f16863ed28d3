import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { AdminPage } from '@/components/admin/AdminPage';
import { CONTACT_REASONS } from '@/config/options';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import { QueueList, QueueSelect, ReasonField, useAgo, useQueueParams } from './parts';
import {
  type ContactMessage,
  type ContactView,
  contactQuery,
  useContactReply,
  useContactStatus,
} from './queries';

const STATUSES = ['new', 'answered', 'closed'] as const;
/** The Moderators' queue's reasons (content/inbox.py MODERATOR_REASONS). */
export const QUEUE_REASONS = [
  'disputeban',
  'ageverification',
  'accounthopping',
  'vpnaccess',
] as const;

function MessageCard({ msg, view }: { msg: ContactMessage; view: ContactView }) {
  const { t } = useTranslation();
  const ago = useAgo();
  const reply = useContactReply(view);
  const setStatus = useContactStatus(view);
  const [body, setBody] = useState('');
  const fields = Object.entries(msg.fields ?? {});
  const closed = msg.status === 'closed';
  return (
    <li className="addme-card p-3" data-testid="contact-item">
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <span className="badge text-bg-secondary">
          {t(`community.contact.reasons.${msg.reason}`, { defaultValue: msg.reason })}
        </span>
        <span
          className={`badge ${msg.status === 'new' ? 'text-bg-warning' : 'text-bg-light border'}`}
        >
          {t(`mod.contact.status.${msg.status}`, { defaultValue: msg.status })}
        </span>
        <span className="small text-body-secondary">{ago(msg.created_at)}</span>
      </div>
      <div className="small text-break mt-1">
        {msg.reply_email}
        {msg.user_id ? ` · ${t('mod.contact.account', { id: msg.user_id })}` : ''}
        {msg.user_id && view === 'queue' && (
          <>
            {' · '}
            <Link to={`/admin/flags/${msg.user_id}`}>{t('mod.contact.flags')}</Link>
          </>
        )}
      </div>
      {fields.length > 0 && (
        <dl className="small row mb-0 mt-2">
          {fields.map(([k, v]) => (
            <div key={k} className="col-12 d-flex gap-2">
              <dt className="fw-medium">{k}</dt>
              <dd className="mb-0 text-break">{Array.isArray(v) ? v.join(', ') : String(v)}</dd>
            </div>
          ))}
        </dl>
      )}
      {msg.other_notes && <p className="small mt-2 mb-0 text-break">{msg.other_notes}</p>}
      <Form
        className="mt-3 d-flex flex-column gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!body.trim()) return;
          reply.mutate(
            { id: msg.id, body: body.trim(), close: false },
            {
              onSuccess: () => {
                toast.success(t('mod.contact.sent'));
                setBody('');
              },
            },
          );
        }}
      >
        <ReasonField
          id={`reply-${msg.id}`}
          type="contact"
          value={body}
          onChange={setBody}
          label={t('mod.contact.reply')}
        />
        <div className="d-flex flex-wrap gap-2">
          <button
            type="submit"
            className="btn btn-accent btn-touch"
            disabled={reply.isPending || !body.trim()}
          >
            {t('mod.contact.send')}
          </button>
          <button
            // A button of its own per state, as two were (focus does not stay on the new one).
            key={closed ? 'reopen' : 'close'}
            type="button"
            className="btn btn-outline-secondary btn-touch"
            disabled={setStatus.isPending}
            onClick={() =>
              setStatus.mutate({ id: msg.id, status: closed ? 'new' : 'closed', reason: '' })
            }
          >
            {closed ? t('mod.contact.reopen') : t('mod.contact.close')}
          </button>
        </div>
      </Form>
    </li>
  );
}

/** /admin/contact: the contact form's messages by reason, answered by mail; with view "queue",
 * /admin/contact-queue: the Moderators' share of them (bans, age verification, hopping, VPN). */
export function ContactInbox({ view = 'inbox' }: { view?: ContactView }) {
  const { t } = useTranslation();
  const { page, get, set } = useQueueParams({ status: 'new' });
  const status = get('status');
  const reason = get('reason');
  const query = useQuery(contactQuery(status === 'all' ? '' : status, reason, page, view));
  const reasons = view === 'queue' ? QUEUE_REASONS : CONTACT_REASONS;
  return (
    <AdminPage
      title={t(view === 'queue' ? 'mod.nav.contactQueue' : 'mod.nav.contact')}
      intro={view === 'queue' ? t('mod.contact.queueIntro') : undefined}
    >
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Form.Select
          aria-label={t('mod.contact.statusLabel')}
          className="addme-touch-select w-auto"
          value={status}
          onChange={(e) => set('status', e.target.value)}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`mod.contact.status.${s}`)}
            </option>
          ))}
          <option value="all">{t('mod.contact.all')}</option>
        </Form.Select>
        <QueueSelect
          label={t('mod.contact.reasonLabel')}
          value={reason}
          onChange={(v) => set('reason', v)}
          any={t('mod.contact.allReasons')}
          values={reasons}
          text={(r) => t(`community.contact.reasons.${r}`)}
        />
      </div>
      <QueueList
        pending={query.isPending}
        items={query.data?.data}
        empty={t('mod.contact.empty')}
        card={(m) => <MessageCard key={m.id} msg={m} view={view} />}
        pager={{ page, meta: query.data?.meta }}
      />
    </AdminPage>
  );
}
