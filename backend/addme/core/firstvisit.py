"""The route's own chunks and styles, named in its HTML so they load alongside the app.

A first visit used to load the app, run it, and only then ask for the route's chunk (React Router
imports it lazily) and the chunk's styles: one more round trip before anything could be drawn.
The server knows the route: its page now names the route's chunk and the chunks it imports
(`modulepreload`) and their CSS, from Vite's manifest, beside the entry's. The lazy import then
finds them loaded. (The route's data is asked for by the app itself as soon as it starts, in
parallel with the chunk: web/src/routes/prefetch.ts.)

The route modules are the keys of Vite's manifest (`web/src/...`); tests/core/test_first_visit.py
checks that each still exists.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

_APP = "(?:snapchat|kik|telegram)"
_GENDER = "(?:Male|Female|Transgender|Other)"
_ORIENTATION = "(?:Gay|Lesbian|Bisexual|Straight|Other)"
# web/src/features/listings/filters.ts listingPaths(), and the other public pages a first visit
# lands on: (full-match path pattern, the route's module in Vite's manifest), first match wins.
ROUTES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p), module)
    for p, module in [
        (r"/", "src/routes/home.tsx"),
        (
            rf"/list|/tags/[^/]+|/countries/[A-Za-z]{{2}}|/{_APP}-usernames"
            rf"(?:/vip|/hottest|/gender/{_GENDER}|/orientation/{_ORIENTATION}|/tags/[^/]+)?"
            r"|/kik-usernames/(?:clean|dirty)",
            "src/routes/listings/list.tsx",
        ),
        (r"/profile/\d+|/username/[^/]+/\d+", "src/routes/listings/profile.tsx"),
        (r"/shop", "src/routes/shop/index.tsx"),
        (r"/tags", "src/routes/listings/tags.tsx"),
        (r"/countries", "src/routes/listings/countries.tsx"),
        (rf"/(?:{_APP}-)?groups(?:/.*)?", "src/routes/groups/list.tsx"),
        (rf"/(?:{_APP}-)?nudes(?:/.*)?", "src/routes/nudes/list.tsx"),
        (r"/blog", "src/routes/content/blog.tsx"),
        (r"/blog/[^/]+", "src/routes/content/blog-post.tsx"),
        (r"/help", "src/routes/content/help.tsx"),
        (r"/help/ranking", "src/routes/content/ranking.tsx"),
        (r"/contact-us", "src/routes/content/contact.tsx"),
        (r"/report-content", "src/routes/content/report-content.tsx"),
        (r"/terms", "src/routes/legal/terms.tsx"),
        (r"/auth/login", "src/routes/auth/login.tsx"),
        (r"/auth/register", "src/routes/auth/register.tsx"),
    ]
]


@dataclass
class Preloads:
    modules: list[str] = field(default_factory=list)
    styles: list[str] = field(default_factory=list)


def route_module(path: str) -> str | None:
    """The route module a page path renders (among the public pages above), None otherwise."""
    return next((module for pattern, module in ROUTES if pattern.fullmatch(path)), None)


Manifest = dict[str, dict[str, Any]]


@lru_cache(maxsize=4)
def _manifest(path: Path, _mtime_ns: int) -> Manifest:
    loaded: Manifest = json.loads(path.read_text())
    return loaded


def _names(m: Manifest, key: str, field_name: str) -> list[str]:
    return [str(x) for x in m[key].get(field_name, [])]


def manifest(dist: Path) -> Manifest | None:
    """Vite's manifest of the build (re-read when a new build replaces it), None without one."""
    path = dist / ".vite" / "manifest.json"
    try:
        return _manifest(path, path.stat().st_mtime_ns)
    except (FileNotFoundError, ValueError):
        return None


def _closure(m: Manifest, key: str, seen: list[str]) -> list[str]:
    if key in seen or key not in m:
        return seen
    seen.append(key)
    for imported in _names(m, key, "imports"):
        _closure(m, imported, seen)
    return seen


def preloads(dist: Path, path: str) -> Preloads:
    """The route's chunks and styles beyond the entry's (which index.html already loads)."""
    module = route_module(path)
    m = manifest(dist) if module else None
    if module is None or m is None:
        return Preloads()
    entry = next((k for k, v in m.items() if v.get("isEntry")), None)
    already = set(_closure(m, entry, [])) if entry else set()
    linked = {css for k in already for css in _names(m, k, "css")}
    found = Preloads()
    for key in _closure(m, module, []):
        if key in already:
            continue
        found.modules.append("/" + str(m[key]["file"]))
        for css in _names(m, key, "css"):
            if css not in linked and "/" + css not in found.styles:
                found.styles.append("/" + css)
    return found
