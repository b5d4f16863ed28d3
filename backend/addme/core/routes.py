"""RawRoute: a route whose handler takes only the Request, called without FastAPI's per-request
machinery.

FastAPI runs every request through its generic handler: an endpoint context, a body check,
`solve_dependencies` (a Response and a BackgroundTasks made per request, the request's values
validated one by one) and the return value's handling. The public list, the countries and the
options take the Request alone and return a Response they built (orjson bytes): for them all of
that is work without a result (docs/performance.md, "The uncached first page's CPU").

Everything else stays FastAPI's: the route is an APIRoute, so the OpenAPI document, the
exception handlers (the error envelope, 422s), the body limit and the middlewares are the same.
A route that would lose something by skipping the machinery (a parameter, a dependency, its
router's included dependencies, a response model) is refused when it is built. FastPaths (below)
also spares these routes FastAPI's search through the routing tree, and so the web app's
catch-all (its pages), which that search reached only after trying every API route.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Coroutine
from typing import Any, NamedTuple, cast

from fastapi import APIRouter, FastAPI, Request, Response

# _effective_route_context_var: where FastAPI keeps the route as included under a router (its
# prefix and dependencies) while it builds that inclusion's handler. Private: a FastAPI without it
# fails here, at import, not silently.
from fastapi.routing import APIRoute, _effective_route_context_var, iter_route_contexts
from starlette.routing import Match
from starlette.types import ASGIApp, Receive, Scope, Send

from addme.core.schemas import ErrorBody

RawEndpoint = Callable[[Request], Coroutine[Any, Any, Response]]

API_PREFIX = "/v1"


def api_router(*, prefix: str = "", errors: tuple[int, ...] = (), **kwargs: Any) -> APIRouter:
    """A domain's router, its paths under /v1 from the start, mounted with `mount_api`.

    FastAPI builds a route (its dependency tree and a validator for every parameter and response
    model: most of a worker's start) when it is declared, and again, lazily, for every router
    included with `include_router`, under the inclusion's prefix: each of the ~240 routes was
    built twice, the second time on the first request (0.5 s of the cold start, bench/coldstart.py).
    A route declared with its final path is added to the app as it is, built once.

    `errors`: the status codes its routes may answer with the JSON error envelope (ErrorBody), for
    the OpenAPI document (the web's generated types read them)."""
    if errors:
        kwargs["responses"] = {code: {"model": ErrorBody} for code in errors} | kwargs.get("responses", {})
    return APIRouter(prefix=API_PREFIX + prefix, **kwargs)


def mount_api(app: FastAPI, routers: tuple[APIRouter, ...]) -> None:
    """Add every route of `routers` (made by `api_router`) to the app's own router, as built.

    Without an inclusion there is nothing to rebuild, and nothing for FastAPI to re-check per
    request (it walks every included router's routes to see whether one was added)."""
    for router in routers:
        if not router.prefix.startswith(API_PREFIX):
            raise ValueError(f"{router.prefix or '/'}: an API router comes from api_router()")
        if router._low_priority_routes:
            raise ValueError(f"{router.prefix}: a low-priority route needs include_router")
        app.router.routes.extend(router.routes)
    app.router._mark_routes_changed()


class RawRoute(APIRoute):
    """An APIRoute for `async def endpoint(request: Request) -> Response`."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        route: Any = self
        context = _effective_route_context_var.get()
        if context is not None and context.original_route is self:
            route = context
        _check_raw(route)
        endpoint = self.endpoint

        async def handler(request: Request) -> Response:
            return await endpoint(request)  # type: ignore[no-any-return]

        return handler


def _check_raw(route: Any) -> None:
    dependant = route.dependant
    params = (
        dependant.path_params,
        dependant.query_params,
        dependant.header_params,
        dependant.cookie_params,
        dependant.body_params,
        dependant.dependencies,
    )
    problem = None
    if any(params):
        problem = "it has parameters or dependencies (its own or its router's)"
    elif dependant.request_param_name is None:
        problem = "it does not take the Request"
    elif route.response_field is not None:
        problem = "it has a response model to validate"
    elif not inspect.iscoroutinefunction(route.endpoint):
        problem = "it is not a coroutine function"
    if problem:
        raise TypeError(f"{route.path} cannot be a RawRoute: {problem}")


def raw_get(router: APIRouter, path: str, **kwargs: Any) -> Callable[[RawEndpoint], RawEndpoint]:
    """`@router.get(path, ...)` for a RawRoute (APIRouter.get takes no route class)."""

    def register(endpoint: RawEndpoint) -> RawEndpoint:
        router.add_api_route(path, endpoint, methods=["GET"], route_class_override=RawRoute, **kwargs)
        return endpoint

    return register


class CatchAll(NamedTuple):
    """The first route that takes any path (`/{name:path}`), and the literal beginnings of the
    paths of every route before it: a path that starts with none of them can only reach it."""

    route: APIRoute
    handler: ASGIApp
    earlier_prefixes: tuple[str, ...]


class FastPaths:
    """The exact GET paths of RawRoutes, and the catch-all's paths, answered without walking the
    routing tree.

    FastAPI finds a route by asking each included router, then each of its routes, whether the
    path matches (with a context object per level): ~50 us of an uncached list, as much as
    reading its rows. A public list's path has no parameters, so the route it leads to is known
    in advance. The web app's catch-all (core/pages.py) comes last: every page paid for asking
    all ~200 API routes first (~0.9 ms a page under load, more than the page itself; py-spy,
    bench/htmlpages.py). No earlier route can match a path that starts with none of their
    literal beginnings (`/v1/`, `/media/`, `/metrics`...), so such a path goes to the catch-all,
    whose own match still reads its parameter.

    Installed as the app's router's innermost layer, so the exception handlers, the exit stacks
    and every middleware are the same; only the search is skipped. A path another route would
    have matched first stays with the router.
    """

    def __init__(self, app: ASGIApp, router: APIRouter) -> None:
        self.app = app
        self.router = router
        self._table: dict[str, tuple[APIRoute, ASGIApp]] | None = None
        self._catch_all: CatchAll | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET" and not scope.get("root_path"):
            # Built at the first request: every route is registered by then.
            table = self._table if self._table is not None else self._build()
            path: str = scope["path"]
            hit = table.get(path)
            if hit is not None:
                route, handler = hit
                # What the router's match would have put in the scope (observe.py labels by route).
                scope.setdefault("router", self.router)
                scope["route"] = route
                scope["endpoint"] = route.endpoint
                scope["path_params"] = {}
                await handler(scope, receive, send)
                return
            last = self._catch_all
            if last is not None and not path.startswith(last.earlier_prefixes):
                # The route's own match: its pattern and convertor, as the router would apply them.
                match, child_scope = last.route.matches(scope)
                if match == Match.FULL:
                    scope.setdefault("router", self.router)
                    scope.update(child_scope)
                    await last.handler(scope, receive, send)
                    return
        await self.app(scope, receive, send)

    def _build(self) -> dict[str, tuple[APIRoute, ASGIApp]]:
        table: dict[str, tuple[APIRoute, ASGIApp]] = {}
        earlier: list[Any] = []
        prefixes: list[str] | None = []
        catch_all: CatchAll | None = None
        for ctx in iter_route_contexts(self.router.routes):
            route, effective = ctx.original_route, cast(Any, ctx._effective_route)
            path = ctx.path
            if (
                isinstance(route, RawRoute)
                and path
                and "{" not in path
                and "GET" in (ctx.methods or ())
                and effective.app is not None
                and not any(_matches(other, path) for other in earlier)
            ):
                table.setdefault(path, (route, effective.app))
            if prefixes is not None and catch_all is None:
                if _is_catch_all(route, effective, path, ctx.methods):
                    catch_all = CatchAll(cast(APIRoute, route), effective.app, tuple(prefixes))
                elif path is None:
                    prefixes = None  # a route that matches on something else (a Host): no shortcut
                else:
                    # Up to its first parameter: a beginning every path it matches has.
                    prefixes.append(path.split("{", 1)[0])
            earlier.append(effective)
        self._table, self._catch_all = table, catch_all
        return table


def _is_catch_all(route: Any, effective: Any, path: str | None, methods: set[str] | None) -> bool:
    """A RawRoute of the app's own router (not an included one) for GET `/{name:path}`."""
    return (
        isinstance(route, RawRoute)
        and effective is route
        and path is not None
        and re.fullmatch(r"/\{[A-Za-z_][A-Za-z0-9_]*:path\}", path) is not None
        and "GET" in (methods or ())
        and route.app is not None
    )


def _matches(route: Any, path: str) -> bool:
    scope = {"type": "http", "method": "GET", "path": path, "root_path": "", "path_params": {}}
    try:
        match, _ = route.matches(scope)
    except Exception:  # a route that cannot tell without a real request: assume it would match
        return True
    return bool(match == Match.FULL)


def install_fast_paths(app: FastAPI) -> None:
    """Put FastPaths inside the app's router (after every route is included)."""
    app.router.middleware_stack = FastPaths(app.router.middleware_stack, app.router)
