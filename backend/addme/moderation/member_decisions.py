"""The decisions about a member (their export, GDPR Art. 15): one read, so that the decision records
of issue 31 can move or grow the model and change only this function."""

from __future__ import annotations

from typing import Any

from sqlalchemy import String, cast, or_, select
from sqlalchemy.orm import Session

from addme.decisions.models import StatementOfReasons
from addme.groups.models import Group
from addme.listings.models import Username
from addme.media.models import Media

_FIELDS = (
    "id",
    "decision",
    "about",
    "decision_visibility",
    "decision_account",
    "ground_reference",
    "territorial_scope",
    "ground",
    "category",
    "source_type",
    "automated_detection",
    "automated_decision",
    "facts",
    "content",
    "decided_at",
)


def decisions_about(session: Session, *, user_id: int) -> list[dict[str, Any]]:
    """Every statement of reasons about the member: on their account, usernames, media or groups
    (the statement's `content` names them, "username:4"; a member column when the model has one)."""
    targets = [f"user:{user_id}"]
    targets += [
        f"username:{i}" for i in session.scalars(select(Username.id).where(Username.user_id == user_id))
    ]
    targets += [f"media:{i}" for i in session.scalars(select(Media.id).where(Media.user_id == user_id))]
    targets += [f"group:{i}" for i in session.scalars(select(Group.id).where(Group.user_id == user_id))]
    text = cast(StatementOfReasons.content, String)
    about = [text.like(f'%"{t}"%') for t in targets]
    member_column = getattr(StatementOfReasons, "user_id", None)
    if member_column is not None:
        about.append(member_column == user_id)
    rows = session.scalars(
        select(StatementOfReasons).where(or_(*about)).order_by(StatementOfReasons.id)
    ).all()
    return [{f: getattr(r, f, None) for f in _FIELDS} for r in rows]
