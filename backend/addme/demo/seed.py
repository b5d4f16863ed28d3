"""Demo data: adult demo members and a local Full admin, created once on the first `make run`."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from addme import models  # noqa: F401 - every table known before the steps query
from addme.accounts import service as accounts
from addme.accounts.models import User
from addme.core import clock, security
from addme.core.db import session_scope
from addme.core.permissions import AdminLevel
from addme.demo import content, groups, listings, media, moderation, orders, swipes
from addme.demo.members import ADMIN_EMAIL, ADMIN_PASSWORD, DEMO_PASSWORD, FIRST_NAMES
from addme.listings import stats as listing_stats
from addme.moderation import reputation

# Each domain's demo rows, added in this order once the members exist (galleries need usernames).
SeedStep = Callable[[Session, list[User], random.Random], None]


def _score_usernames(session: Session, _users: list[User], _rng: random.Random) -> None:
    # What the refresh-reputation job would write on its first run: a VIP visitor of the demo sees
    # real scores at once, not 0 everywhere until the scheduler's first pass.
    session.flush()
    reputation.refresh(session)


def _count_facets(session: Session, _users: list[User], _rng: random.Random) -> None:
    # What the facet recount job writes every minute: a seeded site opens with its tag and country
    # counts, instead of its first visitors' requests recounting side by side (they wait on one
    # another for it, seconds at a larger seed).
    session.flush()
    listing_stats.refresh_facets(session)


STEPS: Sequence[SeedStep] = (
    content.seed_content,
    groups.seed_groups,
    listings.seed_usernames,
    media.seed_galleries,
    moderation.seed_moderation,
    orders.seed_orders,
    swipes.seed_checkins,
    _score_usernames,
    _count_facets,
)


def seed_demo(*, members: int = 200, force: bool = False, seed: int = 2018) -> bool:
    """Create the demo members and admin unless the database already has users."""
    rng = random.Random(seed)
    with session_scope() as session:
        if not force and (session.scalar(select(func.count()).select_from(User)) or 0) > 0:
            return False
        if accounts.get_by_email(session, email=ADMIN_EMAIL) is None:
            accounts.create_user(
                session, email=ADMIN_EMAIL, password=ADMIN_PASSWORD, admin_level=AdminLevel.FULL
            )
        # One hash for every demo member: hashing 200 times would only slow the first run down.
        shared_hash = security.hash_password(DEMO_PASSWORD)
        now = clock.now()
        users: list[User] = []
        for i in range(members):
            name = rng.choice(FIRST_NAMES)
            user = User(
                email=f"member{i + 1}@demo.addme.local",
                email_normalized=f"member{i + 1}@demo.addme.local",
                password_hash=shared_hash,
                first_name=name,
                email_confirmed_at=now,
                created_at=now,
                updated_at=now,
            )
            session.add(user)
            users.append(user)
        session.flush()
        for step in STEPS:
            step(session, users, rng)
    return True
