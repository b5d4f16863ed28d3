"""The moderation routers (HTTP edge): one module an area, mounted in api/main.py.

Here, the one query every queue reads (which cases, still to decide or decided, and which page), and
the one answer for the private pictures moderators look at (a notice's, a removal request's proof)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from fastapi import Depends
from fastapi.responses import FileResponse

from addme.core.params import PageQuery, PerPageQuery


@dataclass(frozen=True)
class QueuePage:
    status: str
    page: int
    per_page: int


def _cases(
    status: Literal["open", "decided"] = "open", page: PageQuery = 1, per_page: PerPageQuery = 25
) -> QueuePage:
    return QueuePage(status=status, page=page, per_page=per_page)


def _requests(
    status: Literal["pending", "decided"] = "pending", page: PageQuery = 1, per_page: PerPageQuery = 25
) -> QueuePage:
    return QueuePage(status=status, page=page, per_page=per_page)


# Reports' and notices' cases are open, then decided; unban and removal requests pending, then decided.
CaseQueue = Annotated[QueuePage, Depends(_cases)]
RequestQueue = Annotated[QueuePage, Depends(_requests)]


def private_image(path: Path) -> FileResponse:
    """A stored private WebP, shown to the moderator alone: never kept by a shared cache, never shown
    inside another site."""
    return FileResponse(
        path,
        media_type="image/webp",
        headers={"Cache-Control": "private, no-store", "Content-Disposition": "inline"},
    )
