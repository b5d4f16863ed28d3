"""The apps' public profile pages, read for an owner's one-time code (#34), behind one small
interface: `HttpHandlePages` fetches the real page (httpx, timeouts, a size cap, every address
checked as global after DNS resolution, each redirect checked again, a User-Agent naming AddMe);
`LocalHandlePages` serves recorded page shapes offline (development and tests).

The parsers read what a visitor's browser gets: Snapchat's /add/<handle> page carries the display
name and bio in its meta tags and in its Next.js data; Kik's kik.me/<handle> page in its meta tags
and its profile block. A page without the profile (the app's own "not found" shape) is not found.
"""

from __future__ import annotations

import html
import ipaddress
import json
import re
import socket
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Protocol
from urllib.parse import quote, urljoin, urlsplit

from addme.core.config import get_settings

# httpx (with click and rich behind it) is imported where a request is made: at module level it
# cost ~0.1 s of every worker's start (bench/coldstart.py), for calls most workers never make.
if TYPE_CHECKING:
    import httpx

USER_AGENT = "AddMeBot/1.0 (+https://addme.example/help; AddMe checks that a listed handle is its owner's)"
MAX_BYTES = 1_000_000  # a profile page is ~100-300 KB; past this it is not one
MAX_REDIRECTS = 3
PAGE_URLS = {
    "snapchat": "https://www.snapchat.com/add/{handle}",
    "kik": "https://kik.me/{handle}",
}
RECORDED = Path(__file__).parent / "pages"


class PageError(Exception):
    """The page could not be read (network, timeout, too big, an address that is not public).

    `status`: the app's HTTP answer when it gave one (429: slow down), `retry_after` its
    Retry-After in seconds when it said one."""

    def __init__(self, message: str, *, status: int | None = None, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


@dataclass(frozen=True)
class HandlePage:
    """What the public page says: whether the handle exists, and its display name and bio."""

    found: bool
    display_name: str = ""
    bio: str = ""

    def shows(self, code: str) -> bool:
        """True when the code is in the display name or bio (case and spaces around it ignored)."""
        wanted = code.upper()
        return self.found and (wanted in self.display_name.upper() or wanted in self.bio.upper())


class HandlePages(Protocol):
    name: str

    def fetch(self, *, app: str, handle: str) -> str:
        """The HTML of the app's public page for this handle; PageError when it cannot be read."""


def page_url(app: str, handle: str) -> str:
    return PAGE_URLS[app].format(handle=quote(handle, safe=""))


# --- Parsers -------------------------------------------------------------------------------------

_META = re.compile(
    r"""<meta\s+[^>]*?(?:property|name)\s*=\s*["']([^"']+)["'][^>]*?content\s*=\s*["']([^"']*)["']""",
    re.IGNORECASE,
)
_SNAP_JSON_NAME = re.compile(r'"displayName"\s*:\s*"((?:[^"\\]|\\.)*)"')
_SNAP_JSON_BIO = re.compile(r'"bio"\s*:\s*"((?:[^"\\]|\\.)*)"')
_KIK_NAME = re.compile(r'<h1[^>]*class="[^"]*display-name[^"]*"[^>]*>(.*?)</h1>', re.IGNORECASE | re.DOTALL)
_KIK_BIO = re.compile(r'<p[^>]*class="[^"]*profile-bio[^"]*"[^>]*>(.*?)</p>', re.IGNORECASE | re.DOTALL)
_TAGS = re.compile(r"<[^>]+>")


def _metas(page: str) -> dict[str, str]:
    return {k.lower(): html.unescape(v) for k, v in _META.findall(page)}


def _json_text(raw: str) -> str:
    try:
        return str(json.loads(f'"{raw}"'))
    except ValueError:
        return raw


def parse_snapchat(page: str) -> HandlePage:
    """Snapchat's /add page: a public profile has the "snapchat:..." deep link and a display name;
    the not-found shape is the generic Snapchat page (no profile, og:title "Snapchat")."""
    metas = _metas(page)
    name = _SNAP_JSON_NAME.search(page)
    bio = _SNAP_JSON_BIO.search(page)
    title = metas.get("og:title", "")
    if name is None and (not title or title.strip().lower() == "snapchat"):
        return HandlePage(found=False)
    display = _json_text(name.group(1)) if name else re.sub(r"\s*on Snapchat\s*$", "", title)
    text = _json_text(bio.group(1)) if bio else metas.get("og:description", "")
    return HandlePage(found=True, display_name=display.strip(), bio=text.strip())


def parse_kik(page: str) -> HandlePage:
    """kik.me/<handle>: a profile block with the display name and bio; the not-found shape has no
    display name ("this user doesn't exist")."""
    name = _KIK_NAME.search(page)
    if name is None:
        return HandlePage(found=False)
    bio = _KIK_BIO.search(page)
    return HandlePage(found=True, display_name=_text(name.group(1)), bio=_text(bio.group(1)) if bio else "")


def _text(markup: str) -> str:
    return html.unescape(_TAGS.sub("", markup)).strip()


PARSERS: dict[str, Callable[[str], HandlePage]] = {"snapchat": parse_snapchat, "kik": parse_kik}


def read(pages: HandlePages, *, app: str, handle: str) -> HandlePage:
    """The parsed public page of a handle."""
    return PARSERS[app](pages.fetch(app=app, handle=handle))


# --- The real adapter ----------------------------------------------------------------------------


def _resolve(host: str, port: int) -> list[str]:
    return [str(info[4][0]) for info in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)]


def check_public(url: str, *, resolve: Callable[[str, int], list[str]] = _resolve) -> None:
    """security.md: a URL the server fetches is checked after DNS resolution, global addresses
    only; every address the name resolves to must be global (one private answer refuses it)."""
    parts = urlsplit(url)
    if parts.scheme != "https" or not parts.hostname:
        raise PageError("only https pages are read")
    try:
        addresses = resolve(parts.hostname, parts.port or 443)
    except OSError as exc:
        raise PageError(f"cannot resolve {parts.hostname}") from exc
    if not addresses:
        raise PageError(f"cannot resolve {parts.hostname}")
    for address in addresses:
        if not ipaddress.ip_address(address.split("%")[0]).is_global:
            raise PageError(f"{parts.hostname} resolves to a non-public address")


class HttpHandlePages:
    """The apps' real pages. Redirects are followed by hand, each target checked like the first.

    The check and the connection each resolve the name (the gap a DNS rebinding would need is a
    few milliseconds; docs/decisions.md)."""

    name = "http"

    def __init__(
        self,
        *,
        transport: httpx.BaseTransport | None = None,
        resolve: Callable[[str, int], list[str]] = _resolve,
        timeout: float | None = None,
    ) -> None:
        self._transport = transport
        self._resolve = resolve
        self._timeout = timeout or get_settings().handle_pages_timeout_seconds

    def fetch(self, *, app: str, handle: str) -> str:
        import httpx

        url = page_url(app, handle)
        timeout = httpx.Timeout(self._timeout, connect=min(3.0, self._timeout))
        with httpx.Client(
            transport=self._transport,
            timeout=timeout,
            follow_redirects=False,
            headers={"User-Agent": USER_AGENT, "Accept": "text/html", "Accept-Language": "en"},
        ) as client:
            for _ in range(MAX_REDIRECTS + 1):
                check_public(url, resolve=self._resolve)
                try:
                    with client.stream("GET", url) as response:
                        if response.is_redirect and "location" in response.headers:
                            url = urljoin(url, response.headers["location"])
                            continue
                        if response.status_code == 404:
                            return ""  # the parsers read an empty page as not found
                        if response.status_code != 200:
                            raise PageError(
                                f"{app} answered {response.status_code}",
                                status=response.status_code,
                                retry_after=_retry_after(response.headers.get("retry-after")),
                            )
                        return _capped(response)
                except httpx.HTTPError as exc:
                    raise PageError(f"cannot read {app}'s page: {type(exc).__name__}") from exc
        raise PageError("too many redirects")


def _retry_after(value: str | None) -> float | None:
    """Retry-After in seconds (its date form is rare from these apps and read as absent)."""
    try:
        return max(0.0, float(value)) if value else None
    except ValueError:
        return None


def _capped(response: httpx.Response) -> str:
    size = int(response.headers.get("content-length") or 0)
    if size > MAX_BYTES:
        raise PageError("page too large")
    body = bytearray()
    for chunk in response.iter_bytes():
        body += chunk
        if len(body) > MAX_BYTES:
            raise PageError("page too large")
    return body.decode(response.encoding or "utf-8", errors="replace")


# --- The local default ---------------------------------------------------------------------------


@lru_cache
def recorded_shape(name: str) -> str:
    """A saved page shape (pages/<app>_found.html, <app>_not_found.html)."""
    return (RECORDED / f"{name}.html").read_text(encoding="utf-8")


class LocalHandlePages:
    """Offline: a handle's page is the recorded "found" shape with the display name and bio set by
    `set_profile` (tests, the demo), or the recorded "not found" shape."""

    name = "local"
    profiles: dict[tuple[str, str], tuple[str, str]] = {}

    @classmethod
    def set_profile(cls, *, app: str, handle: str, display_name: str, bio: str = "") -> None:
        cls.profiles[(app, handle.casefold())] = (display_name, bio)

    @classmethod
    def forget(cls) -> None:
        cls.profiles.clear()

    def fetch(self, *, app: str, handle: str) -> str:
        profile = self.profiles.get((app, handle.casefold()))
        if profile is None:
            return recorded_shape(f"{app}_not_found")
        name, bio = profile
        page = recorded_shape(f"{app}_found")
        if app == "snapchat":
            fill = {"{{handle}}": handle, "{{name}}": html.escape(name), "{{bio}}": html.escape(bio),
                    "{{name_json}}": json.dumps(name)[1:-1], "{{bio_json}}": json.dumps(bio)[1:-1]}  # fmt: skip
        else:
            fill = {"{{handle}}": handle, "{{name}}": html.escape(name), "{{bio}}": html.escape(bio)}
        for key, value in fill.items():
            page = page.replace(key, value)
        return page


def provider() -> HandlePages:
    return HttpHandlePages() if get_settings().handle_pages_provider == "http" else LocalHandlePages()
