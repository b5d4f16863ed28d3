"""Image hashes: the PDQ hash of every stored image, copies found through the multi-index, and the
block list no upload may match. The public verbs are in media/service.py."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import ColumnElement, Table, delete, event, or_, select
from sqlalchemy.orm import Session

from addme.audit import service as audit
from addme.core.config import get_settings
from addme.listings import service as listings
from addme.listings.models import Username
from addme.media import constants as c
from addme.media import pdq, pipeline
from addme.media.models import Media, MediaBlockedHash, MediaImageHash
from addme.media.storage import Storage, get_storage, preview_key

log = logging.getLogger("addme.media.hashes")

H: Table = MediaImageHash.__table__  # type: ignore[assignment]
B: Table = MediaBlockedHash.__table__  # type: ignore[assignment]
M: Table = Media.__table__  # type: ignore[assignment]
# Needles per query: 16 chunk IN-lists of 17 values each, 272 bind parameters a needle.
NEEDLES_PER_QUERY = 8
_DISCARD_ON_ROLLBACK = "media.discard_on_rollback"
_DISCARD = "media_discard_after_commit"


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


def ensure_hash(session: Session, media: Media) -> MediaImageHash | None:
    """A media row's hash row, computed from its stored file when the backfill has not reached it."""
    row = session.scalar(select(MediaImageHash).where(MediaImageHash.media_id == media.id))
    if row is not None:
        return row
    found = hash_stored(get_storage(), media.storage_key)
    if found is None:
        return None
    row = add_hash(
        session,
        media_id=media.id,
        kind=media.kind,
        storage_key=media.storage_key,
        hexed=found[0],
        quality=found[1],
    )
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


# -- naming images by URL ---------------------------------------------------------------------------

_KEY = re.compile(r"^[a-z]+/[A-Za-z0-9_-]+(\.[a-z0-9]+)$")
_GALLERY_PAGE = re.compile(r"^/(?:v1/)?nudes?/(?P<slug>[^/]+)/?$")
_PROFILE_PAGE = re.compile(r"^/(?:profile|v1/usernames)/(?P<id>\d{1,12})/?$")
_USERNAME_PAGE = re.compile(r"^/username/[^/]+/(?P<id>\d{1,12})/?$")


def _host(url: str) -> str:
    return (urlsplit(url).hostname or "").lower().removeprefix("www.")


def _own_hosts(storage: Storage) -> set[str]:
    settings = get_settings()
    hosts = {_host(settings.site_url), _host(settings.media_host_url), _host(storage.url("x"))}
    return {h for h in hosts if h}


def _media_prefixes(storage: Storage) -> list[str]:
    """The paths under which stored objects are served (the storage's own, and the local route)."""
    base = storage.url("x")[:-2]
    prefixes = {urlsplit(base).path.rstrip("/"), get_settings().media_url.rstrip("/")}
    return [p for p in prefixes if p]


def _main_keys(key: str) -> list[str]:
    """The stored image's key for a file, thumbnail or blurred preview key."""
    keys = [key]
    for suffix in ("-t.webp", "-b.webp"):
        if key.endswith(suffix):
            keys.append(key.removesuffix(suffix) + "." + pipeline.EXTENSION)
    return keys


def _username_id(path: str) -> int | None:
    if m := _GALLERY_PAGE.match(path):
        tail = m.group("slug").rsplit("-", 1)[-1]
        return int(tail) if tail.isdigit() and len(tail) <= 12 else None
    if m := _PROFILE_PAGE.match(path) or _USERNAME_PAGE.match(path):
        return int(m.group("id"))
    return None


def images_at(session: Session, *, urls: Sequence[str]) -> list[ImageRef]:
    """The stored images these AddMe URLs show (a media file or thumbnail, a gallery page, a profile:
    its picture and gallery); anything else gives nothing."""
    storage = get_storage()
    hosts = _own_hosts(storage)
    prefixes = _media_prefixes(storage)
    keys: list[str] = []
    username_ids: list[int] = []
    for url in urls:
        if not isinstance(url, str) or len(url) > 2000:
            continue
        try:
            parts = urlsplit(url.strip())
        except ValueError:
            continue
        host = (parts.hostname or "").lower().removeprefix("www.")
        if host and host not in hosts:
            continue
        path = parts.path
        for prefix in prefixes:
            if path.startswith(prefix + "/"):
                key = path[len(prefix) + 1 :]
                if _KEY.match(key):
                    keys.extend(_main_keys(key))
                break
        else:
            found = _username_id(path.rstrip("/") or "/")
            if found is not None:
                username_ids.append(found)
    media: dict[int, Media] = {}
    if keys:
        for m in session.scalars(select(Media).where(Media.storage_key.in_(keys[:1000]))):
            media[m.id] = m
    if username_ids:
        for m in session.scalars(
            select(Media).where(Media.username_id.in_(username_ids[:200])).order_by(Media.id)
        ):
            media[m.id] = m
    refs: list[ImageRef] = []
    for m in sorted(media.values(), key=lambda row: row.id):
        row = ensure_hash(session, m)
        if row is None:
            continue
        refs.append(
            ImageRef(
                media_id=m.id,
                kind=m.kind,
                user_id=m.user_id,
                username_id=m.username_id,
                url=storage.url(m.storage_key),
                pdq=row.pdq,
            )
        )
    # Ad images have no media row: found by their key in the hash table alone.
    ad_keys = [k for k in keys if k.startswith("ads/")]
    if ad_keys:
        for h in session.scalars(
            select(MediaImageHash).where(MediaImageHash.storage_key.in_(ad_keys), MediaImageHash.kind == c.AD)
        ):
            refs.append(
                ImageRef(
                    media_id=None,
                    kind=c.AD,
                    user_id=None,
                    username_id=None,
                    url=storage.url(h.storage_key),
                    pdq=h.pdq,
                )
            )
    return refs


def key_of(url: str) -> str | None:
    """The storage key behind one of our media URLs, or None."""
    storage = get_storage()
    path = urlsplit(url).path
    for prefix in _media_prefixes(storage):
        if path.startswith(prefix + "/"):
            key = path[len(prefix) + 1 :]
            return key if _KEY.match(key) else None
    return None


# -- removing and blocking --------------------------------------------------------------------------


def media_keys(media: Media) -> list[str]:
    """A media row's stored objects: the image, its thumbnail and its blurred preview."""
    return [media.storage_key, media.thumb_key, preview_key(media.thumb_key)]


def discard_after_commit(session: Session, keys: Sequence[str]) -> None:
    """Delete these stored objects once the caller's transaction commits (never on a rollback)."""
    session.info.setdefault(_DISCARD, []).extend(keys)


@event.listens_for(Session, "after_commit")
def _discard_committed(session: Session) -> None:
    keys = session.info.pop(_DISCARD, None)
    if not keys:
        return
    storage = get_storage()
    for key in keys:
        try:
            storage.delete(key)
        except Exception:
            log.exception("could not delete media object %s", key)


@event.listens_for(Session, "after_rollback")
def _forget_discards(session: Session) -> None:
    session.info.pop(_DISCARD, None)
    keys = session.info.pop(_DISCARD_ON_ROLLBACK, None)
    if keys:
        storage = get_storage()
        for key in keys:
            try:
                storage.delete(key)
            except Exception:
                log.exception("could not delete media object %s", key)


def discard_after_rollback(session: Session, keys: Sequence[str]) -> None:
    """Delete these stored objects if the caller's transaction rolls back (copies written ahead of
    a decision that did not land); a commit keeps them."""
    session.info.setdefault(_DISCARD_ON_ROLLBACK, []).extend(keys)


@event.listens_for(Session, "after_commit")
def _keep_written(session: Session) -> None:
    session.info.pop(_DISCARD_ON_ROLLBACK, None)


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
