"""Community factories: groups, VIP members, checked-in and banned usernames, blog posts, ads."""

from __future__ import annotations

import io
from datetime import timedelta
from typing import Any

from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.content.models import Ad, Alert, BlogPost
from addme.core import clock
from addme.groups.models import Group, GroupMember
from addme.groups.service import make_slug
from addme.listings.models import Username
from addme.screening.captcha import LOCAL_TOKEN
from addme.swipes.service import coarse
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.listings import make_username

CAPTCHA = LOCAL_TOKEN


def member(db: Session, **fields: Any) -> tuple[User, dict[str, str]]:
    """A signed-in member and their Authorization header."""
    user = make_user(db, **fields)
    return user, auth(token_for(db, user))


def vip(db: Session, **fields: Any) -> tuple[User, dict[str, str]]:
    """A signed-in VIP member (promotion ending in a week)."""
    return member(db, promotion_ending_at=clock.now() + timedelta(days=7), **fields)


def make_group(
    db: Session, *, owner: User | None = None, members: list[User] | None = None, **fields: Any
) -> Group:
    """A group with its owner (and `members`) as members, committed."""
    owner = owner or make_user(db)
    now = clock.now()
    values: dict[str, Any] = {
        "app": "snapchat",
        "name": "Night owls",
        "username": "nightowls",
        "description": "Adults only.",
        "max_members": 10,
        "last_activity_at": now,
    }
    values.update(fields)
    joined = members or []
    group = Group(user_id=owner.id, slug=make_slug(values["name"]), members_count=1 + len(joined), **values)
    db.add(group)
    db.flush()
    for u in [owner, *joined]:
        db.add(GroupMember(group_id=group.id, user_id=u.id))
    db.commit()
    return group


def checked_in(db: Session, *, user: User, lat: float, lng: float, **fields: Any) -> Username:
    """A listed username checked in at the grid point nearest (lat, lng)."""
    lat_c, lng_c = coarse(lat, lng)
    return make_username(
        db, user=user, checkin_lat=lat_c, checkin_lng=lng_c, checked_in_at=clock.now(), **fields
    )


def banned(db: Session, *, user: User, until: Any, **fields: Any) -> Username:
    """A banned username (banned until `until`, None for no end date)."""
    return make_username(db, user=user, status="banned", banned_until=until, **fields)


def make_post(db: Session, **fields: Any) -> BlogPost:
    values: dict[str, Any] = {
        "slug": "hello",
        "title": "Hello",
        "summary": "A post.",
        "body_markdown": "# Hello\n\nWorld.",
        "visible": True,
        "published_at": clock.now() - timedelta(days=1),
    }
    values.update(fields)
    post = BlogPost(**values)
    db.add(post)
    db.commit()
    return post


def make_alert(db: Session, **fields: Any) -> Alert:
    alert = Alert(**{"spots": "global", "type": "info", "text": "Hi", "html": "", **fields})
    db.add(alert)
    db.commit()
    return alert


def make_ad(db: Session, **fields: Any) -> Ad:
    values: dict[str, Any] = {"name": "Ad", "spots": "layout-top", "type": "Link", "country_codes": "GLOBAL"}
    values.update(fields)
    ad = Ad(**values)
    db.add(ad)
    db.commit()
    return ad


def png(width: int = 40, height: int = 30) -> bytes:
    """A real PNG image."""
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (width, height), (200, 30, 90)).save(buf, format="PNG")
    return buf.getvalue()
