"""Queue mail in the outbox inside the caller's transaction, and deliver it after commit.

A commit that queued mail wakes a delivery thread at once, so a new member's confirmation leaves
within a second or two; the outbox row stays until the SMTP server took it, and the `deliver-mail`
job (every 30 s) retries whatever that thread could not send.

Never lost, never twice:
- a failed message waits 30 s, then 60 s, 120 s... at most 15 minutes between tries, and is
  tried for MAIL_GIVE_UP_AFTER (3 days) from when it was queued before it is given up;
- every sender (the job in any runner, the after-commit thread of any web process) claims the
  messages it sends with one conditional UPDATE (a token and a lease), so a message is in the hands
  of exactly one sender at a time, on SQLite as on PostgreSQL;
- when nothing is due but messages wait out their backoff, the sender asks the mail server whether
  it answers (connect, EHLO, NOOP); once it does (or any message goes through), every waiting
  message is due again: a message leaves on the first run of the job after the server came back,
  not at the end of its 15-minute wait.
"""

from __future__ import annotations

import logging
import secrets
import smtplib
import threading
import time
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, and_, event, func, or_, select, update
from sqlalchemy.orm import Session

from addme.core import clock
from addme.core.config import get_settings
from addme.core.db import session_scope
from addme.mail.language import chosen as chosen
from addme.mail.language import language_of as language_of
from addme.mail.language import of_country as of_country
from addme.mail.models import OutboxMessage
from addme.mail.providers import MailProvider, provider_for

log = logging.getLogger("addme.mail")
_PENDING = "addme.mail.pending"

FIRST_WAIT = timedelta(seconds=30)
MAX_WAIT = timedelta(minutes=15)
# A claim outlives the slowest send (SMTP's 10 s timeout, a batch of them); after it lapses (its
# sender died mid-batch) another sender may take the message.
CLAIM_LEASE = timedelta(minutes=2)
BATCH = 50
# One run sends batches until nothing is due or this long has passed (the next run goes on).
RUN_BUDGET_SECONDS = 60.0
# Errors that say the server is unreachable, not that this message is wrong: the rest of the batch
# is not tried against a server that is down (each would wait for its own timeout).
UNREACHABLE = "unreachable"
_CONNECTION_ERRORS = (
    OSError,
    smtplib.SMTPConnectError,
    smtplib.SMTPServerDisconnected,
    smtplib.SMTPHeloError,
)


def backoff(attempts: int) -> timedelta:
    """The wait after the `attempts`-th failure: 30 s, 60 s, 120 s... capped at 15 minutes."""
    wait: timedelta = FIRST_WAIT * (2 ** max(0, min(attempts - 1, 20)))
    return min(wait, MAX_WAIT)


def give_up_after() -> timedelta:
    return timedelta(hours=get_settings().mail_give_up_after_hours)


def queue(session: Session, *, to: str, subject: str, body: str) -> OutboxMessage:
    """Add a message to the outbox; it commits (or not) with the caller's work, and leaves right after."""
    msg = OutboxMessage(to=to, subject=subject, body=body, next_attempt_at=clock.now())
    session.add(msg)
    session.info[_PENDING] = True
    return msg


@event.listens_for(Session, "after_commit")
def _after_commit(session: Session) -> None:
    if session.info.pop(_PENDING, False):
        deliver_soon()


@event.listens_for(Session, "after_rollback")
def _after_rollback(session: Session) -> None:
    session.info.pop(_PENDING, None)


class _Courier:
    """A daemon thread that delivers the outbox whenever a commit queued mail."""

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.pending = False
        self.busy = False
        self.thread: threading.Thread | None = None

    def kick(self) -> None:
        with self.cond:
            self.pending = True
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._run, name="addme-mail", daemon=True)
                self.thread.start()
            self.cond.notify_all()

    def settle(self, timeout: float) -> bool:
        """Wait until nothing is being or waiting to be delivered (tests, shutdown)."""
        with self.cond:
            return self.cond.wait_for(lambda: not self.pending and not self.busy, timeout)

    def _run(self) -> None:
        while True:
            with self.cond:
                self.cond.wait_for(lambda: self.pending)
                self.pending, self.busy = False, True
            try:
                deliver_pending()
            except Exception:  # the database or the mail server is down: the job retries later
                log.exception("mail delivery after commit failed")
            finally:
                with self.cond:
                    self.busy = False
                    self.cond.notify_all()


_courier = _Courier()


def deliver_soon() -> None:
    """Deliver the outbox now, in the background (no-op when mail stays in the outbox)."""
    settings = get_settings()
    if settings.smtp_host and settings.mail_after_commit:
        _courier.kick()


def settle(timeout: float = 10.0) -> bool:
    """Wait for mail being delivered after a commit to be done with (tests, shutdown)."""
    return _courier.settle(timeout)


def _unsent() -> ColumnElement[bool]:
    return and_(OutboxMessage.sent_at.is_(None), OutboxMessage.gave_up_at.is_(None))


def _due(now: datetime) -> ColumnElement[bool]:
    return and_(
        _unsent(),
        or_(OutboxMessage.next_attempt_at.is_(None), OutboxMessage.next_attempt_at <= now),
        or_(OutboxMessage.claimed_until.is_(None), OutboxMessage.claimed_until <= now),
    )


def deliver_pending(*, limit: int = BATCH) -> int:
    """Send what the outbox holds through the configured provider; returns how many left."""
    provider = provider_for(get_settings())
    if provider.name == "outbox":
        return 0
    sent = 0
    began = time.monotonic()
    while time.monotonic() - began < RUN_BUDGET_SECONDS:
        batch_sent, tried, server_down = _deliver_batch(provider, limit=limit)
        sent += batch_sent
        if server_down:
            break
        # The server takes mail again: what waits because it was unreachable is due now.
        released = _release_waiting() if batch_sent else 0
        if tried == limit or released:
            continue
        if tried == 0 and _waiting() and provider.ping() and _release_waiting():
            continue  # nothing was due, the server answers again: the waiting ones go now
        break
    return sent


def _claim(session: Session, *, limit: int, now: datetime) -> list[OutboxMessage]:
    """This sender's batch: due messages marked with its token by one conditional UPDATE."""
    token = secrets.token_hex(16)
    ids = session.scalars(
        select(OutboxMessage.id)
        .where(_due(now))
        .order_by(OutboxMessage.next_attempt_at, OutboxMessage.id)
        .limit(limit)
    ).all()
    if not ids:
        return []
    # Re-checked in the UPDATE: a row another sender claimed since the SELECT is not taken.
    session.execute(
        update(OutboxMessage)
        .where(OutboxMessage.id.in_(ids), _due(now))
        .values(claim_token=token, claimed_until=now + CLAIM_LEASE)
        .execution_options(synchronize_session=False)
    )
    session.commit()
    return list(
        session.scalars(
            select(OutboxMessage).where(OutboxMessage.claim_token == token).order_by(OutboxMessage.id)
        )
    )


def _deliver_batch(provider: MailProvider, *, limit: int) -> tuple[int, int, bool]:
    """Claim and send one batch; returns (sent, claimed, whether the server seemed down)."""
    now = clock.now()
    with session_scope() as session:
        rows = _claim(session, limit=limit, now=now)
        jobs = [(m.id, m.claim_token, m.to, m.subject, m.body, m.attempts, m.created_at) for m in rows]
    sent = 0
    down: str | None = None
    for msg_id, token, to, subject, body, attempts, created_at in jobs:
        error = down
        if error is None:
            try:
                if provider.deliver(to=to, subject=subject, body=body):
                    _finish(msg_id, token, sent=True)
                    sent += 1
                    continue
                error = "the provider kept it"
            except _CONNECTION_ERRORS as exc:
                error = down = f"{UNREACHABLE}: {exc.__class__.__name__}: {exc}"[:500]
            except Exception as exc:  # a refusal of this message: retried later like the others
                error = f"{exc.__class__.__name__}: {exc}"[:500]
        _finish(msg_id, token, sent=False, error=error, attempts=attempts + 1, created_at=created_at)
    if down is not None and jobs:
        log.warning("mail server unreachable: %d message(s) wait for a retry (%s)", len(jobs), down)
    return sent, len(jobs), down is not None


def _finish(
    msg_id: int,
    token: str | None,
    *,
    sent: bool,
    error: str | None = None,
    attempts: int = 0,
    created_at: datetime | None = None,
) -> None:
    """Record one message's outcome, only while this sender still holds its claim."""
    now = clock.now()
    values: dict[str, object] = {"claim_token": None, "claimed_until": None}
    if sent:
        values.update(sent_at=now, attempts=OutboxMessage.attempts + 1)
    else:
        values.update(attempts=attempts, last_error=error, next_attempt_at=now + backoff(attempts))
        if created_at is not None and now - created_at >= give_up_after():
            values["gave_up_at"] = now
            log.error(
                "mail given up after %d attempts over %s: outbox id %s", attempts, give_up_after(), msg_id
            )
        else:
            log.info(
                "mail outbox id %s failed (attempt %d), next try in %s", msg_id, attempts, backoff(attempts)
            )
    with session_scope() as session:
        session.execute(
            update(OutboxMessage)
            .where(OutboxMessage.id == msg_id, OutboxMessage.claim_token == token)
            .values(**values)
            .execution_options(synchronize_session=False)
        )
        session.commit()


def _waiting_for_the_server(now: datetime) -> ColumnElement[bool]:
    # Only what failed because the server was unreachable: a message the server refused for its
    # own sake keeps its backoff whatever the others do.
    return and_(
        _unsent(), OutboxMessage.next_attempt_at > now, OutboxMessage.last_error.like(f"{UNREACHABLE}:%")
    )


def _waiting() -> bool:
    """Whether any message waits out a backoff because the server was unreachable."""
    now = clock.now()
    with session_scope() as session:
        return (
            session.scalar(select(OutboxMessage.id).where(_waiting_for_the_server(now)).limit(1)) is not None
        )


def _release_waiting() -> int:
    """Make every message waiting for the server due now (it answers again)."""
    now = clock.now()
    with session_scope() as session:
        result = session.execute(
            update(OutboxMessage)
            .where(_waiting_for_the_server(now))
            .values(next_attempt_at=now)
            .execution_options(synchronize_session=False)
        )
        session.commit()
        return int(result.rowcount or 0)  # type: ignore[attr-defined]


@dataclass(frozen=True)
class OutboxFigures:
    # Not sent and not given up: waiting for their first try or a retry.
    pending: int
    # Of those, the ones that failed at least once.
    retrying: int
    # Seconds since the oldest pending message was queued (0 when none).
    oldest_pending_seconds: int
    # Failed for 3 days and no longer tried.
    given_up: int


def outbox_figures(session: Session) -> OutboxFigures:
    """What /admin/health and /metrics show of the outbox."""
    pending, retrying, oldest = session.execute(
        select(
            func.count(),
            func.count().filter(OutboxMessage.attempts > 0),
            func.min(OutboxMessage.created_at),
        ).where(_unsent())
    ).one()
    given_up = session.scalar(select(func.count()).where(OutboxMessage.gave_up_at.is_not(None))) or 0
    age = max(0, int((clock.now() - oldest).total_seconds())) if oldest is not None else 0
    return OutboxFigures(int(pending or 0), int(retrying or 0), age, int(given_up))


def retry_given_up(session: Session) -> int:
    """Try the given-up messages again, as if just queued (an operator's `addme mail-retry`)."""
    now = clock.now()
    result = session.execute(
        update(OutboxMessage)
        .where(OutboxMessage.sent_at.is_(None), OutboxMessage.gave_up_at.is_not(None))
        .values(gave_up_at=None, next_attempt_at=now, created_at=now, claim_token=None, claimed_until=None)
        .execution_options(synchronize_session=False)
    )
    session.commit()
    return int(result.rowcount or 0)  # type: ignore[attr-defined]


def messages_to(session: Session, *, to: str) -> list[OutboxMessage]:
    """Outbox messages for one address, newest first."""
    return list(
        session.scalars(
            select(OutboxMessage).where(OutboxMessage.to == to).order_by(OutboxMessage.id.desc()).limit(20)
        )
    )
