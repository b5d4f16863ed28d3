"""The one check every return address goes through on the server (the web's twin:
`safeReturn` in web/src/lib/redirect.ts): a path on this site, as a browser will resolve it.

A browser resolves dot segments, `%2e` included, before it goes anywhere: `/..//evil.example/phish`
becomes `//evil.example/phish`, another site. So the value is resolved here first, and the result
must still start with exactly one slash; it is returned resolved, so a second resolution (the
browser's) cannot send it elsewhere.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

_REFUSED = re.compile(r"[\\\s\x00-\x1f\x7f]")
_DOT = re.compile(r"%2e", re.IGNORECASE)
_ENCODED_SLASH = re.compile(r"^/(%2f|%5c)", re.IGNORECASE)


def _remove_dot_segments(path: str) -> str:
    """RFC 3986, 5.2.4, as browsers apply it (WHATWG URL: `%2e` counts as a dot)."""
    segments = _DOT.sub(".", path).split("/")
    out: list[str] = []
    for i, segment in enumerate(segments):
        last = i == len(segments) - 1
        if segment == ".":
            if last:
                out.append("")
        elif segment == "..":
            if len(out) > 1:
                out.pop()
            if last:
                out.append("")
        else:
            out.append(segment)
    return "/".join(out)


def safe_return(value: str | None, *, site_url: str = "") -> str | None:
    """`value` as a same-site relative path (query and fragment kept), or None.

    A full URL is taken only on `site_url`'s own scheme and host, and comes back as its path."""
    if not value or len(value) > 2048 or _REFUSED.search(value):
        return None
    parts = urlsplit(value)
    if parts.scheme or parts.netloc:
        site = urlsplit(site_url)
        if not site.netloc or (parts.scheme, parts.netloc.lower()) != (site.scheme, site.netloc.lower()):
            return None
    elif not value.startswith("/") or value.startswith("//"):
        return None
    path = _remove_dot_segments(parts.path or "/")
    if not path.startswith("/") or path.startswith("//") or _ENCODED_SLASH.match(path):
        return None
    return (
        path + (f"?{parts.query}" if parts.query else "") + (f"#{parts.fragment}" if parts.fragment else "")
    )
