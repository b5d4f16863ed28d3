"""The admins' media tools: the gallery of recent uploads, removing or banning an image (a
statement of reasons to its owner, the snapshot held for the appeal period), the block list and its
ThreatExchange import and export."""

from __future__ import annotations

import logging
from collections.abc import Iterator

from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core.db import get_or_404
from addme.core.errors import AppError
from addme.core.paging import bounded_meta
from addme.core.schemas import ActionResult, from_row
from addme.decisions import service as decisions
from addme.decisions.models import StatementOfReasons
from addme.listings.models import Username
from addme.media import constants as c
from addme.media import hashes, hashlists, removal, service
from addme.media.codes import MediaCode
from addme.media.hashes import ImageRef
from addme.media.held import copy_to_held, hold_copy
from addme.media.models import Media, MediaBlockedHash, MediaImageHash
from addme.media.schemas import (
    AdminMedia,
    AdminMediaPage,
    BlockedHashPage,
    BlockedHashRead,
    HashImportResult,
)
from addme.media.storage import discard, get_storage

log = logging.getLogger("addme.media")


def recent_uploads(session: Session, *, page: int, per_page: int) -> AdminMediaPage:
    """The admin gallery: newest uploads first."""
    storage = get_storage()
    meta = bounded_meta(session, select(Media), page=page, per_page=per_page)
    # The page's ids from the primary key alone, then the join for those rows only (an OFFSET over
    # the join would look up the username of every skipped upload).
    ids = select(Media.id).order_by(Media.id.desc()).limit(per_page).offset((page - 1) * per_page)
    rows = session.execute(
        select(Media, Username.username, MediaImageHash.pdq)
        .join(Username, Username.id == Media.username_id, isouter=True)
        .join(MediaImageHash, MediaImageHash.media_id == Media.id, isouter=True)
        .where(Media.id.in_(ids.scalar_subquery()))
        .order_by(Media.id.desc())
    ).all()
    data = [
        from_row(
            AdminMedia,
            m,
            username=handle,
            url=storage.url(m.storage_key),
            thumb_url=storage.url(m.thumb_key),
            pdq=hexed,
        )
        for m, handle, hexed in rows
    ]
    return AdminMediaPage(data=data, meta=meta)


def _record_removal(session: Session, *, admin: User, media: Media, reason: str) -> StatementOfReasons:
    picture = "profile picture" if media.kind == c.Kind.PROFILE else "gallery picture"
    owner = session.get(User, media.user_id)
    subject = decisions.Subject(type="media", id=media.id, about=f"a {picture} (#{media.id})", member=owner)
    return subject.record(
        session, decision="remove_media", visibility="content_removed", facts=reason, decided_by=admin.id
    )


def admin_remove(
    session: Session, *, admin: User, media_id: int, reason: str = "", macro: str | None = None
) -> ActionResult:
    """Remove any member's image (the admin gallery), with a reason its owner is sent."""
    media = get_or_404(session, Media, media_id, c.NOT_REMOVED, code=MediaCode.MEDIA_NOT_REMOVED)
    reason = decisions.reason_text(reason, macro)
    statement = _record_removal(session, admin=admin, media=media, reason=reason)
    audit.record(
        session,
        admin=admin,
        action="media.remove",
        reason=reason,
        target=f"media:{media_id}",
        details={
            "username_id": media.username_id,
            "pdq": session.scalar(select(MediaImageHash.pdq).where(MediaImageHash.media_id == media.id)),
        },
    )
    try:
        _hold(session, media, statement=statement)
    except Exception as exc:
        session.rollback()
        log.exception("admin media removal failed")
        raise AppError(c.NOT_REMOVED, code=MediaCode.MEDIA_NOT_REMOVED, status_code=500) from exc
    return ActionResult(success=True, message=c.REMOVED)


def _hold(session: Session, media: Media, *, statement: StatementOfReasons) -> None:
    """A moderator's removal: the row leaves every list and its files leave public serving (copied
    under a random private key, the public ones deleted once committed), the snapshot held for the
    appeal period so a reversal restores it (`held.restore_held`)."""
    held = copy_to_held(session, media, statement=statement)
    try:
        service.remove(session, media)
    except Exception:
        discard(list(held.values()))
        raise


def ban_image(
    session: Session, *, admin: User, media_id: int, reason: str, macro: str | None = None
) -> BlockedHashRead:
    """Ban an image: it is removed and its PDQ hash blocked (near-duplicates are refused from now on)."""
    media = get_or_404(session, Media, media_id, c.MEDIA_NOT_FOUND)
    reason = decisions.reason_text(reason, macro)
    row = hashes.ensure_hash(session, media)
    if row is None:
        # No file left to hash: the image cannot be blocked, only removed.
        raise AppError(c.NOT_REMOVED, code=MediaCode.MEDIA_NOT_REMOVED, status_code=409)
    statement = _record_removal(session, admin=admin, media=media, reason=reason)
    hold_copy(session, media_id=media.id, statement=statement, blocked_by=c.BlockSource.ADMIN_BAN.value)
    ref = ImageRef(
        media_id=media.id,
        kind=media.kind,
        user_id=media.user_id,
        username_id=media.username_id,
        url=get_storage().url(media.storage_key),
        pdq=row.pdq,
    )
    removal.remove_and_block(
        session, refs=[ref], actor_id=admin.id, reason=reason, source=c.BlockSource.ADMIN_BAN
    )
    blocked = session.scalar(
        select(MediaBlockedHash).where(
            MediaBlockedHash.source == c.BlockSource.ADMIN_BAN, MediaBlockedHash.pdq == ref.pdq
        )
    )
    assert blocked is not None
    session.commit()
    return BlockedHashRead.model_validate(blocked, from_attributes=True)


def image_bans(session: Session, *, source: str | None, page: int, per_page: int) -> BlockedHashPage:
    """The block list, newest first, optionally from one source."""
    stmt = select(MediaBlockedHash)
    if source:
        stmt = stmt.where(MediaBlockedHash.source == source)
    meta = bounded_meta(session, stmt, page=page, per_page=per_page)
    rows = session.scalars(
        stmt.order_by(MediaBlockedHash.id.desc()).limit(per_page).offset((page - 1) * per_page)
    )
    return BlockedHashPage(
        data=[BlockedHashRead.model_validate(b, from_attributes=True) for b in rows], meta=meta
    )


def import_hashes(session: Session, *, admin: User, text: str, reason: str) -> HashImportResult:
    """Add a ThreatExchange PDQ text list to the block list, all or nothing."""
    return hashlists.import_list(session, admin=admin, text=text, reason=reason)


def export_hashes(session: Session, *, admin: User, source: str | None) -> Iterator[str]:
    """The block list in ThreatExchange's PDQ text format, streamed."""
    return hashlists.export_lines(session, admin=admin, source=source)
