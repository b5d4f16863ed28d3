"""Imports every domain's models so metadata (Alembic, create_all) sees all tables."""

from addme.accounts.models import AuthToken, EmailToken, User
from addme.admin.models import AdminAudit
from addme.content import seed as _content_seed  # noqa: F401 - registers the demo blog step
from addme.content.models import Ad, Alert, BlogPost, ContactRequest
from addme.groups import seed as _groups_seed  # noqa: F401 - registers the demo groups step
from addme.groups.models import Group, GroupMember
from addme.jobs.models import JobLease
from addme.listings import search  # noqa: F401 - its after_create hook builds the search objects
from addme.listings import seed as _listings_seed  # noqa: F401 - registers the demo usernames step
from addme.listings.models import Tag, Username, UsernameDailyStat, username_tags
from addme.mail.models import OutboxMessage
from addme.media import seed as _media_seed  # noqa: F401 - registers the demo galleries step
from addme.media.models import Media, MediaImageBan
from addme.moderation import seed as _moderation_seed  # noqa: F401 - registers the demo queues step
from addme.moderation.models import BlacklistTerm, Macro, RemovedHandle, Report
from addme.moderation.requests import RemovalRequest, UnbanRequest
from addme.shop.models import Key, Order, OrderItem, WebhookEvent
from addme.swipes.models import Swipe, SwipeDailyStat
from addme.wallet.models import LedgerEntry, WalletState

__all__ = [
    "Ad",
    "AdminAudit",
    "Alert",
    "AuthToken",
    "BlacklistTerm",
    "BlogPost",
    "ContactRequest",
    "EmailToken",
    "Group",
    "GroupMember",
    "JobLease",
    "Key",
    "LedgerEntry",
    "Macro",
    "Media",
    "MediaImageBan",
    "Order",
    "OrderItem",
    "OutboxMessage",
    "RemovalRequest",
    "RemovedHandle",
    "Report",
    "Swipe",
    "SwipeDailyStat",
    "Tag",
    "UnbanRequest",
    "User",
    "Username",
    "UsernameDailyStat",
    "WalletState",
    "WebhookEvent",
    "username_tags",
]
