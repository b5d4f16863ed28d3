"""The review queue: pending usernames, oldest first, each with the rule that held it.

Decisions go through listings' service (it keeps the listed flag and the list cache right) and
write one audit row each, in the same transaction.
"""

from __future__ import annotations

from sqlalchemy import case, func, or_, select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core import clock
from addme.core.errors import AppError, Forbidden
from addme.core.paging import bounded_meta
from addme.core.schemas import Page
from addme.decisions import service as decisions
from addme.listings import constants as lc
from addme.listings import service as listings
from addme.listings.models import Username
from addme.moderation.codes import ModerationCode
from addme.moderation.schemas import AdminUsername, BulkOut, HeldBy, ReviewItem
from addme.screening import service as screening

APPROVED = "Username approved."
REJECTED = "Username rejected."


def held_by(review_reason: str | None) -> tuple[HeldBy, str]:
    """Which kind of rule held a username, read from the reason the automated review wrote."""
    if not review_reason:
        return "unknown", ""
    if review_reason == lc.UNLOCKED_BY_KEY:
        return "key", review_reason
    if review_reason.startswith("underage: age") or screening.is_possible_minor(review_reason):
        # The written-age check is a rule of its own, not a blacklist term.
        return "macro", review_reason
    return "blacklist", review_reason


# The fields a decision changes, for the audit row's before and after.
snapshot = audit.columns("status", "listed", "is_hidden", "paid_content", "rejection_reason")


# A moderator's decision on a username, audited as what it changed of those fields.
AUDITED = audit.Audited(target="username", fields=snapshot)


def _item(username: Username) -> ReviewItem:
    kind, rule = held_by(username.review_reason)
    waited = clock.now() - username.created_at
    return ReviewItem(
        username=AdminUsername.model_validate(username),
        held_by=kind,
        rule=rule,
        waiting_hours=max(0, int(waited.total_seconds() // 3600)),
        possible_minor=screening.is_possible_minor(username.review_reason),
    )


def queue(session: Session, *, page: int, per_page: int, q: str | None) -> Page[ReviewItem]:
    """Pending usernames: possible minors first, then the longest waiting first."""
    where = [Username.status == lc.Status.PENDING]
    if q:
        like = f"%{q.strip().casefold()}%"
        where.append(or_(Username.username_normalized.like(like), Username.review_reason.like(like)))
    matches = select(Username).where(*where)
    meta = bounded_meta(session, matches, page=page, per_page=per_page)
    minors_first = case((Username.review_reason.like(f"{screening.POSSIBLE_MINOR}:%"), 0), else_=1)
    order = (minors_first, Username.created_at, Username.id)
    # Ids first, from the queue's index alone (it carries the handle and the rule a search reads),
    # then the page's rows: a search no longer visits every pending row's heap page.
    ids = (
        matches.with_only_columns(Username.id).order_by(*order).offset((page - 1) * per_page).limit(per_page)
    )
    rows = session.scalars(select(Username).where(Username.id.in_(ids.scalar_subquery())).order_by(*order))
    return Page[ReviewItem](data=[_item(u) for u in rows], meta=meta)


def pending_summary(session: Session) -> tuple[int, int | None]:
    """How many usernames wait for review, and the oldest one's wait in hours."""
    count, oldest = session.execute(
        select(func.count(), func.min(Username.created_at)).where(Username.status == lc.Status.PENDING)
    ).one()
    hours = int((clock.now() - oldest).total_seconds() // 3600) if oldest is not None else None
    return int(count or 0), hours


OWN_USERNAME = "You cannot review your own username: another moderator decides it."


def _decide(session: Session, *, admin: User, username: Username, approve: bool, reason: str) -> None:
    if username.user_id == admin.id:
        raise Forbidden(OWN_USERNAME, code=ModerationCode.OWN_CASE)
    action = "username.approve" if approve else "username.reject"
    details = {"rule": username.review_reason}
    with AUDITED.change(session, admin=admin, row=username, action=action, reason=reason, details=details):
        if approve:
            listings.approve(session, username=username)
        else:
            listings.reject(session, username=username, reason=reason)
            listings.statement_subject(session, username=username).record(
                session,
                decision="reject_username",
                visibility="content_disabled",
                facts=reason,
                decided_by=admin.id,
                # Held by an automated rule, then rejected by a person.
                automated_detection=bool(username.review_reason),
            )


def decide(
    session: Session, *, admin: User, username_id: int, approve: bool, reason: str, macro: str | None = None
) -> AdminUsername:
    """Approve or reject one pending username; a rejection needs a reason (or a macro)."""
    if not approve:
        reason = decisions.reason_text(reason, macro)
    username = listings.get_any(session, username_id=username_id)
    _decide(session, admin=admin, username=username, approve=approve, reason=reason)
    session.commit()
    return AdminUsername.model_validate(username)


def decide_many(
    session: Session, *, admin: User, ids: list[int], approve: bool, reason: str, macro: str | None = None
) -> BulkOut:
    """Approve or reject several at once; one that cannot be decided is skipped, the rest go through."""
    if not approve:
        reason = decisions.reason_text(reason, macro)
    done: list[int] = []
    skipped: dict[int, str] = {}
    for username_id in dict.fromkeys(ids):
        username = session.get(Username, username_id)
        if username is None:
            skipped[username_id] = lc.NOT_FOUND
            continue
        try:
            _decide(session, admin=admin, username=username, approve=approve, reason=reason)
        except AppError as exc:
            skipped[username_id] = exc.message
            continue
        session.flush()
        done.append(username_id)
    session.commit()
    verb = APPROVED if approve else REJECTED
    return BulkOut(success=bool(done), message=f"{len(done)} × {verb}", done=done, skipped=skipped)
