"""Serves the built web app, with per-route <title>, description, canonical and Open Graph tags.

Crawlers and link previews read the HTML before any JavaScript runs, so each public route's head
is written here on the server. Each domain writes the heads of its own paths; addme/api/pages.py
lists them in one place.

The head also carries what the app's first render needs, so a first visit waits on no API round
trip before it can draw: the boot data (the public config and the site alerts, as JSON the app
reads before it renders; addme/api/pages.py says where they come from), and the route's chunks and
styles to load alongside the app (core/firstvisit.py).
"""

from __future__ import annotations

import html
import os
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import orjson
from sqlalchemy.orm import Session

from addme.core import firstvisit
from addme.core.config import get_settings


@dataclass
class PageMeta:
    title: str
    description: str
    status: int = 200
    image: str | None = None
    noindex: bool = False
    # The page's largest image (its LCP on a phone), fetched with the page rather than once the app
    # has started and drawn it.
    preload_image: str | None = None


MetaResolver = Callable[[Session, "re.Match[str]"], PageMeta | None]
_resolvers: list[tuple[re.Pattern[str], MetaResolver]] = []
# Consulted only when no pattern answered (the top-level short links `/{token}`), so the order
# in which the heads are listed never lets a catch-all shadow a real page.
_fallbacks: list[MetaResolver] = []


def install_heads(
    heads: Sequence[tuple[str, MetaResolver]], *, fallbacks: Sequence[tuple[str, MetaResolver]] = ()
) -> None:
    """Serve these heads (full-match patterns, first match wins), replacing any installed before.

    addme/api/pages.py lists every domain's heads; `create_app` installs them.
    """
    _resolvers[:] = [(re.compile(pattern), resolver) for pattern, resolver in heads]
    _fallbacks[:] = [_if_match(re.compile(pattern), resolver) for pattern, resolver in fallbacks]
    forget_parts()


# The boot data's version and the data (addme/api/pages.py): the version names everything the data
# was made from (the settings, the maintenance switch, the alerts' list as read), so a page whose
# version did not change reuses the data's JSON as it is.
BootProvider = Callable[[Session], tuple[tuple[object, ...], dict[str, Any]]]
# The version the data would have now without reading anything, or None when a part of it would
# have to be read again (the alerts' or the switch's copy is too old).
BootVersion = Callable[[], tuple[object, ...] | None]
_boot: list[tuple[BootProvider, BootVersion]] = []


def install_boot(provider: BootProvider, *, version: BootVersion) -> None:
    """What every page's boot data holds (addme/api/pages.py installs it), replacing any before."""
    _boot[:] = [(provider, version)]
    forget_parts()


def boot_part(session: Session) -> bytes:
    """The boot data's shared JSON (`json_inner`), built now and kept for the pages after."""
    if not _boot:
        return b""
    version, data = _boot[0][0](session)
    part = json_inner(data)
    global _boot_part
    _boot_part = (version, part)
    return part


def cached_boot_part() -> bytes | None:
    """The boot data's shared JSON when nothing it was made from changed since, else None."""
    if not _boot:
        return b""
    kept = _boot_part
    if kept is None:
        return None
    now = _boot[0][1]()
    # By identity: the alerts are one list object per read (content/service.py), so a new read
    # is a new version even when equal, and comparing is a few pointer tests.
    if now is None or len(now) != len(kept[0]) or any(a is not b for a, b in zip(now, kept[0], strict=True)):
        return None
    return kept[1]


_boot_part: tuple[tuple[object, ...], bytes] | None = None


# Rendered heads that read nothing (a list's, a tag's, the help page's: the path says it all), by
# (build, path, query): a page's head is then a dict lookup. A head that read the database (a
# profile's, a short link's) is never kept here: what it read can change in another process, which
# this one would not hear of without Redis; the response cache keeps those, under the listings'
# generation (core/respcache.py). Bounded: the paths are the visitors' (every 404 is one).
HEADS_KEPT = 512
_heads: OrderedDict[tuple[str, int, str, str], tuple[int, bytes, Template]] = OrderedDict()
_heads_lock = threading.Lock()
_heads_settings: list[object] = [None]


def _heads_key(dist: Path, version: int, path: str, query: str) -> tuple[str, int, str, str]:
    settings = get_settings()
    if _heads_settings[0] is not settings:  # new settings (tests): other titles, another site URL
        forget_parts()
        _heads_settings[0] = settings
    return (str(dist), version, path, query)


def cached_head(dist: Path, version: int, path: str, query: str) -> tuple[int, bytes, Template] | None:
    """A head kept by `keep_head` for this build, path and query: (status, head's HTML, template)."""
    key = _heads_key(dist, version, path, query)
    found = _heads.get(key)
    if found is not None:
        with _heads_lock:
            if key in _heads:
                _heads.move_to_end(key)
    return found


def keep_head(dist: Path, version: int, path: str, query: str, entry: tuple[int, bytes, Template]) -> None:
    key = _heads_key(dist, version, path, query)
    with _heads_lock:
        _heads[key] = entry
        while len(_heads) > HEADS_KEPT:
            _heads.popitem(last=False)


def forget_parts() -> None:
    """Build every page's parts afresh (tests; a new set of heads or boot data)."""
    global _boot_part
    _boot_part = None
    with _heads_lock:
        _heads.clear()


def template_of(dist: Path, version: int) -> Template:
    """The split index.html of this build (`template_version`'s)."""
    return _read_template(Path(_index_path(dist)), version)


def _json_for_script(data: dict[str, Any]) -> str:
    """JSON that cannot end its <script> element nor open a comment, whatever an alert's text says.

    orjson, so an API answer already in the cache as JSON goes in as it is (core/firstanswers.py).
    """
    raw = orjson.dumps(data).decode()
    return raw.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _if_match(compiled: re.Pattern[str], resolver: MetaResolver) -> MetaResolver:
    def _resolve(session: Session, path_match: re.Match[str]) -> PageMeta | None:
        match = compiled.fullmatch(path_match.string)
        return resolver(session, match) if match else None

    return _resolve


def resolve_meta(session: Session, path: str) -> PageMeta:
    """The head for a path: a registered resolver's, else a 404."""
    settings = get_settings()
    for pattern, resolver in _resolvers:
        match = pattern.fullmatch(path)
        if match:
            meta = resolver(session, match)
            if meta is not None:
                return meta
    whole = re.fullmatch(r".*", path, flags=re.S)
    assert whole is not None
    for fallback in _fallbacks:
        meta = fallback(session, whole)
        if meta is not None:
            return meta
    # No page of the app lives here: the web app shows its 404, and crawlers get the status too.
    return PageMeta(
        title="This page could not be found",
        description=f"{settings.site_name}: find adults to add on Snapchat, Telegram and Kik.",
        status=404,
        noindex=True,
    )


@dataclass(frozen=True)
class Template:
    """index.html split once around where a page's head goes: its own <title> taken out (the page
    writes its own), the rest cut at </head>. A page is then a few joins, not a regex over the file."""

    prefix: bytes
    suffix: bytes

    def page(self, head: bytes) -> bytes:
        if not self.suffix:  # no </head> to write before: the file as it is
            return self.prefix
        return b"".join((self.prefix, b"    ", head, b"\n  ", self.suffix))


@lru_cache(maxsize=4)
def _read_template(path: Path, _mtime_ns: int) -> Template:
    text = re.sub(r"<title>.*?</title>", "", path.read_text(), count=1, flags=re.S)
    cut = text.find("</head>")
    if cut < 0:
        return Template(text.encode(), b"")
    return Template(text[:cut].encode(), text[cut:].encode())


@lru_cache(maxsize=4)
def _index_path(dist: Path) -> str:
    return os.path.join(dist, "index.html")


def template_version(dist: Path) -> int | None:
    """Which build index.html is (its mtime), None when the app is not built.

    Asked on every page, cached or not: a stat of a path string made once (pathlib rebuilt and
    re-parsed the path each time)."""
    try:
        return os.stat(_index_path(dist)).st_mtime_ns
    except FileNotFoundError:
        return None


def head_tags(meta: PageMeta, *, path: str, query: str) -> str:
    """The page's own head: title, description, canonical, Open Graph, and its route's preloads."""
    settings = get_settings()
    canonical = settings.site_url.rstrip("/") + path
    page = re.search(r"(?:^|&)page=(\d+)", query)
    if page and page.group(1) != "1":
        canonical += f"?page={page.group(1)}"
    e = html.escape
    title = meta.title if settings.site_name in meta.title else f"{meta.title} | {settings.site_name}"
    tags = [
        f"<title>{e(title)}</title>",
        f'<meta name="description" content="{e(meta.description)}">',
        f'<link rel="canonical" href="{e(canonical)}">',
        f'<meta property="og:title" content="{e(title)}">',
        f'<meta property="og:description" content="{e(meta.description)}">',
        f'<meta property="og:url" content="{e(canonical)}">',
        '<meta property="og:type" content="website">',
        f'<meta property="og:site_name" content="{e(settings.site_name)}">',
        '<meta name="rating" content="adult">',
    ]
    if meta.image:
        tags.append(f'<meta property="og:image" content="{e(meta.image)}">')
    if meta.noindex:
        tags.append('<meta name="robots" content="noindex">')
    if meta.preload_image:
        tags.append(f'<link rel="preload" as="image" href="{e(meta.preload_image)}" fetchpriority="high">')
    if meta.status == 200:
        first = firstvisit.preloads(settings.web_dist, path)
        tags += [f'<link rel="modulepreload" crossorigin href="{e(m)}">' for m in first.modules]
        tags += [f'<link rel="stylesheet" crossorigin href="{e(c)}">' for c in first.styles]
    return "\n    ".join(tags)


def boot_script(*inner: bytes) -> bytes:
    """The boot data's <script>, from JSON objects' insides (`"k":v,...`, made by `json_inner`)."""
    return b"".join(
        (
            b'\n    <script type="application/json" id="addme-boot">{',
            b",".join(p for p in inner if p),
            b"}</script>",
        )
    )


def json_inner(data: dict[str, Any]) -> bytes:
    """An object's JSON without its braces, safe in a <script> (`_json_for_script`): the boot data is
    joined from such parts (the shared config and alerts, a page's answers, the time)."""
    return _json_for_script(data).encode()[1:-1]


def at_now() -> bytes:
    """The boot data's `at` (when it was read, ms since the epoch), written into every page anew."""
    return b'"at":%d' % int(time.time() * 1000)
