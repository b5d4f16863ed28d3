"""The member's consents for ads (GDPR Art. 9): orientation is special-category data, so ads use it
only after the member opts in on the account page; until then the spec's Straight fallback."""

from __future__ import annotations

from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from addme.accounts import service as accounts
from addme.accounts.models import ConsentKind, User
from addme.core.options import OrientationName
from addme.core.schemas import StrictInput, UtcDatetime
from addme.listings import service as listings


class ConsentChange(BaseModel):
    kind: str
    granted: bool
    at: UtcDatetime


class ConsentsRead(BaseModel):
    orientation_ads: bool = Field(
        description="ads may be chosen by the member's orientation (off by default)"
    )
    ad_orientation: OrientationName | None = Field(
        description="the orientation ads use for this member: theirs when they opted in, else null (Straight)"
    )
    changes: list[ConsentChange] = Field(description="every change, newest first, with its time")


class ConsentsUpdate(StrictInput):
    orientation_ads: bool


def ad_orientation(session: Session, *, user: User | None) -> str | None:
    """The member's own orientation for choosing ads, only with their consent; None otherwise (the
    ad choice then falls back to Straight, spec section 5)."""
    if user is None:
        return None
    if not accounts.consents.current(session, user_id=user.id)[ConsentKind.ORIENTATION_ADS]:
        return None
    return listings.member_orientation(session, user_id=user.id)


def read(session: Session, *, user: User) -> ConsentsRead:
    """The member's consents, the orientation ads may use, and the changes with their times."""
    state = accounts.consents.current(session, user_id=user.id)
    return ConsentsRead(
        orientation_ads=state[ConsentKind.ORIENTATION_ADS],
        ad_orientation=ad_orientation(session, user=user),
        changes=[
            ConsentChange(kind=k, granted=g, at=at)
            for k, g, at in accounts.consents.changes(session, user_id=user.id)
        ],
    )


def update(session: Session, *, user: User, body: ConsentsUpdate, ip: str | None) -> ConsentsRead:
    """Give or withdraw a consent; each change is recorded with its time (and address)."""
    accounts.consents.set_consent(
        session, user=user, kind=ConsentKind.ORIENTATION_ADS, granted=body.orientation_ads, ip=ip
    )
    session.commit()
    return read(session, user=user)
