"""Hashes for images stored before PDQ: a resumable, batched walk over the media rows (and the ad
images the content domain names), run by the "hash-stored-images" job and `addme pdq-backfill`."""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from addme.media import constants as c
from addme.media import hashes, naming
from addme.media.models import Media, MediaHashCursor, MediaImageHash
from addme.media.storage import get_storage

log = logging.getLogger("addme.media.backfill")

CURSOR = "backfill"
BATCH = 100
# One run's work: the job yields the runner to the others after about this long.
BUDGET_SECONDS = 20.0


def _cursor(session: Session) -> MediaHashCursor:
    cursor = session.get(MediaHashCursor, CURSOR)
    if cursor is None:
        cursor = MediaHashCursor(name=CURSOR, position="0")
        session.add(cursor)
        session.flush()
    return cursor


def hash_media(
    session: Session, *, budget_seconds: float = BUDGET_SECONDS, batch: int = BATCH
) -> dict[str, int]:
    """Hash the media rows after the cursor that have no hash yet, a batch per transaction, until
    the budget is spent or none is left; a row whose file is gone is counted and passed over."""
    began = time.monotonic()
    storage = get_storage()
    counts = {"hashed": 0, "missing": 0}
    while True:
        cursor = _cursor(session)
        last = int(cursor.position or 0)
        rows = session.execute(
            select(Media.id, Media.kind, Media.storage_key)
            .outerjoin(MediaImageHash, MediaImageHash.media_id == Media.id)
            .where(Media.id > last, MediaImageHash.id.is_(None))
            .order_by(Media.id)
            .limit(batch)
        ).all()
        if not rows:
            session.commit()
            break
        for row in rows:
            recorded = hashes.record_stored(session, storage, row)
            counts["hashed" if recorded is not None else "missing"] += 1
            cursor.position = str(row.id)
        try:
            session.commit()
        except IntegrityError:
            # Hashed meanwhile (an upload's own row, or a notice looking at it): the next pass skips it.
            session.rollback()
            log.info("hash backfill: a batch raced with another writer; it is taken again")
        if time.monotonic() - began >= budget_seconds:
            break
    return counts


def hash_ad_images(session: Session, *, urls: Sequence[str]) -> dict[str, int]:
    """Hash the stored ad images (named by their URLs) that have no hash yet."""
    storage = get_storage()
    keys = sorted({k for k in (naming.key_of(u) for u in urls if u) if k and k.startswith("ads/")})
    if not keys:
        return {"ads": 0}
    known = set(
        session.scalars(select(MediaImageHash.storage_key).where(MediaImageHash.storage_key.in_(keys)))
    )
    done = 0
    for key in keys:
        if key in known:
            continue
        found = hashes.hash_stored(storage, key)
        if found is None:
            continue
        hashes.add_hash(session, media_id=None, kind=c.AD, storage_key=key, hexed=found[0], quality=found[1])
        done += 1
    session.commit()
    return {"ads": done}


def remaining(session: Session) -> int:
    """Media rows after the cursor still without a hash (the CLI's progress)."""
    from sqlalchemy import func

    cursor = session.get(MediaHashCursor, CURSOR)
    last = int(cursor.position or 0) if cursor else 0
    return int(
        session.scalar(
            select(func.count())
            .select_from(Media)
            .outerjoin(MediaImageHash, MediaImageHash.media_id == Media.id)
            .where(Media.id > last, MediaImageHash.id.is_(None))
        )
        or 0
    )
