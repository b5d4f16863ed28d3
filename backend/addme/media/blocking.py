"""The image-hash verbs other domains call: naming images by URL and finding their copies
(notices), removing and blocking them (notices' decisions), and the jobs' runs (hash backfill,
StopNCII)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.orm import Session

from addme.media import backfill, hashes, naming, removal, stopncii
from addme.media import constants as c
from addme.media.hashes import ImageRef


def images_at(session: Session, *, urls: Sequence[str]) -> list[ImageRef]:
    """The stored images these AddMe URLs show (a media file or thumbnail URL, a gallery page
    /nude/<slug>, a profile /profile/<id> or /username/<name>/<id>: its picture and gallery);
    unknown URLs give nothing, never an error."""
    return naming.images_at(session, urls=urls)


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
    removed = removal.remove_and_block(session, refs=refs, actor_id=actor_id, reason=reason, source=source)
    for hexed in {r.pdq for r in removed}:
        # A person's StopNCII case matched what a moderator removed: StopNCII is told it was blocked.
        match = hashes.blocked_match(session, hexed=hexed, quality=None, source=c.BlockSource.STOPNCII)
        if match is not None:
            stopncii.queue_feedback(session, hexed=match.pdq, value=stopncii.Feedback.BLOCKED)
    return removed


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
