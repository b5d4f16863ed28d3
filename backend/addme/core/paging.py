"""Page metadata with a bounded count, for tables that may hold millions of rows (the admin's).

An exact count(*) reads every matching row (or index entry): 300 ms and more at a million rows on
PostgreSQL, and it grows with the table. The pages themselves are index walks. So the count stops
at COUNT_CAP matches, and past it the meta says "more than" (total_capped).

Pages go as deep as the count: OFFSET reads every row it skips, so page 4,000 of the user list
costs what the whole table does. The first 10,000 matches of any order are reachable; past them a
moderator narrows the search or flips the order (the oldest accounts are the first page of
"oldest"), and the page number is refused with a message that says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from sqlalchemy import Select, func, literal, select
from sqlalchemy.orm import Session

from addme.core.errors import FieldError
from addme.core.schemas import PageMeta

T = TypeVar("T")

COUNT_CAP = 10_000
TOO_DEEP = "Pages stop at the first {cap:,} results: narrow the search or change the order."


def check_depth(*, page: int, per_page: int) -> None:
    """Refuse a page that starts past the first COUNT_CAP rows (422 on the `page` field)."""
    if (page - 1) * per_page >= COUNT_CAP:
        raise FieldError("page", TOO_DEEP.format(cap=COUNT_CAP))


def bounded_meta(session: Session, matches: Select[Any], *, page: int, per_page: int) -> PageMeta:
    """Meta for `matches` (a SELECT of the rows the table lists, unordered, any columns).

    Call it before reading the page: it refuses a page past the cap (check_depth)."""
    check_depth(page=page, per_page=per_page)
    limit = COUNT_CAP + 1
    probe = (
        matches.with_only_columns(literal(1), maintain_column_froms=True)
        .order_by(None)
        .limit(limit)
        .subquery()
    )
    counted = int(session.scalar(select(func.count()).select_from(probe)) or 0)
    capped = counted == limit
    total = counted - 1 if capped else counted
    return PageMeta(
        page=page,
        per_page=per_page,
        total=total,
        has_next=page * per_page < min(counted, COUNT_CAP),
        total_capped=capped,
    )


def exact_page(
    session: Session, matches: Select[T], *, order: Sequence[Any], page: int, per_page: int
) -> tuple[list[T], PageMeta]:
    """One page of `matches` (a SELECT of one kind of row, unordered) in `order`, and its exact count:
    for the queues and the tables that stay small (bounded_meta caps the count of the big ones)."""
    counted = matches.with_only_columns(func.count(), maintain_column_froms=True)
    total = int(session.scalar(counted) or 0)
    rows = list(session.scalars(matches.order_by(*order).offset((page - 1) * per_page).limit(per_page)))
    return rows, PageMeta.exact(total, page=page, per_page=per_page)
