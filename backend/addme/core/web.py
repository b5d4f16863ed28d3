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
import time
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


BootProvider = Callable[[Session], dict[str, Any]]
_boot: list[BootProvider] = []


def install_boot(provider: BootProvider) -> None:
    """What every page's boot data holds (addme/api/pages.py installs it), replacing any before."""
    _boot[:] = [provider]


def boot_data(session: Session) -> dict[str, Any]:
    """The boot data for a page built now: the installed provider's, and when it was read."""
    data = _boot[0](session) if _boot else {}
    return {**data, "at": int(time.time() * 1000)}


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


@lru_cache(maxsize=4)
def _read_template(path: Path, _mtime_ns: int) -> str:
    return path.read_text()


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


def _template(dist: Path) -> str | None:
    """index.html, re-read when a new build replaces it (keyed by mtime), else from memory."""
    index = dist / "index.html"
    try:
        return _read_template(index, index.stat().st_mtime_ns)
    except FileNotFoundError:
        return None


def render_index(meta: PageMeta, *, path: str, query: str, boot: dict[str, Any] | None = None) -> str | None:
    """index.html with the page's head written in; None when the app is not built."""
    settings = get_settings()
    template = _template(settings.web_dist)
    if template is None:
        return None
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
    if boot is not None:
        tags.append(f'<script type="application/json" id="addme-boot">{_json_for_script(boot)}</script>')
    head = "\n    ".join(tags)
    out = re.sub(r"<title>.*?</title>", "", template, count=1, flags=re.S)
    return out.replace("</head>", f"    {head}\n  </head>", 1)
