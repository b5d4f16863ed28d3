"""Queue mail in the outbox inside the caller's transaction, and deliver it after commit."""

from __future__ import annotations

import logging

from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.core import clock
from addme.core.config import get_settings
from addme.core.db import session_scope
from addme.mail.models import OutboxMessage
from addme.mail.providers import provider_for

log = logging.getLogger("addme.mail")
MAX_ATTEMPTS = 8


def queue(session: Session, *, to: str, subject: str, body: str) -> OutboxMessage:
    """Add a message to the outbox; it commits (or not) with the caller's work."""
    msg = OutboxMessage(to=to, subject=subject, body=body)
    session.add(msg)
    return msg


def deliver_pending(*, limit: int = 50) -> int:
    """Send what the outbox holds through the configured provider; returns how many left."""
    provider = provider_for(get_settings())
    if provider.name == "outbox":
        return 0
    sent = 0
    with session_scope() as session:
        rows = session.scalars(
            select(OutboxMessage)
            .where(OutboxMessage.sent_at.is_(None), OutboxMessage.attempts < MAX_ATTEMPTS)
            .order_by(OutboxMessage.id)
            .limit(limit)
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
