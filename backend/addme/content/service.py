"""Public reads of content: blog posts, the help FAQ and active alerts (ads: content/ads_admin.py)."""

from __future__ import annotations

import threading
import time

from sqlalchemy import ColumnElement, select
from sqlalchemy.orm import Session

from addme.content import help as help_data
from addme.content import publish
from addme.content.codes import ContentCode
from addme.content.markdown import render
from addme.content.models import Alert, BlogPost
from addme.content.schemas import AlertRead, BlogCard, BlogPage, BlogPostRead, HelpRead
from addme.core import clock
from addme.core.db import new_session
from addme.core.errors import NotFound
from addme.core.paging import exact_page
from addme.core.schemas import from_row

POST_NOT_FOUND = "Blog Post Not Found"
PER_PAGE_DEFAULT = 12
PER_PAGE_MAX = 60


def _split(value: str) -> list[str]:
    return [p.strip() for p in value.split(",") if p.strip()]


def _published() -> tuple[ColumnElement[bool], ...]:
    return (BlogPost.visible.is_(True), BlogPost.published_at <= clock.now())


def _card(post: BlogPost) -> BlogCard:
    return BlogCard.model_validate(post, from_attributes=True)


def list_posts(session: Session, *, page: int, per_page: int) -> BlogPage:
    """Visible, published posts, newest first."""
    per_page = max(1, min(per_page, PER_PAGE_MAX))
    where = _published()
    order = (BlogPost.published_at.desc(), BlogPost.id.desc())
    rows, meta = exact_page(
        session, select(BlogPost).where(*where), order=order, page=page, per_page=per_page
    )
    return BlogPage(data=[_card(p) for p in rows], meta=meta)


def get_post(session: Session, *, slug: str) -> BlogPostRead:
    """One visible post with its Markdown rendered to sanitized HTML."""
    post = session.scalar(select(BlogPost).where(BlogPost.slug == slug, *_published()))
    if post is None:
        raise NotFound(POST_NOT_FOUND, code=ContentCode.POST_NOT_FOUND)
    return BlogPostRead(**_card(post).model_dump(), body_html=render(post.body_markdown))


def help_contents() -> HelpRead:
    """The FAQ sections."""
    return HelpRead.model_validate({"sections": help_data.SECTIONS})


def alert_read(a: Alert) -> AlertRead:
    """An alert as the site shows it (the admin's view adds its switch and window)."""
    # html and script as written: the client runs them only in a sandboxed frame (no same origin),
    # so a sanitizer here would only break an admin's markup.
    return from_row(AlertRead, a, spots=_split(a.spots))


def active_alerts(session: Session, *, spot: str | None) -> list[AlertRead]:
    """Alerts switched on and inside their dates, for one spot (global ones always)."""
    now = clock.now()
    rows = session.scalars(select(Alert).where(publish.live_where(Alert, now=now)).order_by(Alert.id)).all()
    found: list[AlertRead] = []
    for a in rows:
        shown = alert_read(a)
        if spot and spot not in shown.spots and "global" not in shown.spots:
            continue
        found.append(shown)
    return found


# The site's alerts, read at most this often per process: every page carries them (its boot data)
# and the app asks /v1/alerts again once it has drawn, so each visit would otherwise read the table
# twice, through the thread pool. A new or ended alert shows or goes within these seconds (at once
# in the process of the admin who changed it).
ALERTS_SECONDS = 10.0
_alerts_lock = threading.Lock()
_alerts: tuple[float, list[AlertRead]] | None = None


def cached_alerts() -> list[AlertRead] | None:
    """Every active alert (all spots) when read recently in this process, else None."""
    hit = _alerts
    return hit[1] if hit is not None and time.monotonic() - hit[0] < ALERTS_SECONDS else None


def site_alerts(session: Session | None = None) -> list[AlertRead]:
    """Every active alert (all spots), read at most every ALERTS_SECONDS per process."""
    global _alerts
    hit = cached_alerts()
    if hit is not None:
        return hit
    if session is None:
        with new_session() as own:
            found = active_alerts(own, spot=None)
    else:
        found = active_alerts(session, spot=None)
    with _alerts_lock:
        _alerts = (time.monotonic(), found)
    return found


def alerts_for(alerts: list[AlertRead], *, spot: str | None) -> list[AlertRead]:
    """The alerts one spot shows: its own and the global ones (all of them without a spot)."""
    return [a for a in alerts if not spot or spot in a.spots or "global" in a.spots]


def forget_alerts() -> None:
    """Read the alerts afresh next time (an admin's change, tests)."""
    global _alerts
    _alerts = None
