"""Every page head the server writes, in the one order it tries them (first full match wins)."""

from __future__ import annotations

from addme.content import seo as content_pages
from addme.core.web import install_heads
from addme.listings import seo as listing_pages


def install() -> None:
    # The listings' patterns first: the public lists and profiles are most of the crawled pages.
    install_heads([*listing_pages.HEADS, *content_pages.HEADS], fallbacks=listing_pages.FALLBACK_HEADS)
