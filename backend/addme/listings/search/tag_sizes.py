"""How many usernames carry a tag: which way its list is read (sql._among_tag_members).

A list filtered by a tag either walks a listing index in order, testing each row for the tag, or
reads the tag's own rows first and sorts them. Walking finds a common tag's page within a few
dozen rows, but meets most of the index for a rare one (or one nobody carries); reading the tag's
rows first costs a lookup per member. A capped count of the tag's rows, remembered per tag and
process for SIZES_TTL, tells which: rare when the members' lookups cost less than the walk to the
list's capped count (COUNT_CAP matches, at about rows / members rows walked per match).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Sequence
from functools import lru_cache
from typing import Any

from sqlalchemy import bindparam, func, literal_column, select

from addme.listings import constants as c
from addme.listings.models import Tag, username_tags
from addme.listings.search.sql import table_size

Fetch = Callable[..., Awaitable[list[Sequence[Sequence[Any]]]]]

# Counted up to this many members: more is never rare at any size worth walking.
RARE_TAG_ROWS = 20_000
# A tag's size only steers the plan, never the results: a few minutes' drift costs nothing wrong.
SIZES_TTL = 300.0
_SIZES_MAX = 4096
_rare: dict[str, tuple[float, bool]] = {}


@lru_cache(maxsize=2)
def _size_stmt(dialect: str) -> Any:
    tag_id = select(Tag.id).where(Tag.name == bindparam("tag")).scalar_subquery()
    members = (
        select(literal_column("1"))
        .select_from(username_tags)
        .where(username_tags.c.tag_id == tag_id)
        .limit(literal_column(str(RARE_TAG_ROWS + 1)))
        .subquery()
    )
    return select(func.count(), table_size(dialect)).select_from(members)


def rare_by_size(members: int, rows: int) -> bool:
    return members <= RARE_TAG_ROWS and members * members <= c.COUNT_CAP * max(rows, members, 1)


async def is_rare(tag: str, *, dialect: str, fetch: Fetch) -> bool:
    """Whether the list of `tag` (normalized) reads the tag's own rows first."""
    hit = _rare.get(tag)
    if hit is not None and hit[0] > time.monotonic():
        return hit[1]
    [[(members, rows)]] = await fetch((_size_stmt(dialect), {"tag": tag}))
    rare = rare_by_size(int(members), int(rows or 0))
    if len(_rare) >= _SIZES_MAX:
        _rare.clear()
    _rare[tag] = (time.monotonic() + SIZES_TTL, rare)
    return rare


def forget() -> None:
    """Drop the remembered sizes (tests)."""
    _rare.clear()
