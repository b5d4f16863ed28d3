import { useEffect, useState } from 'react';
import { Modal } from 'react-bootstrap';
import { ButtonLink } from '@/components/ButtonLink';
import { ModalHeading } from '@/components/ModalHeading';
import { useTranslation } from '@/i18n/useTranslation';
import { getCookie, setCookie } from '@/lib/cookies';
import { formatDate } from '@/lib/format';
import { claimPrompt } from '@/lib/promptBudget';
import { type User, useUser } from '@/session/session';
import {
  COOKIES,
  connectionCount,
  decideReminder,
  RENEW_SKU,
  type Reminder,
  reminderEnd,
  reminderTarget,
  shownCookie,
  THIRD_COOKIE_SECONDS,
} from './reminders';

/** Once per browser session: sessionStorage outlives reloads but not the browser. */
const SESSION_FLAG = 'addme.connection-counted';
const SHOWN_FLAG = 'addme.reminder-shown';

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The `third` cookie counts connections: one more per browser session of a signed-in member. */
export function countConnection() {
  const store = session();
  if (!store || store.getItem(SESSION_FLAG)) return;
  store.setItem(SESSION_FLAG, '1');
  const next = connectionCount((name) => getCookie(name)) + 1;
  setCookie(COOKIES.third, String(next), { maxAge: THIRD_COOKIE_SECONDS });
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function olderThanADay(user: Pick<User, 'created_at'>, now: number = Date.now()): boolean {
  const created = Date.parse(user.created_at);
  return Number.isFinite(created) && now - created > DAY_MS;
}

function pick(user: User): Reminder | null {
  // One reminder per page session at most, whatever the cookies say after it was closed.
  if (session()?.getItem(SHOWN_FLAG)) return null;
  return decideReminder(user, (name) => getCookie(name));
}

/**
 * The layout reminders (spec section 4): end of Studio, Auto Top-Up or VIP within 3 days, the
 * third-connection offer, or the weekly buy-promotion modal. Signed-in members only.
 */
export function ReminderModal() {
  const { t, i18n } = useTranslation();
  const { user } = useUser();
  const [reminder, setReminder] = useState<Reminder | null>(null);
  const userId = user?.id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: decide once per signed-in user.
  useEffect(() => {
    if (!user) return;
    countConnection();
    const next = pick(user);
    // The third-connection offer only for an account older than a day: three page sessions in a
    // member's first minutes are not three visits.
    if (!next || (next === 'thirdConnection' && !olderThanADay(user))) return;
    if (!claimPrompt('reminder')) return;
    const cookie = shownCookie(next);
    if (cookie) setCookie(cookie.name, '1', { maxAge: cookie.maxAge });
    session()?.setItem(SHOWN_FLAG, next);
    setReminder(next);
  }, [userId]);

  if (!user || !reminder) return null;
  const close = () => setReminder(null);
  const date = formatDate(reminderEnd(reminder, user), i18n.language, 'moment');

  return (
    <Modal show onHide={close} centered aria-labelledby="reminder-title">
      <ModalHeading id="reminder-title" title={t(`wallet.reminders.${reminder}.title`)} />
      <Modal.Body data-testid={`reminder-${reminder}`}>
        <p>{t(`wallet.reminders.${reminder}.text`, { date })}</p>
        <p className="small text-body-secondary mb-0">{t(`wallet.reminders.${reminder}.perks`)}</p>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-link btn-touch" onClick={close}>
          {t('wallet.reminders.later')}
        </button>
        <ButtonLink
          to={reminderTarget(reminder)}
          variant="accent"
          onClick={close}
          data-testid="reminder-renew"
        >
          {RENEW_SKU[reminder]
            ? t(`upkeep.renew.${reminder}`)
            : t(`wallet.reminders.${reminder}.action`)}
        </ButtonLink>
      </Modal.Footer>
    </Modal>
  );
}
