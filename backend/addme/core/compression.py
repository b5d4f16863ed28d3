"""Brotli or gzip for HTML and JSON answers (applied by the edge, core/edge.py).

Text compresses five to ten times: a 10 kB list is 1.5 kB on the wire. Only whole bodies (one
`http.response.body` message) of a compressible type and over MIN_SIZE are compressed; streamed
answers (files) pass through, and the web app's assets are served precompressed (core/assets.py).
An answer that has an ETag gets the weak form of it (W/"..."), as nginx does: the bytes differ
by encoding, the content does not, and If-None-Match compares weakly (respcache.not_modified).

Public answers repeat (the response cache serves the same body for 15 s): the compressed copy of
a body with an ETag is kept, so a crowd on one list compresses it once per encoding.
"""

from __future__ import annotations

import gzip
from collections import OrderedDict
from typing import Any

import brotli
from starlette.datastructures import MutableHeaders
from starlette.types import Message

MIN_SIZE = 1024
COMPRESSIBLE = (b"text/html", b"application/json", b"text/plain", b"application/xml", b"text/xml", b"text/css",
                b"application/javascript", b"text/javascript", b"image/svg+xml", b"application/manifest+json")  # fmt: skip
# Fast settings for answers made per request: brotli 4 and gzip 5 are within a few per cent of
# their best ratio on JSON here, at a fraction of the CPU (brotli 11 is for build time).
BROTLI_QUALITY = 4
GZIP_LEVEL = 5
_MEMO_ENTRIES = 512


def choose_encoding(accept_encoding: str) -> str | None:
    """ "br" or "gzip" when the client accepts it (q=0 refuses), else None."""
    accepted: dict[str, float] = {}
    for part in accept_encoding.lower().split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                q = float(params[2:])
            except ValueError:
                q = 0.0
        accepted[name.strip()] = q
    for name in ("br", "gzip"):
        if accepted.get(name, accepted.get("*", 0.0)) > 0:
            return name
    return None


def compress(body: bytes, encoding: str) -> bytes:
    if encoding == "br":
        return bytes(brotli.compress(body, quality=BROTLI_QUALITY))
    return gzip.compress(body, compresslevel=GZIP_LEVEL, mtime=0)


class Compressor:
    """Whether and how one answer is compressed, and the kept copies of bodies with an ETag.

    Used by the edge (core/edge.py), which holds the start message until the body shows whether
    compressing it is worth it."""

    def __init__(self, *, min_size: int = MIN_SIZE) -> None:
        self.min_size = min_size
        self._memo: OrderedDict[tuple[bytes, str], bytes] = OrderedDict()

    def worth_it(self, start: Message, body: bytes) -> bool:
        if len(body) < self.min_size or start.get("status", 200) in (204, 206, 304):
            return False
        headers: Any = dict((k.lower(), v) for k, v in start.get("headers", []))
        if b"content-encoding" in headers:
            return False
        ctype = headers.get(b"content-type", b"").split(b";")[0].strip()
        return ctype in COMPRESSIBLE

    def compressed_start(self, start: Message, body: bytes, encoding: str) -> tuple[Message, bytes]:
        """The start message and body of `body` compressed, its ETag made weak."""
        headers = MutableHeaders(raw=list(start.get("headers", [])))
        etag = headers.get("etag")
        data = self._compressed(body, encoding, etag)
        headers["content-encoding"] = encoding
        headers["content-length"] = str(len(data))
        if etag and not etag.startswith("W/"):
            headers["etag"] = "W/" + etag
        vary = headers.get("vary")
        headers["vary"] = f"{vary}, Accept-Encoding" if vary else "Accept-Encoding"
        return {**start, "headers": headers.raw}, data

    def _compressed(self, body: bytes, encoding: str, etag: str | None) -> bytes:
        if etag is None:
            return compress(body, encoding)
        key = (etag.encode(), encoding)
        hit = self._memo.get(key)
        if hit is None:
            hit = compress(body, encoding)
            self._memo[key] = hit
            if len(self._memo) > _MEMO_ENTRIES:
                self._memo.popitem(last=False)
        return hit
