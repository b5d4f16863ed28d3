"""RawRoute: a route whose handler takes only the Request, called without FastAPI's per-request
machinery.

FastAPI runs every request through its generic handler: an endpoint context, a body check,
`solve_dependencies` (a Response and a BackgroundTasks made per request, the request's values
validated one by one) and the return value's handling. The public list, the countries and the
options take the Request alone and return a Response they built (orjson bytes): for them all of
that is work without a result (docs/performance.md, "The uncached first page's CPU").

Everything else stays FastAPI's: the route is an APIRoute, so the OpenAPI document, the routing,
the exception handlers (the error envelope, 422s), the body limit and the middlewares are the
same. A route that would lose something by skipping the machinery (a parameter, a dependency,
its router's included dependencies, a response model) is refused when it is built.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import APIRouter, Request, Response

# _effective_route_context_var: where FastAPI keeps the route as included under a router (its
# prefix and dependencies) while it builds that inclusion's handler. Private: a FastAPI without it
# fails here, at import, not silently.
from fastapi.routing import APIRoute, _effective_route_context_var

RawEndpoint = Callable[[Request], Coroutine[Any, Any, Response]]


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
