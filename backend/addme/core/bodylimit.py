"""Request-body limits, enforced while the body is read: before any parsing or spooling to disk.

A plain ASGI middleware (see core/headers.py for why not BaseHTTPMiddleware). Requests without a
body (GET, HEAD, OPTIONS) pass straight through. For the others, a declared Content-Length past the
route's allowance is refused before a byte is read; without one (chunked), the `http.request`
messages are counted as they arrive and reading stops at the first byte past it. Either way the
answer is a 413 in the JSON envelope, whatever the route was doing with the body at the time.

Every route may take `DEFAULT_BYTES` (JSON bodies); the few that take files declare more with
`allow_body(method, path, n)` next to their route (path relative to the API prefix).
"""

from __future__ import annotations

import json
import re

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from addme.core.errors import AppError, CoreCode

KB = 1024
MB = 1024 * KB
# JSON bodies: the largest form the API takes (a contact message, a listing) is a few KB.
DEFAULT_BYTES = 64 * KB
# Multipart framing around the files: part headers, boundaries and a few short text fields.
MULTIPART_OVERHEAD = 256 * KB
_BODYLESS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
_allowances: dict[tuple[str, str], int] = {}


def allow_body(method: str, path: str, max_bytes: int) -> None:
    """Let one route (e.g. "POST", "/remove-username") take up to `max_bytes` instead of DEFAULT_BYTES."""
    _allowances[(method.upper(), path)] = max_bytes


def _human(n: int) -> str:
    return f"{n // MB} MB" if n >= MB else f"{max(1, n // KB)} KB"


def too_large_message(limit: int) -> str:
    """What a member reads when a request is over its route's allowance."""
    return f"The request is too large: at most {_human(limit)} can be sent here."


class BodyTooLarge(AppError):
    status_code = 413
    code = CoreCode.TOO_LARGE


class BodyLimitMiddleware:
    """Answers 413 as soon as a request body passes its route's allowance."""

    def __init__(self, app: ASGIApp, *, api_prefix: str = "/v1", default: int = DEFAULT_BYTES) -> None:
        self.app = app
        self.default = default
        self.api_prefix = api_prefix
        self._raised: list[tuple[str, re.Pattern[str], int]] | None = None

    def _limit(self, scope: Scope) -> int:
        if self._raised is None:
            # Compiled on first use: every router module has registered by then.
            self._raised = [
                (method, re.compile(re.sub(r"\{[^}/]+\}", "[^/]+", self.api_prefix + path)), limit)
                for (method, path), limit in _allowances.items()
            ]
        for method, pattern, limit in self._raised:
            if scope["method"] == method and pattern.fullmatch(scope["path"]):
                return limit
        return self.default

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in _BODYLESS:
            await self.app(scope, receive, send)
            return
        limit = self._limit(scope)
        declared = _content_length(scope)
        if declared is not None and declared > limit:
            await _refuse(send, limit)
            return

        received = 0
        exceeded = False
        started = False

        async def counted() -> Message:
            nonlocal received, exceeded
            if exceeded:
                raise BodyTooLarge(too_large_message(limit))
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    exceeded = True
                    raise BodyTooLarge(too_large_message(limit))
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if exceeded:
                # Whatever the route made of the cut-off body (a 400, a parse error) is replaced.
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, guarded_send)
        except BodyTooLarge:
            if started:
                raise
            exceeded = True
        if exceeded and not started:
            await _refuse(send, limit)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            return int(value) if value.isdigit() else None
    return None


async def _refuse(send: Send, limit: int) -> None:
    body = json.dumps({"message": too_large_message(limit), "errors": {}, "code": BodyTooLarge.code}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                # The rest of the body is not read: the connection cannot carry another request.
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
