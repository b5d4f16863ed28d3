"""The public read endpoints' responses: orjson bytes, the anonymous cache, ETags.

Anonymous requests are answered from the cache without a database connection or a thread hop;
on a miss, and for signed-in viewers (who may see Dirty usernames and their own unlisted ones,
always fresh, with `private, no-store`), the rows come through core/reads.py: one round trip,
on the event loop on PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson
from fastapi import Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from addme.accounts.callers import has_credentials, optional_caller
from addme.accounts.models import User
from addme.core import clock, options, reads
from addme.core.db import get_engine, new_session
from addme.core.errors import NotFound, Unauthorized
from addme.core.options import ReportType
from addme.listings import cache, cards, facets
from addme.listings import constants as c
from addme.listings.codes import ListingCode
from addme.listings.countries import COUNTRIES, country_name
from addme.listings.schemas import ListParams
from addme.listings.search import pipeline

_JSON = orjson.OPT_NAIVE_UTC | orjson.OPT_UTC_Z
PUBLIC = f"public, max-age=0, s-maxage={cache.LIST_TTL}, stale-while-revalidate={cache.STALE_SECONDS}"
PRIVATE = "private, no-store"


def dumps(content: Any) -> bytes:
    """JSON bytes; naive datetimes are UTC and end in Z, as UtcDatetime renders them."""
    return orjson.dumps(content, option=_JSON)


def _viewer(request: Request) -> User | None:
    with new_session() as db:
        caller = optional_caller(request, db)
        return caller.user if caller else None


def _bytes_response(body: bytes, *, public: bool, request: Request, ttl: int = cache.LIST_TTL) -> Response:
    if not public:
        return Response(body, media_type="application/json", headers={"Cache-Control": PRIVATE})
    etag = cache.etag_of(body)
    headers = {
        # A shared cache (the nginx micro-cache) may answer from a stale copy while it refreshes.
        "Cache-Control": f"public, max-age=0, s-maxage={ttl}, stale-while-revalidate={cache.STALE_SECONDS}",
        "ETag": etag,
        "Vary": "Authorization",
    }
    if cache.not_modified(request.headers.get("if-none-match"), etag):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


async def build_list(p: ListParams, *, now_: datetime | None = None) -> bytes:
    """The list response body for these filters: one round trip to the database (a tag's or a
    word's first use in this process adds its probe; listings/search/)."""
    now = now_ or clock.now()
    dialect = get_engine().dialect.name
    rows, has_next, total = await pipeline.read_page(p, now=now, dialect=dialect, fetch=reads.current().fetch)
    return dumps(
        {
            "data": [cards.card(r, now) for r in rows],
            "meta": {"page": p.page, "per_page": p.per_page, "total": total, "has_next": has_next},
        }
    )


@dataclass(frozen=True)
class PublicBody:
    """A visitor's body of a public read, as the response cache keeps it."""

    key: str
    build: Callable[[], Awaitable[bytes]]
    ttl: int = cache.LIST_TTL
    # The counts come from the recount job's table, not the lists: a reorder does not stale them.
    follow_listings: bool = True

    async def get(self) -> bytes:
        """From the cache (stale while it is rebuilt), else built once for everyone asking."""
        return await cache.cached(self.key, self.build, self.ttl, follow_listings=self.follow_listings)

    async def get_if_caching(self) -> bytes | None:
        """The same, but None rather than a build when caching is off (core/firstanswers.py)."""
        return await cache.cached_if_on(self.key, self.build, self.ttl, follow_listings=self.follow_listings)


def anonymous_list(params: ListParams) -> PublicBody:
    """GET /v1/usernames for a visitor (Clean lists only)."""
    return PublicBody("list:" + params.cache_key(), lambda: build_list(params))


async def list_response(request: Request, params: ListParams) -> Response:
    """GET /v1/usernames."""
    if not has_credentials(request):
        if params.type == "Dirty":
            raise Unauthorized(c.DIRTY_NEEDS_LOGIN, code=ListingCode.LOGIN_REQUIRED)
        return _bytes_response(await anonymous_list(params).get(), public=True, request=request)
    if params.type == "Dirty" and await run_in_threadpool(_viewer, request) is None:
        raise Unauthorized(c.DIRTY_NEEDS_LOGIN, code=ListingCode.LOGIN_REQUIRED)
    return _bytes_response(await build_list(params), public=False, request=request)


async def _profile_row(username_id: int) -> Sequence[Any] | None:
    [rows] = await reads.current().fetch(cards.profile_query(username_id))
    return rows[0] if rows else None


@dataclass(frozen=True)
class Viewer:
    """Who reads a profile or its suggestions: what changes the body is ownership and VIP."""

    id: int
    vip: bool


def _viewer_of(request: Request) -> Viewer | None:
    user = _viewer(request)
    return Viewer(id=user.id, vip=user.is_vip) if user else None


async def build_profile(username_id: int, viewer: Viewer | None) -> bytes:
    """A profile body; 404 unless listed, or the viewer owns it."""
    now = clock.now()
    row = await _profile_row(username_id)
    if row is None:
        raise NotFound(c.NOT_FOUND)
    extra = cards.profile_fields(row)
    if extra["status"] == c.Status.DELETED:
        raise NotFound(c.NOT_FOUND)
    is_owner = viewer is not None and extra["user_id"] == viewer.id
    if not extra["listed"] and not is_owner:
        raise NotFound(c.NOT_FOUND)
    body = cards.card(row, now, all_tags=True)
    if body["type"] == options.UsernameType.DIRTY and viewer is None:
        raise Unauthorized(c.DIRTY_NEEDS_LOGIN, code=ListingCode.LOGIN_REQUIRED)
    # The creator link is a VIP perk: it shows while the owner is VIP or Studio.
    show_link = body["is_promoted"] or is_owner
    # Reputation scores are a VIP perk of the viewer (spec section 6); owners always see their own.
    show_reputation = is_owner or (viewer is not None and viewer.vip)
    body.update(
        description=extra["description"],
        link=extra["link"] if show_link else None,
        link_type=extra["link_type"] if show_link else None,
        paid_content=extra["paid_content"],
        reputation=extra["reputation"] if show_reputation else None,
        is_owner=is_owner,
    )
    return dumps(body)


def anonymous_profile(username_id: int) -> PublicBody:
    """GET /v1/usernames/{id} for a visitor."""
    return PublicBody(f"profile:{username_id}", lambda: build_profile(username_id, None))


async def _per_viewer(
    request: Request, visitor: Callable[[], PublicBody], build: Callable[[Viewer | None], Awaitable[bytes]]
) -> Response:
    """A visitor's shared body (cached, with an ETag), else the signed-in viewer's own (private)."""
    if not has_credentials(request):
        return _bytes_response(await visitor().get(), public=True, request=request)
    # A token that names nobody is built as for a visitor, but still answered privately.
    viewer = await run_in_threadpool(_viewer_of, request)
    return _bytes_response(await build(viewer), public=False, request=request)


async def profile_response(request: Request, username_id: int) -> Response:
    """GET /v1/usernames/{id}."""
    return await _per_viewer(
        request, lambda: anonymous_profile(username_id), lambda viewer: build_profile(username_id, viewer)
    )


async def build_similar(username_id: int, viewer: Viewer | None) -> bytes:
    """Similar listed usernames to a listed one: more of them, with their scores, for a VIP."""
    now = clock.now()
    base = await _profile_row(username_id)
    if base is None or not cards.profile_fields(base)["listed"]:
        raise NotFound(c.NOT_FOUND)
    if base[6] == options.UsernameType.DIRTY and viewer is None:
        raise Unauthorized(c.DIRTY_NEEDS_LOGIN, code=ListingCode.LOGIN_REQUIRED)
    vip = viewer is not None and viewer.vip
    [candidates] = await reads.current().fetch(cards.similar_query(base))
    ranked = cards.rank_similar(base, candidates, limit=c.SIMILAR_MAX_VIP if vip else c.SIMILAR_MAX)
    return dumps(
        [{**cards.card(r, now), "reputation": r[cards.SIMILAR_REPUTATION] if vip else None} for r in ranked]
    )


def anonymous_similar(username_id: int) -> PublicBody:
    """GET /v1/usernames/{id}/similar for a visitor."""
    return PublicBody(f"similar:{username_id}", lambda: build_similar(username_id, None))


async def similar_response(request: Request, username_id: int) -> Response:
    """GET /v1/usernames/{id}/similar."""
    return await _per_viewer(
        request, lambda: anonymous_similar(username_id), lambda viewer: build_similar(username_id, viewer)
    )


async def _in_thread(fn: Callable[[], bytes]) -> bytes:
    return await run_in_threadpool(fn)


def _build_tags(app: str | None) -> bytes:
    with get_engine().connect() as conn:
        rows = facets.tag_counts(conn, app=app, now=clock.now())
    return dumps([{"name": n, "count": k} for n, k in rows])


def _build_countries() -> bytes:
    with get_engine().connect() as conn:
        rows = facets.country_counts(conn, now=clock.now())
    return dumps([{"code": code, "name": country_name(code) or code, "count": k} for code, k in rows])


def tag_counts(app: str | None) -> PublicBody:
    """GET /v1/tags: read from the recounted facet table, and cached a minute."""
    return PublicBody(f"tags:{app}", lambda: _in_thread(lambda: _build_tags(app)), cache.COUNTS_TTL, False)


async def tags_response(request: Request, app: str | None) -> Response:
    """GET /v1/tags."""
    return _bytes_response(await tag_counts(app).get(), public=True, request=request, ttl=cache.COUNTS_TTL)


def country_counts() -> PublicBody:
    """GET /v1/countries, cached a minute."""
    return PublicBody("countries", lambda: _in_thread(_build_countries), cache.COUNTS_TTL, False)


async def countries_response(request: Request) -> Response:
    """GET /v1/countries."""
    return _bytes_response(await country_counts().get(), public=True, request=request, ttl=cache.COUNTS_TTL)


_OPTIONS = dumps(
    {
        "apps": [a.value for a in options.App],
        "genders": [g.value for g in options.Gender],
        "orientations": [o.value for o in options.Orientation],
        "types": [t.value for t in options.UsernameType],
        "orders": [o.value for o in options.Order],
        "report_types": [r.value for r in ReportType],
        "link_types": [t.value for t in c.LinkType],
        "countries": [{"code": k, "name": v} for k, v in sorted(COUNTRIES.items(), key=lambda kv: kv[1])],
    }
)


def options_response(request: Request) -> Response:
    """GET /v1/options: constant, so long-cacheable."""
    return _bytes_response(_OPTIONS, public=True, request=request, ttl=3600)
