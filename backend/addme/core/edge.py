"""The app's edge: what every answer gets on its way out, in one plain ASGI layer.

Outermost first, what used to be five middlewares, each a frame on every call and a wrapper on
every message sent (issue 36's profile: about a tenth of an uncached list's CPU went to the
middleware layers, most of it to their calls and wrappers, not their work):

1. the request id (core/observe.py): the caller's `X-Request-ID` or a new one, in a context
   variable for every log line and back in the answer; the request's figures and access line;
2. compression (core/compression.py): brotli or gzip of a whole text body worth it;
3. the security headers (core/headers.py), and `no-store` on an API answer that set no
   Cache-Control;
4. the web deadline for the request's statements (core/deadlines.py);
5. the last resort: an exception nothing answered becomes the envelope's 500 (core/errors.py),
   still sent through 1-3, so it carries the headers (Starlette's own 500, outside every
   middleware, is plain text and carries none). An answer already started cannot be replaced:
   that exception goes on up to the server.

The layers inside it (maintenance, the write budgets, IP bans, the body limit, the visit log) stay
separate: they belong to their domains and return early for most requests.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from addme.core import deadlines, observe
from addme.core.compression import Compressor, choose_encoding
from addme.core.errors import internal_error
from addme.core.headers import encoded, with_defaults

log = logging.getLogger("addme.errors")


class EdgeMiddleware:
    def __init__(
        self,
        app: ASGIApp,
        *,
        security_headers: Iterable[tuple[str, str]],
        log_requests: bool,
        api_prefix: str = "/v1/",
    ) -> None:
        self.app = app
        self.defaults = encoded(security_headers)
        self.log_requests = log_requests
        self.api_prefix = api_prefix
        self.compressor = Compressor()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        rid: str | None = None
        accept_encoding = b""
        for name, value in scope["headers"]:  # one pass for the two headers read here
            if name == b"x-request-id" and rid is None:
                rid = observe.given_id(value)
            elif name == b"accept-encoding":
                accept_encoding = value
        rid = rid or observe.new_request_id()
        encoding = choose_encoding(accept_encoding.decode("latin-1")) if accept_encoding else None
        id_header = (b"x-request-id", rid.encode())
        is_api = scope["path"].startswith(self.api_prefix)
        rid_token = observe.request_id.set(rid)
        web_token = deadlines.enter_web_request()
        began = time.perf_counter()
        status = 500
        started = False
        held: Message | None = None  # a start message kept until its body says whether to compress

        async def edge_send(message: Message) -> None:
            nonlocal status, started, held
            kind = message["type"]
            if kind == "http.response.start":
                status, started = message["status"], True
                headers = with_defaults(list(message.get("headers", ())), self.defaults, is_api=is_api)
                headers.append(id_header)
                message = {**message, "headers": headers}
                if encoding is not None:
                    held = message
                    return
            elif held is not None:
                start, held = held, None
                body: bytes = message.get("body", b"")
                whole = kind == "http.response.body" and not message.get("more_body")
                if encoding is not None and whole and self.compressor.worth_it(start, body):
                    start, body = self.compressor.compressed_start(start, body, encoding)
                    await send(start)
                    await send({"type": "http.response.body", "body": body})
                    return
                await send(start)
            await send(message)

        try:
            try:
                await self.app(scope, receive, edge_send)
            except Exception:
                if started:
                    raise
                log.exception("unhandled error on %s %s", scope.get("method"), scope.get("path"))
                await internal_error()(scope, receive, edge_send)
        finally:
            deadlines.leave_web_request(web_token)
            elapsed = time.perf_counter() - began
            observe.finish(scope, status=status, elapsed=elapsed, rid=rid, log_requests=self.log_requests)
            observe.request_id.reset(rid_token)
