"""Media: members' profile pictures and galleries, image hashes and the block list (image bans,
notices' removals, imported lists, StopNCII), and the age-verification blur rule."""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence

from fastapi import Request
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core.errors import AppError, FieldError, NotFound
from addme.core.paging import bounded_meta
from addme.core.schemas import ActionResult
from addme.decisions import service as decisions
from addme.decisions.models import StatementOfReasons
from addme.listings import service as listings
from addme.listings.models import Username
from addme.media import backfill, hashes, hashlists, pipeline, stopncii
from addme.media import constants as c
from addme.media.codes import MediaCode
from addme.media.hashes import ImageRef, media_keys
from addme.media.held import copy_to_held, hold_copy
from addme.media.models import Media, MediaBlockedHash, MediaImageHash
from addme.media.schemas import (
    AdminMedia,
    AdminMediaPage,
    BlockedHashPage,
    BlockedHashRead,
    HashImportResult,
    MediaRead,
    MyMedia,
    PictureResult,
    UploadResult,
)
from addme.media.storage import Storage, discard, get_storage, preview_key
from addme.media.uploads import Incoming
from addme.trust import service as trust

log = logging.getLogger("addme.media")

__all__ = ["ImageRef", "find_copies", "hash_upload", "images_at", "remove_and_block"]


def should_blur(session: Session, *, user: User | None, request: Request) -> bool:
    """True only where age verification is required and neither the account nor the browser is verified."""
    return trust.should_blur(session, user=user, request=request)


def gallery_limit(user: User) -> int:
    """20 images per username for VIP and Studio owners, 5 otherwise."""
    return c.GALLERY_LIMIT_VIP if user.is_vip else c.GALLERY_LIMIT


def to_read(media: Media, storage: Storage) -> MediaRead:
    """A stored image with its public URLs."""
    return MediaRead(
        id=media.id,
        kind=media.kind,
        url=storage.url(media.storage_key),
        thumb_url=storage.url(media.thumb_key),
        width=media.width,
        height=media.height,
        content_type=media.content_type,
        created_at=media.created_at,
    )


def _media_of(session: Session, *, username_id: int, kind: str) -> list[Media]:
    return list(
        session.scalars(
            select(Media).where(Media.username_id == username_id, Media.kind == kind).order_by(Media.id)
        )
    )


def my_media(session: Session, *, user: User, username_id: int) -> MyMedia:
    """A username's profile picture and gallery, for its owner."""
    username = listings.get_own(session, user=user, username_id=username_id)
    storage = get_storage()
    profile = _media_of(session, username_id=username.id, kind=c.Kind.PROFILE)
    return MyMedia(
        username_id=username.id,
        profile_picture=username.profile_picture,
        profile=to_read(profile[-1], storage) if profile else None,
        gallery=[
            to_read(m, storage) for m in _media_of(session, username_id=username.id, kind=c.Kind.GALLERY)
        ],
        gallery_limit=gallery_limit(user),
    )


def _blocked(session: Session, image: pipeline.Processed) -> bool:
    """True when the image is within 31 bits of a blocked hash (StopNCII is told of its matches)."""
    match = hashes.blocked_match(session, hexed=image.pdq, quality=image.quality)
    if match is None:
        return False
    if match.source == c.BlockSource.STOPNCII:
        stopncii.queue_feedback(session, hexed=match.pdq, value=stopncii.Feedback.PENDING_REVIEW)
    log.info("upload refused: blocked hash %s (%s)", match.id, match.source)
    return True


def process_files(
    session: Session,
    files: Sequence[Incoming],
    *,
    field: str,
    user: User | None = None,
    username_id: int | None = None,
) -> list[pipeline.Processed]:
    """Re-encode every file under the limit; one bad or blocked file refuses the whole request
    (nothing stored). Decoding runs outside any transaction; the block list is read after it. A
    refusal by the block list is an automated decision: `user` is sent its statement."""
    done: list[pipeline.Processed] = []
    problems: list[str] = []
    readable: list[Incoming] = []
    pixels = 0
    # Every header first: a request over the pixel budget is refused before anything is decoded.
    for f in files:
        if f.data is None:
            continue
        try:
            width, height = pipeline.dimensions(f.data)
        except pipeline.ImageRejected as exc:
            problems.append(f"{f.name}: {exc}")
            continue
        pixels += width * height
        readable.append(f)
    if problems:
        raise FieldError({field: problems})
    if pixels > c.MAX_REQUEST_PIXELS:
        raise FieldError(field, c.TOO_MANY_PIXELS)
    for f in readable:
        assert f.data is not None
        try:
            image = pipeline.process(f.data)
        except pipeline.ImageRejected as exc:
            problems.append(f"{f.name}: {exc}")
            continue
        done.append(image)
    if problems:
        raise FieldError({field: problems})
    blocked = [
        f"{f.name}: {c.BLOCKED_IMAGE}"
        for f, image in zip(readable, done, strict=True)
        if _blocked(session, image)
    ]
    if blocked and user is not None:
        decisions.record(
            session,
            decision="block_upload",
            visibility="content_disabled",
            facts="The picture matches an image on AddMe's block list (a perceptual-hash match), "
            "so it was not stored.",
            ground_reference="AddMe Terms of Use: pictures removed for breaking the terms may not return",
            subject_type="username",
            subject_id=username_id,
            about=f"a picture you uploaded ({', '.join(b.split(':', 1)[0] for b in blocked)})",
            member=user,
            decided_by=None,
            automated_detection=True,
            automated_decision="fully",
            content=[],
        )
    # Committed: a match's feedback is kept; the read leaves no transaction open either way.
    session.commit()
    if blocked:
        raise AppError(
            c.BLOCKED_IMAGE, code=MediaCode.BLOCKED_IMAGE, status_code=422, errors={field: blocked}
        )
    return done


def store(
    session: Session, *, user_id: int, username_id: int, kind: str, images: Sequence[pipeline.Processed]
) -> list[Media]:
    """Write the objects, then the rows (flushed, not committed); on failure remove what was written."""
    storage = get_storage()
    written: list[str] = []
    rows: list[Media] = []
    try:
        for image in images:
            name = pipeline.random_name()
            key, thumb = f"{kind}/{name}.{image.extension}", f"{kind}/{name}-t.webp"
            for k, data in ((key, image.data), (thumb, image.thumb), (preview_key(thumb), image.preview)):
                storage.put(k, data, content_type=image.content_type)
                written.append(k)
            row = Media(
                user_id=user_id,
                username_id=username_id,
                kind=kind,
                storage_key=key,
                thumb_key=thumb,
                width=image.width,
                height=image.height,
                content_type=image.content_type,
                size_bytes=len(image.data),
            )
            session.add(row)
            rows.append(row)
        session.flush()
        for row, image in zip(rows, images, strict=True):
            hashes.add_hash(
                session,
                media_id=row.id,
                kind=kind,
                storage_key=row.storage_key,
                hexed=image.pdq,
                quality=image.quality,
            )
        session.flush()
    except Exception:
        log.exception("media storage failed")
        session.rollback()
        discard(written)
        raise
    return rows


def _commit_stored(session: Session, rows: Sequence[Media]) -> bool:
    try:
        session.commit()
    except Exception:
        log.exception("media rows not saved")
        session.rollback()
        discard([k for r in rows for k in media_keys(r)])
        return False
    return True


def _not_stored(
    message: str, *, code: MediaCode, skipped_message: str | None = None, down: bool = False
) -> AppError:
    """Nothing was stored: 400 when no file could be used, 503 when the storage or the database failed."""
    extra = {"skipped_message": skipped_message} if skipped_message else None
    return AppError(message, code=code, status_code=503 if down else 400, extra=extra)


def upload_gallery(
    session: Session, *, user: User, username_id: int, files: Sequence[Incoming]
) -> UploadResult:
    """Add up to 5 images to a username's gallery; files over 4 MB are skipped and counted."""
    listings.get_own(session, user=user, username_id=username_id)
    skipped = sum(1 for f in files if f.too_large)
    skipped_message = c.too_large_message(skipped) if skipped else None
    session.commit()  # no transaction stays open while images are decoded
    images = process_files(session, files, field="files", user=user, username_id=username_id)
    if not images:
        raise _not_stored(c.NOT_UPLOADED, code=MediaCode.NOT_UPLOADED, skipped_message=skipped_message)
    listings.get_own(session, user=user, username_id=username_id, lock=True)
    limit = gallery_limit(user)
    count = len(_media_of(session, username_id=username_id, kind=c.Kind.GALLERY))
    if count + len(images) > limit:
        session.rollback()
        hint = "" if user.is_vip else c.GALLERY_FULL_VIP_HINT
        raise AppError(c.GALLERY_FULL.format(limit=limit, count=count) + hint, code=MediaCode.GALLERY_FULL)
    try:
        rows = store(session, user_id=user.id, username_id=username_id, kind=c.Kind.GALLERY, images=images)
    except Exception:
        log.exception("gallery images not stored")
        raise _not_stored(
            c.NOT_UPLOADED, code=MediaCode.NOT_UPLOADED, skipped_message=skipped_message, down=True
        ) from None
    if not _commit_stored(session, rows):
        raise _not_stored(
            c.NOT_UPLOADED, code=MediaCode.NOT_UPLOADED, skipped_message=skipped_message, down=True
        )
    storage = get_storage()
    return UploadResult(
        success=True,
        message=c.UPLOADED,
        skipped_message=skipped_message,
        data=[to_read(r, storage) for r in rows],
    )


def set_profile_picture(session: Session, *, user: User, username_id: int, file: Incoming) -> PictureResult:
    """Replace a username's profile picture; the old one's objects are removed."""
    username = listings.get_own(session, user=user, username_id=username_id)
    if file.too_large:
        raise _not_stored(
            c.PICTURE_NOT_UPDATED, code=MediaCode.PICTURE_NOT_UPDATED, skipped_message=c.too_large_message(1)
        )
    session.commit()  # no transaction stays open while images are decoded
    images = process_files(session, [file], field="file", user=user, username_id=username_id)
    failed = _not_stored(c.PICTURE_NOT_UPDATED, code=MediaCode.PICTURE_NOT_UPDATED, down=True)
    # Locked, so two uploads at once cannot both keep the picture the other one deletes.
    username = listings.get_own(session, user=user, username_id=username_id, lock=True)
    old = _media_of(session, username_id=username_id, kind=c.Kind.PROFILE)
    try:
        rows = store(session, user_id=user.id, username_id=username_id, kind=c.Kind.PROFILE, images=images)
    except Exception:
        log.exception("profile picture not stored")
        raise failed from None
    storage = get_storage()
    listings.set_picture(session, username=username, url=storage.url(rows[0].storage_key))
    for m in old:
        session.delete(m)
    if not _commit_stored(session, rows):
        raise failed
    discard([k for m in old for k in media_keys(m)])
    return PictureResult(
        success=True,
        message=c.PICTURE_UPDATED,
        profile_picture=username.profile_picture,
        data=to_read(rows[0], storage),
    )


def _remove(session: Session, media: Media) -> None:
    """Delete a media row (committed) and then its objects; a removed profile picture leaves the card."""
    if media.kind == c.Kind.PROFILE:
        username = session.get(Username, media.username_id)
        if username is not None and username.profile_picture == get_storage().url(media.storage_key):
            listings.set_picture(session, username=username, url=None)
    keys = media_keys(media)
    session.delete(media)
    session.commit()
    discard(keys)


def delete_media(session: Session, *, user: User, username_id: int, media_id: int) -> ActionResult:
    """Delete one of my images."""
    listings.get_own(session, user=user, username_id=username_id)
    media = session.scalar(select(Media).where(Media.id == media_id, Media.username_id == username_id))
    if media is None:
        raise NotFound(c.MEDIA_NOT_FOUND)
    _remove(session, media)
    return ActionResult(success=True, message=c.DELETED)


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
        AdminMedia(
            id=m.id,
            user_id=m.user_id,
            username_id=m.username_id,
            username=handle,
            kind=m.kind,
            url=storage.url(m.storage_key),
            thumb_url=storage.url(m.thumb_key),
            width=m.width,
            height=m.height,
            pdq=hexed,
            created_at=m.created_at,
        )
        for m, handle, hexed in rows
    ]
    return AdminMediaPage(data=data, meta=meta)


def _record_removal(session: Session, *, admin: User, media: Media, reason: str) -> StatementOfReasons:
    return decisions.record(
        session,
        decision="remove_media",
        visibility="content_removed",
        facts=reason,
        subject_type="media",
        subject_id=media.id,
        about=f"a {'profile picture' if media.kind == c.Kind.PROFILE else 'gallery picture'} (#{media.id})",
        member=session.get(User, media.user_id),
        decided_by=admin.id,
    )


def admin_remove(
    session: Session, *, admin: User, media_id: int, reason: str = "", macro: str | None = None
) -> ActionResult:
    """Remove any member's image (the admin gallery), with a reason its owner is sent."""
    media = session.get(Media, media_id)
    if media is None:
        raise NotFound(c.NOT_REMOVED, code=MediaCode.MEDIA_NOT_REMOVED)
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
        _remove(session, media)
    except Exception:
        discard(list(held.values()))
        raise


def ban_image(
    session: Session, *, admin: User, media_id: int, reason: str, macro: str | None = None
) -> BlockedHashRead:
    """Ban an image: it is removed and its PDQ hash blocked (near-duplicates are refused from now on)."""
    media = session.get(Media, media_id)
    if media is None:
        raise NotFound(c.MEDIA_NOT_FOUND)
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
    hashes.remove_and_block(
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


# -- the image-hash verbs other domains call (notices, ads) ------------------------------------------


def hash_upload(*, data: bytes) -> tuple[str, int]:
    """The PDQ hash (64 hex digits) and quality of an uploaded picture; 422 when it is not an image."""
    try:
        return pipeline.fingerprint(data)
    except pipeline.ImageRejected as exc:
        raise FieldError("picture", str(exc)) from exc


def images_at(session: Session, *, urls: Sequence[str]) -> list[ImageRef]:
    """The stored images these AddMe URLs show (a media file or thumbnail URL, a gallery page
    /nude/<slug>, a profile /profile/<id> or /username/<name>/<id>: its picture and gallery);
    unknown URLs give nothing, never an error."""
    return hashes.images_at(session, urls=urls)


def find_copies(
    session: Session, *, pdqs: Sequence[str], exclude_media_ids: Sequence[int] = ()
) -> list[ImageRef]:
    """Every stored image within 31 bits of any of `pdqs`, closest first (stored hashes of quality
    49 or less are never matched)."""
    return hashes.find_copies(session, pdqs=pdqs, exclude_media_ids=exclude_media_ids)


def remove_and_block(
    session: Session, *, refs: Sequence[ImageRef], actor_id: int | None, reason: str, source: str
) -> list[ImageRef]:
    """Remove the images (gallery rows and files, a profile picture cleared from its card, an ad
    image's stored object) and block their hashes with `source` and `reason`, audited. Runs in the
    caller's transaction: nothing is committed here, and the files go once the caller commits."""
    removed = hashes.remove_and_block(session, refs=refs, actor_id=actor_id, reason=reason, source=source)
    for hexed in {r.pdq for r in removed}:
        # A person's StopNCII case matched what a moderator removed: StopNCII is told it was blocked.
        match = hashes.blocked_match(session, hexed=hexed, quality=None, source=c.BlockSource.STOPNCII)
        if match is not None:
            stopncii.queue_feedback(session, hexed=match.pdq, value=stopncii.Feedback.BLOCKED)
    return removed


def store_ad_image(session: Session, *, data: bytes) -> str:
    """Re-encode and store an ad's banner, its hash recorded; refused (422 blocked_image) when it
    matches the block list. Returns its URL."""
    try:
        image = pipeline.process(data)
    except pipeline.ImageRejected as exc:
        raise FieldError("file", str(exc)) from exc
    if _blocked(session, image):
        session.commit()
        raise AppError(
            c.BLOCKED_IMAGE,
            code=MediaCode.BLOCKED_IMAGE,
            status_code=422,
            errors={"file": [c.BLOCKED_IMAGE]},
        )
    session.commit()
    storage = get_storage()
    key = f"ads/{pipeline.random_name()}.{image.extension}"
    try:
        storage.put(key, image.data, content_type=image.content_type)
    except OSError as exc:
        raise AppError(c.NOT_UPLOADED, code=MediaCode.NOT_UPLOADED, status_code=503) from exc
    try:
        hashes.add_hash(
            session, media_id=None, kind=c.AD, storage_key=key, hexed=image.pdq, quality=image.quality
        )
        session.commit()
    except Exception:
        session.rollback()
        discard([key])
        log.exception("ad image hash not saved")
        raise AppError(c.NOT_UPLOADED, code=MediaCode.NOT_UPLOADED, status_code=503) from None
    return storage.url(key)


def hash_stored_images(session: Session, *, ad_image_urls: Sequence[str] = ()) -> dict[str, int]:
    """The backfill's run: hashes for stored images that have none (resumable, batched)."""
    counts = backfill.hash_media(session)
    counts.update(backfill.hash_ad_images(session, urls=ad_image_urls))
    return counts


def images_left_to_hash(session: Session) -> int:
    """Media rows the backfill has still to hash."""
    return backfill.remaining(session)


def sync_stopncii(session: Session) -> dict[str, int]:
    """The StopNCII job's run: new hashes blocked, withdrawn ones removed, feedback sent."""
    return stopncii.sync(session)


def import_hashes(session: Session, *, admin: User, text: str, reason: str) -> HashImportResult:
    """Add a ThreatExchange PDQ text list to the block list, all or nothing."""
    return hashlists.import_list(session, admin=admin, text=text, reason=reason)


def export_hashes(session: Session, *, admin: User, source: str | None) -> Iterator[str]:
    """The block list in ThreatExchange's PDQ text format, streamed."""
    return hashlists.export_lines(session, admin=admin, source=source)


def reencode_private(raw: bytes) -> bytes:
    """Validate and re-encode an image that is kept private (proofs): no EXIF, GPS or payloads."""
    try:
        return pipeline.process(raw).data
    except pipeline.ImageRejected as exc:
        raise FieldError("screenshot", str(exc)) from exc


def purge_files(session: Session, *, user_ids: Sequence[int] = (), username_ids: Sequence[int] = ()) -> int:
    """Remove the images (rows, then stored objects) of accounts or usernames about to be erased.

    The cleanup and erasure jobs call this first: the rows would cascade away with their owner and
    leave the objects behind with nothing pointing at them. Returns the images removed.
    """
    removed = 0
    for column, ids in ((Media.user_id, list(user_ids)), (Media.username_id, list(username_ids))):
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            rows = session.scalars(select(Media).where(column.in_(chunk))).all()
            if not rows:
                continue
            keys = [k for m in rows for k in media_keys(m)]
            session.execute(delete(Media).where(Media.id.in_([m.id for m in rows])))
            session.commit()
            discard(keys)
            removed += len(rows)
    return removed
