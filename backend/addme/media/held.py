"""Media a moderator removed, held privately for the appeal period: its files copied under random
private keys (`held/`, never served: main.py), its row kept as a snapshot by the decisions domain,
brought back whole when the removal is reversed, erased when the period ends."""

from __future__ import annotations

import secrets
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.decisions import service as decisions
from addme.decisions.models import StatementOfReasons
from addme.listings import service as listings
from addme.listings.models import Username
from addme.media import constants as c
from addme.media import hashes, removal
from addme.media.models import Media, MediaImageHash
from addme.media.removal import media_keys
from addme.media.storage import discard, get_storage

HELD_PREFIX = "held/"
_SNAPSHOT = ("id", "user_id", "username_id", "kind", "storage_key", "thumb_key", "width", "height",
             "content_type", "size_bytes")  # fmt: skip


def copy_to_held(
    session: Session, media: Media, *, statement: StatementOfReasons, blocked_by: str | None = None
) -> dict[str, str]:
    """Copy a media row's files under random private keys and keep its snapshot for the appeal
    period (flushed, in the caller's transaction); the held keys by public key."""
    storage = get_storage()
    held: dict[str, str] = {}
    for key in media_keys(media):
        data = storage.get(key)
        if data is None:
            continue
        target = f"{HELD_PREFIX}{secrets.token_hex(16)}"
        storage.put(target, data, content_type=media.content_type)
        held[key] = target
    snapshot: dict[str, object] = {f: getattr(media, f) for f in _SNAPSHOT}
    snapshot["created_at"] = media.created_at.isoformat()
    hashed = session.execute(
        select(MediaImageHash.pdq, MediaImageHash.quality).where(MediaImageHash.media_id == media.id)
    ).first()
    if hashed is not None:
        snapshot["pdq"], snapshot["quality"] = hashed.pdq, hashed.quality
    if blocked_by is not None:
        snapshot["blocked_by"] = blocked_by  # the block list source a reversal lifts
    decisions.hold(
        session,
        kind="media",
        subject_id=media.id,
        statement=statement,
        user_id=media.user_id,
        snapshot=snapshot,
        held_keys=held,
    )
    return held


def hold_copy(session: Session, *, media_id: int, statement: StatementOfReasons, blocked_by: str) -> bool:
    """Before a removal that also blocks the hash (`remove_and_block`: a notice, an image ban) takes
    a member's picture down, keep a private copy for the appeal period, in the caller's transaction;
    the copy goes if it rolls back. False when the row is already gone."""
    media = session.get(Media, media_id)
    if media is None:
        return False
    held = copy_to_held(session, media, statement=statement, blocked_by=blocked_by)
    removal.discard_after_rollback(session, list(held.values()))
    return True


def restore_held(session: Session, *, statement_id: int) -> bool:
    """Bring back media a reversed removal held (its files to their public keys, the row with its id,
    a profile picture back on the card), in the caller's transaction; False when nothing is held or
    its username is gone."""
    row = decisions.held_for(session, statement_id=statement_id)
    if row is None or row.kind != "media":
        return False
    snap = dict(row.snapshot)
    username = session.get(Username, snap["username_id"])
    if username is None or session.get(Media, snap["id"]) is not None:
        return False
    storage = get_storage()
    for original, held in (row.held_keys or {}).items():
        data = storage.get(held)
        if data is not None:
            storage.put(original, data, content_type=str(snap["content_type"]))
    created = datetime.fromisoformat(str(snap.pop("created_at")))
    pdq_hex, quality = snap.pop("pdq", None), snap.pop("quality", None)
    blocked_by = snap.pop("blocked_by", None)
    media = Media(**snap, created_at=created)
    session.add(media)
    session.flush()
    if media.kind == c.Kind.PROFILE:
        listings.set_picture(session, username=username, url=storage.url(media.storage_key))
    stale = session.scalar(select(MediaImageHash.id).where(MediaImageHash.storage_key == media.storage_key))
    if pdq_hex and quality is not None and stale is None:
        # Its hash comes back too, so later copies of it are still found.
        hashes.add_hash(
            session,
            media_id=media.id,
            kind=media.kind,
            storage_key=media.storage_key,
            hexed=str(pdq_hex),
            quality=int(str(quality)),
        )
    if pdq_hex and blocked_by:
        # The removal was wrong about this picture: the block it put on the hash goes with it.
        hashes.unblock(session, hexed=str(pdq_hex), source=str(blocked_by))
    removal.discard_after_commit(session, list((row.held_keys or {}).values()))
    decisions.release(session, held=row)
    return True


def purge_held(session: Session) -> dict[str, int]:
    """Erase media held past the appeal period: its private files, then the snapshot (logged job)."""
    rows = decisions.held_due(session, kind="media")
    keys = [k for r in rows for k in (r.held_keys or {}).values()]
    for r in rows:
        decisions.release(session, held=r)
    session.commit()
    discard(keys)
    return {"media": len(rows), "files": len(keys)}
