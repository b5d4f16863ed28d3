"""Bounded request parameters, declared once and reused by every route.

Ids are 32-bit on PostgreSQL (`integer`): a path id past 2**31 - 1 would reach the database and fail
there as a 500. A page past the cap is refused before any offset is computed, so no caller can ask
the database to walk (or overflow on) an absurd offset.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Path, Query
from pydantic import Field

MAX_ID = 2_147_483_647
MAX_PAGE = 100_000

# A database row id in a path: 1 .. 2**31 - 1 (anything else is a 422 with a field message).
IdPath = Annotated[int, Path(ge=1, le=MAX_ID)]
# The same bounds for an id in a query string and in a request body.
IdQuery = Annotated[int, Query(ge=1, le=MAX_ID)]
IdField = Annotated[int, Field(ge=1, le=MAX_ID)]
# A 1-based page number in a query string.
PageQuery = Annotated[int, Query(ge=1, le=MAX_PAGE)]
# The size of a page of an admin list or queue: 100 rows at most (the default is each list's own).
PerPageQuery = Annotated[int, Query(ge=1, le=100)]
