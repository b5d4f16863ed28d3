"""Accounts: users, their sessions and one-time e-mail tokens."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from addme.core import clock
from addme.core.db import Base, TimestampMixin, partial_index

# (index, PostgreSQL predicate, SQLite predicate, columns carried for an index-only count) for the
# admin's filtered user lists. The VIP and Studio filters read the wallet's own partial indexes
# (wallet/models.py), the banned filter moderation's member_bans, the high-risk one trust's
# member_trust.
_FILTERED: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    ("ix_users_f_admin", "admin_level IS NOT NULL", "admin_level IS NOT NULL", ("admin_level",)),
)


class User(TimestampMixin, Base):
    __tablename__ = "users"
    __table_args__ = (
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
            partial_index(
                name,
                "created_at",
                "id",
                postgresql_include=list(carried),
                where=pg,
                sqlite_where=lite,
            )
            for name, pg, lite, carried in _FILTERED
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
    # The language the member reads the site in ("en" or "fr"): their mails are written in it.
    # Set at registration from the visitor's locale cookie ("en" unless it says "fr") and whenever
    # they switch language signed in; None on accounts older than the column, whose mails then
    # follow their country (addme.mail.language).
    language: Mapped[str | None] = mapped_column(String(2))
    ip_address: Mapped[str | None] = mapped_column(String(45))
    admin_level: Mapped[str | None] = mapped_column(String(20))

    last_login_at: Mapped[datetime | None]

    deleted_at: Mapped[datetime | None] = mapped_column(index=True)

    # The wallet's row (addme.wallet.models.Wallet: balances, slots, entitlement end dates), loaded
    # with the user in the same query; the wallet alone writes it. Named by string: accounts sits
    # below the wallet and never imports it. None only for an account made outside the ORM.
    wallet: Mapped[Any] = relationship(
        "Wallet", lazy="joined", uselist=False, cascade="all, delete-orphan", passive_deletes=True
    )

    # The ban in force (addme.moderation.models.MemberBan), None when there is none: loaded with the
    # user in the same query (the ban check of every signed-in request stays one statement);
    # moderation alone writes it. In SQL, `User.ban.has()` is "banned now".
    ban: Mapped[Any] = relationship(
        "MemberBan", lazy="joined", uselist=False, cascade="all, delete-orphan", passive_deletes=True
    )

    # The trust flags (addme.trust.models.MemberTrust: age verified, high risk, the hopping
    # restriction and a moderator's clearances), None for an account with none set: loaded with the
    # user in the same query; trust alone writes it (trust.standing). In SQL,
    # `User.trust.has(high_risk=True)` and the like.
    trust: Mapped[Any] = relationship(
        "MemberTrust", lazy="joined", uselist=False, cascade="all, delete-orphan", passive_deletes=True
    )

    # The submit cool-downs (addme.listings.models.SubmitClock), None for a member who never added
    # nor deleted a username: loaded with the user in the same query; listings alone writes it.
    submit_clock: Mapped[Any] = relationship(
        "SubmitClock", lazy="joined", uselist=False, cascade="all, delete-orphan", passive_deletes=True
    )

    @property
    def latest_username(self) -> datetime | None:
        """When the member last added a username (listings' one-a-day rule)."""
        return None if self.submit_clock is None else self.submit_clock.latest_username

    @property
    def last_username_deleted_at(self) -> datetime | None:
        return None if self.submit_clock is None else self.submit_clock.last_username_deleted_at

    @property
    def last_group_top_up(self) -> datetime | None:
        """The spec's user object names it, but no rule of the spec ever sets it (a group costs one
        Top-Up when it is made; nothing tops a group up): always None, with no column behind it
        (dropped in migration d2b4d6f8a1c3, never written before)."""
        return None

    # -- the trust flags, read-only here (trust.standing changes them) -----------------------------

    @property
    def age_verified(self) -> bool:
        return self.trust is not None and bool(self.trust.age_verified)

    @property
    def high_risk(self) -> bool:
        return self.trust is not None and bool(self.trust.high_risk)

    @property
    def hopping_restricted_until(self) -> datetime | None:
        return None if self.trust is None else self.trust.hopping_restricted_until

    @property
    def high_risk_cleared_until(self) -> datetime | None:
        return None if self.trust is None else self.trust.high_risk_cleared_until

    @property
    def hopping_cleared_at(self) -> datetime | None:
        return None if self.trust is None else self.trust.hopping_cleared_at

    # -- the ban's values, read-only here (moderation.member_bans changes them) -------------------

    @property
    def banned_at(self) -> datetime | None:
        return None if self.ban is None else self.ban.banned_at

    @property
    def banned_until(self) -> datetime | None:
        """None with banned_at set: banned for good."""
        return None if self.ban is None else self.ban.banned_until

    @property
    def ban_reason(self) -> str | None:
        return None if self.ban is None else self.ban.reason

    # -- the wallet's values, read-only here (the wallet's service changes them) --------------------

    def _wallet_value(self, name: str, default: Any) -> Any:
        return default if self.wallet is None else getattr(self.wallet, name)

    @property
    def max_usernames(self) -> int:
        return int(self._wallet_value("max_usernames", 1))

    @property
    def username_slots(self) -> int:
        return int(self._wallet_value("username_slots", 0))

    @property
    def top_ups_count(self) -> int:
        return int(self._wallet_value("top_ups_count", 0))

    @property
    def fire_pins_count(self) -> int:
        return int(self._wallet_value("fire_pins_count", 0))

    @property
    def promotion_ending_at(self) -> datetime | None:
        return self._wallet_value("promotion_ending_at", None)  # type: ignore[no-any-return]

    @property
    def studio_ending_at(self) -> datetime | None:
        return self._wallet_value("studio_ending_at", None)  # type: ignore[no-any-return]

    @property
    def automation_topup_ending_at(self) -> datetime | None:
        return self._wallet_value("automation_topup_ending_at", None)  # type: ignore[no-any-return]

    @property
    def last_top_up(self) -> datetime | None:
        return self._wallet_value("last_top_up", None)  # type: ignore[no-any-return]

    @property
    def last_free_topup(self) -> datetime | None:
        return self._wallet_value("last_free_topup", None)  # type: ignore[no-any-return]

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


class ConsentKind(StrEnum):
    # Ads chosen by the member's orientation (GDPR Art. 9: special-category data, explicit opt-in).
    ORIENTATION_ADS = "orientation_ads"


class ConsentEvent(Base):
    """Each change of a member's consent, with its time: the latest row per kind is the state, and
    no row means no (every consent starts off)."""

    __tablename__ = "consent_events"
    __table_args__ = (Index("ix_consent_events_user_kind", "user_id", "kind", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(32))
    granted: Mapped[bool]
    created_at: Mapped[datetime] = mapped_column(default=clock.now)
    ip_address: Mapped[str | None] = mapped_column(String(45))
