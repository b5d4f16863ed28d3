"""Admin permissions named `domain.action`, mapped from `admin_level`, checked on the server."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Annotated

from fastapi import Depends

from addme.accounts.dependencies import current_user
from addme.accounts.models import AdminLevel, User
from addme.core.errors import Forbidden


class Permission(StrEnum):
    REPORTS = "moderation.reports"
    BANS = "moderation.bans"
    MACROS = "moderation.macros"
    PROMOTIONS = "wallet.promotions"
    AUTOMATIONS = "wallet.automations"
    SWITCH_RULES = "accounts.switch_rules"
    ONDATO = "trust.age_verification"
    ADS = "content.ads"
    ALERTS = "content.alerts"
    BLOG = "content.blog"
    USERS = "accounts.users"
    ADMIN_LEVELS = "accounts.admin_levels"
    GROUPS = "groups.manage"
    GALLERY = "media.gallery"
    IMAGE_BANS = "media.image_bans"
    ORDERS = "shop.orders"
    KEYGEN = "shop.keygen"
    PINS = "wallet.pins"
    STATS = "admin.stats"
    TRACKERS = "trust.trackers"
    BLACKLIST = "moderation.blacklist"
    TAGS = "listings.tags"
    OUTBOX = "mail.outbox"
    DASHBOARD = "admin.dashboard"
    # Pending usernames: moderators decide them as they decide reports (docs/decisions.md).
    REVIEW = "moderation.review"
    # The contact form's inbox (orders, keys, disputes): Full only, as the spec's lists leave it out.
    CONTACT = "content.contact"
    AUDIT = "admin.audit"


_MODERATOR = {
    Permission.DASHBOARD,
    Permission.REVIEW,
    Permission.REPORTS,
    Permission.BANS,
    Permission.MACROS,
    Permission.PROMOTIONS,
    Permission.AUTOMATIONS,
    Permission.SWITCH_RULES,
    Permission.ONDATO,
}

LEVEL_PERMISSIONS: dict[str, frozenset[Permission]] = {
    AdminLevel.FULL: frozenset(Permission),
    AdminLevel.AD_PARTNER: frozenset(_MODERATOR | {Permission.ADS}),
    AdminLevel.MODERATOR: frozenset(_MODERATOR),
}


def permissions_of(user: User) -> frozenset[Permission]:
    """What an account may do in the admin area (nothing for members)."""
    if not user.admin_level:
        return frozenset()
    # Any other non-empty level is a moderator, as rules.md reads the spec.
    return LEVEL_PERMISSIONS.get(user.admin_level, LEVEL_PERMISSIONS[AdminLevel.MODERATOR])


def require(permission: Permission) -> Callable[[User], User]:
    """Route dependency: the signed-in user must hold `permission`, else 403."""

    def _check(user: Annotated[User, Depends(current_user)]) -> User:
        if permission not in permissions_of(user):
            raise Forbidden("You are not allowed to do this.", code="forbidden")
        return user

    return _check
