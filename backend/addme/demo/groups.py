"""Demo groups owned by demo members, with a few members each."""

from __future__ import annotations

import random
from datetime import timedelta

from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock
from addme.groups.models import Group, GroupMember
from addme.groups.service import make_slug

NAMES = [
    ("snapchat", "Late night snaps"), ("snapchat", "Gym and flirt"), ("snapchat", "UK singles 18+"),
    ("snapchat", "Gamers after dark"), ("telegram", "Open minded chat"), ("telegram", "Bi friends"),
    ("telegram", "Travel and fun"), ("telegram", "Night owls"), ("kik", "Kik roleplay 18+"),
    ("kik", "Chill vibes only"), ("kik", "Lonely hearts"), ("snapchat", "Couples corner"),
]  # fmt: skip


def seed_groups(session: Session, users: list[User], rng: random.Random) -> None:
    if len(users) < 3:
        return
    now = clock.now()
    for app, name in NAMES:
        owner = rng.choice(users)
        joiners = rng.sample([u for u in users if u is not owner], k=min(len(users) - 1, rng.randint(1, 12)))
        when = now - timedelta(hours=rng.randint(1, 120))
        handle = (
            f"https://t.me/+{rng.getrandbits(40):x}"
            if app == "telegram"
            else name.lower().replace(" ", "")[:20]
        )
        group = Group(
            user_id=owner.id,
            app=app,
            name=name,
            slug=make_slug(name),
            username=handle,
            description=f"{name}: adults only, be respectful, no selling.",
            max_members=rng.choice([20, 50, 100, 250]),
            members_count=1 + len(joiners),
            last_activity_at=when,
            created_at=when,
            updated_at=when,
        )
        session.add(group)
        session.flush()
        session.add(GroupMember(group_id=group.id, user_id=owner.id, joined_at=when))
        for u in joiners:
            session.add(GroupMember(group_id=group.id, user_id=u.id, joined_at=when))
