"""Removing stored images and blocking their hashes in the caller's transaction; the stored objects
go once it commits (`discard_after_commit`), copies written ahead of a decision go if it rolls
back (`discard_after_rollback`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from sqlalchemy import delete, event, select
from sqlalchemy.orm import Session

from addme.audit import service as audit
from addme.listings import service as listings
from addme.listings.models import Username
from addme.media import constants as c
from addme.media import pdq
from addme.media.hashes import ImageRef, block
from addme.media.models import Media, MediaImageHash
from addme.media.naming import key_of
from addme.media.storage import discard, get_storage, preview_key

_DISCARD_ON_ROLLBACK = "media.discard_on_rollback"
_DISCARD = "media_discard_after_commit"


def media_keys(media: Media) -> list[str]:
    """A media row's stored objects: the image, its thumbnail and its blurred preview."""
    return [media.storage_key, media.thumb_key, preview_key(media.thumb_key)]


def discard_after_commit(session: Session, keys: Sequence[str]) -> None:
    """Delete these stored objects once the caller's transaction commits (never on a rollback)."""
    session.info.setdefault(_DISCARD, []).extend(keys)


@event.listens_for(Session, "after_commit")
def _discard_committed(session: Session) -> None:
    keys = session.info.pop(_DISCARD, None)
    if keys:
        discard(keys)


@event.listens_for(Session, "after_rollback")
def _forget_discards(session: Session) -> None:
    session.info.pop(_DISCARD, None)
    keys = session.info.pop(_DISCARD_ON_ROLLBACK, None)
    if keys:
        discard(keys)


def discard_after_rollback(session: Session, keys: Sequence[str]) -> None:
    """Delete these stored objects if the caller's transaction rolls back (copies written ahead of
    a decision that did not land); a commit keeps them."""
    session.info.setdefault(_DISCARD_ON_ROLLBACK, []).extend(keys)


@event.listens_for(Session, "after_commit")
def _keep_written(session: Session) -> None:
    session.info.pop(_DISCARD_ON_ROLLBACK, None)


def remove_and_block(
    session: Session, *, refs: Sequence[ImageRef], actor_id: int | None, reason: str, source: str
) -> list[ImageRef]:
    """Remove the images and block their hashes, audited, in the caller's transaction (flushed, not
    committed); the stored files go once it commits. Returns what was removed."""
    source = c.BlockSource(source).value
    removed: list[ImageRef] = []
    keys: list[str] = []
    storage = get_storage()
    seen: set[tuple[int | None, str]] = set()
    for ref in refs:
        hexed = pdq.normalize(ref.pdq)
        if hexed is None:
            raise ValueError(f"not a PDQ hash: {ref.pdq!r}")
        key = "" if ref.media_id is not None else key_of(ref.url) or ""
        ident: tuple[int | None, str] = (ref.media_id, key)
        if ident in seen:
            continue
        seen.add(ident)
        quality: int | None = None
        target: str
        gone = False
        if ref.media_id is not None:
            target = f"media:{ref.media_id}"
            media = session.get(Media, ref.media_id)
            if media is not None:
                hashed = session.scalar(
                    select(MediaImageHash.quality).where(MediaImageHash.media_id == media.id)
                )
                quality = hashed
                if media.kind == c.Kind.PROFILE:
                    username = session.get(Username, media.username_id, populate_existing=True)
                    if username is not None and username.profile_picture == storage.url(media.storage_key):
                        listings.set_picture(session, username=username, url=None)
                keys.extend(media_keys(media))
                session.delete(media)
                gone = True
        else:
            target = f"ad-image:{key}"[:120]
            row = (
                session.scalar(select(MediaImageHash).where(MediaImageHash.storage_key == key))
                if key
                else None
            )
            if row is not None:
                quality = row.quality
                session.delete(row)
                keys.append(key)
                gone = True
        block(
            session,
            hexed=hexed,
            quality=quality,
            source=source,
            reason=reason,
            subject=target,
            created_by=actor_id,
        )
        audit.record_by(
            session,
            actor_id=actor_id,
            action="media.block",
            target=target,
            reason=reason,
            details={
                "pdq": hexed,
                "source": source,
                "kind": ref.kind,
                "removed": gone,
                "distance": ref.distance,
            },
        )
        if gone:
            removed.append(replace(ref, pdq=hexed))
    session.flush()
    discard_after_commit(session, keys)
    return removed


def purge_hash_rows(session: Session, *, keys: Sequence[str]) -> None:
    """Forget the hash rows of stored objects deleted outside remove_and_block (ad images)."""
    if keys:
        session.execute(delete(MediaImageHash).where(MediaImageHash.storage_key.in_(list(keys))))
