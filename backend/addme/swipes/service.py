"""Check-in, clear location, the nearby deck, swipes and favorites.

Privacy rule: a position is snapped to a grid of about 5 km before it is stored (0.05° of latitude,
and 0.05°/cos(lat) of longitude so a cell is about as wide as it is tall), so neither the database nor
any answer ever holds a finer position. Other members only ever read a distance bucket.
"""

from __future__ import annotations

import math
from datetime import date, datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock, ratelimit
from addme.core.config import get_settings
from addme.core.errors import AppError, Forbidden, NotFound
from addme.core.schemas import from_row
from addme.listings import service as listings
from addme.listings.models import Username
from addme.swipes.codes import SwipeCode
from addme.swipes.models import Swipe, SwipeDailyStat
from addme.swipes.schemas import (
    CheckInResult,
    CoarseLocation,
    Deck,
    Favorite,
    Favorites,
    SwipeCard,
    SwipeResult,
)

LAT_STEP = 0.05  # degrees: about 5.6 km
GRID_KM = 5
EARTH_KM = 6371.0
RADIUS_KM = 100
BUCKETS = (10, 25, 50, 100)
CHECKIN_FRESH = timedelta(days=7)
DECK_SIZE = 20
CANDIDATES = 500
CHECKIN_LIMIT = "20/hour"

CHECKED_IN = "Checked in."
CLEARED = "Location cleared."
NEEDS_VIP = "Local swipes are for VIP and Studio members. Become VIP to see who is nearby."
DISABLED = "Local swipes are not available."
CHECK_IN_FIRST = "Check in first to see who is nearby."
CANNOT_CHECK_IN = "Only a listed username can check in."
LIKED = "Added to your favorites."
PASSED = "Skipped."
MATCHED = "It's a match! You liked each other."
NOT_AVAILABLE = "Username could not be found or connexion failed."
SELF_SWIPE = "You cannot swipe your own usernames."


def coarse(lat: float, lng: float) -> tuple[float, float]:
    """Snap a position to the ~5 km grid (idempotent: a grid point snaps to itself)."""
    lat_c = max(-90.0, min(90.0, round(round(lat / LAT_STEP) * LAT_STEP, 4)))
    # Near the poles a degree of longitude shrinks to nothing: cap the step at 5°.
    step = LAT_STEP / max(math.cos(math.radians(lat_c)), 0.01)
    k = round(lng / step)
    # At the antimeridian the last cell is pulled inside rather than wrapped, so a stored point
    # always snaps to itself (a wrapped one would land off the grid).
    while k * step > 180.0:
        k -= 1
    while k * step < -180.0:
        k += 1
    return lat_c, round(k * step, 4)


def distance_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Great-circle distance between two points."""
    lat1, lng1, lat2, lng2 = map(math.radians, (*a, *b))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lng2 - lng1) / 2) ** 2
    return 2 * EARTH_KM * math.asin(min(1.0, math.sqrt(h)))


def bucket(km: float) -> str | None:
    """'within 10 km' and up; never finer than 10 km (twice the grid), None beyond the radius."""
    for limit in BUCKETS:
        if km <= limit:
            return f"within {limit} km"
    return None


def _require_swipes(user: User) -> None:
    if not get_settings().swipes_enabled:
        raise NotFound(DISABLED, code=SwipeCode.SWIPES_DISABLED)
    if not user.is_vip:
        raise Forbidden(NEEDS_VIP, code=SwipeCode.VIP_REQUIRED)


def _position(u: Username, now: datetime) -> tuple[float, float] | None:
    if u.checkin_lat is None or u.checkin_lng is None or u.checked_in_at is None:
        return None
    if u.checked_in_at < now - CHECKIN_FRESH:
        return None
    return (u.checkin_lat, u.checkin_lng)


def check_in(session: Session, *, user: User, username_id: int, lat: float, lng: float) -> CheckInResult:
    """Store the username's coarse position; it also counts as a check-in for free Top-Ups."""
    ratelimit.hit(CHECKIN_LIMIT, "check-in", str(user.id))
    username = listings.get_own(session, user=user, username_id=username_id)
    if username.status != "approved" or username.is_hidden:
        raise AppError(CANNOT_CHECK_IN, code=SwipeCode.CANNOT_CHECK_IN)
    lat_c, lng_c = coarse(lat, lng)
    listings.set_checkin(session, username=username, lat=lat_c, lng=lng_c, at=clock.now())
    session.commit()
    return CheckInResult(
        success=True, message=CHECKED_IN, location=CoarseLocation(lat=lat_c, lng=lng_c, precision_km=GRID_KM)
    )


def clear_location(session: Session, *, user: User, username_id: int) -> CheckInResult:
    """Forget the username's position (its check-in time stays: the free Top-Up rule reads it)."""
    username = listings.get_own(session, user=user, username_id=username_id)
    listings.set_checkin(session, username=username, lat=None, lng=None)
    session.commit()
    return CheckInResult(success=True, message=CLEARED)


def _card(u: Username, *, now: datetime, origin: tuple[float, float] | None) -> SwipeCard:
    where = _position(u, now)
    km = distance_km(origin, where) if origin and where else None
    return from_row(
        SwipeCard,
        u,
        tags=u.tags_text.split() if u.tags_text else [],
        is_vip=u.owner_vip_until is not None and u.owner_vip_until > now,
        promoted_reason=listings.promoted_reason(
            now=now, pin=u.fire_pinned_until, vip=u.owner_vip_until, last_top_up=u.last_top_up
        ),
        distance=bucket(km) if km is not None else None,
        owner_verified=u.owner_verified_at is not None,
    )


def _checked_in_own(
    session: Session, *, user: User, username_id: int, now: datetime
) -> tuple[Username, tuple[float, float]]:
    """The caller's username and its position; the spec's city guard refuses one not checked in."""
    username = listings.get_own(session, user=user, username_id=username_id)
    origin = _position(username, now)
    if origin is None:
        raise AppError(CHECK_IN_FIRST, code=SwipeCode.CHECK_IN_REQUIRED)
    return username, origin


def deck(session: Session, *, user: User, username_id: int, limit: int = DECK_SIZE) -> Deck:
    """Listed, checked-in usernames near the chosen one, nearest first; not own, not swiped yet."""
    _require_swipes(user)
    now = clock.now()
    me, origin = _checked_in_own(session, user=user, username_id=username_id, now=now)
    dlat = RADIUS_KM / 111.0
    dlng = RADIUS_KM / (111.0 * max(math.cos(math.radians(origin[0])), 0.01))
    swiped = select(Swipe.id).where(Swipe.from_username_id == me.id, Swipe.to_username_id == Username.id)
    where = [
        Username.listed.is_(True),
        Username.user_id != user.id,
        Username.checkin_lat.is_not(None),
        Username.checked_in_at >= now - CHECKIN_FRESH,
        Username.checkin_lat.between(origin[0] - dlat, origin[0] + dlat),
        ~swiped.exists(),
    ]
    # The box is a cheap prefilter; across the antimeridian it is skipped and distance decides alone.
    if origin[1] - dlng >= -180 and origin[1] + dlng < 180:
        where.append(Username.checkin_lng.between(origin[1] - dlng, origin[1] + dlng))
    rows = session.scalars(
        select(Username).where(*where).order_by(Username.checked_in_at.desc()).limit(CANDIDATES)
    ).all()
    near: list[tuple[float, datetime, Username]] = []
    for u in rows:
        pos = _position(u, now)
        if pos is None:
            continue
        km = distance_km(origin, pos)
        if km <= RADIUS_KM:
            near.append((km, u.checked_in_at or now, u))
    near.sort(key=lambda t: (t[0], -t[1].timestamp()))
    return Deck(username_id=me.id, data=[_card(u, now=now, origin=origin) for _, _, u in near[:limit]])


def _count(session: Session, *, day: date, action: str) -> None:
    """Insert-or-increment today's row: one statement, so two swipes at once both count."""
    col = "likes" if action == "like" else "passes"
    insert = pg_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
    stmt = insert(SwipeDailyStat).values(day=day, likes=int(col == "likes"), passes=int(col == "passes"))
    session.execute(
        stmt.on_conflict_do_update(index_elements=["day"], set_={col: getattr(SwipeDailyStat, col) + 1})
    )


def swipe(session: Session, *, user: User, from_id: int, to_id: int, action: str) -> SwipeResult:
    """Like or pass on a nearby username; a second swipe on the same pair changes the first."""
    _require_swipes(user)
    now = clock.now()
    me, _ = _checked_in_own(session, user=user, username_id=from_id, now=now)
    target = session.get(Username, to_id)
    if target is None or not target.listed:
        raise NotFound(NOT_AVAILABLE, code=SwipeCode.USERNAME_NOT_FOUND)
    if target.user_id == user.id:
        raise AppError(SELF_SWIPE, code=SwipeCode.SELF_SWIPE)
    existing = session.scalar(
        select(Swipe).where(Swipe.from_username_id == me.id, Swipe.to_username_id == target.id)
    )
    if existing is None:
        session.add(
            Swipe(
                user_id=user.id,
                from_username_id=me.id,
                to_username_id=target.id,
                action=action,
                created_at=now,
                updated_at=now,
            )
        )
        _count(session, day=now.date(), action=action)
    else:
        existing.action, existing.updated_at = action, now
    session.commit()
    if action != "like":
        return SwipeResult(success=True, message=PASSED)
    back = session.scalar(
        select(Swipe.id).where(
            Swipe.from_username_id == target.id, Swipe.to_username_id == me.id, Swipe.action == "like"
        )
    )
    return SwipeResult(success=True, message=MATCHED if back else LIKED, match=back is not None)


def favorites(session: Session, *, user: User, username_id: int | None = None) -> Favorites:
    """Usernames the caller liked that are still listed, newest like first."""
    _require_swipes(user)
    now = clock.now()
    q = (
        select(Swipe, Username)
        .join(Username, Username.id == Swipe.to_username_id)
        .where(Swipe.user_id == user.id, Swipe.action == "like", Username.listed.is_(True))
        .order_by(Swipe.updated_at.desc(), Swipe.id.desc())
        .limit(200)
    )
    if username_id is not None:
        q = q.where(Swipe.from_username_id == username_id)
    rows = session.execute(q).all()
    origins: dict[int, tuple[float, float] | None] = {}
    data: list[Favorite] = []
    for sw, target in rows:
        if sw.from_username_id not in origins:
            mine = session.get(Username, sw.from_username_id)
            origins[sw.from_username_id] = _position(mine, now) if mine else None
        card = _card(target, now=now, origin=origins[sw.from_username_id])
        data.append(
            Favorite(**card.model_dump(), liked_at=sw.updated_at, from_username_id=sw.from_username_id)
        )
    return Favorites(data=data)


def daily_stats(session: Session, *, since: date) -> list[SwipeDailyStat]:
    """Swipes per day from `since`, for the admin's stats."""
    return list(
        session.scalars(
            select(SwipeDailyStat).where(SwipeDailyStat.day >= since).order_by(SwipeDailyStat.day)
        )
    )


def total_swipes(session: Session) -> int:
    """Every swipe ever counted."""
    return int(
        session.scalar(select(func.coalesce(func.sum(SwipeDailyStat.likes + SwipeDailyStat.passes), 0))) or 0
    )
