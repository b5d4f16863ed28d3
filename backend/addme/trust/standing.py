"""An account's trust flags (issue 35): trust's table `member_trust`, one row per account with any
flag set (age verified, high risk, the hopping restriction, a moderator's clearances).

Every change goes through a verb here, which carries its rule: the risk check's verdict at sign-in
and registration (accounts' arrival hook, wired in addme/api/main.py), a free claim's, the hopping
restriction and its release by a purchase (the shop, applying a key), a moderator's clearance
(trust.flags). The caller commits. Other domains read the flags through `User.trust` (loaded with
the user) and its read-only properties, and in SQL through `User.trust.has(...)` or the reads below.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, Select, or_, select, update
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.accounts.signin import Arrival
from addme.core.db import insert_once
from addme.screening import risk
from addme.trust.models import MemberTrust

# Spec section 9: an account made past its device's allowance, or linked to another by a free
# claim from one device or address, loses free Top-Ups this long (or until it buys).
HOPPING_COOL_DOWN = timedelta(days=30)
# A moderator's clearance of a false high-risk flag holds this long (trust.flags, issue 31).
CLEARANCE_HOLDS = timedelta(days=90)


def _row(session: Session, *, user: User) -> MemberTrust:
    """The account's row, made on first use (race-free: a concurrent twin inserts nothing)."""
    if user.trust is None:
        insert_once(session, MemberTrust, {"user_id": user.id}, conflict=["user_id"])
        # Read `user.trust` again: the relationship is trust's to refresh, never to assign (an
        # assignment would be a write to users).
        session.expire(user, ["trust"])
    row = user.trust
    assert row is not None
    return row  # type: ignore[no-any-return]


def _tidy(session: Session, *, user: User) -> None:
    """No row for an account with no flag left: the table holds only accounts it says something of."""
    row = user.trust
    if row is None or row.age_verified or row.high_risk:
        return
    if row.hopping_restricted_until or row.high_risk_cleared_until or row.hopping_cleared_at:
        return
    session.delete(row)
    session.flush()
    session.expire(user, ["trust"])


def _cleared(user: User, now: datetime) -> bool:
    until = user.high_risk_cleared_until
    return until is not None and until > now


# -- the verbs --------------------------------------------------------------------------------------


def verify_age(session: Session, *, user: User) -> None:
    """The provider said the account's holder is an adult: verified wherever they sign in."""
    _row(session, user=user).age_verified = True


def assess_arrival(session: Session, arrival: Arrival) -> None:
    """accounts' arrival hook: the risk check at each sign-in and registration (spec section 4).

    Signing in from a blacklisted range, Tor, a hosting network, a VPN or a proxy, or a scripted
    sign-in (the bot assessment's verdict), makes the account high-risk; signing in again from
    elsewhere clears it, unless a moderator's clearance holds. An account made past its device's
    allowance is restricted for account hopping.
    """
    user, bot = arrival.user, arrival.bot
    risky = risk.assess(session, ip=arrival.ip).high_risk or bool(bot and bot.verdict.bot)
    _set_high_risk(session, user=user, high_risk=risky and not _cleared(user, arrival.now))
    if arrival.new and bot is not None and bot.verdict.device_hopping:
        # One more account than its device's allowance: account hopping, as a free claim's.
        _row(session, user=user).hopping_restricted_until = arrival.now + HOPPING_COOL_DOWN


def _set_high_risk(session: Session, *, user: User, high_risk: bool) -> None:
    if user.high_risk == high_risk:
        return  # most sign-ins: nothing to write, no row to make
    _row(session, user=user).high_risk = high_risk
    _tidy(session, user=user)


def flag_high_risk(session: Session, *, user: User, now: datetime) -> None:
    """A free claim's risk check found the network or the browser risky: high-risk, unless a
    moderator's clearance holds (a claim never clears the flag; a sign-in from elsewhere does)."""
    if not user.high_risk and not _cleared(user, now):
        _set_high_risk(session, user=user, high_risk=True)


def restrict_hopping(session: Session, *, user_ids: Sequence[int], until: datetime) -> None:
    """These accounts lose free Top-Ups until `until`; a restriction already longer is kept.

    One conditional UPDATE after an insert-once per account, so two claims linking the same
    accounts at once both leave the longer end. Instances loaded before are not refreshed.
    """
    for user_id in user_ids:
        insert_once(session, MemberTrust, {"user_id": user_id}, conflict=["user_id"])
    shorter = or_(
        MemberTrust.hopping_restricted_until.is_(None), MemberTrust.hopping_restricted_until < until
    )
    session.execute(
        update(MemberTrust)
        .where(MemberTrust.user_id.in_(list(user_ids)), shorter)
        .values(hopping_restricted_until=until),
        execution_options={"synchronize_session": False},
    )


def lift_hopping(session: Session, *, user: User) -> None:
    """A Top-Up or VIP purchase releases the account (the shop, applying a key)."""
    if user.hopping_restricted_until is None:
        return
    _row(session, user=user).hopping_restricted_until = None
    _tidy(session, user=user)


def clear_high_risk(session: Session, *, user: User, now: datetime) -> None:
    """A moderator found the flag false: off, and the risk check leaves it off for CLEARANCE_HOLDS."""
    row = _row(session, user=user)
    row.high_risk = False
    row.high_risk_cleared_until = now + CLEARANCE_HOLDS


def clear_hopping(session: Session, *, user: User, now: datetime) -> None:
    """A moderator found the restriction false: lifted, and the links made before now no longer count."""
    row = _row(session, user=user)
    row.hopping_restricted_until = None
    row.hopping_cleared_at = now


# -- reads for other domains' queries ---------------------------------------------------------------


def high_risk_user_ids() -> Select[Any]:
    """Ids of the high-risk accounts, for another domain's filter (the admin's user table)."""
    # "= true", not "IS TRUE": PostgreSQL proves the partial index's predicate only from the former.
    return select(MemberTrust.user_id).where(MemberTrust.high_risk == True)  # noqa: E712


def hopping_restricted(now: datetime) -> ColumnElement[bool]:
    """In SQL: the account (`User`) is restricted for account hopping at `now`."""
    return User.trust.has(MemberTrust.hopping_restricted_until > now)


def age_verified() -> ColumnElement[bool]:
    """In SQL: the account (`User`) passed the age check."""
    return User.trust.has(MemberTrust.age_verified == True)  # noqa: E712
