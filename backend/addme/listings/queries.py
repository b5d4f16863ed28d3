"""The public read queries, in SQLAlchemy Core: rows as tuples, no ORM objects on the hot path.

Every list query is a walk down one partial index on listed rows (see models.py); a response
costs a fixed number of statements whatever its length: active pins, one page, a capped count.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    DateTime,
    bindparam,
    delete,
    func,
    insert,
    literal,
    or_,
    select,
)

from addme.listings import constants as c
from addme.listings import search
from addme.listings.countries import country_name
from addme.listings.models import FacetCount, Tag, Username, username_tags
from addme.listings.schemas import ListParams
from addme.listings.validation import normalize_tag, time_ago

U = Username.__table__.c
CARD_COLUMNS = (
    U.id, U.username, U.app, U.age, U.gender, U.orientation, U.type, U.country_code, U.tags_text,
    U.short_description, U.profile_picture, U.last_top_up, U.sort_at, U.owner_vip_until,
    U.fire_pinned_until, U.created_at,
)  # fmt: skip
PROFILE_COLUMNS = (
    *CARD_COLUMNS, U.description, U.link, U.link_type, U.paid_content, U.reputation, U.user_id, U.listed,
    U.status,
)  # fmt: skip
FC = FacetCount.__table__.c
LISTED = U.listed == True  # noqa: E712 - "listed = true" is what the partial indexes' predicate matches


def card(row: Any, now: datetime, *, all_tags: bool = False) -> dict[str, Any]:
    """A card dict straight from a row (the UsernameCard shape)."""
    tags = row.tags_text.split() if row.tags_text else []
    vip = row.owner_vip_until
    pin = row.fire_pinned_until
    shown_at = row.sort_at or row.created_at
    return {
        "id": row.id,
        "username": row.username,
        "app": row.app,
        "age": row.age,
        "gender": row.gender,
        "orientation": row.orientation,
        "type": row.type,
        "country_code": row.country_code,
        "country": country_name(row.country_code),
        "tags": tags if all_tags else tags[: c.CARD_TAGS],
        "short_description": row.short_description,
        "profile_picture": row.profile_picture,
        "last_top_up": row.last_top_up,
        "time_ago": time_ago((now - shown_at).total_seconds()),
        "is_promoted": vip is not None and vip > now,
        "is_fire_pinned": pin is not None and pin > now,
        "created_at": row.created_at,
    }


def conditions(p: ListParams, *, now: datetime, dialect: str) -> list[ColumnElement[bool]]:
    """WHERE terms with literal values (the text-search path, which is not prebuilt)."""
    where: list[ColumnElement[bool]] = [LISTED]
    if p.app:
        where.append(U.app == p.app)
    where.append(U.type == p.type)
    if p.gender:
        where.append(U.gender == p.gender)
    if p.orientation:
        where.append(U.orientation == p.orientation)
    if p.country:
        where.append(U.country_code == p.country)
    if p.vip:
        where += [U.owner_vip_until.is_not(None), U.owner_vip_until > now]
    if p.tag:
        tagged = (
            select(username_tags.c.username_id)
            .join(Tag, Tag.id == username_tags.c.tag_id)
            .where(Tag.name == normalize_tag(p.tag))
        )
        where.append(U.id.in_(tagged))
    if p.q:
        match = search.match_clause(p.q, dialect)
        if match is not None:
            where.append(match)
    return where


# --- The hot path --------------------------------------------------------------------------------
# Building a Core statement costs more Python than running the query. Each "shape" of filters
# (which filters are present, and the order) gets its statements built once, with bound
# parameters, and every request only executes them. Text search (`q`) is rare and stays dynamic.

Shape = tuple[bool, bool, bool, bool, bool, bool, str]

_NOW = bindparam("now", type_=DateTime())
_LATEST = (U.sort_at.desc(), U.id.desc())
_POPULAR = (U.popularity.desc(), U.sort_at.desc(), U.id.desc())


def _shape(p: ListParams) -> Shape:
    return (bool(p.app), bool(p.gender), bool(p.orientation), bool(p.country), p.vip, bool(p.tag), p.order)


def _values(p: ListParams, now: datetime) -> dict[str, Any]:
    return {
        "app": p.app,
        "type": p.type,
        "gender": p.gender,
        "orientation": p.orientation,
        "country": p.country,
        "tag": normalize_tag(p.tag) if p.tag else None,
        "now": now,
    }


@lru_cache(maxsize=256)
def _bound_conditions(shape: Shape) -> list[ColumnElement[bool]]:
    """The WHERE terms of one shape, leading with the columns the indexes lead with."""
    app, gender, orientation, country, vip, tag, _order = shape
    where: list[ColumnElement[bool]] = [LISTED]
    if app:
        where.append(U.app == bindparam("app"))
    where.append(U.type == bindparam("type"))
    if gender:
        where.append(U.gender == bindparam("gender"))
    if orientation:
        where.append(U.orientation == bindparam("orientation"))
    if country:
        where.append(U.country_code == bindparam("country"))
    if vip:
        where += [U.owner_vip_until.is_not(None), U.owner_vip_until > _NOW]
    if tag:
        tagged = (
            select(username_tags.c.username_id)
            .join(Tag, Tag.id == username_tags.c.tag_id)
            .where(Tag.name == bindparam("tag"))
        )
        where.append(U.id.in_(tagged))
    return where


def _ordered_stmt(where: Sequence[ColumnElement[bool]], order: Sequence[ColumnElement[Any]]) -> Any:
    # Deferred join: the offset is walked over index entries only; just the page's rows are read.
    ids = (
        select(U.id)
        .where(*where)
        .order_by(*order)
        .limit(bindparam("lim"))
        .offset(bindparam("off"))
        .subquery()
    )
    return select(*CARD_COLUMNS).join(ids, ids.c.id == U.id).order_by(*order)


@lru_cache(maxsize=256)
def _statements(shape: Shape) -> tuple[Any, Any, Any]:
    """(pinned, page, count) statements for one shape of filters, built once."""
    where = _bound_conditions(shape)
    if shape[-1] == "popular":
        return None, _ordered_stmt(where, _POPULAR), _count_stmt(where)
    # Active pins are a handful of rows: find them through their own small index first, then apply
    # the filters. Given the filters first, SQLite's planner walks a filter's index over every
    # matching row looking for pins.
    active = select(U.id).where(LISTED, U.fire_pinned_until.is_not(None), U.fire_pinned_until > _NOW)
    pinned = (
        select(*CARD_COLUMNS)
        .where(U.id.in_(active), *where)
        .order_by(U.fire_pinned_until.desc(), U.id.desc())
        .limit(bindparam("pin_lim"))
    )
    not_pinned = or_(U.fire_pinned_until.is_(None), U.fire_pinned_until <= _NOW)
    return pinned, _ordered_stmt([*where, not_pinned], _LATEST), _count_stmt(where)


def _count_stmt(where: Sequence[ColumnElement[bool]]) -> Any:
    # Ordered like a page, so the planner walks the filter's index instead of scanning the heap.
    capped = (
        select(literal(1))
        .select_from(Username.__table__)
        .where(*where)
        .order_by(U.sort_at.desc(), U.id.desc())
        .limit(c.COUNT_CAP)
        .subquery()
    )
    return select(func.count()).select_from(capped)


def count(conn: Connection, where: list[ColumnElement[bool]]) -> int:
    """Matching rows, counted up to COUNT_CAP: an exact count of a million rows is a scan."""
    return int(conn.execute(_count_stmt(where)).scalar_one())


# Totals are capped and only shown as "N usernames": a few seconds' staleness is invisible, while
# counting on every request would cost as much as the page itself.
_COUNT_TTL = 10.0
_counts: dict[tuple[Any, ...], tuple[float, int]] = {}


def page_and_total(conn: Connection, p: ListParams, *, now: datetime) -> tuple[list[Any], bool, int]:
    """One page of cards in the requested order, whether another follows, and the (capped) total."""
    if p.q:
        rows, has_next = _dynamic_page(conn, p, now=now)
        return rows, has_next, count(conn, conditions(p, now=now, dialect=conn.dialect.name))
    shape = _shape(p)
    pinned_stmt, page_stmt, count_stmt = _statements(shape)
    values = _values(p, now)
    n, offset = p.per_page, (p.page - 1) * p.per_page
    if pinned_stmt is None:
        rows = list(conn.execute(page_stmt, {**values, "lim": n + 1, "off": offset}).all())
        page, has_next = rows[:n], len(rows) > n
    else:
        pinned = list(conn.execute(pinned_stmt, {**values, "pin_lim": offset + n + 1}).all())
        if len(pinned) > offset + n:
            page, has_next = pinned[offset : offset + n], True
        else:
            page = pinned[offset:]
            want = n - len(page)
            rest = list(
                conn.execute(
                    page_stmt, {**values, "lim": want + 1, "off": max(0, offset - len(pinned))}
                ).all()
            )
            page, has_next = page + rest[:want], len(rest) > want
    key = (shape, p.app, p.type, p.gender, p.orientation, p.country, p.tag)
    hit = _counts.get(key)
    clock_now = time.monotonic()
    if hit is not None and hit[0] > clock_now:
        total = hit[1]
    else:
        total = int(conn.execute(count_stmt, values).scalar_one())
        if len(_counts) > 4096:
            _counts.clear()
        _counts[key] = (clock_now + _COUNT_TTL, total)
    return page, has_next, total


def forget_counts() -> None:
    """Drop memoized totals (a listing change in this process; tests)."""
    _counts.clear()


def _dynamic_page(conn: Connection, p: ListParams, *, now: datetime) -> tuple[list[Any], bool]:
    where = conditions(p, now=now, dialect=conn.dialect.name)
    n, offset = p.per_page, (p.page - 1) * p.per_page
    order = _POPULAR if p.order == "popular" else _LATEST
    stmt = select(*CARD_COLUMNS).where(*where).order_by(*order).limit(n + 1).offset(offset)
    rows = list(conn.execute(stmt).all())
    return rows[:n], len(rows) > n


def profile(conn: Connection, username_id: int) -> Any | None:
    """A username's public columns, listed or not (the caller decides who may see it)."""
    return conn.execute(select(*PROFILE_COLUMNS).where(U.id == username_id)).first()


def similar(conn: Connection, base: Any, *, now: datetime) -> list[Any]:
    """Up to 8 listed usernames like `base`: same app and type, same gender first, then scored."""
    candidates = conn.execute(
        select(*CARD_COLUMNS)
        .where(LISTED, U.app == base.app, U.type == base.type, U.gender == base.gender, U.id != base.id)
        .order_by(U.sort_at.desc(), U.id.desc())
        .limit(48)
    ).all()
    base_tags = set(base.tags_text.split())

    def score(row: Any) -> int:
        return int(
            2 * (row.orientation == base.orientation)
            + 2 * (row.country_code is not None and row.country_code == base.country_code)
            + len(base_tags & set(row.tags_text.split()))
        )

    ranked = sorted(candidates, key=score, reverse=True)  # stable: recency breaks ties
    return ranked[: c.SIMILAR_MAX]


def _count_tags(conn: Connection, *, app: str | None) -> list[tuple[str, int]]:
    stmt = (
        select(Tag.name, func.count().label("n"))
        .select_from(username_tags.join(Tag, Tag.id == username_tags.c.tag_id))
        .join(Username, Username.id == username_tags.c.username_id)
        .where(LISTED)
        .group_by(Tag.name)
    )
    if app:
        stmt = stmt.where(U.app == app)
    return [(r[0], int(r[1])) for r in conn.execute(stmt).all()]


def _count_countries(conn: Connection) -> list[tuple[str, int]]:
    stmt = (
        select(U.country_code, func.count())
        .where(LISTED, U.country_code.is_not(None))
        .group_by(U.country_code)
    )
    return [(r[0], int(r[1])) for r in conn.execute(stmt).all()]


# The job recounts every minute; a reader finding counts older than this recounts itself.
FACETS_MAX_AGE = timedelta(minutes=5)


def refresh_facets(conn: Connection, *, now: datetime) -> int:
    """Recount tags (overall and per app) and countries into listing_facet_counts (the job)."""
    rows: list[dict[str, Any]] = []
    for app in ("", *(a.value for a in c.App)):
        rows += [
            {"kind": "tag", "app": app, "key": k, "count": n, "refreshed_at": now}
            for k, n in _count_tags(conn, app=app or None)
        ]
    rows += [
        {"kind": "country", "app": "", "key": k, "count": n, "refreshed_at": now}
        for k, n in _count_countries(conn)
    ]
    conn.execute(delete(FacetCount))
    if rows:
        conn.execute(insert(FacetCount), rows)
    return len(rows)


def _facets(conn: Connection, *, kind: str, app: str, now: datetime) -> list[tuple[str, int]]:
    stmt = select(FC.key, FC.count).where(FC.kind == kind, FC.app == app, FC.count > 0)
    last = conn.execute(select(func.max(FC.refreshed_at))).scalar_one()
    if last is None or last < now - FACETS_MAX_AGE:
        # Never counted (a fresh install) or the recount job is not running (RUN_JOBS_IN_WEB=false
        # and no job process): count now rather than show an empty or old page.
        refresh_facets(conn, now=now)
        conn.commit()
    return [(r[0], int(r[1])) for r in conn.execute(stmt.order_by(FC.count.desc(), FC.key)).all()]


def tag_counts(
    conn: Connection, *, app: str | None, now: datetime, limit: int = 300
) -> list[tuple[str, int]]:
    """Tags with the number of listed usernames carrying them, most used first."""
    return _facets(conn, kind="tag", app=app or "", now=now)[:limit]


def country_counts(conn: Connection, *, now: datetime) -> list[tuple[str, int]]:
    """Country codes with their number of listed usernames."""
    return _facets(conn, kind="country", app="", now=now)


def newest_listed(conn: Connection, *, limit: int) -> list[Any]:
    """The newest listed usernames (the sitemap)."""
    stmt = (
        select(U.id, U.username, U.updated_at)
        .where(LISTED, U.type == c.UsernameType.CLEAN)
        .order_by(U.sort_at.desc(), U.id.desc())
        .limit(limit)
    )
    return list(conn.execute(stmt).all())
