"""Each request's id, its JSON access-log line and its Prometheus figures, as a plain ASGI middleware.

The id is the caller's `X-Request-ID` when it looks like one (nginx sends `$request_id`, so its
log and the app's agree), else a new one; it goes back in the response's `X-Request-ID` and into
every log line written while the request runs (core/logging.py reads it from a context variable).
"""

from __future__ import annotations

import logging
import re
import time
import uuid
from contextvars import ContextVar

from prometheus_client import Counter, Histogram
from starlette.types import ASGIApp, Message, Receive, Scope, Send

request_id: ContextVar[str | None] = ContextVar("request_id", default=None)
access_log = logging.getLogger("addme.access")
_VALID_ID = re.compile(r"[A-Za-z0-9._-]{8,64}")

REQUESTS = Counter("addme_http_requests", "HTTP requests answered", ["method", "route", "status"])
LATENCY = Histogram(
    "addme_http_request_duration_seconds",
    "Time to answer a request, by route",
    ["route"],
    buckets=(0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
)


def _route(scope: Scope) -> str:
    """The matched route's template ("/v1/usernames/{username_id}"), never the raw path: bounded labels."""
    route = scope.get("route")
    path = getattr(route, "path", None)
    if not path:
        return "unmatched"
    template = str(path)
    if ":path}" in template:
        return template
    # A route of an included router reports its path below the router's prefix ("/usernames" for
    # "/v1/usernames"): the prefix is whatever the actual path has before the template's segments.
    actual = str(scope["path"]).rstrip("/").split("/")
    depth = len(template.rstrip("/").split("/")) - 1
    prefix = "/".join(actual[: len(actual) - depth])
    return prefix + template if not template.startswith(prefix + "/") else template


class ObserveMiddleware:
    def __init__(self, app: ASGIApp, *, log_requests: bool) -> None:
        self.app = app
        self.log_requests = log_requests

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = next((v for k, v in scope["headers"] if k == b"x-request-id"), b"").decode("latin-1")
        rid = given if _VALID_ID.fullmatch(given) else uuid.uuid4().hex
        token = request_id.set(rid)
        started = time.perf_counter()
        status = 500

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message = {
                    **message,
                    "headers": [*message.get("headers", []), (b"x-request-id", rid.encode())],
                }
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            elapsed = time.perf_counter() - started
            route = _route(scope)
            REQUESTS.labels(scope["method"], route, str(status)).inc()
            LATENCY.labels(route).observe(elapsed)
            if self.log_requests:
                access_log.info(
                    "%s %s %s",
                    scope["method"],
                    scope["path"],
                    status,
                    extra={"status": status, "ms": round(elapsed * 1000, 2), "route": route},
                )
            request_id.reset(token)
