"""Accounts: users, their sessions and one-time e-mail tokens."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import CheckConstraint, ForeignKey, Index, String, text
from sqlalchemy.orm import Mapped, mapped_column

from addme.core import clock
from addme.core.db import Base, TimestampMixin

# (index, PostgreSQL predicate, SQLite predicate, columns carried for an index-only count) for the
# admin's filtered user lists. VIP and Studio carry their end date: "> now" is then tested in the
# index, not on 6,000 heap rows.
_FILTERED: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    ("ix_users_f_banned", "banned_at IS NOT NULL", "banned_at IS NOT NULL", ()),
    ("ix_users_f_high_risk", "high_risk", "high_risk = 1", ()),
    ("ix_users_f_admin", "admin_level IS NOT NULL", "admin_level IS NOT NULL", ("admin_level",)),
    (
        "ix_users_f_vip",
        "promotion_ending_at IS NOT NULL",
        "promotion_ending_at IS NOT NULL",
        ("promotion_ending_at",),
    ),
    (
        "ix_users_f_studio",
        "studio_ending_at IS NOT NULL",
        "studio_ending_at IS NOT NULL",
        ("studio_ending_at",),
    ),
)


class User(TimestampMixin, Base):
    __tablename__ = "users"
    __table_args__ = (
        # The database itself refuses a negative balance, behind the conditional updates.
        CheckConstraint("top_ups_count >= 0", name="top_ups_non_negative"),
        CheckConstraint("fire_pins_count >= 0", name="fire_pins_non_negative"),
        # The admin user list: newest first, and look-ups by the IP an account last used.
        Index("ix_users_created", "created_at", "id"),
        Index("ix_users_last_login", "last_login_at", "id"),
        Index("ix_users_ip_address", "ip_address"),
        # E-mail prefix search: PostgreSQL needs pattern ops for LIKE 'x%' under a non-C collation.
        Index(
            "ix_users_email_prefix",
            "email_normalized",
            postgresql_ops={"email_normalized": "text_pattern_ops"},
        ),
        # The admin table's filters (#11): each picks a few percent of the accounts, so a partial
        # index in the list's order answers the page and the bounded count without reading the rest.
        *(
            Index(
                name,
                "created_at",
                "id",
                postgresql_include=list(carried),
                postgresql_where=text(pg),
                sqlite_where=text(lite),
            )
            for name, pg, lite, carried in _FILTERED
        ),
        # The list of bans: accounts banned now, latest first.
        Index(
            "ix_users_banned_at",
            "banned_at",
            postgresql_where=text("banned_at IS NOT NULL"),
            sqlite_where=text("banned_at IS NOT NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(254))
    # NFKC case-folded e-mail: what uniqueness and look-ups use.
    email_normalized: Mapped[str] = mapped_column(String(254), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    first_name: Mapped[str | None] = mapped_column(String(60))
    email_confirmed_at: Mapped[datetime | None]
    country_code: Mapped[str | None] = mapped_column(String(2))
    ip_address: Mapped[str | None] = mapped_column(String(45))
    admin_level: Mapped[str | None] = mapped_column(String(20))

    max_usernames: Mapped[int] = mapped_column(default=1)
    username_slots: Mapped[int] = mapped_column(default=0)
    top_ups_count: Mapped[int] = mapped_column(default=0)
    fire_pins_count: Mapped[int] = mapped_column(default=0)

    studio_ending_at: Mapped[datetime | None]
    automation_topup_ending_at: Mapped[datetime | None]
    promotion_ending_at: Mapped[datetime | None]

    age_verified: Mapped[bool] = mapped_column(default=False)
    high_risk: Mapped[bool] = mapped_column(default=False)
    hopping_restricted_until: Mapped[datetime | None]

    last_top_up: Mapped[datetime | None]
    last_group_top_up: Mapped[datetime | None]
    last_free_topup: Mapped[datetime | None]
    latest_username: Mapped[datetime | None]
    last_username_deleted_at: Mapped[datetime | None]
    last_login_at: Mapped[datetime | None]

    deleted_at: Mapped[datetime | None] = mapped_column(index=True)
    banned_at: Mapped[datetime | None]
    # None with banned_at set: banned for good. Past it, the ban is lifted (at login, or by the job).
    banned_until: Mapped[datetime | None]
    # Shown to the member when they try to log in.
    ban_reason: Mapped[str | None] = mapped_column(String(300))

    # Entitlements are stored as end dates; "is" flags derive from them, so expiry applies on every read.
    @property
    def is_promoted(self) -> bool:
        return self.promotion_ending_at is not None and self.promotion_ending_at > clock.now()

    @property
    def is_studio(self) -> bool:
        return self.studio_ending_at is not None and self.studio_ending_at > clock.now()

    @property
    def is_automated_topup(self) -> bool:
        end = self.automation_topup_ending_at
        return end is not None and end > clock.now()

    @property
    def is_vip(self) -> bool:
        """VIP perks apply to VIP and Studio accounts alike."""
        return self.is_promoted or self.is_studio

    @property
    def email_confirmed(self) -> bool:
        return self.email_confirmed_at is not None

    @property
    def is_admin(self) -> bool:
        return bool(self.admin_level)


class AuthToken(Base):
    """A signed-in session: the bearer token's SHA-256, never the token."""

    __tablename__ = "auth_tokens"
    __table_args__ = (
        Index("ix_auth_tokens_user_active", "user_id", "revoked_at"),
        # The admin's user search by IP also finds the accounts that signed in from it.
        Index("ix_auth_tokens_ip_address", "ip_address"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=clock.now)
    last_used_at: Mapped[datetime] = mapped_column(default=clock.now)
    expires_at: Mapped[datetime]
    idle_seconds: Mapped[int]
    user_agent: Mapped[str | None] = mapped_column(String(255))
    ip_address: Mapped[str | None] = mapped_column(String(45))
    revoked_at: Mapped[datetime | None]


class EmailTokenPurpose(StrEnum):
    CONFIRM = "confirm"
    RESET = "reset"


class EmailToken(Base):
    """Single-use, hashed, expiring links for e-mail confirmation and password reset."""

    __tablename__ = "email_tokens"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    purpose: Mapped[str] = mapped_column(String(16))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=clock.now)
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None]
