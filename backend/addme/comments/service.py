"""Comments on a listing's profile: posting (screened like descriptions), the owner's answer and hiding,
reports, and a moderator's removal (a decision record the author can appeal).

Review bombing is held off twice: a thumb counts only when its author's account is older than 7 days
and not flagged for account hopping; and past BURST_LIMIT comments in an hour on one listing, the rest
wait for a moderator and the owner is told.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import func, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.comments.codes import CommentCode
from addme.comments.models import Comment, CommentReport, CommentStatus
from addme.comments.schemas import Allowance, CommentList, CommentRead, CommentResult, Thumbs
from addme.comments.texts import MAILS
from addme.core import clock
from addme.core.config import get_settings
from addme.core.db import get_or_404
from addme.core.errors import AppError, Conflict, Forbidden, NotFound
from addme.core.schemas import from_row
from addme.decisions import service as decisions
from addme.listings import service as listings
from addme.listings.models import Username
from addme.mail import service as mail
from addme.screening import service as screening
from addme.trust import standing

THUMB_MIN_AGE = timedelta(days=7)
BURST_WINDOW = timedelta(hours=1)
BURST_LIMIT = 10
REMOVALS_WINDOW = timedelta(days=30)
REMOVALS_LIMIT = 2
SUSPENSION = timedelta(days=30)
PAGE = 50

POSTED = "Your comment is on the profile."
HELD = "Thanks: your comment waits for a moderator before it is shown."
OWN = "You cannot comment on your own listing."
ONE_A_DAY = "You have already commented on this listing today. Come back tomorrow."
ALLOWANCE = "Free members can post {n} comments a day. Become VIP for unlimited comments."
SUSPENDED = "Two of your comments were removed in 30 days: you can comment again on {until}."
NOT_FOUND = "Comment not found."
ANSWERED = "Your answer is under the comment."
ALREADY_ANSWERED = "You have already answered this comment."
HIDDEN = "The comment is hidden from your profile."
SHOWN = "The comment is shown again."
REPORTED = "Thanks: a moderator will look at this comment."
ALREADY_REPORTED = "You have already reported this comment."
REMOVED = "Comment removed. Its author has been sent the decision."
ALREADY_REMOVED = "This comment has already been removed."


def _day(at: datetime) -> str:
    return at.date().isoformat()


def _start_of_day(at: datetime) -> datetime:
    return at.replace(hour=0, minute=0, second=0, microsecond=0)


def _hopping(user: User, now: datetime) -> bool:
    return user.hopping_restricted_until is not None and user.hopping_restricted_until > now


def suspended_until(session: Session, *, user: User, now: datetime) -> datetime | None:
    """The end of the member's commenting suspension (two removals in 30 days), or None."""
    removed = list(
        session.scalars(
            select(Comment.removed_at)
            .where(Comment.user_id == user.id, Comment.removed_at.is_not(None))
            .where(Comment.removed_at > now - REMOVALS_WINDOW - SUSPENSION)
            .order_by(Comment.removed_at)
        )
    )
    until: datetime | None = None
    for i in range(REMOVALS_LIMIT - 1, len(removed)):
        first, last = removed[i - REMOVALS_LIMIT + 1], removed[i]
        if first is not None and last is not None and last - first <= REMOVALS_WINDOW:
            until = last + SUSPENSION
    return until if until is not None and until > now else None


def _allowance(session: Session, *, user: User, username: Username, now: datetime) -> Allowance:
    per_day = None if user.is_vip else get_settings().free_comments_per_day
    used = int(
        session.scalar(
            select(func.count())
            .select_from(Comment)
            .where(Comment.user_id == user.id, Comment.created_at >= _start_of_day(now))
        )
        or 0
    )
    left = None if per_day is None else max(0, per_day - used)
    reason: str | None = None
    until = suspended_until(session, user=user, now=now)
    if username.user_id == user.id:
        reason = OWN
    elif until is not None:
        reason = SUSPENDED.format(until=until.date().isoformat())
    elif session.scalar(
        select(Comment.id).where(
            Comment.username_id == username.id, Comment.user_id == user.id, Comment.day == _day(now)
        )
    ):
        reason = ONE_A_DAY
    elif left == 0:
        reason = ALLOWANCE.format(n=per_day)
    return Allowance(per_day=per_day, left=left, can_comment=reason is None, reason=reason)


def _read(c: Comment, author: User | None, *, viewer: User | None, now: datetime) -> CommentRead:
    age = (now - author.created_at).days if author is not None else 0
    return from_row(
        CommentRead,
        c,
        text=c.body,
        thumb_counted=c.thumb_counted and author is not None and not _hopping(author, now),
        account_age_days=max(0, age),
        hidden=c.hidden_at is not None,
        answer=c.owner_answer,
        mine=viewer is not None and viewer.id == c.user_id,
    )


def thumbs(session: Session, *, username_id: int, now: datetime) -> Thumbs:
    """The listing's counted thumbs: visible comments by accounts not flagged hopping (now)."""
    rows = session.execute(
        select(Comment.thumb, func.count())
        .join(User, User.id == Comment.user_id)
        .where(
            Comment.username_id == username_id,
            Comment.thumb.is_not(None),
            Comment.thumb_counted.is_(True),
            Comment.status == CommentStatus.VISIBLE,
            Comment.hidden_at.is_(None),
            ~standing.hopping_restricted(now),
        )
        .group_by(Comment.thumb)
    ).all()
    counts = {t: int(n) for t, n in rows}
    return Thumbs(up=counts.get("up", 0), down=counts.get("down", 0))


def list_for(session: Session, *, username_id: int, viewer: User | None) -> CommentList:
    """Newest first. Everyone sees visible, unhidden comments; the owner also sees hidden ones; an
    author also sees their own held or removed ones; staff see everything."""
    username = listings.get_listed(session, username_id=username_id, viewer=viewer)
    now = clock.now()
    is_owner = viewer is not None and viewer.id == username.user_id
    staff = viewer is not None and viewer.is_admin
    query = (
        select(Comment, User)
        .outerjoin(User, User.id == Comment.user_id)
        .where(Comment.username_id == username.id)
    )
    if not staff:
        shown = Comment.status == CommentStatus.VISIBLE
        if not is_owner:
            shown = shown & Comment.hidden_at.is_(None)
        if viewer is not None:
            shown = or_(shown, Comment.user_id == viewer.id)
        query = query.where(shown)
    rows = session.execute(query.order_by(Comment.created_at.desc(), Comment.id.desc()).limit(PAGE)).all()
    return CommentList(
        data=[_read(c, u, viewer=viewer, now=now) for c, u in rows],
        thumbs=thumbs(session, username_id=username.id, now=now),
        is_owner=is_owner,
        allowance=_allowance(session, user=viewer, username=username, now=now)
        if viewer is not None
        else None,
    )


def post(session: Session, *, user: User, username_id: int, text: str, thumb: str | None) -> CommentResult:
    """Post a comment: refused on one's own listing, past the allowance, twice a day, while suspended,
    or with a clear minor signal; held by the blacklist, a possible minor, or a burst on the listing."""
    username = listings.get_listed(session, username_id=username_id, viewer=user)
    now = clock.now()
    allowance = _allowance(session, user=user, username=username, now=now)
    if not allowance.can_comment:
        code = {
            OWN: CommentCode.OWN_LISTING,
            ONE_A_DAY: CommentCode.ONE_PER_DAY,
        }.get(allowance.reason or "")
        if code is None:
            code = (
                CommentCode.DAILY_ALLOWANCE
                if allowance.left == 0 and not (allowance.reason or "").startswith("Two")
                else CommentCode.COMMENTING_SUSPENDED
            )
        if code is CommentCode.OWN_LISTING:
            raise Forbidden(allowance.reason or OWN, code=code)
        raise AppError(
            allowance.reason or "", code=code, status_code=429 if code is CommentCode.DAILY_ALLOWANCE else 400
        )
    body = text.strip()
    screening.refuse_clear_minor(fields={"text": body}, code=CommentCode.MINOR_SIGNAL)
    minor = screening.minor_signal(texts=[body])
    held_reason = (
        screening.possible_minor_reason(minor[1])
        if minor is not None
        else screening.review_text(session, texts=[body])
    )
    recent = int(
        session.scalar(
            select(func.count())
            .select_from(Comment)
            .where(Comment.username_id == username.id, Comment.created_at > now - BURST_WINDOW)
        )
        or 0
    )
    burst = recent >= BURST_LIMIT
    if held_reason is None and burst:
        held_reason = f"burst: more than {BURST_LIMIT} comments in an hour on this listing"
    comment = Comment(
        username_id=username.id,
        user_id=user.id,
        day=_day(now),
        body=body,
        thumb=thumb,
        thumb_counted=thumb is not None
        and user.created_at <= now - THUMB_MIN_AGE
        and not _hopping(user, now),
        status=CommentStatus.HELD if held_reason else CommentStatus.VISIBLE,
        held_reason=held_reason[:200] if held_reason else None,
        created_at=now,
    )
    session.add(comment)
    if burst and recent == BURST_LIMIT:
        # The first comment past the limit tells the owner, once per burst.
        owner = session.get(User, username.user_id)
        if owner is not None and owner.email:
            handle = username.username
            words = MAILS[mail.language_of(owner)]
            mail.queue(
                session,
                to=owner.email,
                subject=words["burst_subject"].format(handle=handle),
                body=words["burst_body"].format(n=BURST_LIMIT, handle=handle),
            )
    try:
        session.commit()
    except IntegrityError as exc:
        session.rollback()
        raise AppError(ONE_A_DAY, code=CommentCode.ONE_PER_DAY) from exc
    return CommentResult(
        success=True,
        message=HELD if held_reason else POSTED,
        comment=_read(comment, user, viewer=user, now=now),
    )


def _on_listing(session: Session, *, username_id: int, comment_id: int) -> tuple[Comment, Username]:
    comment = session.get(Comment, comment_id)
    username = session.get(Username, username_id)
    if comment is None or username is None or comment.username_id != username.id:
        raise NotFound(NOT_FOUND, code=CommentCode.COMMENT_NOT_FOUND)
    return comment, username


def _owned(session: Session, *, user: User, username_id: int, comment_id: int) -> Comment:
    comment, username = _on_listing(session, username_id=username_id, comment_id=comment_id)
    if username.user_id != user.id:
        raise Forbidden("Only the listing's owner can do this.", code=CommentCode.NOT_OWNER)
    if comment.status == CommentStatus.REMOVED:
        raise NotFound(NOT_FOUND, code=CommentCode.COMMENT_NOT_FOUND)
    return comment


def answer(session: Session, *, user: User, username_id: int, comment_id: int, text: str) -> CommentResult:
    """The owner answers a comment, once; the answer is screened as the comment was."""
    comment = _owned(session, user=user, username_id=username_id, comment_id=comment_id)
    if comment.owner_answer is not None:
        raise Conflict(ALREADY_ANSWERED, code=CommentCode.ALREADY_ANSWERED)
    body = text.strip()
    screening.refuse_clear_minor(fields={"text": body}, code=CommentCode.MINOR_SIGNAL)
    now = clock.now()
    comment.owner_answer = body
    comment.answered_at = now
    session.commit()
    author = session.get(User, comment.user_id)
    return CommentResult(success=True, message=ANSWERED, comment=_read(comment, author, viewer=user, now=now))


def set_hidden(
    session: Session, *, user: User, username_id: int, comment_id: int, hidden: bool
) -> CommentResult:
    """The owner hides a comment from their profile (or shows it again): never deleted."""
    comment = _owned(session, user=user, username_id=username_id, comment_id=comment_id)
    now = clock.now()
    comment.hidden_at = (comment.hidden_at or now) if hidden else None
    session.commit()
    author = session.get(User, comment.user_id)
    return CommentResult(
        success=True,
        message=HIDDEN if hidden else SHOWN,
        comment=_read(comment, author, viewer=user, now=now),
    )


def report(session: Session, *, user: User, username_id: int, comment_id: int, message: str) -> str:
    """A signed-in member reports a comment they can see, once."""
    comment, _ = _on_listing(session, username_id=username_id, comment_id=comment_id)
    if comment.status == CommentStatus.REMOVED:
        raise NotFound(NOT_FOUND, code=CommentCode.COMMENT_NOT_FOUND)
    session.add(CommentReport(comment_id=comment.id, reporter_id=user.id, message=message.strip()))
    try:
        session.commit()
    except IntegrityError as exc:
        session.rollback()
        raise Conflict(ALREADY_REPORTED, code=CommentCode.ALREADY_REPORTED) from exc
    return REPORTED


def open_reports(session: Session, *, limit: int = 100) -> list[tuple[Comment, list[CommentReport]]]:
    """Reported comments with open reports, oldest report first (the moderators' queue)."""
    reports = list(
        session.scalars(
            select(CommentReport).where(CommentReport.status == "open").order_by(CommentReport.id)
        )
    )
    by_comment: dict[int, list[CommentReport]] = {}
    for r in reports:
        by_comment.setdefault(r.comment_id, []).append(r)
    out = []
    for cid in list(by_comment)[:limit]:
        c = session.get(Comment, cid)
        if c is not None:
            out.append((c, by_comment[cid]))
    return out


def readable_text(session: Session, *, comment_id: int, viewer: User | None) -> str:
    """A comment's text (and the owner's answer under it) for a reader allowed to see it on the
    profile (the rule of `list_for`); 404 otherwise, so a translation never reveals a hidden one."""
    comment = get_or_404(session, Comment, comment_id, NOT_FOUND, code=CommentCode.COMMENT_NOT_FOUND)
    username = listings.get_listed(session, username_id=comment.username_id, viewer=viewer)
    staff = viewer is not None and viewer.is_admin
    own = viewer is not None and viewer.id == comment.user_id
    is_owner = viewer is not None and viewer.id == username.user_id
    shown = comment.status == CommentStatus.VISIBLE and (comment.hidden_at is None or is_owner)
    if not (staff or own or shown):
        raise NotFound(NOT_FOUND, code=CommentCode.COMMENT_NOT_FOUND)
    return comment.body


def held(session: Session, *, limit: int = 100) -> list[tuple[Comment, list[CommentReport]]]:
    """Comments held for a moderator (screening or a burst), oldest first, with their open reports."""
    rows = list(
        session.scalars(
            select(Comment).where(Comment.status == CommentStatus.HELD).order_by(Comment.id).limit(limit)
        )
    )
    reports: dict[int, list[CommentReport]] = {c.id: [] for c in rows}
    if rows:
        for r in session.scalars(
            select(CommentReport)
            .where(CommentReport.comment_id.in_(reports), CommentReport.status == "open")
            .order_by(CommentReport.id)
        ):
            reports[r.comment_id].append(r)
    return [(c, reports[c.id]) for c in rows]


def parties(session: Session, *, comment: Comment) -> set[int]:
    """Who a decision on this comment concerns: its author, the listing's owner, its open reporters."""
    owner = session.scalar(select(Username.user_id).where(Username.id == comment.username_id))
    reporters = session.scalars(
        select(CommentReport.reporter_id).where(
            CommentReport.comment_id == comment.id, CommentReport.status == "open"
        )
    )
    return {comment.user_id, *(i for i in (owner, *reporters) if i is not None)}


def listing_of(session: Session, *, comment: Comment) -> Username | None:
    return session.get(Username, comment.username_id)


def get(session: Session, *, comment_id: int) -> Comment:
    return get_or_404(session, Comment, comment_id, NOT_FOUND, code=CommentCode.COMMENT_NOT_FOUND)


def remove(session: Session, *, comment: Comment, reason: str, decided_by: int | None, source: str) -> None:
    """A moderator removes a comment (in the caller's transaction): its open reports are upheld, and
    its author is sent a decision record they may appeal. Two removals in 30 days suspend commenting."""
    if comment.status == CommentStatus.REMOVED:
        raise Conflict(ALREADY_REMOVED, code=CommentCode.ALREADY_REMOVED)
    now = clock.now()
    comment.status = CommentStatus.REMOVED
    comment.removed_at = now
    comment.removed_reason = reason
    _close_reports(session, comment=comment, status="upheld", now=now)
    username = session.get(Username, comment.username_id)
    author = session.get(User, comment.user_id)
    handle = f"{username.username} ({username.app})" if username is not None else "a listing"
    subject = decisions.Subject(
        type="comment", id=comment.id, about=f"your comment on {handle}", member=author
    )
    subject.record(
        session,
        decision="remove_comment",
        visibility="content_removed",
        facts=reason,
        decided_by=decided_by,
        source_type=source,
    )


def dismiss(session: Session, *, comment: Comment) -> None:
    """The reports on a comment were wrong: they close, a held comment is shown."""
    if comment.status == CommentStatus.HELD:
        comment.status = CommentStatus.VISIBLE
    _close_reports(session, comment=comment, status="dismissed", now=clock.now())


def restore(session: Session, *, comment_id: int) -> None:
    """An appeal reversed the removal: the comment is shown again and no longer counts as a removal."""
    comment = session.get(Comment, comment_id)
    if comment is None or comment.status != CommentStatus.REMOVED:
        return
    comment.status = CommentStatus.VISIBLE
    comment.removed_at = None
    comment.removed_reason = None


def _close_reports(session: Session, *, comment: Comment, status: str, now: datetime) -> None:
    for r in session.scalars(
        select(CommentReport).where(CommentReport.comment_id == comment.id, CommentReport.status == "open")
    ):
        r.status = status
        r.decided_at = now
