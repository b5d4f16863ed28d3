"""Every page head the server writes, in the one order it tries them (first full match wins), and
the boot data every page carries (core/web.py)."""

from __future__ import annotations

import threading
import time
from typing import Any

from sqlalchemy.orm import Session

from addme.content import seo as content_pages
from addme.content import service as content
from addme.core.health import public_config
from addme.core.web import install_boot, install_heads
from addme.listings import seo as listing_pages

# The site alerts are read at most this often per process for the pages' boot data: a list's page
# otherwise reads no database at all. The app asks for them again once it has drawn the page, so a
# new or ended alert still shows or goes within a moment.
ALERTS_SECONDS = 10.0
_alerts_lock = threading.Lock()
_alerts: tuple[float, list[dict[str, Any]]] | None = None


def _site_alerts(session: Session) -> list[dict[str, Any]]:
    global _alerts
    hit = _alerts
    if hit is not None and time.monotonic() - hit[0] < ALERTS_SECONDS:
        return hit[1]
    found = [a.model_dump(mode="json") for a in content.active_alerts(session, spot=None)]
    with _alerts_lock:
        _alerts = (time.monotonic(), found)
    return found


def forget_alerts() -> None:
    """Read the alerts afresh for the next page built (tests)."""
    global _alerts
    _alerts = None


def boot(session: Session) -> dict[str, Any]:
    """What the app's first render reads: /v1/config's answer and /v1/alerts' (all spots)."""
    return {"config": public_config().model_dump(mode="json"), "alerts": _site_alerts(session)}


def install() -> None:
    # The listings' patterns first: the public lists and profiles are most of the crawled pages.
    install_heads([*listing_pages.HEADS, *content_pages.HEADS], fallbacks=listing_pages.FALLBACK_HEADS)
    install_boot(boot)
