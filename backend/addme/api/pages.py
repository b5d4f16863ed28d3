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
from addme.core.firstanswers import Answer, install_answers
from addme.core.health import client_config
from addme.core.web import install_boot, install_heads
from addme.listings import firstpage as listing_answers
from addme.listings import seo as listing_pages
from addme.shop import seo as shop_pages
from addme.shop import service as shop


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


async def _shop(_m: re.Match[str], _query: str) -> Sequence[Answer]:
    """The shop's catalogue, as GET /v1/shop/products answers it (no database read)."""
    return [Answer("catalogue", shop.catalogue().model_dump_json(by_alias=True).encode())]


def install() -> None:
    # The listings' patterns first: the public lists and profiles are most of the crawled pages.
    install_heads(
        [*listing_pages.HEADS, *content_pages.HEADS, *shop_pages.HEADS],
        fallbacks=listing_pages.FALLBACK_HEADS,
    )
    install_boot(boot)
    install_answers([*listing_answers.ANSWERS, (r"/shop/?", _shop)])
