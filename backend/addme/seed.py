"""Demo data: adult demo members and a local Full admin, created once on the first `make run`."""

from __future__ import annotations

import random
from collections.abc import Callable

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from addme.accounts import service as accounts
from addme.accounts.models import AdminLevel, User
from addme.core import clock, security
from addme.core.db import session_scope

ADMIN_EMAIL = "admin@addme.local"
ADMIN_PASSWORD = "local-admin-passphrase-2026"  # noqa: S105 - local demo only; README says so
DEMO_PASSWORD = "demo-member-passphrase"  # noqa: S105 - every demo member shares it, local only

# Domains add their own demo rows (usernames, groups...) after the members exist.
SeedStep = Callable[[Session, list[User], random.Random], None]
_steps: list[SeedStep] = []


def register_step(step: SeedStep) -> SeedStep:
    """Add a seeding step that runs after demo members exist."""
    _steps.append(step)
    return step


FIRST_NAMES = [
    "Alex", "Sam", "Jordan", "Taylor", "Morgan", "Casey", "Riley", "Jamie", "Avery", "Quinn",
    "Charlie", "Skyler", "Dakota", "Reese", "Rowan", "Emerson", "Finley", "Harper", "Hayden", "Jules",
    "Kai", "Logan", "Milan", "Noa", "Parker", "Remy", "Sasha", "Tatum", "Blake", "Eden",
]  # fmt: skip


def seed_demo(*, members: int = 200, force: bool = False, seed: int = 2018) -> bool:
    """Create the demo members and admin unless the database already has users."""
    from addme import models  # noqa: F401 - all tables known

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
        for step in _steps:
            step(session, users, rng)
    return True
