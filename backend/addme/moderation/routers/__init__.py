"""The moderation routers (HTTP edge): one module an area, mounted in api/main.py.

Here, the one query every queue reads: which cases (still to decide, or decided) and which page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from fastapi import Depends

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
