"""Server-side heads for the public listing pages, robots.txt and sitemap.xml.

Routes with a head written here (crawlers read it before any JavaScript runs):
  / and /list and /{app}-usernames, each with /vip, /hottest, /gender/{G}, /orientation/{O};
  /kik-usernames/clean and /kik-usernames/dirty;
  /tags, /tags/{tag}, /{app}-usernames/tags/{tag}  (tag pages: one tag, any app or one app);
  /countries, /countries/{code};
  /profile/{id}, /username/{username}/{idprofile}.
"""

from __future__ import annotations

import re
from typing import Any
from xml.sax.saxutils import escape

from fastapi import APIRouter
from fastapi.responses import PlainTextResponse, Response
from sqlalchemy import Connection, select
from sqlalchemy.orm import Session

from addme.core import clock, options, reads
from addme.core.config import get_settings
from addme.core.web import MetaResolver, PageMeta
from addme.listings import constants as c
from addme.listings import service
from addme.listings.cards import LISTED, U
from addme.listings.countries import COUNTRIES
from addme.listings.models import Username
from addme.listings.validation import normalize_tag

_APPS = "|".join(a.value for a in options.App)
_GENDERS = "|".join(g.value for g in options.Gender)
_ORIENTATIONS = "|".join(o.value for o in options.Orientation)
_BASE = rf"(?:/(?P<base>list|(?P<app>{_APPS})-usernames))?"
_SUB = (
    rf"(?:/(?P<vip>vip)|/(?P<hot>hottest)|/gender/(?P<gender>{_GENDERS})"
    rf"|/orientation/(?P<orientation>{_ORIENTATIONS})|/(?P<kind>clean|dirty))?"
)


def _label(app: str | None) -> str:
    return options.APP_LABELS[options.App(app)] if app else "Snapchat, Telegram and Kik"


def _listing(_s: Session, m: re.Match[str]) -> PageMeta | None:
    app = m.group("app")
    kind = m.group("kind")
    if kind and app != options.App.KIK:
        return None  # /clean and /dirty exist on the Kik lists only
    if not app and any(m.group(k) for k in ("vip", "hot", "gender", "orientation")):
        return None  # sub-paths hang off an app's list only (/snapchat-usernames/vip, ...)
    where = _label(app)
    what = f"{options.APP_LABELS[options.App(app)]} usernames" if app else "usernames"
    if m.group("vip"):
        return PageMeta(
            title=f"VIP {what}",
            description=f"VIP members' {what}: verified-looking, promoted adults to add on {where}.",
        )
    if m.group("hot"):
        return PageMeta(
            title=f"Hottest {what}",
            description=f"The most viewed {what} this week: the adults everyone is adding on {where}.",
        )
    if m.group("gender"):
        g = m.group("gender")
        return PageMeta(
            title=f"{g} {what}",
            description=f"{g} adults sharing their {what}. Browse the newest and add them on {where}.",
        )
    if m.group("orientation"):
        o = m.group("orientation")
        return PageMeta(
            title=f"{o} {what}",
            description=f"{o} adults sharing their {what}: find new people to add on {where}.",
        )
    if kind:
        k = kind.capitalize()
        return PageMeta(
            title=f"{k} Kik usernames",
            description=f"{k} Kik usernames of adults: browse the newest and add them on Kik.",
        )
    if app:
        return PageMeta(
            title=f"{options.APP_LABELS[options.App(app)]} usernames: find people to add",
            description=f"The newest {what} of adults looking for friends and sexting partners on "
            f"{where}. Filter by gender, orientation, country and tag.",
        )
    settings = get_settings()
    return PageMeta(
        title=f"{settings.site_name}: usernames to add on Snapchat, Telegram and Kik",
        description="Find adults to add on Snapchat, Telegram and Kik: the newest usernames, filtered by "
        "gender, orientation, country and tag.",
    )


def _tags(_s: Session, m: re.Match[str]) -> PageMeta:
    tag = m.groupdict().get("tag")
    app = m.groupdict().get("app")
    what = f"{options.APP_LABELS[options.App(app)]} usernames" if app else "usernames"
    if not tag:
        return PageMeta(title="Tags", description="Browse usernames by tag: interests, kinks and more.")
    name = normalize_tag(tag)
    return PageMeta(
        title=f"#{name} {what}",
        description=f"Adults tagged #{name}: the newest {what} to add on {_label(app)}.",
    )


def _countries(_s: Session, m: re.Match[str]) -> PageMeta | None:
    code = (m.groupdict().get("code") or "").upper()
    app = m.groupdict().get("app")
    if not code:
        return PageMeta(title="Countries", description="Browse usernames by country, all over the world.")
    if code not in COUNTRIES:
        return PageMeta(title="Country not found", description="This page could not be found", status=404)
    what = f"{options.APP_LABELS[options.App(app)]} usernames" if app else "usernames"
    name = COUNTRIES[code]
    return PageMeta(
        title=f"{what[:1].upper()}{what[1:]} in {name}",
        description=f"Adults from {name} sharing their {what}: add them on {_label(app)}.",
    )


def _profile(session: Session, m: re.Match[str]) -> PageMeta:
    return _profile_meta(session, int(m.group("id")))


def _profile_meta(session: Session, username_id: int) -> PageMeta:
    row = session.execute(
        select(
            Username.username, Username.app, Username.age, Username.gender, Username.orientation,
            Username.country_code, Username.short_description, Username.profile_picture, Username.type,
        ).where(Username.id == username_id, Username.listed.is_(True))
    ).first()  # fmt: skip
    if row is None:
        return PageMeta(title="Username not found", description=c.NOT_FOUND, status=404, noindex=True)
    app = options.APP_LABELS[options.App(row.app)]
    country = f", {COUNTRIES[row.country_code]}" if row.country_code in COUNTRIES else ""
    about = f" {row.short_description}" if row.short_description else ""
    image = None
    dirty = row.type == options.UsernameType.DIRTY
    if row.profile_picture:
        image = get_settings().site_url.rstrip("/") + row.profile_picture
    return PageMeta(
        title=f"{row.username} on {app}",
        description=f"{row.username} on {app} — {row.age} years old, {row.gender}, {row.orientation}"
        f"{country}.{about}"[:300],
        image=image,
        # Dirty profiles are for signed-in members only: keep them out of search engines.
        noindex=dirty,
        # The picture is the profile's largest element on a phone (~0.8 s sooner with the page on a
        # slow one); not for a dirty profile, shown to members only: a visitor would fetch it for
        # nothing.
        preload_image=row.profile_picture if not dirty else None,
    )


def _short_link(session: Session, m: re.Match[str]) -> PageMeta | None:
    found = service.resolve_short_link(session, token=m.group("token"))
    return _profile_meta(session, found.id) if found else None


def _optional_form(_s: Session, _m: re.Match[str]) -> PageMeta:
    # /profile, /group, /nude, /username/{username}: the app sends the reader on to a list or
    # their own page; the head only has to be honest and stay out of search.
    site = get_settings().site_name
    return PageMeta(title=site, description=f"{site}: find adults to add.", noindex=True)


# The public pages' paths (firstpage.py answers the same paths' first queries).
APP_TAG_PATH = rf"/(?P<app>{_APPS})-usernames/tags/(?P<tag>[^/]{{1,40}})"
TAG_PATH = r"/tags(?:/(?P<tag>[^/]{1,40}))?"
COUNTRY_PATH = r"/countries(?:/(?P<code>[A-Za-z]{2}))?"
PROFILE_PATHS = (r"/profile/(?P<id>\d{1,12})", r"/username/[^/]{1,64}/(?P<id>\d{1,12})")
LIST_PATH = rf"{_BASE}{_SUB}/?"

# Wired in addme/api/pages.py, before the other pages' heads: first match wins.
HEADS: list[tuple[str, MetaResolver]] = [
    (r"/(?:profile|group|nude|username)/?", _optional_form),
    (r"/username/[^/]{1,64}/?", _optional_form),
    (APP_TAG_PATH, _tags),
    (TAG_PATH, _tags),
    (COUNTRY_PATH, _countries),
    *((path, _profile) for path in PROFILE_PATHS),
    (LIST_PATH, _listing),
]
# Handles may hold dots (storm.otter598): a dotted path that is no file of the app is a handle too.
FALLBACK_HEADS: list[tuple[str, MetaResolver]] = [(r"/(?P<token>[^/]{1,32})/?", _short_link)]

site_router = APIRouter(include_in_schema=False)

# Each private area as itself and its folder: a bare "Disallow: /user" also blocked every
# "/username/..." profile (and any short link starting with "user"), costing them search results.
ROBOTS = """User-agent: *
Disallow: /user$
Disallow: /user/
Disallow: /admin$
Disallow: /admin/
Disallow: /auth/
Disallow: /v1/
Allow: /

Sitemap: {site}/sitemap.xml
"""


@site_router.get("/robots.txt")
def robots() -> PlainTextResponse:
    site = get_settings().site_url.rstrip("/")
    return PlainTextResponse(ROBOTS.format(site=site), headers={"Cache-Control": "public, max-age=3600"})


def listing_paths() -> list[str]:
    """Every public listing route worth indexing."""
    paths = ["/", "/list", "/tags", "/countries"]
    for app in options.App:
        base = f"/{app.value}-usernames"
        paths += [base, f"{base}/vip", f"{base}/hottest"]
        paths += [f"{base}/gender/{g.value}" for g in options.Gender]
        paths += [f"{base}/orientation/{o.value}" for o in options.Orientation]
    paths += ["/kik-usernames/clean"]
    paths += [
        "/groups",
        *(f"/{a.value}-groups" for a in options.App),
        "/blog",
        "/help",
        "/transparency",
        "/shop",
        "/local-swipes",
    ]
    return paths


def _newest_listed(conn: Connection, *, limit: int) -> list[Any]:
    """The newest listed usernames (the sitemap's profiles)."""
    stmt = (
        select(U.id, U.username, U.updated_at)
        .where(LISTED, U.type == options.UsernameType.CLEAN)
        .order_by(U.sort_at.desc(), U.id.desc())
        .limit(limit)
    )
    return list(conn.execute(stmt).all())


@site_router.get("/sitemap.xml")
def sitemap() -> Response:
    site = get_settings().site_url.rstrip("/")
    with reads.public_engine().connect() as conn:
        rows = _newest_listed(conn, limit=c.SITEMAP_PROFILES)
    today = clock.now().date().isoformat()
    urls = [f"<url><loc>{escape(site + p)}</loc><lastmod>{today}</lastmod></url>" for p in listing_paths()]
    urls += [
        f"<url><loc>{escape(f'{site}/profile/{r.id}')}</loc>"
        f"<lastmod>{r.updated_at.date().isoformat()}</lastmod></url>"
        for r in rows
    ]
    body = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' + "\n".join(urls) + "\n</urlset>\n"
    )
    return Response(body, media_type="application/xml", headers={"Cache-Control": "public, max-age=3600"})
