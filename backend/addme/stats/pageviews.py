"""The web's page views: one row each, with the route template, the referrer's host and the country."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from sqlalchemy import insert
from sqlalchemy.orm import Session

from addme.core import clock
from addme.stats.models import PageView
from addme.stats.schemas import PageViewIn

# A route template: segments of letters, digits and - _ . plus ":param" and "*" placeholders.
_TEMPLATE = re.compile(r"^/(?:[A-Za-z0-9._:*-]+(?:/[A-Za-z0-9._:*-]+)*)?/?$")
# What a client's address could still carry: a long number, an e-mail or a token-like run.
_IDENTIFYING = re.compile(r"\d{3,}|@|[A-Za-z0-9_-]{33,}")


def template_of(path: str) -> str | None:
    """The path kept as it is when it is a template, else None (dropped, never stored)."""
    clean = path.split("?", 1)[0].split("#", 1)[0]
    if not _TEMPLATE.match(clean) or _IDENTIFYING.search(clean):
        return None
    return clean.rstrip("/") or "/"


def referrer_host(referrer: str | None, *, own_host: str) -> str:
    """The referrer's host (no path, no query); "" for none or for our own pages."""
    if not referrer:
        return ""
    try:
        host = (urlsplit(referrer).hostname or "").lower()
    except ValueError:
        return ""
    if not host or host == own_host.lower():
        return ""
    return host[:100]


def record(session: Session, *, views: list[PageViewIn], own_host: str, country: str | None) -> int:
    """Store the views worth keeping; returns how many were kept."""
    today = clock.now().date()
    rows = []
    for view in views:
        path = template_of(view.path)
        if path is None:
            continue
        rows.append(
            {
                "day": today,
                "path": path,
                "referrer_host": referrer_host(view.referrer, own_host=own_host),
                "country_code": country,
            }
        )
    if rows:
        session.execute(insert(PageView), rows)
        session.commit()
    return len(rows)
