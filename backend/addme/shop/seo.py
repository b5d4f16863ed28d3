"""Server-side heads for the shop's pages past the catalogue (content/seo.py writes /shop itself).

A product's checkout page answers 200 for a product the shop sells and 404 otherwise; a direct
crypto order's page is the buyer's private link (its token is a bearer secret, never looked up for
a head): served, kept out of search.
"""

from __future__ import annotations

import re

from sqlalchemy.orm import Session

from addme.core.web import MetaResolver, PageMeta
from addme.shop.constants import PRODUCTS


def _checkout(_s: Session, m: re.Match[str]) -> PageMeta:
    product = PRODUCTS.get(m.group("sku"))
    if product is None:
        return PageMeta(
            title="Product not found", description="The shop sells no such product.", status=404, noindex=True
        )
    return PageMeta(title=f"Checkout: {product.name}", description=f"Buy {product.name}.", noindex=True)


def _direct_order(_s: Session, _m: re.Match[str]) -> PageMeta:
    return PageMeta(
        title="Your crypto order", description="The status of your direct crypto order.", noindex=True
    )


# Wired in addme/api/pages.py, after the content pages' heads.
HEADS: list[tuple[str, MetaResolver]] = [
    (r"/shop/checkout/(?P<sku>[^/]{1,40})/?", _checkout),
    (r"/shop/direct/order/[^/]{1,80}/?", _direct_order),
]
