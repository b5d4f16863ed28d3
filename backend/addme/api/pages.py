"""Every page head the server writes, in the one order it tries them (first full match wins), the
boot data every page carries (core/web.py), and the API answers the public pages start with
(core/firstanswers.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from sqlalchemy.orm import Session

from addme.content import seo as content_pages
from addme.content import service as content
from addme.core import sitemode
from addme.core.config import get_settings
from addme.core.firstanswers import Answer, install_answers
from addme.core.health import client_config
from addme.core.web import forget_parts, install_boot, install_heads
from addme.listings import firstpage as listing_answers
from addme.listings import seo as listing_pages
from addme.shop import seo as shop_pages
from addme.shop import service as shop


def forget_alerts() -> None:
    """Read the alerts afresh for the next page built (tests)."""
    content.forget_alerts()
    forget_parts()


def boot(session: Session) -> tuple[tuple[object, ...], dict[str, Any]]:
    """What the app's first render reads: /v1/config's answer and /v1/alerts' (all spots), and what
    they were made from (`boot_version`)."""
    on = sitemode.maintenance_on()
    alerts = content.site_alerts(session)
    data = {
        "config": client_config(maintenance=on).model_dump(mode="json"),
        "alerts": [a.model_dump(mode="json") for a in alerts],
    }
    return (get_settings(), on, alerts), data


def boot_version() -> tuple[object, ...] | None:
    """What the boot data would be made from now, without a read; None when a copy is too old.

    The alerts' list is the object content/service.py keeps for ALERTS_SECONDS: a new read (or an
    admin's change, which forgets it) is a new list, and so new boot data in the next page."""
    on = sitemode.cached_maintenance()
    alerts = content.cached_alerts()
    if on is None or alerts is None:
        return None
    return (get_settings(), on, alerts)


async def _shop(_m: re.Match[str], _query: str) -> Sequence[Answer]:
    """The shop's catalogue, as GET /v1/shop/products answers it (no database read)."""
    return [Answer("catalogue", shop.catalogue().model_dump_json(by_alias=True).encode())]


def install() -> None:
    # The listings' patterns first: the public lists and profiles are most of the crawled pages.
    install_heads(
        [*listing_pages.HEADS, *content_pages.HEADS, *shop_pages.HEADS],
        fallbacks=listing_pages.FALLBACK_HEADS,
    )
    install_boot(boot, version=boot_version)
    install_answers([*listing_answers.ANSWERS, (r"/shop/?", _shop)])
