"""Security headers on every response (added by the edge, core/edge.py)."""

from __future__ import annotations

from collections.abc import Iterable

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


def encoded(defaults: Iterable[tuple[str, str]]) -> list[tuple[bytes, bytes]]:
    """The default headers as the start message carries them (encoded once, at start-up)."""
    return [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in defaults]


def with_defaults(
    headers: list[tuple[bytes, bytes]], defaults: list[tuple[bytes, bytes]], *, is_api: bool
) -> list[tuple[bytes, bytes]]:
    """The response's headers plus each default it did not set itself, and `Cache-Control:
    no-store` on an API answer that set none (an answer is private unless its route says so)."""
    present = {name.lower() for name, _ in headers}
    headers = headers + [(name, value) for name, value in defaults if name not in present]
    if is_api and b"cache-control" not in present:
        headers.append((b"cache-control", b"no-store"))
    return headers
