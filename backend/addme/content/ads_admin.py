"""Ads (/admin/ad): partner banners, partner links and admin code, where they show, for whom, when.

Full and AdPartner admins. Every change goes through here and writes an audit row with its reason.
Three kinds (docs/decisions.md "Ads"):
- Link: a banner picture (uploaded here, re-encoded without metadata, or an https address) that
  leads to `safe_link`;
- Crak: a partner's (CrakRevenue) tracking link, drawn as a text card (no picture needed) that
  leads to `safe_link`; `code` may hold the partner's campaign id, kept for the admin's records;
- Code: the admin's html and script, served only as a document of its own (`frame_document`) with a
  sandbox policy, loaded in a sandboxed frame: it never runs in the site's origin.
Which ad a viewer gets: content/ads_rules.py (server) and the web's chooseAd (route rules).
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field, field_validator, model_validator
from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.content import frames, publish
from addme.content.ads_rules import GLOBAL, GLOBAL_CODE_SPOTS, SPOTS, AdFacts, ViewerFacts, refusals
from addme.content.codes import ContentCode
from addme.content.models import Ad
from addme.content.schemas import AdExplainRead, AdRead
from addme.core import clock
from addme.core.db import get_or_404
from addme.core.errors import CoreCode, FieldError, Forbidden, NotFound
from addme.core.options import OrientationName
from addme.core.permissions import AdminLevel, Permission, permissions_of
from addme.core.schemas import StrictInput, UtcDatetime
from addme.media import intake as media

AD_NOT_FOUND = "Ad not found"
AdType = Literal["Link", "Crak", "Code"]
# A picture is a web address (https) or a file this site stored (/media/...).
IMAGE_PATTERN = r"^(https://[^\s<>\"']+|/media/[A-Za-z0-9/_.-]+)$"
LINK_PATTERN = r"^https://[^\s<>\"']+$"
COUNTRY_PATTERN = r"^([A-Z]{2}|GLOBAL)$"


class AdIn(StrictInput):
    name: str = Field(min_length=1, max_length=120)
    spots: list[str] = Field(min_length=1, max_length=len(SPOTS))
    # None: every orientation.
    orientation: OrientationName | None = None
    type: AdType
    # ["GLOBAL"] or two-letter country codes.
    countries: list[str] = Field(default_factory=lambda: [GLOBAL], min_length=1, max_length=100)
    code: str = Field(default="", max_length=20_000)
    safe_link: str | None = Field(default=None, max_length=500, pattern=LINK_PATTERN)
    image: str | None = Field(default=None, max_length=500, pattern=IMAGE_PATTERN)
    active: bool = Field(default=True, strict=True)
    starts_at: datetime | None = None
    ends_at: datetime | None = None
    reason: str = Field(min_length=3, max_length=300)

    @field_validator("name", "code", "reason")
    @classmethod
    def _strip(cls, value: str) -> str:
        return value.strip()

    @field_validator("spots")
    @classmethod
    def _spots(cls, value: list[str]) -> list[str]:
        return publish.known_spots(value, spots=SPOTS)

    @field_validator("countries")
    @classmethod
    def _countries(cls, value: list[str]) -> list[str]:
        codes = list(dict.fromkeys(c.strip().upper() for c in value if c.strip()))
        bad = [c for c in codes if not (c == GLOBAL or (len(c) == 2 and c.isalpha()))]
        if bad or not codes:
            raise ValueError("Countries are GLOBAL or two-letter codes (FR, US).")
        # GLOBAL already covers every country.
        return [GLOBAL] if GLOBAL in codes else codes

    @model_validator(mode="after")
    def _by_type(self) -> AdIn:
        code_spots = [s for s in self.spots if s in GLOBAL_CODE_SPOTS]
        if self.type == "Code":
            if not self.code:
                raise ValueError("A Code ad needs its html or script.")
            if "header-link" in self.spots:
                raise ValueError("The header holds links only: a Code ad cannot go there.")
        else:
            if code_spots:
                raise ValueError("Global code spots hold Code ads only.")
            if not self.safe_link:
                raise ValueError(f"A {self.type} ad needs its link (https).")
            if self.type == "Link" and not self.image:
                raise ValueError("A Link ad needs its picture (upload one or give an https address).")
        publish.check_window(starts_at=self.starts_at, ends_at=self.ends_at)
        return self


class AdRemoveIn(publish.RemoveIn):
    pass


class AdAdminRead(BaseModel):
    id: int
    name: str
    spots: list[str]
    orientation: str | None
    type: str
    countries: list[str]
    code: str
    safe_link: str | None
    image: str | None
    active: bool
    starts_at: UtcDatetime | None
    ends_at: UtcDatetime | None
    updated_at: UtcDatetime


class ImageRead(BaseModel):
    url: str


def _split(value: str) -> list[str]:
    return [p.strip() for p in value.split(",") if p.strip()]


def _countries(ad: Ad) -> list[str]:
    return [c.upper() for c in _split(ad.country_codes)] or [GLOBAL]


def _read(ad: Ad) -> AdAdminRead:
    return AdAdminRead(
        id=ad.id,
        name=ad.name,
        spots=_split(ad.spots),
        orientation=ad.orientation or None,
        type=ad.type,
        countries=_countries(ad),
        code=ad.code,
        safe_link=ad.safe_link,
        image=ad.image,
        **publish.window_read(ad),
        updated_at=ad.updated_at,
    )


def _fields(ad: Ad) -> dict[str, object]:
    return {
        "name": ad.name,
        "spots": ad.spots,
        "orientation": ad.orientation,
        "type": ad.type,
        "countries": ad.country_codes,
        "code_length": len(ad.code or ""),
        "safe_link": ad.safe_link,
        "image": ad.image,
        **publish.schedule_fields(ad),
    }


def _apply(ad: Ad, body: AdIn) -> None:
    ad.name = body.name
    ad.spots = ",".join(body.spots)
    ad.orientation = body.orientation
    ad.type = body.type
    ad.country_codes = ",".join(body.countries)
    ad.code = body.code
    ad.safe_link = body.safe_link
    # Only Link ads draw a picture; Crak may show one too when given.
    ad.image = body.image if body.type != "Code" else None
    publish.schedule(ad, active=body.active, starts_at=body.starts_at, ends_at=body.ends_at)


NOT_YOUR_AD = "You can change only the ads you created."


def _sees_every_ad(admin: User) -> bool:
    return admin.admin_level == AdminLevel.FULL


def _ad(session: Session, ad_id: int, *, admin: User) -> Ad:
    """The ad this admin may change: a Full admin any, an AdPartner only its own."""
    found = get_or_404(session, Ad, ad_id, AD_NOT_FOUND, code=ContentCode.AD_NOT_FOUND)
    if not _sees_every_ad(admin) and found.created_by_id != admin.id:
        raise Forbidden(NOT_YOUR_AD, code=CoreCode.FORBIDDEN)
    return found


def ads(session: Session, *, admin: User) -> list[AdAdminRead]:
    """The ads this admin may change (a Full admin every one, an AdPartner its own), switched off
    and out-of-date ones too, newest first."""
    query = select(Ad).order_by(Ad.id.desc())
    if not _sees_every_ad(admin):
        query = query.where(Ad.created_by_id == admin.id)
    return [_read(a) for a in session.scalars(query).all()]


_PUBLISHED = publish.Published[Ad](kind="ad", target="ad", fields=_fields)


def create(session: Session, *, admin: User, body: AdIn) -> AdAdminRead:
    new = Ad(created_by_id=admin.id)
    _apply(new, body)
    return _read(_PUBLISHED.create(session, admin=admin, row=new, reason=body.reason))


def update(session: Session, *, admin: User, ad_id: int, body: AdIn) -> AdAdminRead:
    found = _ad(session, ad_id, admin=admin)
    _PUBLISHED.update(session, admin=admin, row=found, change=lambda: _apply(found, body), reason=body.reason)
    return _read(found)


def remove(session: Session, *, admin: User, ad_id: int, reason: str) -> None:
    _PUBLISHED.remove(session, admin=admin, row=_ad(session, ad_id, admin=admin), reason=reason)


def store_image(session: Session, *, data: bytes | None) -> ImageRead:
    """Re-encode an uploaded banner (EXIF and metadata dropped) and store it, its PDQ hash recorded
    by the media domain (a blocked image is refused); its URL goes in the ad."""
    if data is None:
        raise FieldError("file", "This picture is too large (4 MB at most).")
    return ImageRead(url=media.store_ad_image(session, data=data))


def stored_image_urls(session: Session) -> list[str]:
    """Every ad's picture address (the media domain hashes the ones this site stored)."""
    return [u for u in session.scalars(select(Ad.image).where(Ad.image.is_not(None))) if u]


# -- what visitors get ------------------------------------------------------------------------------


def _facts(ad: Ad) -> AdFacts:
    return AdFacts(
        spots=tuple(_split(ad.spots)),
        countries=tuple(_countries(ad)),
        active=ad.active,
        starts_at=ad.starts_at,
        ends_at=ad.ends_at,
    )


def viewer_facts(viewer: User | None, country: str | None) -> ViewerFacts:
    return ViewerFacts(
        country=country,
        vip=viewer is not None and viewer.is_vip,
        full_admin=viewer is not None and viewer.admin_level == AdminLevel.FULL,
    )


def _public(ad: Ad, spots: list[str], refused: dict[str, str] | None = None) -> AdRead:
    return AdRead(
        id=ad.id,
        name=ad.name,
        spots=spots,
        orientation=ad.orientation or None,
        type=ad.type,
        countries=_countries(ad),
        safe_link=ad.safe_link if ad.type != "Code" else None,
        image=ad.image if ad.type != "Code" else None,
        refused=refused or {},
    )


def _rows(session: Session) -> list[Ad]:
    # Switched-off ads are never sent, not even to the debug view; a few dozen rows at most.
    return list(session.scalars(select(Ad).where(Ad.active.is_(True)).order_by(Ad.id)).all())


def active_ads(
    session: Session, *, spot: str | None, country: str | None, orientation: str | None, viewer: User | None
) -> list[AdRead]:
    """The ads this viewer may get, each with only the spots they may get it in.

    Every orientation unless one is asked for (the page picks, falling back to Straight): the list
    is loaded once a visit and the web chooses per page (spec sections 5 and 7).
    """
    facts = viewer_facts(viewer, country)
    now = clock.now()
    found: list[AdRead] = []
    for ad in _rows(session):
        refused = refusals(_facts(ad), facts, now=now)
        spots = [s for s in _split(ad.spots) if s not in refused]
        if not spots or (spot and spot not in spots):
            continue
        if orientation and ad.orientation and ad.orientation != orientation:
            continue
        found.append(_public(ad, spots))
    return found


def explain(session: Session, *, country: str | None, viewer: User | None) -> AdExplainRead:
    """For ?debugad=1: every live-or-scheduled ad with the spots this viewer is refused and why."""
    facts = viewer_facts(viewer, country)
    now = clock.now()
    listed = []
    for ad in _rows(session):
        refused = refusals(_facts(ad), facts, now=now)
        listed.append(_public(ad, _split(ad.spots), {k: str(v) for k, v in refused.items()}))
    return AdExplainRead(country=country, vip=facts.vip, full_admin=facts.full_admin, ads=listed)


# -- Code ads' own document -------------------------------------------------------------------------

# The frame's own policy: a sandbox (opaque origin, even when opened directly), so the code never
# reads the site's cookies or storage and its requests carry no session. Ad networks serve scripts,
# pictures and frames over https, so those may load; nothing may be posted (no forms, no fetch).
FRAME_CSP = frames.policy(
    sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox",
    sources=[
        "script-src 'unsafe-inline' https:",
        "style-src 'unsafe-inline' https:",
        "img-src https: data:",
        "font-src https: data:",
        "frame-src https:",
        "media-src https:",
    ],
)


def frame_document(session: Session, *, ad_id: int, viewer: User | None) -> str:
    """The page a Code ad's sandboxed frame loads: the admin's code and a size reporter.

    Visitors get ads running now only; ad admins any, for the preview.
    """
    found = session.get(Ad, ad_id)
    may_preview = viewer is not None and Permission.ADS in permissions_of(viewer.admin_level)
    if found is None or found.type != "Code" or not found.code.strip():
        raise NotFound(AD_NOT_FOUND, code=ContentCode.AD_NOT_FOUND)
    if not (publish.is_live(found, now=clock.now()) or may_preview):
        raise NotFound(AD_NOT_FOUND, code=ContentCode.AD_NOT_FOUND)
    sizer = frames.size_reporter(key="addmeAd", row_id=found.id, element="document.body")
    return "".join(
        [
            frames.HEAD,
            '<meta name="viewport" content="width=device-width,initial-scale=1">',
            # A light card in both themes: the frame cannot follow the site's theme, and ad code
            # is written for a light page.
            "<style>html,body{margin:0;padding:0;background:#fff;color:#212529;",
            "font:14px/1.45 system-ui,sans-serif}img{max-width:100%;height:auto}</style>",
            f"</head><body>{found.code}<script>{sizer}</script></body></html>",
        ]
    )
