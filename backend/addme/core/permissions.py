"""Admin permissions named `domain.action`, mapped from `admin_level`, checked on the server."""

from __future__ import annotations

from enum import StrEnum

from addme.core.errors import CoreCode, Forbidden


class AdminLevel(StrEnum):
    """An account's `admin_level`: empty for members."""

    FULL = "Full"
    AD_PARTNER = "AdPartner"
    MODERATOR = "Moderator"


class Permission(StrEnum):
    REPORTS = "moderation.reports"
    # Notices from anyone (/admin/notices): every moderator level, as the reports (the 48-hour law).
    NOTICES = "moderation.notices"
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
    # The transparency report's admin view and its CSV (issue 31): every moderator level.
    TRANSPARENCY = "moderation.transparency"
    # Clearing a false high-risk or account-hopping flag, with a reason (issue 31): every moderator.
    TRUST_FLAGS = "trust.flags"
    # Where the law requires age verification: Full only, as every list that changes what is shown.
    JURISDICTIONS = "trust.jurisdictions"
    BLACKLIST = "moderation.blacklist"
    TAGS = "listings.tags"
    OUTBOX = "mail.outbox"
    DASHBOARD = "admin.dashboard"
    # Pending usernames: moderators decide them as they decide reports (docs/decisions.md).
    REVIEW = "moderation.review"
    # The contact form's inbox (orders, keys, disputes): Full only, as the spec's lists leave it out.
    CONTACT = "content.contact"
    # The Moderators' queue: the contact messages about bans, age verification, account hopping and
    # VPN access (issue 31), which every moderator level reads and answers; nothing else of the inbox.
    CONTACT_MODERATION = "content.contact_moderation"
    AUDIT = "admin.audit"
    # Putting the whole site into maintenance: Full only (the spec's lists give it no other level).
    MAINTENANCE = "admin.maintenance"
    # The scheduled jobs' runs (cleanups, reminders) and their counts: Full only, as the site's health.
    JOBS = "admin.jobs"
    # Members' appeals against decisions (/admin/appeals): every moderator level (DSA Art. 20).
    APPEALS = "moderation.appeals"


_MODERATOR = {
    Permission.DASHBOARD,
    Permission.REVIEW,
    Permission.REPORTS,
    Permission.NOTICES,
    Permission.BANS,
    Permission.MACROS,
    Permission.APPEALS,
    Permission.PROMOTIONS,
    Permission.AUTOMATIONS,
    Permission.SWITCH_RULES,
    Permission.ONDATO,
    Permission.CONTACT_MODERATION,
    Permission.TRUST_FLAGS,
    Permission.TRANSPARENCY,
}

LEVEL_PERMISSIONS: dict[str, frozenset[Permission]] = {
    AdminLevel.FULL: frozenset(Permission),
    AdminLevel.AD_PARTNER: frozenset(_MODERATOR | {Permission.ADS}),
    AdminLevel.MODERATOR: frozenset(_MODERATOR),
}


def permissions_of(admin_level: str | None) -> frozenset[Permission]:
    """What an account with this `admin_level` may do in the admin area (nothing for members)."""
    if not admin_level:
        return frozenset()
    # Any other non-empty level is a moderator, as rules.md reads the spec.
    return LEVEL_PERMISSIONS.get(admin_level, LEVEL_PERMISSIONS[AdminLevel.MODERATOR])


SELF_GRANT = "You cannot grant {what} to your own account. Ask another admin: grants to staff need a second pair of eyes."


def refuse_self_grant(*, admin_id: int, user_id: int | None, what: str) -> None:
    """403 when an admin names their own account in a grant (issue 31: staff cannot grant themselves
    promotions, Top-Ups, Fire Pins, levels or entitlements through any admin route)."""
    if user_id is not None and admin_id == user_id:
        raise Forbidden(SELF_GRANT.format(what=what), code=CoreCode.SELF_GRANT)
