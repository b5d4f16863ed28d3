"""Which ads a viewer may get, decided on the server: one pure function, no database, no request.

The server knows what the client cannot be trusted with: the visitor's country (trusted proxy or
GeoIP, trust/geo.py), who they are (VIP, Full admin) and the clock. The route rules (not on / or
/shop, no global code on /auth, the age gate, the page's orientation) are the client's half, in
web/src/features/content/chooseAd.ts. Spec section 5 and docs/decisions.md "Ads".
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

SPOTS = ("header-link", "layout-top", "layout-bottom", "global-code", "global-popup-code")
LAYOUT_SPOTS = frozenset({"layout-top", "layout-bottom"})
GLOBAL_CODE_SPOTS = frozenset({"global-code", "global-popup-code"})
GLOBAL = "GLOBAL"


class Refusal(StrEnum):
    """Why an ad is not sent for a spot; the debug view (?debugad=1) words each one."""

    INACTIVE = "inactive"
    NOT_STARTED = "not_started"
    ENDED = "ended"
    COUNTRY = "country"
    VIP = "vip"
    FULL_ADMIN = "full_admin"


@dataclass(frozen=True)
class AdFacts:
    spots: tuple[str, ...]
    countries: tuple[str, ...]
    active: bool
    starts_at: datetime | None
    ends_at: datetime | None


@dataclass(frozen=True)
class ViewerFacts:
    country: str | None
    # VIP and Studio members (is_promoted or is_studio): "no ads" at all (spec section 6).
    vip: bool
    full_admin: bool


def refusals(ad: AdFacts, viewer: ViewerFacts, *, now: datetime) -> dict[str, Refusal]:
    """Each of the ad's spots this viewer may NOT get, with why; an empty dict: every spot is theirs.

    Order of reasons: the ad's own state (off, not yet, over), then the viewer (VIP, country), then
    what Full admins never see (layout ads and global codes; header links they still see).
    """
    whole: Refusal | None = None
    if not ad.active:
        whole = Refusal.INACTIVE
    elif ad.starts_at is not None and ad.starts_at > now:
        whole = Refusal.NOT_STARTED
    elif ad.ends_at is not None and ad.ends_at <= now:
        whole = Refusal.ENDED
    elif viewer.vip:
        whole = Refusal.VIP
    elif GLOBAL not in ad.countries and (viewer.country or "").upper() not in ad.countries:
        whole = Refusal.COUNTRY
    if whole is not None:
        return dict.fromkeys(ad.spots, whole)
    if viewer.full_admin:
        return {s: Refusal.FULL_ADMIN for s in ad.spots if s in LAYOUT_SPOTS | GLOBAL_CODE_SPOTS}
    return {}
