"""Image hashes: the PDQ hash of every stored image, copies found through the multi-index, and the
block list no upload may match. Naming images by URL is in media/naming.py, removing and
blocking in media/removal.py, the verbs other domains call in media/blocking.py."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy import ColumnElement, Table, or_, select
from sqlalchemy.orm import Session

from addme.media import pdq, pipeline
from addme.media.models import Media, MediaBlockedHash, MediaImageHash
from addme.media.storage import Storage, get_storage

log = logging.getLogger("addme.media.hashes")

H: Table = MediaImageHash.__table__  # type: ignore[assignment]
B: Table = MediaBlockedHash.__table__  # type: ignore[assignment]
M: Table = Media.__table__  # type: ignore[assignment]
# Needles per query: 16 chunk IN-lists of 17 values each, 272 bind parameters a needle.
NEEDLES_PER_QUERY = 8


@dataclass(frozen=True)
class ImageRef:
    """A stored image, as a moderator's decision names it."""

    media_id: int | None  # None for an image that is not a media row (an ad image)
    kind: str  # "gallery" | "profile" | "ad"
    user_id: int | None
    username_id: int | None
    url: str  # where a moderator can see it
    pdq: str  # 64 hex digits
    distance: int = 0  # Hamming distance to the hash it matched (copies)


def chunk_values(hexed: str, quality: int | None) -> dict[str, int | None]:
    """The multi-index columns of a hash: its chunks, or NULLs when it is too poor to match on."""
    values: list[int | None] = list(pdq.chunks(hexed)) if pdq.matchable(quality) else [None] * pdq.CHUNKS
    return {f"c{i}": v for i, v in enumerate(values)}


def candidates(table: Table, needles: Sequence[str]) -> ColumnElement[bool]:
    """Rows sharing, in some chunk, a needle's value or one of its one-bit flips (a superset of
    the rows within 31 bits: the distance is checked on the rows found)."""
    wanted = pdq.probe(needles)
    return or_(*(table.c[f"c{i}"].in_(sorted(values)) for i, values in enumerate(wanted)))


def _batches(items: Sequence[str], size: int) -> Iterable[Sequence[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


# -- recording hashes -------------------------------------------------------------------------------


def add_hash(
    session: Session, *, media_id: int | None, kind: str, storage_key: str, hexed: str, quality: int
) -> MediaImageHash:
    """Record a stored image's hash (flushed with the caller's work)."""
    row = MediaImageHash(
        media_id=media_id,
        kind=kind,
        storage_key=storage_key,
        pdq=hexed,
        quality=quality,
        **chunk_values(hexed, quality),
    )
    session.add(row)
    return row


def hash_stored(storage: Storage, key: str) -> tuple[str, int] | None:
    """Hash a stored object; None when it is gone or no longer reads as an image."""
    try:
        data = storage.get(key)
    except Exception:
        log.exception("could not read stored image %s", key)
        return None
    if data is None:
        return None
    try:
        return pipeline.fingerprint(data)
    except pipeline.ImageRejected:
        log.warning("stored image %s does not decode", key)
        return None


class StoredMedia(Protocol):
    """A media row, or the columns of one that name its stored file."""

    @property
    def id(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def storage_key(self) -> str: ...


def record_stored(session: Session, storage: Storage, media: StoredMedia) -> MediaImageHash | None:
    """Hash a media row's stored file and record it (flushed with the caller's work); None when the
    file is gone or no longer reads as an image."""
    found = hash_stored(storage, media.storage_key)
    if found is None:
        return None
    return add_hash(
        session,
        media_id=media.id,
        kind=media.kind,
        storage_key=media.storage_key,
        hexed=found[0],
        quality=found[1],
    )


def ensure_hash(session: Session, media: Media) -> MediaImageHash | None:
    """A media row's hash row, computed from its stored file when the backfill has not reached it."""
    row = session.scalar(select(MediaImageHash).where(MediaImageHash.media_id == media.id))
    if row is not None:
        return row
    row = record_stored(session, get_storage(), media)
    if row is not None:
        session.flush()
    return row


# -- the block list ---------------------------------------------------------------------------------


def blocked_match(
    session: Session, *, hexed: str, quality: int | None, source: str | None = None
) -> MediaBlockedHash | None:
    """The closest blocked hash (of `source`, or any) within 31 bits of an image's, or None (a
    featureless image, of quality 49 or less, is never matched)."""
    if not pdq.matchable(quality):
        return None
    stmt = select(MediaBlockedHash).where(candidates(B, [hexed]))
    if source:
        stmt = stmt.where(MediaBlockedHash.source == source)
    rows = session.scalars(stmt).all()
    best: tuple[int, MediaBlockedHash] | None = None
    for row in rows:
        d = pdq.distance(hexed, row.pdq)
        if d <= pdq.MATCH_DISTANCE and (best is None or d < best[0]):
            best = (d, row)
    return best[1] if best else None


def block(
    session: Session,
    *,
    hexed: str,
    quality: int | None,
    source: str,
    reason: str,
    subject: str = "",
    created_by: int | None = None,
) -> tuple[MediaBlockedHash, bool]:
    """Add a hash to the block list under `source` (flushed); an existing (source, hash) row is kept.
    Returns the row and whether it is new."""
    existing = session.scalar(
        select(MediaBlockedHash).where(MediaBlockedHash.source == source, MediaBlockedHash.pdq == hexed)
    )
    if existing is not None:
        return existing, False
    row = MediaBlockedHash(
        pdq=hexed,
        quality=quality,
        source=source,
        reason=reason[:300],
        subject=subject[:200],
        created_by=created_by,
        **chunk_values(hexed, quality),
    )
    session.add(row)
    session.flush()
    return row, True


def unblock(session: Session, *, hexed: str, source: str) -> int:
    """Take a hash off the block list under one source (a reversed appeal); the rows removed."""
    rows = list(
        session.scalars(
            select(MediaBlockedHash).where(MediaBlockedHash.source == source, MediaBlockedHash.pdq == hexed)
        )
    )
    for row in rows:
        session.delete(row)
    return len(rows)


# -- finding copies ---------------------------------------------------------------------------------


def _refs(session: Session, rows: Sequence[Any], needles: Sequence[str]) -> list[ImageRef]:
    """ImageRefs for hash rows (id, media_id, kind, storage_key, pdq), owners read in one query."""
    media_ids = [r.media_id for r in rows if r.media_id is not None]
    owners: dict[int, tuple[int, int]] = {}
    for start in range(0, len(media_ids), 500):
        chunk = media_ids[start : start + 500]
        owners.update(
            {
                m.id: (m.user_id, m.username_id)
                for m in session.execute(
                    select(M.c.id, M.c.user_id, M.c.username_id).where(M.c.id.in_(chunk))
                )
            }
        )
    storage = get_storage()
    refs: list[ImageRef] = []
    for r in rows:
        user_id, username_id = (
            owners.get(r.media_id, (None, None)) if r.media_id is not None else (None, None)
        )
        if r.media_id is not None and r.media_id not in owners:
            continue  # removed meanwhile
        refs.append(
            ImageRef(
                media_id=r.media_id,
                kind=r.kind,
                user_id=user_id,
                username_id=username_id,
                url=storage.url(r.storage_key),
                pdq=r.pdq,
                distance=pdq.closest(r.pdq, needles) if needles else 0,
            )
        )
    return refs


def find_copies(
    session: Session, *, pdqs: Sequence[str], exclude_media_ids: Sequence[int] = ()
) -> list[ImageRef]:
    """Every stored image within 31 bits of any of `pdqs` (stored hashes of quality 49 or less are
    never matched), closest first."""
    needles = sorted({h for h in (pdq.normalize(p) for p in pdqs) if h})
    if not needles:
        return []
    excluded = set(exclude_media_ids)
    matched: set[int] = set()
    for batch in _batches(needles, NEEDLES_PER_QUERY):
        # Only the id and hash of the candidates (about 4,000 a needle per million stored): the
        # rest is read for the few that match.
        values = [int(n, 16) for n in batch]
        for row_id, hexed in session.execute(select(H.c.id, H.c.pdq).where(candidates(H, batch))):
            if row_id in matched:
                continue
            value = int(hexed, 16)
            if any((value ^ v).bit_count() <= pdq.MATCH_DISTANCE for v in values):
                matched.add(row_id)
    rows: list[Any] = []
    ids = sorted(matched)
    for start in range(0, len(ids), 500):
        rows += session.execute(
            select(H.c.id, H.c.media_id, H.c.kind, H.c.storage_key, H.c.pdq).where(
                H.c.id.in_(ids[start : start + 500])
            )
        ).all()
    rows = [r for r in rows if r.media_id is None or r.media_id not in excluded]
    refs = _refs(session, rows, needles)
    return sorted(refs, key=lambda ref: (ref.distance, ref.media_id or 0, ref.url))
