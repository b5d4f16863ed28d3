"""The contact inbox: the contact form's messages by reason, answered by mail, with a status."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.content.codes import ContentCode
from addme.content.models import ContactRequest
from addme.content.schemas import ContactMessageRead
from addme.core import clock
from addme.core.errors import NotFound
from addme.core.paging import bounded_meta
from addme.core.schemas import Page
from addme.mail import service as mail

NOT_FOUND = "Message not found."
NEW, ANSWERED, CLOSED = "new", "answered", "closed"


def inbox(
    session: Session, *, status: str | None, reason: str | None, page: int, per_page: int
) -> Page[ContactMessageRead]:
    """Messages, oldest new ones first (the longest waiting), filtered by status and reason."""
    where = []
    if status:
        where.append(ContactRequest.status == status)
    if reason:
        where.append(ContactRequest.reason == reason)
    meta = bounded_meta(session, select(ContactRequest).where(*where), page=page, per_page=per_page)
    order = (ContactRequest.created_at, ContactRequest.id)
    if status != NEW:
        order = (ContactRequest.created_at.desc(), ContactRequest.id.desc())  # type: ignore[assignment]
    rows = session.scalars(
        select(ContactRequest).where(*where).order_by(*order).offset((page - 1) * per_page).limit(per_page)
    )
    return Page[ContactMessageRead](data=[ContactMessageRead.model_validate(r) for r in rows], meta=meta)


def new_count(session: Session) -> int:
    """Messages nobody has answered or closed yet."""
    stmt = select(func.count()).select_from(ContactRequest).where(ContactRequest.status == NEW)
    return int(session.scalar(stmt) or 0)


def _get(session: Session, message_id: int) -> ContactRequest:
    row = session.get(ContactRequest, message_id)
    if row is None:
        raise NotFound(NOT_FOUND, code=ContentCode.CONTACT_NOT_FOUND)
    return row


def reply(session: Session, *, admin: User, message_id: int, body: str, close: bool) -> ContactMessageRead:
    """Mail an answer to the sender's reply address; the message becomes answered (or closed)."""
    row = _get(session, message_id)
    before = {"status": row.status}
    mail.queue(session, to=row.reply_email, subject=f"Re: your message to AddMe (#{row.id})", body=body)
    row.status = CLOSED if close else ANSWERED
    row.answered_at = clock.now()
    audit.record(
        session,
        admin=admin,
        action="contact.reply",
        target=f"contact:{row.id}",
        reason=body,
        before=before,
        after={"status": row.status},
    )
    session.commit()
    return ContactMessageRead.model_validate(row)


def set_status(
    session: Session, *, admin: User, message_id: int, status: str, reason: str
) -> ContactMessageRead:
    """Close, reopen or mark answered without a mail (answered elsewhere)."""
    row = _get(session, message_id)
    before = {"status": row.status}
    row.status = status
    audit.record(
        session,
        admin=admin,
        action="contact.status",
        target=f"contact:{row.id}",
        reason=reason,
        before=before,
        after={"status": status},
    )
    session.commit()
    return ContactMessageRead.model_validate(row)
