"""Listing factories: usernames straight into the database (approved and listed unless told)."""

from __future__ import annotations

import itertools
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock
from addme.listings import service
from addme.listings.models import Username
from addme.listings.validation import clean_tags, normalize_handle, short_description
from tests.factories.accounts import make_user

_seq = itertools.count(1)


def make_username(
    db: Session,
    *,
    user: User | None = None,
    tags: list[str] | None = None,
    approved_at: datetime | None = None,
    **fields: Any,
) -> Username:
    """A username (approved at `approved_at`, default a minute ago per call order), committed."""
    user = user or make_user(db)
    n = next(_seq)
    handle = fields.pop("username", f"member_{n:05d}")
    approved_at = approved_at or clock.now() - timedelta(minutes=1)
    values: dict[str, Any] = {
        "app": "snapchat",
        "gender": "Female",
        "orientation": "Straight",
        "type": "Clean",
        "age": 25,
        "country_code": "US",
        "description": "Hello there, say hi.",
        "status": "approved",
    }
    values.update(fields)
    username = Username(
        user_id=user.id,
        username=handle,
        username_normalized=normalize_handle(handle),
        short_description=short_description(values["description"]),
        approved_at=approved_at if values["status"] != "pending" else None,
        created_at=approved_at,
        updated_at=approved_at,
        **values,
    )
    username.sort_at = username.last_top_up or username.approved_at
    db.add(username)
    db.flush()
    service.set_tags(db, username=username, tags=clean_tags(tags or [])[0])
    service.refresh_listed(username, user)
    db.commit()
    service.invalidate_listings()
    return username


def submit_body(**overrides: Any) -> dict[str, Any]:
    """A valid POST /v1/user/usernames body."""
    body: dict[str, Any] = {
        "app": "snapchat",
        "username": f"alex_{next(_seq)}",
        "age": 24,
        "gender": "Female",
        "orientation": "Bisexual",
        "type": "Clean",
        "country_code": "GB",
        "description": "Night owl, gamer, coffee addict. Say hi!",
        "tags": ["Gamer", "#NightOwl"],
        "paid_content": False,
    }
    body.update(overrides)
    return body
