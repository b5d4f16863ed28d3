"""The member's data export: ask for it, see its state, download the ZIP."""

from __future__ import annotations

from fastapi.responses import FileResponse

from addme.api.deps import CurrentUser, DbSession
from addme.core.routes import api_router
from addme.privacy import service
from addme.privacy.service import ExportRead

router = api_router(tags=["user"], errors=(401, 404))


@router.get("/user/export", response_model=ExportRead)
def export_state(user: CurrentUser, db: DbSession) -> ExportRead:
    """The member's latest export: pending, ready (with its download link) or expired."""
    return service.state(db, user=user)


@router.post("/user/export", response_model=ExportRead, status_code=202)
def ask_for_export(user: CurrentUser, db: DbSession) -> ExportRead:
    """Start an export of everything AddMe holds about the member; a mail says when it is ready."""
    return service.request_export(db, user=user)


@router.get("/user/export/download", response_class=FileResponse)
def download_export(user: CurrentUser, db: DbSession) -> FileResponse:
    """The ready export's ZIP (JSON files and the member's pictures)."""
    path, name = service.download_path(db, user=user)
    return FileResponse(
        path,
        media_type="application/zip",
        filename=name,
        headers={"Cache-Control": "private, no-store"},
    )
