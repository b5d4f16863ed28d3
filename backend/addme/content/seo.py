"""Server-side heads for every public page that is not a username list or profile.

With listings/seo.py this covers every route the web app has, so an unknown path is answered
with a real 404 status (not a soft 404 that search engines index). Member, auth and admin pages get
a plain head marked noindex.
"""

from __future__ import annotations

import re

from sqlalchemy.orm import Session

from addme.content import service as content
from addme.core import options
from addme.core.config import get_settings
from addme.core.errors import NotFound
from addme.core.web import MetaResolver, PageMeta
from addme.groups import service as groups
from addme.media import public as nudes

_APPS = "|".join(a.value for a in options.App)
_GENDERS = "|".join(g.value for g in options.Gender)
_ORIENTATIONS = "|".join(o.value for o in options.Orientation)

STATIC: dict[str, tuple[str, str]] = {
    "/shop": ("Shop: Top-Ups, Fire Pins, VIP and Studio", "Buy Top-Ups to bump your username to the top, "
              "Fire Pins to hold it first, VIP for a bold listing, or a Studio account."),
    "/shop/direct": ("Pay with crypto", "Buy Top-Ups, VIP and Studio keys with USDC or USDT on BEP20, ERC-20 "
                     "or Solana Pay."),
    "/shop/direct/old": ("Pay with crypto (classic)", "The classic direct crypto shop."),
    "/shop/privacy-policy": ("Shop privacy policy", "How the shop handles your payment and order data."),
    "/shop/terms-of-service": ("Shop terms of service", "The terms of sale: digital keys, delivery, "
                               "no refunds."),
    "/missing-key": ("Missing key", "Paid but no key? How to find or recover your purchase key."),
    "/local-swipes": ("Local Swipes", "Like or pass on adults near you, one card at a time. For VIP and "
                      "Studio members."),
    "/help": ("Help", "Answers about usernames, review times, Top-Ups, keys, VIP, bans and your account."),
    "/help/ranking": ("How lists are ordered", "How AddMe orders its lists, which places are paid for (marked "
                      "Promoted), and what Top-Ups, Fire Pins, VIP and Studio change."),
    "/contact-us": ("Contact us", "Ask support about an order, a missing key, a ban or anything else. "
                    "We answer within 24 hours."),
    "/remove-username": ("Remove a username", "Your username is listed without your consent? Prove it is "
                         "yours and we decide within 48 hours."),
    "/report-content": ("Report content", "Ask us to remove an image, a profile or a group from AddMe, "
                        "no account needed: intimate images and minors are decided within 48 hours."),
    "/transparency": ("Transparency report", "What was reported to AddMe and what we decided, month by "
                      "month: notices, reports, decisions, time to decision and appeals."),
    "/terms": ("Terms of use", "The rules of AddMe, an adults-only directory of messaging-app usernames."),
    "/policy/acceptable-use": ("Acceptable use policy", "What may and may not be listed on AddMe."),
    "/policy/dmca": ("DMCA policy", "How to report content that infringes your copyright."),
    "/policy/privacy": ("Privacy policy", "What AddMe collects, why, and the choices you have."),
    "/policy/refunds": ("Refund policy", "Purchases are final: orders cannot be cancelled or refunded."),
    "/2257": ("18 U.S.C. 2257 statement", "Record-keeping requirements compliance statement."),
    "/blog": ("Blog", "News, safety tips and guides from AddMe."),
    "/up": ("Status", "Is AddMe up?"),
    "/maintenance": ("Maintenance", "AddMe is down for maintenance."),
}  # fmt: skip

# Pages for signed-in members, sign-in forms (and /login, the spec's sign-in callback), the way back
# from age verification and the admin area: a plain head, kept out of search.
# Each page the web app routes there (web/src/router.tsx); anything else under them is a 404, and
# tests/core/test_route_walk.py walks the router's every route against these.
_AUTH = (
    r"login|register|forgot-password(?:/[^/]{1,200})?|email-confirmation(?:/[^/]{1,200})?|Oauth|Verification"
)
_USER = (
    r"account|decisions|submit|orders|ordersold|missing-key|switch|local-swipes(?:/favorites)?|group(?:/create)?"
    r"|group/\d{1,12}/edit|(?:edit|media|unban)/\d{1,12}"
)
_ADMIN = (
    r"review|report|unban-requests|removal-requests|notices|comments|contact(?:-queue)?|macros|audit|transparency|jobs"
    r"|appeals|blog|edit/blog|ad|flags(?:/\d{1,12})?"
    r"|alerts|tags|groups|promotions|automations|switch-rules|order|keygen|pins|stats(?:/[a-z-]{1,40})?"
    r"|users(?:/\d{1,12})?|ban|blacklist|trackers|image-bans|gallery|ondato(?:/stats|/test)?"
)
PRIVATE = re.compile(
    rf"/auth/(?:{_AUTH})/?|/user(?:/(?:{_USER}))?/?|/admin(?:/(?:{_ADMIN}))?/?"
    r"|/age-verification/(?:return|simulator)/?|/login/?"
)


def _static(_s: Session, m: re.Match[str]) -> PageMeta | None:
    found = STATIC.get(m.group(0).rstrip("/") or "/")
    return PageMeta(title=found[0], description=found[1]) if found else None


def _private(_s: Session, _m: re.Match[str]) -> PageMeta:
    site = get_settings().site_name
    return PageMeta(title=site, description=f"{site}: your account.", noindex=True)


def _groups(_s: Session, m: re.Match[str]) -> PageMeta:
    app = m.group("app")
    label = options.APP_LABELS[options.App(app)] if app else "Snapchat, Telegram and Kik"
    return PageMeta(
        title=f"{label} groups" if app else "Groups",
        description=f"Group chats for adults on {label}: join one or list your own.",
    )


def _group(session: Session, m: re.Match[str]) -> PageMeta:
    try:
        group = groups.get_public(session, slug=m.group("slug"), viewer=None)
    except NotFound:
        return PageMeta(
            title="Group not found", description="Group could not be found.", status=404, noindex=True
        )
    label = options.APP_LABELS[options.App(group.app)]
    about = f" {group.description}" if group.description else ""
    return PageMeta(
        title=f"{group.name}: {label} group",
        description=f"{group.name}, a {label} group with {group.members_count} members.{about}"[:300],
    )


def _post(session: Session, m: re.Match[str]) -> PageMeta:
    try:
        post = content.get_post(session, slug=m.group("slug"))
    except NotFound:
        return PageMeta(
            title="Blog Post Not Found", description="Blog Post Not Found", status=404, noindex=True
        )
    return PageMeta(title=post.title, description=(post.summary or post.title)[:300], image=post.picture_url)


def _nudes(_s: Session, m: re.Match[str]) -> PageMeta:
    app = m.group("app")
    label = options.APP_LABELS[options.App(app)] if app else "Snapchat, Telegram and Kik"
    # Galleries are adult media: listed for members, never offered to search engines.
    return PageMeta(title=f"{label} galleries" if app else "Galleries", description=f"Adults' galleries on "
                    f"{label}. 18+ only.", noindex=True)  # fmt: skip


def _gallery(session: Session, m: re.Match[str]) -> PageMeta:
    try:
        found = nudes.gallery(session, slug=m.group("slug"), signed_in=False, blurred=True)
    except NotFound:
        return PageMeta(title="Gallery not found", description="Medias could not be found or the connection "
                        "failed.", status=404, noindex=True)  # fmt: skip
    return PageMeta(title=f"{found.username}'s gallery", description="18+ only.", noindex=True)


_PAGES = "|".join(re.escape(p) for p in STATIC)
# Wired in addme/api/pages.py, after the listings' heads.
HEADS: list[tuple[str, MetaResolver]] = [
    (rf"(?:{_PAGES})/?", _static),
    (PRIVATE.pattern, _private),
    (
        rf"/(?:(?P<app>{_APPS})-)?groups(?:/vip|/hottest|/gender/(?:{_GENDERS})|/orientation/(?:{_ORIENTATIONS}))?/?",
        _groups,
    ),
    (r"/group/(?P<slug>[^/]{1,80})", _group),
    (r"/blog/(?P<slug>[^/]{1,120})", _post),
    (
        rf"/(?:(?P<app>{_APPS})-)?nudes(?:/vip|/hottest|/gender/(?:{_GENDERS})|/orientation/(?:{_ORIENTATIONS}))?/?",
        _nudes,
    ),
    (r"/nude/(?P<slug>[^/]{1,80})", _gallery),
]
