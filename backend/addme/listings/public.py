"""The public read endpoints' responses: orjson bytes, the anonymous cache, ETags.

Anonymous requests are answered from the cache without a database connection or a thread hop;
on a miss, and for signed-in viewers (who may see Dirty usernames and their own unlisted ones,
always fresh, with `private, no-store`), the rows come through core/reads.py: one round trip,
on the event loop on PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from typing import Any

import orjson
from fastapi import Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from addme.accounts.dependencies import SESSION_COOKIE, optional_caller
from addme.accounts.models import User
from addme.core import clock, reads
from addme.core.db import get_engine, new_session
from addme.core.errors import NotFound, Unauthorized
from addme.listings import cache, queries
from addme.listings import constants as c
from addme.listings.countries import COUNTRIES, country_name
from addme.listings.schemas import ListParams
from addme.moderation.models import ReportType

_JSON = orjson.OPT_NAIVE_UTC | orjson.OPT_UTC_Z
PUBLIC = f"public, max-age=0, s-maxage={cache.LIST_TTL}"
PRIVATE = "private, no-store"


def dumps(content: Any) -> bytes:
    """JSON bytes; naive datetimes are UTC and end in Z, as UtcDatetime renders them."""
    return orjson.dumps(content, option=_JSON)


def _has_credentials(request: Request) -> bool:
    return request.headers.get("authorization", "").lower().startswith("bearer ") or bool(
        request.cookies.get(SESSION_COOKIE)
    )


def _viewer(request: Request) -> User | None:
    with new_session() as db:
        caller = optional_caller(request, db)
        return caller.user if caller else None


def _bytes_response(body: bytes, *, public: bool, request: Request, ttl: int = cache.LIST_TTL) -> Response:
    if not public:
        return Response(body, media_type="application/json", headers={"Cache-Control": PRIVATE})
    etag = cache.etag_of(body)
    headers = {
        "Cache-Control": f"public, max-age=0, s-maxage={ttl}",
        "ETag": etag,
        "Vary": "Authorization",
    }
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


async def _anonymous(request: Request, key: str, build: Callable[[], Awaitable[bytes]], ttl: int) -> Response:
    """Serve `key` from the cache, building it on a miss."""
    store = cache.store()
    if store.is_local:
        full = cache.versioned(key)
        body = store.get(full) if full else None
    else:
        full = await run_in_threadpool(cache.versioned, key)
        body = await run_in_threadpool(store.get, full) if full else None
    if body is None:
        body = await build()
        if full:
            if store.is_local:
                store.put(full, body, ttl)
            else:
                await run_in_threadpool(store.put, full, body, ttl)
    return _bytes_response(body, public=True, request=request, ttl=ttl)


async def build_list(p: ListParams, *, now_: datetime | None = None) -> bytes:
    """The list response body for these filters: one round trip to the database."""
    now = now_ or clock.now()
    plan = queries.plan_list(p, now=now, dialect=get_engine().dialect.name)
    results = await reads.current().fetch(*plan.queries, prepare=not plan.dynamic)
    rows, has_next, total = queries.read_list(p, plan, results)
    if total is None:  # a page past the end of a long list: one exact count, bounded by the page
        dialect = get_engine().dialect.name
        [[(total,)]] = await reads.current().fetch(
            queries.beyond_end_count(p, now=now, dialect=dialect), prepare=False
        )
    return dumps(
        {
            "data": [queries.card(r, now) for r in rows],
            "meta": {"page": p.page, "per_page": p.per_page, "total": total, "has_next": has_next},
        }
    )


async def list_response(request: Request, params: ListParams) -> Response:
    """GET /v1/usernames."""
    if not _has_credentials(request):
        if params.type == "Dirty":
            raise Unauthorized(c.DIRTY_NEEDS_LOGIN, code="login_required")
        return await _anonymous(
            request, "list:" + params.cache_key(), lambda: build_list(params), cache.LIST_TTL
        )
    if params.type == "Dirty" and await run_in_threadpool(_viewer, request) is None:
        raise Unauthorized(c.DIRTY_NEEDS_LOGIN, code="login_required")
    return _bytes_response(await build_list(params), public=False, request=request)


async def _profile_row(username_id: int) -> Sequence[Any] | None:
    [rows] = await reads.current().fetch(queries.profile_query(username_id))
    return rows[0] if rows else None


async def build_profile(username_id: int, viewer_id: int | None) -> bytes:
    """A profile body; 404 unless listed, or the viewer owns it."""
    now = clock.now()
    row = await _profile_row(username_id)
    if row is None:
        raise NotFound(c.NOT_FOUND)
    extra = queries.profile_fields(row)
    if extra["status"] == c.Status.DELETED:
        raise NotFound(c.NOT_FOUND)
    is_owner = viewer_id is not None and extra["user_id"] == viewer_id
    if not extra["listed"] and not is_owner:
        raise NotFound(c.NOT_FOUND)
    body = queries.card(row, now, all_tags=True)
    if body["type"] == c.UsernameType.DIRTY and viewer_id is None:
        raise Unauthorized(c.DIRTY_NEEDS_LOGIN, code="login_required")
    # The creator link is a VIP perk: it shows while the owner is VIP or Studio.
    show_link = body["is_promoted"] or is_owner
    body.update(
        description=extra["description"],
        link=extra["link"] if show_link else None,
        link_type=extra["link_type"] if show_link else None,
        paid_content=extra["paid_content"],
        reputation=extra["reputation"],
        is_owner=is_owner,
    )
    return dumps(body)


async def profile_response(request: Request, username_id: int) -> Response:
    """GET /v1/usernames/{id}."""
    if not _has_credentials(request):
        return await _anonymous(
            request, f"profile:{username_id}", lambda: build_profile(username_id, None), cache.LIST_TTL
        )
    viewer = await run_in_threadpool(_viewer, request)
    body = await build_profile(username_id, viewer.id if viewer else None)
    return _bytes_response(body, public=False, request=request)


async def build_similar(username_id: int, signed_in: bool) -> bytes:
    """Similar listed usernames to a listed one."""
    now = clock.now()
    base = await _profile_row(username_id)
    if base is None or not queries.profile_fields(base)["listed"]:
        raise NotFound(c.NOT_FOUND)
    if base[6] == c.UsernameType.DIRTY and not signed_in:
        raise Unauthorized(c.DIRTY_NEEDS_LOGIN, code="login_required")
    [candidates] = await reads.current().fetch(queries.similar_query(base))
    return dumps([queries.card(r, now) for r in queries.rank_similar(base, candidates)])


async def similar_response(request: Request, username_id: int) -> Response:
    """GET /v1/usernames/{id}/similar."""
    if not _has_credentials(request):
        return await _anonymous(
            request, f"similar:{username_id}", lambda: build_similar(username_id, False), cache.LIST_TTL
        )
    signed_in = await run_in_threadpool(_viewer, request) is not None
    return _bytes_response(await build_similar(username_id, signed_in), public=False, request=request)


async def _in_thread(fn: Callable[[], bytes]) -> bytes:
    return await run_in_threadpool(fn)


def _build_tags(app: str | None) -> bytes:
    with get_engine().connect() as conn:
        rows = queries.tag_counts(conn, app=app, now=clock.now())
    return dumps([{"name": n, "count": k} for n, k in rows])


def _build_countries() -> bytes:
    with get_engine().connect() as conn:
        rows = queries.country_counts(conn, now=clock.now())
    return dumps([{"code": code, "name": country_name(code) or code, "count": k} for code, k in rows])


async def tags_response(request: Request, app: str | None) -> Response:
    """GET /v1/tags: read from the recounted facet table, and cached a minute."""
    return await _anonymous(
        request, f"tags:{app}", lambda: _in_thread(lambda: _build_tags(app)), cache.COUNTS_TTL
    )


async def countries_response(request: Request) -> Response:
    """GET /v1/countries."""
    return await _anonymous(request, "countries", lambda: _in_thread(_build_countries), cache.COUNTS_TTL)


_OPTIONS = dumps(
    {
        "apps": [a.value for a in c.App],
        "genders": [g.value for g in c.Gender],
        "orientations": [o.value for o in c.Orientation],
        "types": [t.value for t in c.UsernameType],
        "orders": [o.value for o in c.Order],
        "report_types": [r.value for r in ReportType],
        "link_types": [t.value for t in c.LinkType],
        "countries": [{"code": k, "name": v} for k, v in sorted(COUNTRIES.items(), key=lambda kv: kv[1])],
    }
)


def options_response(request: Request) -> Response:
    """GET /v1/options: constant, so long-cacheable."""
    return _bytes_response(_OPTIONS, public=True, request=request, ttl=3600)
