"""The moderators' side of notices: the queue by due time, one notice with what it names and the
copies found, and the decision (remove or reject) with its statement of reasons.

A removal takes down every target the moderator left ticked and every stored copy of its images
(PDQ within 31 bits), blocks those hashes for later uploads, and mails the requester, all in one
transaction with the audit row: a decision is recorded whole or not at all.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core import clock
from addme.core.config import get_settings
from addme.core.db import get_or_404
from addme.core.errors import Conflict, FieldError, NotFound
from addme.core.paging import exact_page
from addme.core.schemas import Page, from_row
from addme.decisions import service as decisions
from addme.decisions.models import StatementOfReasons
from addme.groups import admin as groups_admin
from addme.listings import service as listings
from addme.mail import service as mail
from addme.media import blocking as media
from addme.media import held as held_media
from addme.moderation import notice_targets as found_by
from addme.moderation import texts
from addme.moderation.codes import ModerationCode
from addme.moderation.models import Notice, NoticeStatus
from addme.moderation.notice_schemas import (
    MIN_REASON,
    NoticeAdmin,
    NoticeDecideIn,
    NoticeDecision,
    NoticeDetail,
    NoticeTarget,
    StatementRead,
    Urgency,
)
from addme.moderation.notices import clock_for

NOT_FOUND = "Notice not found."
ALREADY_DECIDED = "This notice has already been decided."
REASON_TOO_SHORT = f"Give a reason of at least {MIN_REASON} characters."
REMOVED = "Content removed."
REJECTED = "Notice rejected."


def urgency(notice: Notice) -> Urgency:
    """ok, soon (half the time to the target used), late (past the staff target), overdue (past due)."""
    at = clock.now()
    _, target, _ = clock_for(notice.kind, notice.created_at)
    if at >= notice.due_at:
        return "overdue"
    if target < notice.due_at and at >= target:
        return "late"
    if at >= notice.created_at + (target - notice.created_at) / 2:
        return "soon"
    return "ok"


def _statement(row: StatementOfReasons | None) -> StatementRead | None:
    if row is None:
        return None
    return from_row(StatementRead, row, content=[str(c) for c in row.content])


def _read(notice: Notice, statement: StatementOfReasons | None = None) -> NoticeAdmin:
    _, target, _ = clock_for(notice.kind, notice.created_at)
    return from_row(
        NoticeAdmin,
        notice,
        urls=list(notice.urls),
        has_picture=notice.picture_path is not None,
        picture_url=f"/v1/admin/notices/{notice.id}/picture" if notice.picture_path else None,
        target_at=target,
        urgency=urgency(notice),
        decision=_statement(statement),
    )


def queue(session: Session, *, status: str, page: int, per_page: int) -> Page[NoticeAdmin]:
    """Open notices, the soonest due first; decided ones, the latest decision first."""
    where = Notice.status == NoticeStatus.OPEN if status == "open" else Notice.status != NoticeStatus.OPEN
    order = (Notice.due_at, Notice.id) if status == "open" else (Notice.decided_at.desc(), Notice.id.desc())
    rows, meta = exact_page(session, select(Notice).where(where), order=order, page=page, per_page=per_page)
    statements = decisions.of_notice(session, notice_ids=[n.id for n in rows])
    return Page[NoticeAdmin](data=[_read(n, statements.get(n.id)) for n in rows], meta=meta)


def open_summary(session: Session) -> tuple[int, int]:
    """Open notices, and how many of them are past due."""
    count, late = session.execute(
        select(func.count(), func.count().filter(Notice.due_at <= clock.now())).where(
            Notice.status == NoticeStatus.OPEN
        )
    ).one()
    return int(count or 0), int(late or 0)


def _get(session: Session, notice_id: int) -> Notice:
    return get_or_404(session, Notice, notice_id, NOT_FOUND, code=ModerationCode.NOTICE_NOT_FOUND)


def _statement_of(session: Session, notice: Notice) -> StatementOfReasons | None:
    return decisions.of_notice(session, notice_ids=[notice.id]).get(notice.id)


def detail(session: Session, *, notice_id: int) -> NoticeDetail:
    """One notice with the content its addresses name today and the stored copies of its images."""
    notice = _get(session, notice_id)
    base = _read(notice, _statement_of(session, notice))
    if notice.status != NoticeStatus.OPEN:
        return NoticeDetail(**base.model_dump(), targets=[], copies=[])
    found = found_by.resolve(session, urls=notice.urls)
    copies = found_by.copies_of(session, notice=notice, images=found.images)
    return NoticeDetail(
        **base.model_dump(),
        targets=found_by.targets(found),
        copies=[found_by.image_target(c) for c in copies],
    )


def picture_file(session: Session, *, notice_id: int) -> Path:
    """The private picture a requester sent (moderators only; never a public address)."""
    notice = _get(session, notice_id)
    root = get_settings().private_dir.resolve()
    path = (root / (notice.picture_path or "")).resolve()
    if not notice.picture_path or root not in path.parents or not path.is_file():
        raise NotFound(NOT_FOUND, code=ModerationCode.NOTICE_PICTURE_NOT_FOUND)
    return path


def _outcome_mail(
    notice: Notice, words: dict[str, str], *, removed: int, copies: int, reason: str
) -> tuple[str, str]:
    ref = notice.reference
    if notice.status == NoticeStatus.REMOVED:
        extra = words["notice_removed_copies"].format(copies=copies) if copies else ""
        return (
            words["notice_removed_subject"].format(ref=ref),
            words["notice_removed_body"].format(ref=ref, removed=removed, extra=extra, reason=reason),
        )
    return (
        words["notice_kept_subject"].format(ref=ref),
        words["notice_kept_body"].format(ref=ref, reason=reason),
    )


def decide(session: Session, *, admin: User, notice_id: int, body: NoticeDecideIn) -> NoticeDecision:
    """Remove what the notice names and its copies, or reject it; the requester is mailed either way."""
    reason = body.reason.strip()
    if len(reason) < MIN_REASON:
        raise FieldError("reason", REASON_TOO_SHORT)
    notice = _get(session, notice_id)
    if notice.status != NoticeStatus.OPEN:
        raise Conflict(ALREADY_DECIDED, code=ModerationCode.ALREADY_DECIDED)
    now = clock.now()
    remove = body.action == "remove"
    status = NoticeStatus.REMOVED if remove else NoticeStatus.REJECTED
    # The claim: of two moderators deciding at once, one wins and the other gets the 409.
    claimed = session.execute(
        update(Notice)
        .where(Notice.id == notice.id, Notice.status == NoticeStatus.OPEN)
        .values(status=status, decided_at=now)
    )
    if claimed.rowcount != 1:  # type: ignore[attr-defined]
        session.rollback()
        raise Conflict(ALREADY_DECIDED, code=ModerationCode.ALREADY_DECIDED)
    session.refresh(notice)
    removed: list[NoticeTarget] = []
    copies: list[NoticeTarget] = []
    if remove:
        removed, copies = _take_down(session, admin=admin, notice=notice, body=body, reason=reason)
    content = [t.key for t in removed + copies]
    statement = decisions.record(
        session,
        notice_id=notice.id,
        decision=body.action,
        visibility="content_removed" if remove and content else None,
        ground=body.ground,
        category=body.category,
        source_type="notice",
        facts=reason,
        content=content,
        subject_type="notice",
        subject_id=notice.id,
        about=f"notice {notice.reference}",
        # The requester is mailed below in the notice's own words; each owner got their own
        # statement in _take_down.
        member=None,
        decided_by=admin.id,
    )
    if notice.contact_email:
        reporter = session.get(User, notice.reporter_id) if notice.reporter_id is not None else None
        words = texts.words_for(session, user=reporter, email=notice.contact_email, language=notice.language)
        subject, text = _outcome_mail(notice, words, removed=len(content), copies=len(copies), reason=reason)
        mail.queue(session, to=notice.contact_email, subject=subject, body=text)
    audit.record(
        session,
        admin=admin,
        action=f"notice.{body.action}",
        target=f"notice:{notice.id}",
        reason=reason,
        before={"status": NoticeStatus.OPEN},
        after={"status": status, "removed": [t.key for t in removed], "copies": [t.key for t in copies]},
        details={
            "reference": notice.reference,
            "kind": notice.kind,
            "ground": body.ground,
            "category": body.category,
            "skipped": sorted(body.skip),
        },
    )
    session.commit()
    return NoticeDecision(
        success=True,
        message=REMOVED if remove else REJECTED,
        notice=_read(notice, statement),
        removed=removed,
        copies=copies,
    )


def _owner_statement(
    session: Session,
    *,
    admin: User,
    notice: Notice,
    body: NoticeDecideIn,
    reason: str,
    decision: str,
    subject_type: str,
    subject_id: int,
    about: str,
    owner_id: int | None,
) -> StatementOfReasons:
    """The statement a removed item's owner is sent (Art. 17), appealable like any moderator's
    removal; the notice's own statement stays the requester's record."""
    return decisions.record(
        session,
        decision=decision,
        visibility="content_removed",
        ground=body.ground,
        category=body.category,
        source_type="notice",
        facts=f"Notice {notice.reference}: {reason}",
        subject_type=subject_type,
        subject_id=subject_id,
        about=about,
        member=session.get(User, owner_id) if owner_id is not None else None,
        decided_by=admin.id,
    )


def _take_down(
    session: Session, *, admin: User, notice: Notice, body: NoticeDecideIn, reason: str
) -> tuple[list[NoticeTarget], list[NoticeTarget]]:
    """Remove the ticked targets and every copy of their images; (removed targets, removed copies).

    Each removed item's owner gets a statement, and what a member owned is held for the appeal
    period (pictures privately, groups as a snapshot, usernames in their deleted state), so a
    reversed appeal gives it back."""
    skip = set(body.skip)
    # Each owner's statement names this notice, its ground and the moderator's reason.
    owner_statement = partial(_owner_statement, session, admin=admin, notice=notice, body=body, reason=reason)
    found = found_by.resolve(session, urls=notice.urls)
    images = [r for r in found.images if found_by.image_key(r) not in skip]
    copies = [
        c
        for c in found_by.copies_of(session, notice=notice, images=images)
        if found_by.image_key(c) not in skip
    ]
    seen: set[int] = set()
    for ref in [*images, *copies]:
        if ref.media_id is None or ref.media_id in seen:
            continue  # an ad image is the site's own, not a member's
        seen.add(ref.media_id)
        statement = owner_statement(
            decision="remove_media",
            subject_type="media",
            subject_id=ref.media_id,
            about=f"a {'profile picture' if ref.kind == 'profile' else 'gallery picture'} (#{ref.media_id})",
            owner_id=ref.user_id,
        )
        held_media.hold_copy(session, media_id=ref.media_id, statement=statement, blocked_by="notice")
    # The block list keeps which notice blocked each hash, in the reason its rows carry.
    taken = media.remove_and_block(
        session,
        refs=[*images, *copies],
        actor_id=admin.id,
        reason=f"Notice {notice.reference}: {reason}",
        source="notice",
    )
    taken_keys = {found_by.image_key(r) for r in taken}
    copy_keys = {found_by.image_key(c) for c in copies}
    removed = [found_by.image_target(r) for r in taken if found_by.image_key(r) not in copy_keys]
    removed_copies = [found_by.image_target(r) for r in copies if found_by.image_key(r) in taken_keys]
    for username in found.usernames:
        if f"username:{username.id}" not in skip:
            listings.remove(session, username=username)
            owner_statement(
                decision="remove_username",
                subject_type="username",
                subject_id=username.id,
                about=f"your username {username.username} ({username.app})",
                owner_id=username.user_id,
            )
            removed.append(found_by.username_target(username))
    for group in found.groups:
        if f"group:{group.id}" not in skip:
            removed.append(found_by.group_target(group))
            statement = owner_statement(
                decision="remove_group",
                subject_type="group",
                subject_id=group.id,
                about=f"{group.name} ({group.app})",
                owner_id=group.user_id,
            )
            groups_admin.hold_and_erase(session, group=group, statement=statement)
    return removed, removed_copies
