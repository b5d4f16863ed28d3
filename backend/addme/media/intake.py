"""Every image coming in: decoded under the pixel budget, re-encoded (no EXIF, GPS or payloads),
checked against the block list and stored with its hash; members' uploads, ads' banners, notices'
pictures and private proofs."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core.errors import AppError, FieldError
from addme.decisions import service as decisions
from addme.media import constants as c
from addme.media import hashes, pipeline, stopncii
from addme.media.codes import MediaCode
from addme.media.models import Media
from addme.media.storage import discard, get_storage, preview_key
from addme.media.uploads import Incoming

log = logging.getLogger("addme.media")


def is_blocked(session: Session, image: pipeline.Processed) -> bool:
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
        if is_blocked(session, image)
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


def hash_upload(*, data: bytes) -> tuple[str, int]:
    """The PDQ hash (64 hex digits) and quality of an uploaded picture; 422 when it is not an image."""
    try:
        return pipeline.fingerprint(data)
    except pipeline.ImageRejected as exc:
        raise FieldError("picture", str(exc)) from exc


def store_ad_image(session: Session, *, data: bytes) -> str:
    """Re-encode and store an ad's banner, its hash recorded; refused (422 blocked_image) when it
    matches the block list. Returns its URL."""
    try:
        image = pipeline.process(data)
    except pipeline.ImageRejected as exc:
        raise FieldError("file", str(exc)) from exc
    if is_blocked(session, image):
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


def reencode_private(raw: bytes) -> bytes:
    """Validate and re-encode an image that is kept private (proofs): no EXIF, GPS or payloads."""
    try:
        return pipeline.process(raw).data
    except pipeline.ImageRejected as exc:
        raise FieldError("screenshot", str(exc)) from exc
