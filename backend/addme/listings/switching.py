"""Switch Account for Studio accounts (/user/switch) and the rules that bound it (/admin/switch-rules).

A Studio manages its usernames from one login; /user/switch lists the ones it may switch to. The
rules, per app, say whether that app's usernames may be switched to at all and how many of them
(the oldest first). The server applies them: a username the rules leave out is listed as blocked,
with why, and is not offered as a switch.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock, options
from addme.core.errors import Forbidden
from addme.core.options import AppName
from addme.core.schemas import StrictInput, from_row
from addme.listings import constants as c
from addme.listings.codes import ListingCode
from addme.listings.models import SwitchRule, Username

NOT_STUDIO = "Switch Account is for Studio accounts."
# Usernames a Studio still has (deleted ones are gone for good).
_KEPT = (c.Status.PENDING, c.Status.APPROVED, c.Status.REJECTED, c.Status.BANNED, c.Status.DELISTED)


class SwitchRuleRead(BaseModel):
    app: AppName
    allowed: bool
    max_accounts: int


class SwitchRuleIn(StrictInput):
    allowed: bool = Field(strict=True)
    max_accounts: int = Field(ge=1, le=c.STUDIO_MAX_USERNAMES, strict=True)
    reason: str = Field(default="", max_length=300)


class SwitchAccount(BaseModel):
    id: int
    username: str
    app: AppName
    status: c.UsernameStatus
    switchable: bool
    # Why it is not: its app is closed to switching, or the app's limit is reached.
    blocked: Literal["app", "limit"] | None


class SwitchList(BaseModel):
    accounts: list[SwitchAccount]
    rules: list[SwitchRuleRead]


def rules(session: Session) -> list[SwitchRuleRead]:
    """Every app's rule, the default (allowed, up to 25) where none was set."""
    stored = {r.app: r for r in session.scalars(select(SwitchRule))}
    out = []
    for app in options.App:
        row = stored.get(app.value)
        out.append(
            SwitchRuleRead(
                app=app.value,
                allowed=row.allowed if row else True,
                max_accounts=row.max_accounts if row else c.STUDIO_MAX_USERNAMES,
            )
        )
    return out


def set_rule(
    session: Session, *, app: str, allowed: bool, max_accounts: int
) -> tuple[SwitchRuleRead, SwitchRuleRead]:
    """Store one app's rule; returns (before, after). The caller audits and commits."""
    before = next(r for r in rules(session) if r.app == app)
    row = session.get(SwitchRule, app)
    if row is None:
        row = SwitchRule(app=app, allowed=allowed, max_accounts=max_accounts)
        session.add(row)
    row.allowed, row.max_accounts, row.updated_at = allowed, max_accounts, clock.now()
    session.flush()
    return before, SwitchRuleRead(app=app, allowed=allowed, max_accounts=max_accounts)


def switch_list(session: Session, *, user: User) -> SwitchList:
    """The Studio's usernames, each switchable or blocked by the rules; 403 for other accounts."""
    if not user.is_studio:
        raise Forbidden(NOT_STUDIO, code=ListingCode.NOT_STUDIO)
    current: dict[str, SwitchRuleRead] = {r.app: r for r in rules(session)}
    taken: dict[str, int] = {}
    accounts = []
    for u in session.scalars(
        select(Username).where(Username.user_id == user.id, Username.status.in_(_KEPT)).order_by(Username.id)
    ):
        rule = current[u.app]
        blocked: Literal["app", "limit"] | None = None
        if not rule.allowed:
            blocked = "app"
        elif taken.get(u.app, 0) >= rule.max_accounts:
            blocked = "limit"
        else:
            taken[u.app] = taken.get(u.app, 0) + 1
        accounts.append(from_row(SwitchAccount, u, switchable=blocked is None, blocked=blocked))
    return SwitchList(accounts=accounts, rules=list(current.values()))
