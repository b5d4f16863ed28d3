"""The visit log (spec §3 Tracker): page loads of the web app and profile views, kept 90 days.

Written OFF the request path. A request only puts a small record on a bounded in-process queue
(`put_nowait`: never a wait); when the queue is full the visit is dropped and counted
(`dropped()`, exported on /metrics). A background thread of the web process drains the queue in
batches every FLUSH_SECONDS (and at shutdown): it resolves the session token to its account, the
profile's id to its handle, the IP to its country, then writes the whole batch in one INSERT.

Nothing that identifies a session is kept on the queue: only the SHA-256 of its token (as stored in
auth_tokens), which the flush resolves to a user id.
"""

from __future__ import annotations

import logging
import queue
import re
import threading
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import Any, cast

from sqlalchemy import Table, delete, insert, or_, select
from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.types import Message, Receive, Scope, Send

from addme.accounts import service as accounts
from addme.accounts.cookies import SESSION_COOKIE
from addme.accounts.models import User
from addme.core import clock, net, security
from addme.core.asgi import HttpMiddleware
from addme.core.config import get_settings
from addme.core.db import new_session, starts_with
from addme.core.paging import bounded_meta
from addme.core.schemas import Page
from addme.listings import service as listings
from addme.trust import geo
from addme.trust.models import Tracker
from addme.trust.schemas import TrackerRow

log = logging.getLogger("addme.trackers")

KEEP = timedelta(days=90)
QUEUE_MAX = 10_000
BATCH_MAX = 500
FLUSH_SECONDS = 2.0

_PROFILE_VIEW = re.compile(r"^/v1/usernames/(\d+)/view$")
# Files the web app is made of (scripts, styles, images, the manifest...): not page loads.
_ASSET = re.compile(r"\.[A-Za-z0-9]{1,12}$")


@dataclass(frozen=True)
class Visit:
    kind: str
    path: str
    ip: str
    country: str | None
    region: str | None
    city: str | None
    postal: str | None
    user_agent: str
    referer: str
    token_hash: str | None
    username_id: int | None
    at: datetime = field(default_factory=clock.now)


_queue: queue.Queue[Visit] = queue.Queue(maxsize=QUEUE_MAX)
_dropped = 0
_dropped_lock = threading.Lock()


def dropped() -> int:
    """Visits dropped because the queue was full, since the process started."""
    return _dropped


def pending() -> int:
    return _queue.qsize()


def forget() -> None:
    """Drop every queued visit unwritten (tests: one test's visits never land in the next's)."""
    while True:
        try:
            _queue.get_nowait()
        except queue.Empty:
            return


# --- reading a request -----------------------------------------------------------------------


def _header(request: Request, name: str | None, limit: int) -> str | None:
    if not name:
        return None
    value = request.headers.get(name, "").strip()
    return value[:limit] or None


# What building the request's URL would change in its path: escapes (?#\\), drops (tab, CR, LF).
_URL_SPECIAL = re.compile(r"[?#\\\t\r\n]")


def _path_of(request: Request) -> str:
    """`request.url.path`, without building and parsing the whole URL on every page load (a third
    of this function's time): the scope's path is the same string unless it holds one of the
    characters the URL escapes or drops, or starts with `//` (read as a host without one)."""
    path: str = request.scope["path"]
    if path.startswith("//") or _URL_SPECIAL.search(path):
        return request.url.path
    return path


def visit_of(request: Request, *, kind: str, username_id: int | None = None) -> Visit:
    """What is kept of a request (cheap: headers only; look-ups wait for the flush)."""
    settings = get_settings()
    place = geo.visitor_place(request) if settings.country_header else None
    trusted = bool(place and place.country)
    header, bearer = request.headers.get("authorization", ""), None
    if header.lower().startswith("bearer "):
        bearer = header[7:].strip() or None
    token = bearer or request.cookies.get(SESSION_COOKIE)
    return Visit(
        kind=kind,
        path=_path_of(request)[:300],
        ip=net.client_ip(request)[:45],
        country=place.country if place else None,
        region=place.region if place else None,
        city=_header(request, settings.city_header, 100) if trusted else None,
        postal=_header(request, settings.postal_header, 20) if trusted else None,
        user_agent=request.headers.get("user-agent", "")[:400],
        referer=request.headers.get("referer", "")[:500],
        token_hash=security.token_hash(token) if token else None,
        username_id=username_id,
    )


def enqueue(visit: Visit) -> bool:
    """Queue a visit for the next flush; False (and counted) when the queue is full."""
    global _dropped
    try:
        _queue.put_nowait(visit)
        return True
    except queue.Full:
        with _dropped_lock:
            _dropped += 1
        return False


# --- user agent ------------------------------------------------------------------------------

_BROWSERS = [
    ("Edge", re.compile(r"Edg(?:e|A|iOS)?/")),
    ("Opera", re.compile(r"OPR/|Opera")),
    ("Samsung Internet", re.compile(r"SamsungBrowser/")),
    ("Firefox", re.compile(r"Firefox/|FxiOS/")),
    ("Chrome", re.compile(r"Chrome/|CriOS/")),
    ("Safari", re.compile(r"Safari/")),
]
_PLATFORMS = [
    ("iOS", re.compile(r"iPhone|iPad|iPod")),
    ("Android", re.compile(r"Android")),
    ("ChromeOS", re.compile(r"CrOS")),
    ("Windows", re.compile(r"Windows")),
    ("macOS", re.compile(r"Macintosh|Mac OS X")),
    ("Linux", re.compile(r"Linux")),
]
_BOT = re.compile(r"bot|crawler|spider|curl|python|headless", re.IGNORECASE)


# A crowd sends few distinct user agents: each one's ~13 pattern searches are done once.
@lru_cache(maxsize=1024)
def browser_and_platform(user_agent: str) -> tuple[str, str]:
    """("Chrome", "Android") from a user agent; "Bot" for crawlers, "" for what is not known."""
    if not user_agent:
        return "", ""
    platform = next((name for name, p in _PLATFORMS if p.search(user_agent)), "")
    if _BOT.search(user_agent):
        return "Bot", platform
    browser = next((name for name, p in _BROWSERS if p.search(user_agent)), "")
    return browser, platform


# --- writing ---------------------------------------------------------------------------------


def flush(*, limit: int = BATCH_MAX) -> int:
    """Write up to `limit` queued visits in one batch; returns how many were written."""
    batch: list[Visit] = []
    while len(batch) < limit:
        try:
            batch.append(_queue.get_nowait())
        except queue.Empty:
            break
    if not batch:
        return 0
    try:
        with new_session() as session:
            users = accounts.user_ids_for_token_hashes(
                session, hashes=[v.token_hash for v in batch if v.token_hash]
            )
            handles = listings.handles_by_id(
                session, ids=[v.username_id for v in batch if v.username_id is not None]
            )
            rows = []
            for v in batch:
                browser, platform = browser_and_platform(v.user_agent)
                rows.append(
                    {
                        "kind": v.kind,
                        "path": v.path,
                        "ip": v.ip,
                        "country": v.country or net.country_of_ip(v.ip),
                        "city": v.city,
                        "region": v.region,
                        "postal": v.postal,
                        "browser": browser,
                        "platform": platform,
                        "user_agent": v.user_agent,
                        "referer": v.referer,
                        "username": handles.get(v.username_id) if v.username_id is not None else None,
                        "username_id": v.username_id,
                        "user_id": users.get(v.token_hash) if v.token_hash else None,
                        "created_at": v.at,
                    }
                )
            # The table's insert, not the entity's: the ORM's bulk path sorted and checked every
            # row for nothing it could add (a third of the flush's time, which the web process's
            # event loop waits for under the GIL).
            session.execute(insert(cast(Table, Tracker.__table__)), rows)
            session.commit()
    except Exception:
        # The visit log is best effort: a database hiccup loses this batch, never a request.
        log.warning("trackers: a batch of %d visits could not be written", len(batch), exc_info=True)
        return 0
    return len(batch)


def flush_all() -> int:
    written = 0
    while True:
        n = flush()
        written += n
        if n < BATCH_MAX:
            return written


class Flusher:
    """The web process's writer: drains the queue every FLUSH_SECONDS on a daemon thread."""

    def __init__(self, every: float = FLUSH_SECONDS) -> None:
        self.every = every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="trackers-flush", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _loop(self) -> None:
        while not self._stop.wait(self.every):
            flush_all()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        flush_all()


def purge(session: Session) -> int:
    """Delete visits older than 90 days; returns how many."""
    result = session.execute(delete(Tracker).where(Tracker.created_at < clock.now() - KEEP))
    session.commit()
    count = int(result.rowcount or 0)  # type: ignore[attr-defined]
    log.info("trackers: %d visits older than 90 days deleted", count)
    return count


# --- the middleware --------------------------------------------------------------------------


class TrackerMiddleware(HttpMiddleware):
    """Logs page loads (HTML answers of the web app) and profile views, after they are answered."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope["path"]
        method: str = scope["method"]
        kind: str | None = None
        username_id: int | None = None
        if method == "POST":
            match = _PROFILE_VIEW.match(path)
            if match:
                kind, username_id = "profile", int(match.group(1))
        elif (
            method == "GET"
            and not path.startswith(("/v1/", "/media/", "/metrics"))
            and not _ASSET.search(path)
        ):
            kind = "page"
        if kind is None:
            await self.app(scope, receive, send)
            return
        status = 0
        html = False

        async def watch(message: Message) -> None:
            nonlocal status, html
            if message["type"] == "http.response.start":
                status = message["status"]
                for name, value in message.get("headers", []):
                    if name.lower() == b"content-type":
                        html = value.startswith(b"text/html")
            await send(message)

        await self.app(scope, receive, watch)
        # A view counts whether or not the per-visitor counter took it (429 once counted already).
        if (kind == "page" and status == 200 and html) or (kind == "profile" and status in (204, 429)):
            enqueue(visit_of(Request(scope), kind=kind, username_id=username_id))


# --- the admin's search ----------------------------------------------------------------------


def _filters(
    *,
    ip: str | None,
    username: str | None,
    user: str | None,
    day: date | None,
) -> list[Any]:
    where: list[Any] = []
    if ip:
        dialect = "sqlite" if get_settings().is_sqlite else "postgresql"
        where.append(starts_with(Tracker.ip, ip.strip(), dialect=dialect))
    if username:
        where.append(Tracker.username == username.strip().lstrip("@"))
    if user:
        who = user.strip()
        if who.isdigit():
            where.append(Tracker.user_id == int(who))
        else:
            where.append(
                Tracker.user_id.in_(
                    select(User.id).where(
                        or_(User.email_normalized == accounts.normalize_email(who), User.email == who)
                    )
                )
            )
    if day:
        start = datetime(day.year, day.month, day.day)
        where += [Tracker.created_at >= start, Tracker.created_at < start + timedelta(days=1)]
    return where


def search(
    session: Session,
    *,
    ip: str | None = None,
    username: str | None = None,
    user: str | None = None,
    day: date | None = None,
    page: int = 1,
    per_page: int = 25,
) -> Page[TrackerRow]:
    """The visit log, newest first (an empty page when a look-up finds nothing: 'Tracker not found')."""
    where = _filters(ip=ip, username=username, user=user, day=day)
    meta = bounded_meta(session, select(Tracker.id).where(*where), page=page, per_page=per_page)
    rows = session.execute(
        select(Tracker, User.email)
        .outerjoin(User, User.id == Tracker.user_id)
        .where(*where)
        .order_by(Tracker.created_at.desc(), Tracker.id.desc())
        .limit(per_page)
        .offset((page - 1) * per_page)
    ).all()
    return Page(data=[TrackerRow.of(row[0], email=row[1]) for row in rows], meta=meta)
