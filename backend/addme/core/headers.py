"""Security headers on every response, as a plain ASGI middleware.

A plain ASGI wrapper only edits the `http.response.start` message; Starlette's BaseHTTPMiddleware
(what `@app.middleware("http")` builds) runs each request through a task group and memory streams,
which cost about a fifth of a bare request's time here (bench/, docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self' https://challenges.cloudflare.com https://js.hcaptcha.com https://*.hcaptcha.com https://telegram.org",
        "frame-src 'self' https://challenges.cloudflare.com https://*.hcaptcha.com https://oauth.telegram.org",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob: https:",
        "connect-src 'self' https://*.hcaptcha.com",
        "font-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
    ]
)


def security_headers(*, hsts: bool) -> list[tuple[str, str]]:
    """The headers every response carries unless the route set its own."""
    headers = [
        ("X-Content-Type-Options", "nosniff"),
        # Profile URLs must not leak to the messaging apps a Message button opens.
        ("Referrer-Policy", "no-referrer"),
        ("Content-Security-Policy", CSP),
        ("X-Frame-Options", "DENY"),
    ]
    if hsts:
        headers.append(("Strict-Transport-Security", "max-age=31536000; includeSubDomains"))
    return headers


class SecurityHeadersMiddleware:
    """Adds the security headers, and `Cache-Control: no-store` to API answers that set none."""

    def __init__(
        self, app: ASGIApp, *, defaults: Iterable[tuple[str, str]], api_prefix: str = "/v1/"
    ) -> None:
        self.app = app
        # Encoded once: this runs on every response.
        self.defaults = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in defaults]
        self.api_prefix = api_prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        is_api = scope["path"].startswith(self.api_prefix)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers: list[tuple[bytes, bytes]] = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(name, value) for name, value in self.defaults if name not in present]
                if is_api and b"cache-control" not in present:
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
