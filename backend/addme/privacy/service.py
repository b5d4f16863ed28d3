"""The member's data export: asked for on the account page, built by a job (off the request path),
mailed when ready, downloadable from the account for 72 hours, then deleted."""

from __future__ import annotations

import json
import logging
import secrets
import zipfile
from datetime import timedelta
from pathlib import Path

from pydantic import BaseModel, Field
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock
from addme.core.config import get_settings
from addme.core.errors import NotFound
from addme.core.schemas import UtcDatetime, from_row
from addme.mail import service as mail
from addme.media.storage import get_storage
from addme.privacy import collect
from addme.privacy.codes import PrivacyCode
from addme.privacy.models import DataExport, ExportStatus
from addme.privacy.texts import MAILS

log = logging.getLogger("addme.privacy")

KEPT_FOR = timedelta(hours=72)
DOWNLOAD_PATH = "/v1/user/export/download"
NOT_READY = "No export is ready to download. Ask for one on your account page."
README = """Your data at {site}, exported {at} (UTC).

account.json    your account and wallet (balances, VIP, Studio and Auto Top-Up end dates)
usernames.json  every username of yours, with its status and counters
media.json      your pictures' records; the files themselves are in media/
orders.json     your orders
ledger.json     every change of your Top-Up and Fire Pin balances
reports.json    the reports you made
decisions.json  the moderation decisions about you, your usernames, pictures and groups
sessions.json   your sign-ins (device, address, dates)
consents.json   your consent choices, each with its time

Passwords and session tokens are never exported. This file is deleted 72 hours after it was made.
"""


class ExportRead(BaseModel):
    status: ExportStatus | None = Field(description="null: never asked for")
    requested_at: UtcDatetime | None = None
    ready_at: UtcDatetime | None = None
    expires_at: UtcDatetime | None = None
    size_bytes: int = 0
    download_url: str | None = Field(default=None, description="while ready: the ZIP (signed-in only)")


def _dir() -> Path:
    return get_settings().private_dir / "exports"


def _latest(session: Session, *, user_id: int) -> DataExport | None:
    return session.scalar(
        select(DataExport).where(DataExport.user_id == user_id).order_by(DataExport.id.desc()).limit(1)
    )


def _read(row: DataExport | None) -> ExportRead:
    if row is None:
        return ExportRead(status=None)
    ready = row.status == ExportStatus.READY
    return from_row(
        ExportRead, row, status=ExportStatus(row.status), download_url=DOWNLOAD_PATH if ready else None
    )


def state(session: Session, *, user: User) -> ExportRead:
    """The member's latest export: pending, ready (with its link) or expired."""
    return _read(_latest(session, user_id=user.id))


def request_export(session: Session, *, user: User) -> ExportRead:
    """Ask for a new export; one being built already is answered as it is (never two at once)."""
    row = _latest(session, user_id=user.id)
    if row is None or row.status != ExportStatus.PENDING:
        row = DataExport(user_id=user.id, status=ExportStatus.PENDING, requested_at=clock.now())
        session.add(row)
        session.commit()
    return _read(row)


def download_path(session: Session, *, user: User) -> tuple[Path, str]:
    """The ready ZIP's path and the name to save it as; 404 when none is ready."""
    row = _latest(session, user_id=user.id)
    now = clock.now()
    if (
        row is None
        or row.status != ExportStatus.READY
        or row.file_name is None
        or (row.expires_at is not None and row.expires_at <= now)
    ):
        raise NotFound(NOT_READY, code=PrivacyCode.EXPORT_NOT_READY)
    path = _dir() / row.file_name
    if not path.is_file():
        raise NotFound(NOT_READY, code=PrivacyCode.EXPORT_NOT_READY)
    return path, f"{get_settings().site_name.lower()}-data-{row.ready_at:%Y-%m-%d}.zip"


def _write_zip(session: Session, *, user: User, path: Path) -> int:
    data, media = collect.sections(session, user=user)
    storage = get_storage()
    settings = get_settings()
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("README.txt", README.format(site=settings.site_name, at=f"{clock.now():%Y-%m-%d %H:%M}"))
        for name, rows in data.items():
            zf.writestr(name, json.dumps(rows, ensure_ascii=False, indent=2, default=collect.plain))
        for m in media:
            blob = storage.get(m.storage_key)
            if blob is not None:
                zf.writestr(f"media/{collect.file_name(m)}", blob)
    return path.stat().st_size


def build_one(session: Session, *, export: DataExport) -> bool:
    """Build one pending export and mail its owner; False when another process took it first."""
    # The claim: a conditional update, so two job processes never build the same export.
    claimed = session.execute(
        update(DataExport)
        .where(
            DataExport.id == export.id,
            DataExport.status == ExportStatus.PENDING,
            DataExport.file_name.is_(None),
        )
        .values(file_name=f"{export.id}-{secrets.token_urlsafe(24)}.zip"),
        execution_options={"synchronize_session": "fetch"},
    )
    session.commit()
    if claimed.rowcount != 1:  # type: ignore[attr-defined]
        return False
    session.refresh(export)
    user = session.get(User, export.user_id)
    if user is None:
        return False
    folder = _dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / str(export.file_name)
    try:
        size = _write_zip(session, user=user, path=path)
    except Exception:
        log.exception("export %s failed", export.id)
        path.unlink(missing_ok=True)
        export.status = ExportStatus.FAILED
        session.commit()
        return False
    now = clock.now()
    export.status, export.ready_at, export.expires_at, export.size_bytes = (
        ExportStatus.READY,
        now,
        now + KEPT_FOR,
        size,
    )
    settings = get_settings()
    words = MAILS[mail.language_of(user)]
    mail.queue(
        session,
        to=user.email,
        subject=words["export_subject"].format(site=settings.site_name),
        body=words["export_body"].format(link=f"{settings.site_url.rstrip('/')}/user/account"),
    )
    session.commit()
    return True


def build_pending(session: Session, *, limit: int = 5) -> int:
    """The job: build the oldest pending exports (a few per run); returns how many were built."""
    rows = session.scalars(
        select(DataExport)
        .where(DataExport.status == ExportStatus.PENDING, DataExport.file_name.is_(None))
        .order_by(DataExport.id)
        .limit(limit)
    ).all()
    return sum(build_one(session, export=row) for row in rows)


def expire(session: Session) -> int:
    """The job: delete the files of exports past their 72 hours; returns how many."""
    now = clock.now()
    rows = session.scalars(
        select(DataExport).where(DataExport.status == ExportStatus.READY, DataExport.expires_at <= now)
    ).all()
    for row in rows:
        if row.file_name:
            (_dir() / row.file_name).unlink(missing_ok=True)
        row.status = ExportStatus.EXPIRED
    session.commit()
    return len(rows)
