"""Every page head the server writes, in the one order it tries them (first full match wins), and
the boot data every page carries (core/web.py)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from addme.content import seo as content_pages
from addme.content import service as content
from addme.core import sitemode
from addme.core.health import client_config
from addme.core.web import install_boot, install_heads
from addme.listings import seo as listing_pages


def forget_alerts() -> None:
    """Read the alerts afresh for the next page built (tests)."""
    content.forget_alerts()


def boot(session: Session) -> dict[str, Any]:
    """What the app's first render reads: /v1/config's answer and /v1/alerts' (all spots)."""
    config = client_config(maintenance=sitemode.maintenance_on())
    return {
        "config": config.model_dump(mode="json"),
        "alerts": [a.model_dump(mode="json") for a in content.site_alerts(session)],
    }


def install() -> None:
    # The listings' patterns first: the public lists and profiles are most of the crawled pages.
    install_heads([*listing_pages.HEADS, *content_pages.HEADS], fallbacks=listing_pages.FALLBACK_HEADS)
    install_boot(boot)
