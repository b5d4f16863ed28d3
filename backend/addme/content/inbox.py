"""The contact inbox: the contact form's messages by reason, answered by mail, with a status.

Two views of one table: the Full admin's whole inbox, and the Moderators' queue, which holds only the
reasons moderators decide (bans, age verification, account hopping, VPN access). A message outside
a caller's view is not found for that caller, so a moderator can neither read nor answer an order's
message by guessing its id."""

from __future__ import annotations

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import Session

from addme.accounts import service as accounts
from addme.accounts.models import User
from addme.audit import service as audit
from addme.content.codes import ContentCode
from addme.content.models import ContactRequest
from addme.content.schemas import ContactMessageRead, ContactReplyIn, ContactStatusIn
from addme.content.texts import MAILS
from addme.core import clock
from addme.core.errors import NotFound
from addme.core.paging import bounded_meta
from addme.core.schemas import Page
from addme.mail import service as mail

NOT_FOUND = "Message not found."
NEW, ANSWERED, CLOSED = "new", "answered", "closed"
# The Moderators' queue (issue 31): the contact form's reasons about bans, age verification,
# account hopping and VPN access, in the order the queue's reason filter offers them.
MODERATOR_REASONS: tuple[str, ...] = ("disputeban", "ageverification", "accounthopping", "vpnaccess")


def inbox(
    session: Session,
    *,
    status: str | None,
    reason: str | None,
    page: int,
    per_page: int,
    reasons: tuple[str, ...] | None = None,
) -> Page[ContactMessageRead]:
    """Messages, oldest new ones first (the longest waiting), filtered by status and reason; only
    `reasons` when given (the Moderators' queue)."""
    where: list[ColumnElement[bool]] = []
    if reasons is not None:
        where.append(ContactRequest.reason.in_(reasons))
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


def new_count(session: Session, *, reasons: tuple[str, ...] | None = None) -> int:
    """Messages nobody has answered or closed yet (of `reasons` only, when given)."""
    stmt = select(func.count()).select_from(ContactRequest).where(ContactRequest.status == NEW)
    if reasons is not None:
        stmt = stmt.where(ContactRequest.reason.in_(reasons))
    return int(session.scalar(stmt) or 0)


def _get(session: Session, message_id: int, reasons: tuple[str, ...] | None) -> ContactRequest:
    row = session.get(ContactRequest, message_id)
    if row is None or (reasons is not None and row.reason not in reasons):
        raise NotFound(NOT_FOUND, code=ContentCode.CONTACT_NOT_FOUND)
    return row


# What the audit keeps of a message: where it is in the inbox.
STATUS_AUDIT = audit.Audited[ContactRequest](target="contact", fields=audit.columns("status"))


def reply(
    session: Session,
    *,
    admin: User,
    message_id: int,
    data: ContactReplyIn,
    reasons: tuple[str, ...] | None = None,
) -> ContactMessageRead:
    """Mail an answer to the sender's reply address; the message becomes answered (or closed)."""
    row = _get(session, message_id, reasons)
    writer = session.get(User, row.user_id) if row.user_id is not None else None
    if writer is None:
        writer = accounts.get_by_email(session, email=row.reply_email)
    subject = MAILS[mail.language_of(writer)]["reply_subject"].format(id=row.id)
    mail.queue(session, to=row.reply_email, subject=subject, body=data.body)
    with STATUS_AUDIT.change(session, admin=admin, row=row, action="contact.reply", reason=data.body):
        row.status = CLOSED if data.close else ANSWERED
        row.answered_at = clock.now()
    session.commit()
    return ContactMessageRead.model_validate(row)


def set_status(
    session: Session,
    *,
    admin: User,
    message_id: int,
    data: ContactStatusIn,
    reasons: tuple[str, ...] | None = None,
) -> ContactMessageRead:
    """Close, reopen or mark answered without a mail (answered elsewhere)."""
    row = _get(session, message_id, reasons)
    with STATUS_AUDIT.change(session, admin=admin, row=row, action="contact.status", reason=data.reason):
        row.status = data.status
    session.commit()
    return ContactMessageRead.model_validate(row)
