"""Media: members' profile pictures and galleries (upload, replace, delete, erase with the account)
and the age-verification blur rule. Incoming images are checked in media/intake.py, the admins'
tools are in media/admin.py, the hash verbs other domains call in media/blocking.py."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from fastapi import Request
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core.errors import AppError, NotFound
from addme.core.schemas import ActionResult, from_row
from addme.listings import service as listings
from addme.listings.models import Username
from addme.media import constants as c
from addme.media import intake
from addme.media.codes import MediaCode
from addme.media.models import Media
from addme.media.removal import media_keys
from addme.media.schemas import (
    MediaRead,
    MyMedia,
    PictureResult,
    UploadResult,
)
from addme.media.storage import Storage, discard, get_storage
from addme.media.uploads import Incoming
from addme.trust import service as trust

log = logging.getLogger("addme.media")


def should_blur(session: Session, *, user: User | None, request: Request) -> bool:
    """True only where age verification is required and neither the account nor the browser is verified."""
    return trust.should_blur(session, user=user, request=request)


def gallery_limit(user: User) -> int:
    """20 images per username for VIP and Studio owners, 5 otherwise."""
    return c.GALLERY_LIMIT_VIP if user.is_vip else c.GALLERY_LIMIT


def to_read(media: Media, storage: Storage) -> MediaRead:
    """A stored image with its public URLs."""
    return from_row(
        MediaRead, media, url=storage.url(media.storage_key), thumb_url=storage.url(media.thumb_key)
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
    images = intake.process_files(session, files, field="files", user=user, username_id=username_id)
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
        rows = intake.store(
            session, user_id=user.id, username_id=username_id, kind=c.Kind.GALLERY, images=images
        )
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
    images = intake.process_files(session, [file], field="file", user=user, username_id=username_id)
    failed = _not_stored(c.PICTURE_NOT_UPDATED, code=MediaCode.PICTURE_NOT_UPDATED, down=True)
    # Locked, so two uploads at once cannot both keep the picture the other one deletes.
    username = listings.get_own(session, user=user, username_id=username_id, lock=True)
    old = _media_of(session, username_id=username_id, kind=c.Kind.PROFILE)
    try:
        rows = intake.store(
            session, user_id=user.id, username_id=username_id, kind=c.Kind.PROFILE, images=images
        )
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


def remove(session: Session, media: Media) -> None:
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
    remove(session, media)
    return ActionResult(success=True, message=c.DELETED)


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
