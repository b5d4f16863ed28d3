"""Mounts every domain router under /v1, and adds other domains' fields to the user object."""

from __future__ import annotations

from fastapi import APIRouter

from addme.accounts import service as accounts
from addme.accounts import signin
from addme.accounts.router import router as accounts_router
from addme.admin.routers.catalog import router as admin_catalog_router
from addme.admin.routers.home import router as admin_router
from addme.admin.routers.people import router as admin_people_router
from addme.comments.router import router as comments_router
from addme.content.routers.ads import admin_router as ads_admin_router
from addme.content.routers.ads import router as ads_router
from addme.content.routers.alerts import router as alerts_admin_router
from addme.content.routers.blog import router as blog_admin_router
from addme.content.routers.site import router as content_router
from addme.core.health import router as health_router
from addme.decisions.router import router as decisions_router
from addme.groups.routers.admin import router as groups_admin_router
from addme.groups.routers.public import router as groups_router
from addme.listings import allowance as listing_allowance
from addme.listings import figures as listing_figures
from addme.listings.router import router as listings_router
from addme.mail.router import router as mail_router
from addme.media.router import router as media_router
from addme.moderation import member_bans
from addme.moderation.routers.bans import router as moderation_bans_router
from addme.moderation.routers.notices import router as moderation_notices_router
from addme.moderation.routers.queues import router as moderation_admin_router
from addme.moderation.routers.reports import router as moderation_router
from addme.moderation.routers.requests import router as moderation_requests_router
from addme.privacy.router import router as privacy_router
from addme.shop.router import router as shop_router
from addme.stats.router import router as stats_router
from addme.swipes.router import router as swipes_router
from addme.translation.router import router as translation_router
from addme.trust import standing
from addme.trust.routers.admin import flags_router as trust_flags_router
from addme.trust.routers.admin import risk_router as trust_risk_router
from addme.trust.routers.admin import router as trust_admin_router
from addme.trust.routers.admin import trackers_router as trust_trackers_router
from addme.trust.routers.public import router as trust_router
from addme.wallet import ledger as wallet_ledger
from addme.wallet.routers.admin import router as wallet_admin_router
from addme.wallet.routers.public import router as wallet_router

# Every domain router, in matching order: the public directory first (routes are matched in
# order, and its lists are most of the traffic). main.py includes each one under /v1 directly:
# FastAPI walks the whole tree of a nested include (every route of every router under it) twice
# per request to see whether a route was added, which cost a third of a bare request
# (docs/performance.md, "Search and lists at a million rows").
API_ROUTERS: tuple[APIRouter, ...] = (
    health_router,
    listings_router,
    accounts_router,
    mail_router,
    moderation_router,
    comments_router,
    decisions_router,
    wallet_router,
    shop_router,
    media_router,
    moderation_requests_router,
    moderation_notices_router,
    groups_router,
    swipes_router,
    content_router,
    ads_router,
    privacy_router,
    trust_router,
    translation_router,
    admin_router,
    stats_router,
    blog_admin_router,
    alerts_admin_router,
    ads_admin_router,
    admin_people_router,
    admin_catalog_router,
    groups_admin_router,
    wallet_admin_router,
    moderation_admin_router,
    moderation_bans_router,
    trust_admin_router,
    trust_risk_router,
    trust_flags_router,
    trust_trackers_router,
)

# GET /v1/auth/user carries what other domains count for the member (accounts cannot import them).
accounts.register_user_read_hook(listing_allowance.usernames_count_hook)
# A ban past its end is lifted as the member signs in (accounts cannot import moderation).
signin.register_sign_in_hook(member_bans.lift_at_sign_in)
# The risk check and the hopping restriction judge each sign-in and sign-up (accounts cannot import trust).
signin.register_arrival_hook(standing.assess_arrival)
# The owner's figures mark the days of Top-Ups and Fire Pins (listings cannot import the wallet).
listing_figures.register_boost_source(wallet_ledger.boost_uses)
