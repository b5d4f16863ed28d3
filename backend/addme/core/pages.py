"""The web app's HTML pages and built files, as the catch-all route serves them.

Pages: index.html with the page's head written in (core/web.py), cached like the public lists
(respcache: 15 s, stale-while-revalidate, one build per key) with an ETag and a 304 for a
matching If-None-Match. A list's, a profile's, home's and the shop's page also carries the API
answers its first render needs (core/firstanswers.py). A page's head reads the database only
when its resolver asks: the session is opened on first use, so the help page, the terms or a
list's head open none. A page missing from the cache (or every page, with LISTING_CACHE_SECONDS=0)
is joined from kept parts on the event loop when it can be (core/web.py: the split index.html, the
head of a path that read nothing, the boot data's JSON), and built in a thread only when a part
has to be read: with the cache off, the list's page was half the JSON list's req/s, most of it the
thread hop and the template's regex (docs/performance.md, the yardsticks).

Files: the build's assets, precompressed at build time (`.br` and `.gz` beside each file, see
web/vite.config.ts), served in the encoding the browser accepts.
"""

from __future__ import annotations

import asyncio
import mimetypes
import os
import re
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

from fastapi import Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from addme.core import reads, respcache, sitemode, web
from addme.core.compression import choose_encoding
from addme.core.config import get_settings
from addme.core.firstanswers import Answer, first_answers
from addme.core.web import resolve_meta, template_version

HTML = "text/html; charset=utf-8"
_PAGE = re.compile(r"(?:^|&)page=(\d{1,6})(?:&|$)")
_PRECOMPRESSED = {"br": ".br", "gzip": ".gz"}
_URL_SPECIAL = re.compile(r"[#\t\r\n]")
T = TypeVar("T")


class LazySession:
    """A Session opened on first use: most page heads need nothing from the database."""

    def __init__(self) -> None:
        self._session: Session | None = None

    @property
    def opened(self) -> bool:
        return self._session is not None

    def __getattr__(self, name: str) -> Any:
        if self._session is None:
            # A page head is a public read: on the replica when the lists' reads go there.
            self._session = reads.public_session()
        return getattr(self._session, name)

    def close(self) -> None:
        if self._session is not None:
            self._session.close()


def _answers_part(answers: list[Answer]) -> bytes:
    return web.json_inner({"answers": [a.as_boot() for a in answers]}) if answers else b""


def _page(status: int, head: bytes, template: web.Template, *, boot: bytes, answers: list[Answer]) -> bytes:
    """The page's HTML, prefixed by its status (2 bytes): what the response cache keeps."""
    extra = _answers_part(answers) if status == 200 else b""
    body = template.page(head + web.boot_script(boot, extra, web.at_now()))
    return status.to_bytes(2, "big") + body


def _read_boot() -> bytes:
    lazy = LazySession()
    try:
        return web.boot_part(cast(Session, lazy))
    finally:
        lazy.close()


# The read in progress per name, shared by every page that needs it meanwhile.
_reads: dict[str, asyncio.Task[Any]] = {}


async def _read_once(name: str, read: Callable[[], T]) -> T:
    """`read()` in a thread, once for all the pages asking while it runs. The switch's and the
    alerts' copies expire every few seconds: every page in flight at that moment went to the
    thread pool and the database at once (32 reads, the p99 of an uncached page at 50 ms)."""
    loop = asyncio.get_running_loop()
    task = _reads.get(name)
    if task is None or task.done() or task.get_loop() is not loop:
        task = loop.create_task(run_in_threadpool(read))
        _reads[name] = task
    found: T = await asyncio.shield(task)
    return found


def _built(dist: Path, version: int, path: str, query: str, answers: list[Answer]) -> bytes:
    """The page built now (its head resolved, the boot data read), keeping its parts for the next."""
    lazy = LazySession()
    try:
        meta = resolve_meta(cast(Session, lazy), path)
        # A head that opened no session read nothing: the path (and the build) say all of it.
        read_nothing = not lazy.opened
        boot = web.boot_part(cast(Session, lazy))
    finally:
        lazy.close()
    template = web.template_of(dist, version)
    tags = web.head_tags(meta, path=path, query=query).encode()
    if read_nothing:
        web.keep_head(dist, version, path, query, (meta.status, tags, template))
    return _page(meta.status, tags, template, boot=boot, answers=answers)


def _query(request: Request) -> str:
    """`request.url.query`, without building and parsing the whole URL on every page: the same
    string unless the query holds what a URL parse cuts at (#) or drops (tab, CR, LF)."""
    # Latin-1, as Starlette reads it: a raw byte over 0x7f (a hostile client's) decodes, never raises.
    raw = request.scope["query_string"].decode("latin-1")
    return request.url.query if _URL_SPECIAL.search(raw) else raw


async def page_response(request: Request, path: str) -> Response:
    """An HTML page of the web app (any path that is not a file or an API route)."""
    dist = get_settings().web_dist
    version = template_version(dist)
    if version is None:
        return HTMLResponse(
            "<h1>The web app is not built</h1><p>Run <code>make run</code> (or "
            "<code>npm --prefix web run build</code>).</p>",
            status_code=503,
        )
    page = _PAGE.search(_query(request))
    query = f"page={page.group(1)}" if page else ""
    # The build's version is in the key: a new build's pages name its new asset files at once. So is
    # the maintenance switch, which the page's boot data says (the app sends visitors away on it).
    # Read from the process's copy; every few seconds from the database, in a thread: on the event
    # loop, a database that stops answering would have held every request of the process.
    on = sitemode.cached_maintenance()
    if on is None:
        on = await _read_once("maintenance", sitemode.maintenance_on)
    closed = "m" if on else "o"
    key = f"page:{version}:{closed}:{path}?{query}"

    async def build() -> bytes:
        # The answers first, on the event loop (most come from the response cache). Then the page
        # from its kept parts (a few joins), else built in a thread: a profile's head reads the
        # database. The boot data is read again (once) when the alerts' copy has expired.
        answers = await first_answers(path, query)
        head = web.cached_head(dist, version, path, query)
        if head is None:
            return await run_in_threadpool(_built, dist, version, path, query, answers)
        boot = web.cached_boot_part()
        if boot is None:
            boot = await _read_once("boot", _read_boot)
        status, tags, template = head
        return _page(status, tags, template, boot=boot, answers=answers)

    raw = await respcache.cached(key, build, respcache.LIST_TTL)
    status, body = int.from_bytes(raw[:2], "big"), raw[2:]
    etag = respcache.etag_of(raw)
    headers = {
        "Cache-Control": (
            f"public, max-age=0, s-maxage={respcache.LIST_TTL}, stale-while-revalidate={respcache.STALE_SECONDS}"
        ),
        "ETag": etag,
    }
    if status == 200 and respcache.not_modified(request.headers.get("if-none-match"), etag):
        return Response(status_code=304, headers=headers)
    return Response(body, status_code=status, media_type=HTML, headers=headers)


def file_response(request: Request, dist: Path, path: str) -> Response | None:
    """A file of the build, precompressed when the browser takes it; None when there is no such file.

    Dot folders are the build's own (Vite's manifest in `.vite/`), not the site's: never served.
    """
    if any(part.startswith(".") for part in path.split("/")) or not _may_be_file(dist, path):
        return None
    asset = (dist / path).resolve()
    if not asset.is_relative_to(dist.resolve()) or not asset.is_file():
        return None
    cache = "public, max-age=31536000, immutable" if path.startswith("assets/") else "public, max-age=3600"
    media_type = mimetypes.guess_type(asset.name)[0]
    headers = {"Cache-Control": cache, "Vary": "Accept-Encoding"}
    encoding = choose_encoding(request.headers.get("accept-encoding", ""))
    if encoding is not None:
        packed = asset.with_name(asset.name + _PRECOMPRESSED[encoding])
        if packed.is_file():
            headers["Content-Encoding"] = encoding
            return FileResponse(packed, media_type=media_type, headers=headers)
    return FileResponse(asset, media_type=media_type, headers=headers)


def _may_be_file(dist: Path, path: str) -> bool:
    """False when the build has no file at `path`: one stat. Most paths that reach here are pages,
    and resolving each first (pathlib's resolve: a Python loop, a system call per folder) was
    ~20% of a cached page's time. No `..` gets here (dot parts are refused before), so the
    kernel's walk of the path and resolve's agree; any other error is left to the full check."""
    if not path:
        return False
    try:
        return stat.S_ISREG(os.stat(os.path.join(dist, path)).st_mode)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except (OSError, ValueError):
        return True
