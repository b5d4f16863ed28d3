"""Moderators decide unban requests (every kind of ban, lifetime included) and removal requests
(within 48 hours); each decision is audited with its reason and told to the member by mail."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core import clock
from addme.core.config import get_settings
from addme.core.db import get_or_404
from addme.core.errors import Conflict, NotFound
from addme.core.paging import exact_page
from addme.core.schemas import Page, PageMeta, from_row
from addme.decisions import appeals as appeal_records
from addme.decisions import service as records
from addme.listings import constants as lc
from addme.listings import service as listings
from addme.listings.models import Username
from addme.listings.validation import normalize_handle
from addme.mail import service as mail
from addme.moderation import texts
from addme.moderation.codes import ModerationCode
from addme.moderation.requests import RemovalRequest, RequestStatus, UnbanRequest
from addme.moderation.review import AUDITED
from addme.moderation.schemas import AdminUsername, RemovalRequestAdmin, UnbanRequestAdmin
from addme.screening import service as screening

REMOVAL_LIMIT = timedelta(hours=48)
UNBAN_NOT_FOUND = "Unban request not found."
REMOVAL_NOT_FOUND = "Removal request not found."
ALREADY_DECIDED = "This request has already been decided."


def _status_where(column: Mapped[str], status: str) -> ColumnElement[bool]:
    return column == RequestStatus.PENDING if status == "pending" else column != RequestStatus.PENDING


# -- unban requests -------------------------------------------------------------------------------


def _unban_read(req: UnbanRequest, username: Username) -> UnbanRequestAdmin:
    return from_row(
        UnbanRequestAdmin,
        req,
        lifetime=username.status == lc.Status.BANNED and username.banned_until is None,
        username=AdminUsername.model_validate(username),
    )


def unban_queue(session: Session, *, status: str, page: int, per_page: int) -> Page[UnbanRequestAdmin]:
    """Unban requests in this state (pending: oldest first; decided: newest first)."""
    where = _status_where(UnbanRequest.status, status)
    total = int(session.scalar(select(func.count()).select_from(UnbanRequest).where(where)) or 0)
    # Both orders are one index walk: (status, created_at) pending, (decided_at, id) backwards decided.
    order = (
        (UnbanRequest.created_at, UnbanRequest.id)
        if status == "pending"
        else (UnbanRequest.decided_at.desc(), UnbanRequest.id.desc())
    )
    rows = session.execute(
        select(UnbanRequest, Username)
        .join(Username, Username.id == UnbanRequest.username_id)
        .where(where)
        .order_by(*order)
        .offset((page - 1) * per_page)
        .limit(per_page)
    ).all()
    return Page[UnbanRequestAdmin](
        data=[_unban_read(r, u) for r, u in rows], meta=PageMeta.exact(total, page=page, per_page=per_page)
    )


def pending_unbans(session: Session) -> int:
    """Unban requests waiting for a moderator."""
    where = UnbanRequest.status == RequestStatus.PENDING
    return int(session.scalar(select(func.count()).select_from(UnbanRequest).where(where)) or 0)


UNBAN_ACCEPTED_FACTS = "Your unban request was accepted: the username is listed again."


def decide_unban(
    session: Session, *, admin: User, request_id: int, accept: bool, reason: str, macro: str | None = None
) -> UnbanRequestAdmin:
    """Accept (the username is listed again) or refuse (it stays banned) an unban request; a refusal
    needs a reason and is a decision record. The request's appeal in /admin/appeals closes with it."""
    if not accept:
        reason = records.reason_text(reason, macro)
    req = get_or_404(
        session, UnbanRequest, request_id, UNBAN_NOT_FOUND, code=ModerationCode.UNBAN_REQUEST_NOT_FOUND
    )
    if req.status != RequestStatus.PENDING:
        raise Conflict(ALREADY_DECIDED, code=ModerationCode.ALREADY_DECIDED)
    username = listings.get_any(session, username_id=req.username_id)
    action = "unban_request.accept" if accept else "unban_request.refuse"
    details = {"unban_request_id": req.id}
    with AUDITED.change(session, admin=admin, row=username, action=action, reason=reason, details=details):
        if accept and username.status == lc.Status.BANNED:
            listings.unban(session, username=username)
        req.status = RequestStatus.APPROVED if accept else RequestStatus.REFUSED
        req.decision_reason = reason or None
        req.decided_at = clock.now()
        owner = session.get(User, req.user_id)
        appeal = appeal_records.of_unban(session, unban_request_id=req.id)
        if appeal is not None and appeal.status == "open":
            appeal_records.close(session, appeal=appeal, reversed_=accept, decided_by=admin.id, reason=reason)
        # An accepted request reverses its appeal's statement (when there is one); a refusal is a
        # decision of its own. Either way one statement, about the same username and owner.
        if not accept or appeal is not None:
            records.record(
                session,
                decision="appeal_reversed" if accept else "refuse_unban",
                visibility=None if accept else "content_disabled",
                facts=(reason or UNBAN_ACCEPTED_FACTS) if accept else reason,
                source_type="appeal",
                subject_type="username",
                subject_id=username.id,
                about=f"{username.username} ({username.app})",
                member=owner,
                decided_by=admin.id,
                appeal_of_id=appeal.statement_id if appeal is not None else None,
                notify=not accept,  # an acceptance: the spec's mail below tells the member
            )
        if owner is not None:
            words = texts.words_for(session, user=owner)
            outcome = "accepted" if accept else "refused"
            handle = {"handle": username.username, "app": username.app}
            mail.queue(
                session,
                to=owner.email,
                subject=words[f"unban_{outcome}_subject"].format(**handle),
                body=words[f"unban_{outcome}_body"].format(**handle)
                + (words["reason_line"].format(reason=reason) if reason else ""),
            )
    session.commit()
    return _unban_read(req, username)


# -- removal requests -----------------------------------------------------------------------------


def _removal_read(req: RemovalRequest) -> RemovalRequestAdmin:
    due = req.created_at + REMOVAL_LIMIT
    return from_row(
        RemovalRequestAdmin,
        req,
        due_at=due,
        overdue=req.status == RequestStatus.PENDING and clock.now() > due,
        listed_username_id=req.username_id,
        proof_url=f"/v1/admin/removal-requests/{req.id}/proof",
    )


def removal_queue(session: Session, *, status: str, page: int, per_page: int) -> Page[RemovalRequestAdmin]:
    """Removal requests in this state; pending ones oldest (closest to their 48 hours) first."""
    where = _status_where(RemovalRequest.status, status)
    first = RemovalRequest.created_at if status == "pending" else RemovalRequest.decided_at.desc()
    matches = select(RemovalRequest).where(where)
    rows, meta = exact_page(session, matches, order=(first, RemovalRequest.id), page=page, per_page=per_page)
    return Page[RemovalRequestAdmin](data=[_removal_read(r) for r in rows], meta=meta)


def removal_summary(session: Session) -> tuple[int, int | None]:
    """Pending removal requests and the oldest one's age in hours."""
    count, oldest = session.execute(
        select(func.count(), func.min(RemovalRequest.created_at)).where(
            RemovalRequest.status == RequestStatus.PENDING
        )
    ).one()
    hours = int((clock.now() - oldest).total_seconds() // 3600) if oldest is not None else None
    return int(count or 0), hours


def proof_file(session: Session, *, request_id: int) -> Path:
    """The private screenshot of a removal request (moderators only; never a public URL)."""
    req = get_or_404(
        session, RemovalRequest, request_id, REMOVAL_NOT_FOUND, code=ModerationCode.REMOVAL_REQUEST_NOT_FOUND
    )
    root = get_settings().private_dir.resolve()
    path = (root / req.proof_path).resolve()
    if root not in path.parents or not path.is_file():
        raise NotFound(REMOVAL_NOT_FOUND, code=ModerationCode.PROOF_NOT_FOUND)
    return path


def decide_removal(
    session: Session, *, admin: User, request_id: int, remove: bool, reason: str
) -> RemovalRequestAdmin:
    """Remove the listing and block its handle on that app for good, or refuse with a mailed reason."""
    req = get_or_404(
        session, RemovalRequest, request_id, REMOVAL_NOT_FOUND, code=ModerationCode.REMOVAL_REQUEST_NOT_FOUND
    )
    if req.status != RequestStatus.PENDING:
        raise Conflict(ALREADY_DECIDED, code=ModerationCode.ALREADY_DECIDED)
    normalized = normalize_handle(req.username)
    removed: list[int] = []
    if remove:
        # Every live listing of the handle on the app goes, not only the one found at request time.
        for username in session.scalars(
            select(Username).where(
                Username.app == req.app,
                Username.username_normalized == normalized,
                Username.status != lc.Status.DELETED,
            )
        ):
            listings.remove(session, username=username)
            removed.append(username.id)
            listings.statement_subject(session, username=username).record(
                session,
                decision="remove_username",
                visibility="content_removed",
                facts=f"A removal request asked for this username to be taken down. {reason}".strip(),
                source_type="notice",
                decided_by=admin.id,
            )
        screening.forbid_handle(session, app=req.app, normalized=normalized, removal_request_id=req.id)
    req.status = RequestStatus.APPROVED if remove else RequestStatus.REFUSED
    req.decision_reason = reason or None
    req.decided_at = clock.now()
    words = texts.words_for(session, email=req.email, language=req.language)
    body = words["removal_done_body" if remove else "removal_refused_body"].format(
        handle=req.username, app=req.app, reason=reason or "-"
    )
    mail.queue(session, to=req.email, subject=words["removal_subject"].format(id=req.id), body=body)
    audit.record(
        session,
        admin=admin,
        action="removal_request.remove" if remove else "removal_request.refuse",
        target=f"removal_request:{req.id}",
        reason=reason,
        before={"status": RequestStatus.PENDING},
        after={"status": req.status, "removed_username_ids": removed},
        details={"app": req.app, "username": req.username},
    )
    try:
        session.commit()
    except IntegrityError as exc:  # two moderators removing the same handle at once
        session.rollback()
        raise Conflict(ALREADY_DECIDED, code=ModerationCode.ALREADY_DECIDED) from exc
    return _removal_read(req)
