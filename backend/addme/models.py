"""Imports every domain's models so metadata (Alembic, create_all) sees all tables."""

from addme.accounts.models import AuthToken, ConsentEvent, EmailToken, User
from addme.audit.models import AdminAudit
from addme.comments.models import Comment, CommentReport
from addme.content.models import Ad, Alert, BlogPost, ContactRequest
from addme.core.sitemode import SiteSetting
from addme.decisions.models import Appeal, StatementOfReasons
from addme.groups.models import Group, GroupMember
from addme.jobs.models import JobLease, JobRun
from addme.listings import search  # noqa: F401 - its after_create hook builds the search objects
from addme.listings.models import (
    HandleCheckApp,
    SwitchRule,
    Tag,
    Username,
    UsernameDailyStat,
    UsernameViewSource,
    username_tags,
)
from addme.mail.models import OutboxMessage
from addme.media.models import Media, MediaBlockedHash, MediaHashCursor, MediaHashFeedback, MediaImageHash
from addme.moderation.models import (
    AlertSubscriber,
    Macro,
    Notice,
    Report,
    TrustedFlagger,
)
from addme.moderation.requests import RemovalRequest, UnbanRequest
from addme.privacy.models import DataExport
from addme.screening.models import BlacklistTerm, BotAssessment, DeviceSignup, RemovedHandle
from addme.shop.models import Key, Order, OrderItem, WebhookEvent
from addme.stats.models import DailyFigure, PageView
from addme.swipes.models import Swipe, SwipeDailyStat
from addme.translation.models import CachedTranslation
from addme.trust.models import (
    AgeJurisdiction,
    AgeVerificationAttempt,
    FreeClaimLink,
    SimulatedVerification,
)
from addme.wallet.models import AutoTopUpPause, EndReminder, LedgerEntry, WalletState

__all__ = [
    "Ad",
    "AdminAudit",
    "AgeJurisdiction",
    "AgeVerificationAttempt",
    "Alert",
    "AlertSubscriber",
    "Appeal",
    "AuthToken",
    "AutoTopUpPause",
    "BlacklistTerm",
    "BlogPost",
    "BotAssessment",
    "CachedTranslation",
    "Comment",
    "CommentReport",
    "ConsentEvent",
    "ContactRequest",
    "DailyFigure",
    "DataExport",
    "DeviceSignup",
    "EmailToken",
    "EndReminder",
    "FreeClaimLink",
    "Group",
    "GroupMember",
    "HandleCheckApp",
    "JobLease",
    "JobRun",
    "Key",
    "LedgerEntry",
    "Macro",
    "Media",
    "MediaBlockedHash",
    "MediaHashCursor",
    "MediaHashFeedback",
    "MediaImageHash",
    "Notice",
    "Order",
    "OrderItem",
    "OutboxMessage",
    "PageView",
    "RemovalRequest",
    "RemovedHandle",
    "Report",
    "SimulatedVerification",
    "SiteSetting",
    "StatementOfReasons",
    "Swipe",
    "SwipeDailyStat",
    "SwitchRule",
    "Tag",
    "TrustedFlagger",
    "UnbanRequest",
    "User",
    "Username",
    "UsernameDailyStat",
    "UsernameViewSource",
    "WalletState",
    "WebhookEvent",
    "username_tags",
]
