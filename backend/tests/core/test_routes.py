"""RawRoute (core/routes.py): the same answers, errors and OpenAPI document as FastAPI's own route."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from fastapi import APIRouter, Depends, FastAPI, Request, Response
from fastapi.testclient import TestClient
from prometheus_client import REGISTRY

from addme.core.errors import NotFound, install_error_handlers
from addme.core.routes import FastPaths, RawRoute, install_fast_paths, raw_get
from addme.listings.schemas import parse_list_query


async def _answer(request: Request) -> Response:
    """The shapes a public read takes: a body with headers, a domain error, a 422."""
    what = request.query_params.get("what")
    if what == "missing":
        raise NotFound("This username could not be found")
    parse_list_query(request.scope["query_string"])  # ?page=0 is FastAPI's own 422
    return Response(b'{"ok":true}', media_type="application/json", headers={"ETag": '"abc"'})


def _app(register: Callable[[APIRouter], None], *, fast: bool = False) -> FastAPI:
    app = FastAPI(title="t", version="1")
    install_error_handlers(app)
    router = APIRouter(responses={404: {"description": "Not found"}})
    register(router)
    app.include_router(router, prefix="/v1")
    if fast:
        install_fast_paths(app)
    return app


def _fastapi(router: APIRouter) -> None:
    router.get("/things", response_class=Response, tags=["t"])(_answer)


def _raw(router: APIRouter) -> None:
    raw_get(router, "/things", response_class=Response, tags=["t"])(_answer)


@pytest.mark.parametrize("query", ["", "what=missing", "page=0", "per_page=abc"])
def test_a_raw_route_answers_as_fastapis_route_does(query: str) -> None:
    answers = []
    for register, fast in ((_fastapi, False), (_raw, False), (_raw, True)):
        with TestClient(_app(register, fast=fast)) as client:
            r = client.get(f"/v1/things?{query}")
            answers.append((r.status_code, r.content, dict(r.headers)))
    assert answers[0] == answers[1] == answers[2]
    assert answers[0][0] in (200, 404, 422)


def test_a_raw_route_keeps_the_openapi_document_byte_for_byte() -> None:
    docs = [json.dumps(_app(register).openapi()) for register in (_fastapi, _raw)]
    assert docs[0] == docs[1]
    assert '"/v1/things"' in docs[0]


def test_the_public_lists_options_and_countries_are_raw_routes() -> None:
    from addme.listings.router import router

    raw = {route.path for route in router.routes if isinstance(route, RawRoute)}
    assert raw == {"/v1/usernames", "/v1/countries", "/v1/options"}


async def _with_param(request: Request, page: int = 1) -> Response:
    return Response(str(page))


def _dependency() -> None:
    return None


@pytest.mark.parametrize(
    "build",
    [
        # A query parameter would go unvalidated and unpassed.
        lambda: raw_get(APIRouter(), "/x")(_with_param),
        # A router's dependency (authentication, say) would silently not run.
        lambda: _app(lambda r: r.include_router(_router_with_dependency())),
    ],
)
def test_a_route_that_would_lose_its_parameters_or_dependencies_is_refused(build: Callable[[], Any]) -> None:
    with pytest.raises(TypeError, match="cannot be a RawRoute"):
        build()


def _router_with_dependency() -> APIRouter:
    router = APIRouter(dependencies=[Depends(_dependency)])
    raw_get(router, "/guarded")(_answer)
    return router


def test_the_app_answers_its_public_lists_without_walking_the_routes(client) -> None:
    fast = client.app.router.middleware_stack
    assert isinstance(fast, FastPaths)
    labels = {"method": "GET", "route": "/v1/usernames", "status": "200"}
    before = REGISTRY.get_sample_value("addme_http_requests_total", labels) or 0.0
    assert client.get("/v1/usernames").status_code == 200
    # Labelled by its route in the request figures, as through the router (not "unmatched").
    assert REGISTRY.get_sample_value("addme_http_requests_total", labels) == before + 1
    assert client.get("/v1/usernames?per_page=abc").status_code == 422  # the error handlers answer
    assert client.post("/v1/usernames").status_code == 405  # other methods go through the router
    assert set(fast._build()) == {"/v1/usernames", "/v1/countries", "/v1/options"}


async def _earlier(request: Request) -> Response:
    return Response(b"earlier")


def test_a_path_that_an_earlier_route_matches_stays_with_the_router() -> None:
    def register(router: APIRouter) -> None:
        router.get("/{name}", response_class=Response)(_earlier)  # registered first: it wins
        raw_get(router, "/things", response_class=Response)(_answer)

    app = _app(register, fast=True)
    with TestClient(app) as client:
        assert client.get("/v1/things").content == b"earlier"
    fast = app.router.middleware_stack
    assert isinstance(fast, FastPaths)
    assert fast._build() == {}


async def _page(request: Request) -> Response:
    return Response(f"page {request.path_params['path']!r}", media_type="text/html")


async def _media(name: str) -> Response:
    return Response(f"media {name}")


def _site(register: Callable[[APIRouter], None] = lambda r: None, *, fast: bool) -> FastAPI:
    """The shape of the real app: API routes under /v1, other routes, then the web app's catch-all."""

    def api(router: APIRouter) -> None:
        raw_get(router, "/things", response_class=Response)(_answer)
        router.get("/things/{name}", response_class=Response)(_earlier)
        register(router)

    app = _app(api)
    app.get("/media/{name:path}", response_class=Response)(_media)
    raw_get(app.router, "/{path:path}", include_in_schema=False)(_page)
    if fast:
        install_fast_paths(app)
    return app


# What the router must keep (an API path, another route's), and what goes to the catch-all: pages,
# an empty path, a path the catch-all's pattern reads oddly (a trailing newline), near misses.
PATHS = ["/", "/help", "/snapchat-usernames/vip", "/v1/things", "/v1/things/x", "/v1/nope", "/v1",
         "/media/a.png", "/media", "/mediax", "/%0A", "/a%0Ab", "/v2/things"]  # fmt: skip


@pytest.mark.parametrize("path", PATHS)
def test_the_catch_all_answers_as_through_the_router(path: str) -> None:
    answers = []
    for fast in (False, True):
        with TestClient(_site(fast=fast)) as client:
            r = client.get(path)
            answers.append((r.status_code, r.content, dict(r.headers)))
    assert answers[0] == answers[1]


def test_a_page_goes_to_the_catch_all_without_asking_the_api_routes() -> None:
    app = _site(fast=True)
    fast = app.router.middleware_stack
    assert isinstance(fast, FastPaths)
    walked: list[str] = []
    router_app = fast.app

    async def recording(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            walked.append(scope["path"])
        await router_app(scope, receive, send)

    fast.app = recording
    with TestClient(app) as client:
        assert client.get("/help").content == b"page 'help'"
        assert client.get("/v1/things/x").content == b"earlier"
        assert client.get("/media/a.png").content == b"media a.png"
        assert client.post("/help").status_code == 405  # not a GET: the router says so
    assert walked == ["/v1/things/x", "/media/a.png", "/help"]
    assert fast._catch_all is not None
    assert fast._catch_all.earlier_prefixes[-1] == "/media/"


def test_a_route_that_could_take_any_path_before_the_catch_all_keeps_every_path_with_the_router() -> None:
    app = FastAPI(openapi_url=None)
    app.get("/{token}", response_class=Response)(_earlier)  # a short link: any top-level path
    raw_get(app.router, "/{path:path}")(_page)
    install_fast_paths(app)
    with TestClient(app) as client:
        assert client.get("/help").content == b"earlier"
        assert client.get("/help/more").content == b"page 'help/more'"
    fast = app.router.middleware_stack
    assert isinstance(fast, FastPaths) and fast._catch_all is not None
    assert fast._catch_all.earlier_prefixes == ("/",)  # every path starts so: never the shortcut
