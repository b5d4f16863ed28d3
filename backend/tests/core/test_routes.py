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
    assert raw == {"/usernames", "/countries", "/options"}


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
