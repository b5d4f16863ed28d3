"""Demo check-ins: a few dozen demo members around a few cities, so local swipes have cards at once."""

from __future__ import annotations

import random
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock
from addme.listings import service as listings
from addme.listings.models import Username
from addme.swipes.service import coarse

# City centres (lat, lng). A visitor who checks in at or near one of these sees that city's cards.
CITIES = {
    "London": (51.5074, -0.1278),
    "New York": (40.7128, -74.0060),
    "Paris": (48.8566, 2.3522),
    "Berlin": (52.5200, 13.4050),
}
PER_CITY = 9
SPREAD_DEG = 0.25  # about 25 km around the centre, inside every distance bucket of the deck


def seed_checkins(session: Session, users: list[User], rng: random.Random) -> None:
    """Check in PER_CITY listed demo usernames around each city, within the last few hours."""
    session.flush()
    now = clock.now()
    ids = [u.id for u in users]
    listed = list(
        session.scalars(
            select(Username).where(Username.user_id.in_(ids), Username.listed.is_(True)).order_by(Username.id)
        )
    )
    rng.shuffle(listed)
    picked = iter(listed)
    for lat, lng in CITIES.values():
        for _ in range(PER_CITY):
            username = next(picked, None)
            if username is None:
                return
            pos = coarse(
                lat + rng.uniform(-SPREAD_DEG, SPREAD_DEG), lng + rng.uniform(-SPREAD_DEG, SPREAD_DEG)
            )
            at = now - timedelta(minutes=rng.randint(5, 6 * 60))
            listings.set_checkin(session, username=username, lat=pos[0], lng=pos[1], at=at)
