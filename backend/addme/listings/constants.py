"""The directory's option lists, limits and the messages members read."""

from __future__ import annotations

import re
from datetime import timedelta
from enum import StrEnum

from addme.core.options import App


class LinkType(StrEnum):
    CHATURBATE = "chaturbate"
    LINKTREE = "linktree"
    ONLYFANS = "onlyfans"
    MYM = "mym"
    FANSLY = "fansly"


# The host each creator-link type must point at (subdomains allowed).
LINK_HOSTS = {
    LinkType.CHATURBATE: "chaturbate.com",
    LinkType.LINKTREE: "linktr.ee",
    LinkType.ONLYFANS: "onlyfans.com",
    LinkType.MYM: "mym.fans",
    LinkType.FANSLY: "fansly.com",
}


class UsernameStatus(StrEnum):
    """Where a username stands: the one set of states every answer about a username uses."""

    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"
    BANNED = "banned"
    DELISTED = "delisted"
    DELETED = "deleted"


Status = UsernameStatus  # the short name the code uses


class Action(StrEnum):
    EDIT = "edit"
    TOPUP = "topup"
    FIRE_PIN = "fire_pin"
    DELIST = "delist"
    RELIST = "relist"
    DELETE = "delete"
    UNBAN = "unban"
    CHECK_IN = "check_in"
    CLEAR_LOCATION = "clear_location"


# Per-app handle rules: (pattern, human description). Lengths are the apps' own.
USERNAME_RULES: dict[App, tuple[re.Pattern[str], str]] = {
    App.SNAPCHAT: (
        re.compile(r"[A-Za-z0-9._-]{3,15}"),
        "A Snapchat username has 3 to 15 characters: letters, digits, - _ and . only.",
    ),
    App.TELEGRAM: (
        re.compile(r"[A-Za-z0-9_]{5,32}"),
        "A Telegram username has 5 to 32 characters: letters, digits and _ only.",
    ),
    App.KIK: (
        re.compile(r"[A-Za-z0-9._]{2,20}"),
        "A Kik username has 2 to 20 characters: letters, digits, _ and . only.",
    ),
}

MIN_AGE = 18
MAX_AGE = 99
MAX_TAGS = 5
CARD_TAGS = 3
STUDIO_MAX_USERNAMES = 25
SLOT_CAP = 5
FREE_EDITS = 2
EDIT_WINDOW = timedelta(hours=24)
NEW_USERNAME_COOLDOWN = timedelta(hours=24)
DELETE_COOLDOWN = timedelta(hours=24)
FIRE_PIN_DURATION = timedelta(minutes=15)
POPULAR_DAYS = 7
DESCRIPTION_MAX = 1000
SHORT_DESCRIPTION_MAX = 140
PER_PAGE_DEFAULT = 24
PER_PAGE_MAX = 60
# Totals are counted up to this many rows (about a millisecond on PostgreSQL): an exact count of a
# million rows is a table scan. Past it, meta.total reads "at least" and has_next drives the pager.
COUNT_CAP = 1_000
SIMILAR_MAX = 8
# Spec section 6: a VIP gets "more suggestions", three times as many similar usernames.
SIMILAR_MAX_VIP = 24
SITEMAP_PROFILES = 5000

NOT_FOUND = "Username could not be found or connexion failed."
DIRTY_NEEDS_LOGIN = "You must be logged in order to see Dirty usernames."
SUBMITTED = "Username submitted."
PENDING_NOTICE = "Your username is pending review. This can take up to 5 days."
UPDATED = "Username updated."
DELETED = "Username deleted."
DELISTED = "Username delisted. It is hidden from every list until you relist it."
RELISTED = "Username relisted."
REJECTED_NOTICE = "Your username was rejected. Only a purchase key can unlock it."
REJECTED_REASON = "Reason: {reason}"
NOT_PENDING = "This username is not pending review."
NOT_BANNED = "This username is not banned."
REMOVED_HANDLE = "This username was removed at its owner's request and cannot be listed again."
# The review reason a purchase key leaves on the usernames it sends back to review.
UNLOCKED_BY_KEY = "key: unlocked by a purchase key"
BANNED_NOTICE = "Your username is banned. You can request an unban in {wait}."
READY_TO_UNBAN = "Ready to unban: you can now request an unban."
DELISTED_NOTICE = "Your username is delisted: it is hidden from every list."
# Dead handles (#34): the check's demotion and delisting, as the owner reads them on /user.
HANDLE_DEMOTED_NOTICE = (
    "{app} says this handle does not exist: it is shown below the other usernames until its page is "
    "found. Fix the handle if it changed."
)
HANDLE_DELISTED_NOTICE = (
    "{app} said this handle does not exist for 14 days: it is off the lists until its page is found. "
    "Fix the handle, or appeal the decision on your decisions page."
)
RELIST_WAITS = "We read {app}'s page for this handle again within minutes: the username is listed as soon as it is found."
HIDDEN_NOTICE = "Your username is hidden while a report is reviewed."

DUPLICATE = "This username is already listed on {app}."
ONE_PER_DAY = "You can add one new username every 24 hours. Try again in {wait}."
AFTER_DELETE = "You deleted a username recently: you can add a new one in {wait}."
AT_MAX = "You have reached your maximum number of usernames. Buy a slot to add another one."
EDITS_USED = (
    "You can edit a username twice every 24 hours. Try again in {wait}, or become VIP for unlimited edits."
)
LINK_VIP_ONLY = "A content creator link is available to VIP and Studio members only."
LINK_HTTPS = "The link must start with https://."
LINK_HOST = "The link must point to {host}."
LINK_TYPE_NEEDED = "Choose the site of your content creator link."
AGE_MIN = "You must be 18 or older to list a username."
BAD_CHARS = "The username contains characters that are not allowed."
CANNOT_RELIST = "Only a delisted username can be relisted."
CANNOT_DELIST = "Only a listed username can be delisted."
CANNOT_EDIT = "This username cannot be edited in its current state."
