"""Hash lists in ThreatExchange's PDQ text format, in and out of the block list.

The format is the one the reference tools read and write (pdq/cpp/io/hashio.h): one hash a line, 64
hex digits, optionally prefixed `hash=`; after a comma, metadata. `pdq-photo-hasher` writes
`hash,quality,filename`; its detailed output `hash=...,norm=...,delta=...,quality=...,filename=...`.
Both are read here (the quality from the second field or from `quality=`); a bare hash has no
quality and is matched. Export writes `hash,quality,label`, or the bare hash when the quality is
unknown, so the reference loaders, which take the hash up to the first comma, read every line.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core.db import session_scope
from addme.core.errors import AppError
from addme.media import constants as c
from addme.media import hashes, pdq
from addme.media.codes import MediaCode
from addme.media.models import MediaBlockedHash
from addme.media.schemas import HashImportResult

EXPORT_BATCH = 5000


@dataclass(frozen=True)
class Line:
    pdq: str
    quality: int | None
    label: str


def _quality(value: str) -> int | None:
    text = value.strip()
    if not text.isdigit() or int(text) > 100:
        raise ValueError(c.IMPORT_BAD_QUALITY)
    return int(text)


def parse_line(raw: str) -> Line | None:
    """One line of the format; None for a blank or `#` comment line; ValueError with the problem."""
    text = raw.strip()
    if not text or text.startswith("#"):
        return None
    head, _, rest = text.partition(",")
    hexed = pdq.normalize(head.strip().removeprefix("hash="))
    if hexed is None:
        raise ValueError(c.IMPORT_BAD_HASH)
    quality: int | None = None
    label = ""
    fields = [f.strip() for f in rest.split(",")] if rest else []
    if fields and fields[0].isdigit():
        # pdq-photo-hasher: hash,quality,filename
        quality = _quality(fields[0])
        label = ",".join(fields[1:])
    elif fields and "=" in fields[0]:
        for field in fields:
            key, _, value = field.partition("=")
            if key == "quality":
                quality = _quality(value)
            elif key in ("filename", "label", "id") and not label:
                label = value
    elif fields:
        # hashio's hash,metadata: the rest of the line is the label.
        label = rest.strip()
    return Line(pdq=hexed, quality=quality, label=label[:200])


def parse(text: str) -> list[Line]:
    """Every hash of a list, de-duplicated; AppError 422 naming the bad lines (nothing is imported)."""
    lines = text.splitlines()
    if len(lines) > c.IMPORT_MAX_LINES or len(text) > c.IMPORT_MAX_BYTES:
        raise AppError(
            c.IMPORT_TOO_LARGE.format(lines=c.IMPORT_MAX_LINES),
            code=MediaCode.INVALID_HASH_LIST,
            status_code=422,
            errors={"text": [c.IMPORT_TOO_LARGE.format(lines=c.IMPORT_MAX_LINES)]},
        )
    found: dict[str, Line] = {}
    problems: list[str] = []
    for n, raw in enumerate(lines, start=1):
        try:
            line = parse_line(raw)
        except ValueError as exc:
            problems.append(c.IMPORT_BAD_LINE.format(n=n, problem=exc))
            continue
        if line is not None:
            found.setdefault(line.pdq, line)
    if problems:
        shown = problems[: c.IMPORT_MAX_PROBLEMS]
        if len(problems) > len(shown):
            shown.append(c.IMPORT_MORE.format(n=len(problems) - len(shown)))
        raise AppError(
            c.IMPORT_REFUSED.format(n=len(problems)),
            code=MediaCode.INVALID_HASH_LIST,
            status_code=422,
            errors={"text": shown},
        )
    if not found:
        raise AppError(
            c.IMPORT_EMPTY,
            code=MediaCode.INVALID_HASH_LIST,
            status_code=422,
            errors={"text": [c.IMPORT_EMPTY]},
        )
    return list(found.values())


def import_list(session: Session, *, admin: User, text: str, reason: str) -> HashImportResult:
    """Add a list's hashes to the block list (source "import"), all or nothing, audited."""
    lines = parse(text)
    existing: set[str] = set()
    hexes = [line.pdq for line in lines]
    for start in range(0, len(hexes), 1000):
        existing.update(
            session.scalars(
                select(MediaBlockedHash.pdq).where(
                    MediaBlockedHash.source == c.BlockSource.IMPORT,
                    MediaBlockedHash.pdq.in_(hexes[start : start + 1000]),
                )
            )
        )
    added = 0
    for line in lines:
        if line.pdq in existing:
            continue
        session.add(
            MediaBlockedHash(
                pdq=line.pdq,
                quality=line.quality,
                source=c.BlockSource.IMPORT,
                reason=reason[:300],
                subject=line.label,
                created_by=admin.id,
                **hashes.chunk_values(line.pdq, line.quality),
            )
        )
        added += 1
    audit.record(
        session,
        admin=admin,
        action="media.hash_import",
        target="image-hashes",
        reason=reason,
        details={"lines": len(lines), "added": added, "already": len(lines) - added},
    )
    session.commit()
    return HashImportResult(
        success=True,
        message=f"{added} hashes added to the block list ({len(lines) - added} already there).",
        added=added,
        already=len(lines) - added,
    )


def format_line(row: MediaBlockedHash) -> str:
    """A block-list row as the reference tools write it."""
    if row.quality is None:
        return row.pdq
    return f"{row.pdq},{row.quality},addme-{row.source}-{row.id}"


def export_lines(session: Session, *, admin: User, source: str | None) -> Iterator[str]:
    """The block list (or one source of it) as text lines, read in batches by a session of its own
    while the answer streams; the export itself is audited."""
    audit.record(
        session, admin=admin, action="media.hash_export", target="image-hashes", details={"source": source}
    )
    session.commit()
    return _stream(source)


def _stream(source: str | None) -> Iterator[str]:
    last = 0
    while True:
        with session_scope() as session:
            stmt = select(MediaBlockedHash).where(MediaBlockedHash.id > last)
            if source:
                stmt = stmt.where(MediaBlockedHash.source == source)
            rows = session.scalars(stmt.order_by(MediaBlockedHash.id).limit(EXPORT_BATCH)).all()
            if not rows:
                return
            last = rows[-1].id
            yield "".join(format_line(r) + "\n" for r in rows)
