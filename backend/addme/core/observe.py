"""Each request's id, its JSON access-log line and its Prometheus figures (kept by the edge, core/edge.py).

The id is the caller's `X-Request-ID` when it looks like one (nginx sends `$request_id`, so its
log and the app's agree), else a new one; it goes back in the response's `X-Request-ID` and into
every log line written while the request runs (core/logging.py reads it from a context variable).
"""

from __future__ import annotations

import itertools
import logging
import os
import re
import secrets
from contextvars import ContextVar
from typing import Any

from prometheus_client import Counter, Histogram
from starlette.types import Scope

from addme.core.logging import AccessLines

request_id: ContextVar[str | None] = ContextVar("request_id", default=None)
access_log = logging.getLogger("addme.access")
access_lines = AccessLines(access_log)
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
    # Per route: a route's prefix is the same on every request (a few dozen entries in all).
    key = (id(route), template)
    label = _labels.get(key)
    if label is None:
        # A route of an included router reports its path below the router's prefix ("/usernames"
        # for "/v1/usernames"): the prefix is whatever the actual path has before the template's
        # segments.
        actual = str(scope["path"]).rstrip("/").split("/")
        depth = len(template.rstrip("/").split("/")) - 1
        prefix = "/".join(actual[: len(actual) - depth])
        label = prefix + template if not template.startswith(prefix + "/") else template
        if len(_labels) > 10_000:
            _labels.clear()
        _labels[key] = label
    return label


_labels: dict[tuple[int, str], str] = {}
# Each (method, route, status)'s counter and each route's histogram, looked up once: labels()
# takes a lock and builds its key on every call.
_counters: dict[tuple[str, str, int], Any] = {}
_latencies: dict[str, Any] = {}


def _record(method: str, route: str, status: int, elapsed: float) -> None:
    counter = _counters.get((method, route, status))
    if counter is None:
        counter = _counters[(method, route, status)] = REQUESTS.labels(method, route, str(status))
    latency = _latencies.get(route)
    if latency is None:
        latency = _latencies[route] = LATENCY.labels(route)
    counter.inc()
    latency.observe(elapsed)


# A new request id: this process's random prefix and a counter (32 hex characters, as nginx's
# $request_id): unique without asking the kernel for randomness on every request. A forked
# worker draws its own prefix.
_id_prefix = ""
_ids = itertools.count()


def _new_prefix() -> None:
    global _id_prefix, _ids
    _id_prefix, _ids = secrets.token_hex(8), itertools.count(secrets.randbits(32))


_new_prefix()
os.register_at_fork(after_in_child=_new_prefix)


def new_request_id() -> str:
    return f"{_id_prefix}{next(_ids) & 0xFFFFFFFFFFFFFFFF:016x}"


def given_id(value: bytes) -> str:
    """The caller's X-Request-ID when it looks like one, else "" (a new one is drawn)."""
    given = value.decode("latin-1")
    return given if _VALID_ID.fullmatch(given) else ""


def finish(scope: Scope, *, status: int, elapsed: float, rid: str, log_requests: bool) -> None:
    """A request answered (or failed): its figures, and its access line when those are kept."""
    route = _route(scope)
    _record(scope["method"], route, status, elapsed)
    if log_requests:
        access_lines.write(
            method=scope["method"], path=scope["path"], status=status,
            ms=round(elapsed * 1000, 2), route=route, rid=rid,
        )  # fmt: skip
