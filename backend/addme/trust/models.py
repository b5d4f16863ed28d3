"""Trust tables: where the law requires age verification, and the verification attempts."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Date, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from addme.core import clock
from addme.core.db import Base, partial_index


class AgeJurisdiction(Base):
    """A country, or a region of one, where adult media stays blurred until the visitor is verified.

    A country with only region rows is "regional": its other regions are free, but a visitor whose
    region is unknown counts as required (we cannot show that they are outside the law's reach).
    """

    __tablename__ = "age_jurisdictions"
    __table_args__ = (UniqueConstraint("country_code", "region_code", name="uq_age_jurisdictions_place"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    country_code: Mapped[str] = mapped_column(String(2), index=True)
    # ISO 3166-2 subdivision without the country ("TX" for US-TX); "" for the whole country, so the
    # unique constraint holds on every database (NULLs would not collide).
    region_code: Mapped[str] = mapped_column(String(3), default="")
    effective_on: Mapped[date] = mapped_column(Date)
    law: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(default=clock.now)
    updated_at: Mapped[datetime] = mapped_column(default=clock.now, onupdate=clock.now)


class AgeVerificationAttempt(Base):
    """One run of the identity provider's flow: only its outcome, date and method are kept.

    Never a document, image, name or date of birth: the age is computed from the provider's answer
    in memory and dropped.
    """

    __tablename__ = "age_verification_attempts"
    __table_args__ = (Index("ix_age_verification_attempts_created", "created_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    # The provider's session id (Ondato's verification id, or the simulator's).
    provider_ref: Mapped[str] = mapped_column(String(80), unique=True)
    provider: Mapped[str] = mapped_column(String(20))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    # Which browser started it: a visitor without an account proves the attempt is theirs with this.
    browser_hash: Mapped[str] = mapped_column(String(64))
    location_code: Mapped[str] = mapped_column(String(6), default="")
    # started, success, failure, abandoned
    status: Mapped[str] = mapped_column(String(12), default="started")
    method: Mapped[str] = mapped_column(String(40), default="")
    failure_reason: Mapped[str] = mapped_column(String(200), default="")
    created_at: Mapped[datetime] = mapped_column(default=clock.now)
    completed_at: Mapped[datetime | None] = mapped_column()


class SimulatedVerification(Base):
    """The offline simulator's own side of a session: what the "provider" would answer when asked.

    Kept apart from the attempt so the app reads the result back from the provider exactly as it
    does with Ondato, instead of believing the browser.
    """

    __tablename__ = "age_simulated_verifications"

    ref: Mapped[str] = mapped_column(String(80), primary_key=True)
    # pending, success, failure, abandoned
    outcome: Mapped[str] = mapped_column(String(12), default="pending")
    date_of_birth: Mapped[date | None] = mapped_column(Date)
    reason: Mapped[str] = mapped_column(String(200), default="")
    created_at: Mapped[datetime] = mapped_column(default=clock.now)


class FreeClaimLink(Base):
    """Which device and address each free Top-Up claim came from: how account hopping is seen.

    The device is a random id in a long-lived cookie and the address the claimer's IP (IPv6 by /64),
    both stored as HMACs: enough to link accounts, not to say who or where anyone is.
    """

    __tablename__ = "free_claim_links"
    __table_args__ = (
        Index("ix_free_claim_links_device", "device_hash", "created_at"),
        Index("ix_free_claim_links_ip", "ip_hash", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    device_hash: Mapped[str] = mapped_column(String(64))
    ip_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=clock.now)


class Tracker(Base):
    """One visit: a page load of the web app or a profile view, kept 90 days (spec §3 Tracker).

    Written in batches off the request path (trust/trackers.py). `user_id` is the signed-in visitor;
    `username` the profile viewed (a profile view), kept as text so the row outlives the username.
    """

    __tablename__ = "trackers"
    __table_args__ = (
        Index("ix_trackers_created", "created_at"),
        Index("ix_trackers_ip_created", "ip", "created_at"),
        Index("ix_trackers_user_created", "user_id", "created_at"),
        Index("ix_trackers_username_created", "username", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # "page" or "profile"
    path: Mapped[str] = mapped_column(String(300), default="")
    ip: Mapped[str] = mapped_column(String(45))
    country: Mapped[str | None] = mapped_column(String(2))
    city: Mapped[str | None] = mapped_column(String(100))
    region: Mapped[str | None] = mapped_column(String(100))
    postal: Mapped[str | None] = mapped_column(String(20))
    browser: Mapped[str] = mapped_column(String(40), default="")
    platform: Mapped[str] = mapped_column(String(40), default="")
    user_agent: Mapped[str] = mapped_column(String(400), default="")
    referer: Mapped[str] = mapped_column(String(500), default="")
    username: Mapped[str | None] = mapped_column(String(32))
    username_id: Mapped[int | None] = mapped_column()
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=clock.now)


class MemberTrust(Base):
    """An account's trust flags (issue 35), one row per account with any of them set: none for the
    many accounts never verified, flagged, restricted or cleared (every value then reads as its
    default). Loaded with the user in the same query (`User.trust`); `trust.standing` alone writes it.
    """

    __tablename__ = "member_trust"
    __table_args__ = (
        # The admin's high-risk filter (#11): a few percent of the accounts, read as a set of ids.
        partial_index(
            "ix_member_trust_high_risk",
            "user_id",
            where="high_risk",
            sqlite_where="high_risk = 1",
        ),
    )

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    # Passed the provider's age check (trust.service): the account is verified wherever it signs in.
    age_verified: Mapped[bool] = mapped_column(default=False)
    # The risk check's verdict (sign-in, registration, free claims): no free Top-Ups while set.
    high_risk: Mapped[bool] = mapped_column(default=False)
    hopping_restricted_until: Mapped[datetime | None]
    # A moderator cleared a false flag (trust.flags, issue 31): until then the risk check does not
    # set high_risk again; account-hopping links made before the clearance no longer count.
    high_risk_cleared_until: Mapped[datetime | None]
    hopping_cleared_at: Mapped[datetime | None]
