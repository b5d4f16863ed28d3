"""Accounts as the admin sees them: ban messages, admin levels, the searchable list of accounts.

A ban itself is moderation's (moderation.member_bans); accounts only reads it through `User.ban`."""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, Select, and_, select, true, union
from sqlalchemy.orm import Session
from sqlalchemy.sql.base import ReadOnlyColumnCollection

from addme.accounts.identity import normalize_email
from addme.accounts.models import AuthToken, User
from addme.accounts.sessions import revoke_sessions
from addme.core import clock
from addme.core.db import starts_with
from addme.core.paging import bounded_meta
from addme.core.schemas import PageMeta

BANNED = "This account has been banned."
BANNED_UNTIL = "This account has been banned until {until} UTC."
BANNED_FOR_GOOD = "This account has been banned for good."


def ban_message(user: User) -> str:
    """What a banned member reads when they try to log in: until when, and why."""
    if user.banned_until is None:
        text = BANNED_FOR_GOOD
    else:
        text = BANNED_UNTIL.format(until=user.banned_until.strftime("%Y-%m-%d %H:%M"))
    return f"{text} Reason: {user.ban_reason}" if user.ban_reason else text


def admin_delete(session: Session, *, user: User) -> None:
    """Soft-delete as the member's own deletion does: hidden now, erased after 30 days."""
    user.deleted_at = clock.now()
    revoke_sessions(session, user_id=user.id)


def set_admin_level(session: Session, *, user: User, level: str | None) -> None:
    """Change an account's admin level and end its sessions (new sessions get the level's lifetimes)."""
    user.admin_level = level or None
    revoke_sessions(session, user_id=user.id)


# Each order as (column, descending) pairs: the same order applies to users and to a CTE of them.
USER_SORTS: dict[str, tuple[tuple[str, bool], ...]] = {
    "newest": (("created_at", True), ("id", True)),
    "oldest": (("created_at", False), ("id", False)),
    "email": (("email_normalized", False),),
    "last_login": (("last_login_at", True), ("id", True)),
}
# An id filter (below) matching at most this many accounts reads them all and sorts them: a couple
# of milliseconds at most, whatever the table's size. More are walked in the order's own index.
FEW_MATCHES = 2_000


def _order(columns: ReadOnlyColumnCollection[str, Any], keys: tuple[tuple[str, bool], ...]) -> list[Any]:
    return [columns[name].desc() if descending else columns[name].asc() for name, descending in keys]


@dataclass(frozen=True, slots=True)
class IdFilter:
    """Accounts in `ids` (or, with `among=False`, not in them): a filter whose columns another
    domain owns (the wallet's VIP and Studio, moderation's bans, trust's high risk). `ids` names existing accounts, each at most once
    (a unique key referencing users), so counting them counts the accounts."""

    ids: Select[Any]
    among: bool = True

    def condition(self) -> ColumnElement[bool]:
        return User.id.in_(self.ids) if self.among else User.id.not_in(self.ids)


# Each way a search term can match (e-mail prefix, IP, id, handle prefix) contributes at most this
# many accounts: a term that matches more is too short to find someone, and the cap keeps the
# search an index look-up whatever the table's size.
SEARCH_MATCH_CAP = 1_000


def _search_ids(session: Session, term: str, handle_owner_ids: Select[Any] | None) -> Select[Any]:
    """The ids of accounts `term` finds, as a UNION of index look-ups (one per way it can match).

    One WHERE with the matches ORed together reads the whole users table on PostgreSQL (an OR
    across columns cannot walk one index); a union of capped look-ups reads a few index pages each.
    """
    dialect = session.get_bind().dialect.name
    ways: list[Select[Any]] = [
        select(User.id)
        .where(starts_with(User.email_normalized, normalize_email(term), dialect=dialect))
        .limit(SEARCH_MATCH_CAP)
    ]
    try:
        ipaddress.ip_address(term)
    except ValueError:
        pass
    else:
        ways.append(select(User.id).where(User.ip_address == term).limit(SEARCH_MATCH_CAP))
        ways.append(select(AuthToken.user_id).where(AuthToken.ip_address == term).limit(SEARCH_MATCH_CAP))
    if term.isdigit() and int(term) <= 2_147_483_647:
        ways.append(select(User.id).where(User.id == int(term)))
    if handle_owner_ids is not None:
        ways.append(handle_owner_ids.limit(SEARCH_MATCH_CAP))
    # Each capped branch is wrapped so both databases accept its LIMIT inside the UNION.
    branches = [select(way.subquery().c[0]) for way in ways]
    return union(*branches) if len(branches) > 1 else branches[0]  # type: ignore[return-value]


def lookup_for_bans(
    session: Session, *, term: str, handle_owner_ids: Select[Any] | None, limit: int
) -> list[User]:
    """Accounts a moderator may ban, found by an exact e-mail, an id or a handle prefix (never an
    e-mail prefix or an IP: a moderator sees masked e-mails and no IPs, so neither is an oracle)."""
    term = term.strip()
    ways: list[Select[Any]] = []
    if "@" in term:
        ways.append(select(User.id).where(User.email_normalized == normalize_email(term)))
    elif term.isdigit() and int(term) <= 2_147_483_647:
        ways.append(select(User.id).where(User.id == int(term)))
    if handle_owner_ids is not None:
        ways.append(handle_owner_ids.limit(SEARCH_MATCH_CAP))
    if not ways:
        return []
    branches = [select(way.subquery().c[0]) for way in ways]
    ids = union(*branches) if len(branches) > 1 else branches[0]
    return list(
        session.scalars(
            select(User)
            .where(User.id.in_(ids.scalar_subquery()), User.deleted_at.is_(None))
            .order_by(User.id)
            .limit(limit)
        )
    )


def search_users(
    session: Session,
    *,
    q: str | None,
    handle_owner_ids: Select[Any] | None,
    level: str | None,
    id_filters: Sequence[IdFilter] = (),
    sort: str,
    page: int,
    per_page: int,
) -> tuple[list[User], PageMeta]:
    """One page of accounts matching the admin's search and filters, and its meta (bounded count)."""
    own: list[ColumnElement[bool]] = []
    if q:
        own.append(User.id.in_(_search_ids(session, q.strip(), handle_owner_ids)))
    if level == "none":
        own.append(User.admin_level.is_(None))
    elif level == "any":
        own.append(User.admin_level.is_not(None))
    elif level:
        own.append(User.admin_level == level)
    matches = select(User).where(and_(true(), *(f.condition() for f in id_filters), *own))
    counted = matches
    if not own and len(id_filters) == 1 and id_filters[0].among:
        # The matches are that set's accounts: count the set (6,666 VIP wallets: 0.5 ms) rather than
        # probe users once per id to find each is there (5 ms).
        counted = id_filters[0].ids
    meta = bounded_meta(session, counted, page=page, per_page=per_page)
    keys = USER_SORTS.get(sort, USER_SORTS["newest"])
    if id_filters and meta.total <= FEW_MATCHES and not meta.total_capped:
        # No index of users is in the set's order. Given a few (500 Studio accounts in 200,000),
        # PostgreSQL may still walk the users' order, probing a wallet per account, in parallel
        # workers (25 ms); read as a whole first, the few are sorted in under 1 ms.
        few = (
            matches.with_only_columns(
                *(User.__table__.c[n] for n in dict.fromkeys(("id", *(k for k, _ in keys))))
            )
            .cte("few")
            .prefix_with("MATERIALIZED", dialect="postgresql")
        )
        ids = select(few.c.id).order_by(*_order(few.c, keys))
    else:
        # The page's ids first, then their rows: the skipped rows of a deep page are read from the
        # index alone (an index-only scan) instead of 10,000 heap visits.
        ids = matches.with_only_columns(User.id).order_by(*_order(User.__table__.c, keys))
    ids = ids.offset((page - 1) * per_page).limit(per_page)
    order = _order(User.__table__.c, keys)
    rows = session.scalars(select(User).where(User.id.in_(ids.scalar_subquery())).order_by(*order)).all()
    return list(rows), meta
