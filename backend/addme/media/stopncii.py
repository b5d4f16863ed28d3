"""StopNCII's hash list behind a small provider interface, synced into the block list by a job.

StopNCII.org lets a person hash their intimate images on their own device; partner platforms fetch
those PDQ hashes by page from a checkpoint, block matching uploads, tell StopNCII what they found
(pending review, blocked, not blocked) and must delete hashes whose case was withdrawn.

Two adapters: `StopNCIIApi` speaks StopNCII's HTTP API as ThreatExchange's client documents it
(`GET {base}/FetchHashes` with startTimestamp, pageSize and nextPageToken; `POST
{base}/SubmitFeedback` with hashFeedbacks; an `Ocp-Apim-Subscription-Key` header on every call and
an `x-functions-key` per endpoint); `LocalFile` reads a hash file (the offline default).
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from addme.core import clock
from addme.core.config import Settings, get_settings
from addme.media import constants as c
from addme.media import hashes, pdq
from addme.media.hashlists import parse_line
from addme.media.models import MediaBlockedHash, MediaHashCursor, MediaHashFeedback

# httpx (with click and rich behind it) is imported where a request is made: at module level it
# cost ~0.1 s of every worker's start (bench/coldstart.py), for calls most workers never make.
if TYPE_CHECKING:
    import httpx

log = logging.getLogger("addme.media.stopncii")

CURSOR = "stopncii"
# ThreatExchange's client starts a first fetch from this early timestamp; so do we.
FIRST_TIMESTAMP = 10
FEEDBACK_BATCH = 500
# A local hash file larger than this is refused rather than read whole.
MAX_FILE_BYTES = 50_000_000
WITHDRAWN_STATUSES = {"Withdrawn", "Deleted"}


class Feedback(StrEnum):
    """What a platform tells StopNCII about one of its hashes."""

    PENDING_REVIEW = "PendingReview"  # a match, not yet reviewed
    BLOCKED = "Blocked"  # reviewed: removed as non-consensual
    NOT_BLOCKED = "NotBlocked"  # reviewed: not shown to be


class ProviderError(Exception):
    """The provider could not be reached or answered something unusable."""


@dataclass(frozen=True)
class HashRecord:
    pdq: str
    withdrawn: bool


@dataclass(frozen=True)
class HashPage:
    records: list[HashRecord]
    # Where the next fetch starts: opaque to the caller, stored after the page is applied.
    checkpoint: str
    has_more: bool


class HashProvider(Protocol):
    def fetch(self, *, checkpoint: str) -> HashPage:
        """One page of hash records from `checkpoint` ("" for the beginning)."""
        ...

    def send_feedback(self, *, items: Sequence[tuple[str, Feedback]]) -> None:
        """Tell the provider what was found for these hashes."""
        ...


class StopNCIIApi:
    """StopNCII's HTTP API."""

    def __init__(self, settings: Settings, transport: httpx.BaseTransport | None = None) -> None:
        self.base = settings.stopncii_api_url.rstrip("/")
        self.subscription_key = settings.stopncii_subscription_key
        self.fetch_key = settings.stopncii_fetch_key
        self.feedback_key = settings.stopncii_feedback_key
        self.page_size = settings.stopncii_page_size
        self.transport = transport

    def _call(self, method: str, endpoint: str, *, key: str, **kwargs: Any) -> Any:
        import httpx

        if not (key and self.subscription_key):
            raise ProviderError(f"no StopNCII key for {endpoint}")
        headers = {"Ocp-Apim-Subscription-Key": self.subscription_key, "x-functions-key": key}
        try:
            with httpx.Client(timeout=30, transport=self.transport) as client:
                answer = client.request(method, f"{self.base}/{endpoint}", headers=headers, **kwargs)
                answer.raise_for_status()
                return answer.json()
        except (httpx.HTTPError, ValueError) as exc:
            raise ProviderError(f"StopNCII {endpoint}: {exc.__class__.__name__}: {exc}"[:300]) from exc

    def fetch(self, *, checkpoint: str) -> HashPage:
        start, token = _api_checkpoint(checkpoint)
        params: dict[str, Any] = {"startTimestamp": start, "pageSize": self.page_size}
        if token:
            params["nextPageToken"] = token
        body = self._call("GET", "FetchHashes", key=self.fetch_key, params=params)
        if not isinstance(body, dict) or not isinstance(body.get("hashRecords", []), list):
            raise ProviderError("StopNCII FetchHashes: not a page of hash records")
        records: list[HashRecord] = []
        for item in body.get("hashRecords", []):
            record = _record(item)
            if record is not None:
                records.append(record)
        has_more = bool(body.get("hasMoreRecords"))
        next_token = body.get("nextPageToken") or ""
        if has_more and isinstance(next_token, str) and next_token:
            following = json.dumps({"start": start, "page": next_token})
        else:
            # The run is complete: the next one starts from the timestamp StopNCII gives for it.
            next_start = body.get("nextSetTimestamp")
            following = json.dumps(
                {"start": int(next_start) if isinstance(next_start, int) else start, "page": ""}
            )
            has_more = False
        return HashPage(records=records, checkpoint=following, has_more=has_more)

    def send_feedback(self, *, items: Sequence[tuple[str, Feedback]]) -> None:
        payload = {
            "count": len(items),
            "hashFeedbacks": [
                {"hashValue": hexed, "feedbackValue": value.value, "tags": []} for hexed, value in items
            ],
        }
        self._call("POST", "SubmitFeedback", key=self.feedback_key, json=payload)


def _api_checkpoint(checkpoint: str) -> tuple[int, str]:
    try:
        data = json.loads(checkpoint) if checkpoint else {}
        return int(data.get("start", FIRST_TIMESTAMP)), str(data.get("page", ""))
    except (ValueError, TypeError, AttributeError):
        return FIRST_TIMESTAMP, ""


def _record(item: object) -> HashRecord | None:
    """A PDQ record of a FetchHashes page; None for other signal types or a malformed record."""
    if not isinstance(item, dict) or item.get("signalType") != "ImagePDQ":
        return None
    value = item.get("hashValue")
    hexed = pdq.normalize(value) if isinstance(value, str) else None
    if hexed is None:
        log.warning("StopNCII record skipped: not a PDQ hash")
        return None
    return HashRecord(pdq=hexed, withdrawn=item.get("hashStatus") in WITHDRAWN_STATUSES)


class LocalFile:
    """A hash file in ThreatExchange's PDQ text format; `status=withdrawn` on a line takes the hash
    back. Read by pages of lines from a checkpoint; a changed file is read again from its top."""

    def __init__(self, settings: Settings) -> None:
        self.path = Path(settings.stopncii_file)
        self.page_size = settings.stopncii_page_size

    def _lines(self) -> tuple[str, list[str]]:
        try:
            if self.path.stat().st_size > MAX_FILE_BYTES:
                raise ProviderError(f"{self.path} is over {MAX_FILE_BYTES} bytes")
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return "", []
        except OSError as exc:
            raise ProviderError(f"{self.path}: {exc}") from exc
        return hashlib.sha256(raw).hexdigest(), raw.decode("utf-8", errors="replace").splitlines()

    def fetch(self, *, checkpoint: str) -> HashPage:
        digest, lines = self._lines()
        try:
            seen = json.loads(checkpoint) if checkpoint else {}
            line = int(seen.get("line", 0)) if seen.get("digest") == digest else 0
        except (ValueError, TypeError, AttributeError):
            line = 0
        page = lines[line : line + self.page_size]
        records: list[HashRecord] = []
        for raw in page:
            try:
                parsed = parse_line(raw)
            except ValueError:
                log.warning("stopncii file: a line that is not a hash was skipped")
                continue
            if parsed is not None:
                fields = {f.strip().lower() for f in raw.split(",")[1:]}
                records.append(HashRecord(pdq=parsed.pdq, withdrawn="status=withdrawn" in fields))
        end = line + len(page)
        return HashPage(
            records=records,
            checkpoint=json.dumps({"digest": digest, "line": end}),
            has_more=end < len(lines),
        )

    def send_feedback(self, *, items: Sequence[tuple[str, Feedback]]) -> None:
        """Written beside the file, one `hash,feedback,time` line each: the offline flow's record."""
        out = self.path.with_name(self.path.name + ".feedback")
        now = clock.now().isoformat()
        try:
            with out.open("a", encoding="utf-8") as fh:
                fh.writelines(f"{hexed},{value.value},{now}\n" for hexed, value in items)
        except OSError as exc:
            raise ProviderError(f"{out}: {exc}") from exc


def provider(transport: httpx.BaseTransport | None = None) -> HashProvider:
    """The adapter the settings name."""
    settings = get_settings()
    if settings.stopncii_provider == "api":
        return StopNCIIApi(settings, transport)
    return LocalFile(settings)


def queue_feedback(session: Session, *, hexed: str, value: Feedback) -> None:
    """Owe StopNCII feedback on one of its hashes (sent by the sync job); nothing when it is off."""
    if get_settings().stopncii_enabled:
        session.add(MediaHashFeedback(pdq=hexed, value=value.value))


def sync(session: Session, *, source: HashProvider | None = None) -> dict[str, int]:
    """Apply StopNCII's new pages to the block list (withdrawn hashes removed), each page with its
    checkpoint in one transaction, so a run cut short resumes where it stopped; then send the
    feedback owed."""
    settings = get_settings()
    if not settings.stopncii_enabled:
        return {}
    feed = source or provider()
    cursor = session.get(MediaHashCursor, CURSOR)
    if cursor is None:
        cursor = MediaHashCursor(name=CURSOR, position="")
        session.add(cursor)
        session.flush()
    counts = {"pages": 0, "added": 0, "withdrawn": 0, "feedback": 0}
    for _ in range(settings.stopncii_pages_per_run):
        page = feed.fetch(checkpoint=cursor.position)
        for record in page.records:
            if record.withdrawn:
                gone = session.execute(
                    delete(MediaBlockedHash).where(
                        MediaBlockedHash.source == c.BlockSource.STOPNCII, MediaBlockedHash.pdq == record.pdq
                    )
                )
                counts["withdrawn"] += int(gone.rowcount or 0)  # type: ignore[attr-defined]
            else:
                _, new = hashes.block(
                    session,
                    hexed=record.pdq,
                    quality=None,
                    source=c.BlockSource.STOPNCII,
                    reason="StopNCII",
                    subject="stopncii",
                )
                counts["added"] += int(new)
        cursor.position = page.checkpoint[:2000]
        session.commit()
        counts["pages"] += 1
        if not page.has_more:
            break
    owed = session.scalars(
        select(MediaHashFeedback)
        .where(MediaHashFeedback.sent_at.is_(None))
        .order_by(MediaHashFeedback.id)
        .limit(FEEDBACK_BATCH)
    ).all()
    if owed:
        feed.send_feedback(items=[(f.pdq, Feedback(f.value)) for f in owed])
        now = clock.now()
        for f in owed:
            f.sent_at = now
        session.commit()
        counts["feedback"] = len(owed)
    return counts
