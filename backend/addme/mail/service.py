"""Queue mail in the outbox inside the caller's transaction, and deliver it after commit.

A commit that queued mail wakes a delivery thread at once, so a new member's confirmation leaves
within a second or two; the outbox row stays until the SMTP server took it, and the `deliver-mail`
job (every 30 s) retries whatever that thread could not send.
"""

from __future__ import annotations

import logging
import threading

from sqlalchemy import event, select
from sqlalchemy.orm import Session

from addme.core import clock
from addme.core.config import get_settings
from addme.core.db import session_scope
from addme.mail.models import OutboxMessage
from addme.mail.providers import MailProvider, provider_for

log = logging.getLogger("addme.mail")
MAX_ATTEMPTS = 8
_PENDING = "addme.mail.pending"
# One delivery at a time in this process (the thread and the job); other processes skip the rows
# this one holds (FOR UPDATE SKIP LOCKED on PostgreSQL).
_delivering = threading.Lock()


def queue(session: Session, *, to: str, subject: str, body: str) -> OutboxMessage:
    """Add a message to the outbox; it commits (or not) with the caller's work, and leaves right after."""
    msg = OutboxMessage(to=to, subject=subject, body=body)
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


def deliver_pending(*, limit: int = 50) -> int:
    """Send what the outbox holds through the configured provider; returns how many left."""
    provider = provider_for(get_settings())
    if provider.name == "outbox":
        return 0
    with _delivering:
        return _deliver(provider, limit=limit)


def _deliver(provider: MailProvider, *, limit: int) -> int:
    sent = 0
    with session_scope() as session:
        rows = session.scalars(
            select(OutboxMessage)
            .where(OutboxMessage.sent_at.is_(None), OutboxMessage.attempts < MAX_ATTEMPTS)
            .order_by(OutboxMessage.id)
            .limit(limit)
            .with_for_update(skip_locked=True)
        ).all()
        for msg in rows:
            msg.attempts += 1
            try:
                if provider.deliver(to=msg.to, subject=msg.subject, body=msg.body):
                    msg.sent_at = clock.now()
                    sent += 1
            except Exception as exc:  # a mail server hiccup must not lose the message: retried later
                msg.last_error = f"{exc.__class__.__name__}: {exc}"[:500]
                log.warning("mail delivery failed for outbox id %s", msg.id)
    return sent


def messages_to(session: Session, *, to: str) -> list[OutboxMessage]:
    """Outbox messages for one address, newest first."""
    return list(
        session.scalars(
            select(OutboxMessage).where(OutboxMessage.to == to).order_by(OutboxMessage.id.desc()).limit(20)
        )
    )
