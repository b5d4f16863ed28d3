"""Demo moderation work, so a local admin has something to decide: pending usernames, open reports
(one underage), an unban request, a removal request with a generated proof, contact messages and a
few macros. Every listing stays adult (age 18 or over); the images are generated shapes."""

from __future__ import annotations

import io
import random
from datetime import timedelta

from PIL import Image, ImageDraw
from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.content.models import ContactRequest
from addme.core import clock, options, security
from addme.core.permissions import AdminLevel
from addme.demo.members import ADMIN_PASSWORD
from addme.listings import constants as c
from addme.listings import service as listings
from addme.listings.models import Username
from addme.listings.validation import normalize_handle, short_description
from addme.moderation.models import Macro, Report
from addme.moderation.requests import RemovalRequest, UnbanRequest, store_proof

MODERATOR_EMAIL = "moderator@addme.local"

_PENDING = [
    ("menu_maker", "Selling my menu, DM for prices", "selling: “selling”"),
    ("link_lover", "Find me on onlyfans.com too", "link: “onlyfans.com”"),
    ("back_again", "Night owl, say hi", c.UNLOCKED_BY_KEY),
]
_MACROS = [
    (
        "No selling",
        "review",
        "Listings may not sell content or services. Edit the description and submit again.",
    ),
    ("No links", "review", "Links go in the creator link field (VIP), not in the description."),
    ("Verified adult", "report", "The owner is a verified adult; the listing stays."),
    ("Second chance", "unban", "Your username is back. Please follow the guidelines."),
    ("Proof does not match", "removal", "The screenshot does not show the account named in the request."),
]


def _proof(rng: random.Random) -> bytes:
    """A generated screenshot stand-in: coloured bars, no text, no imagery."""
    img = Image.new("RGB", (360, 640), (30, 30, 40))
    draw = ImageDraw.Draw(img)
    for i in range(8):
        y = 40 + i * 70
        colour = (rng.randint(60, 220), rng.randint(60, 220), rng.randint(60, 220))
        draw.rounded_rectangle((20, y, 340, y + 50), radius=12, fill=colour)
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def _username(session: Session, user: User, handle: str, about: str, **fields: object) -> Username:
    now = clock.now()
    username = Username(
        user_id=user.id,
        app=options.App.SNAPCHAT,
        username=handle,
        username_normalized=normalize_handle(handle),
        description=about,
        short_description=short_description(about),
        gender="Female",
        orientation="Straight",
        age=27,
        country_code="CA",
        created_at=now,
        updated_at=now,
        **fields,
    )
    session.add(username)
    session.flush()
    listings.refresh_listed(username, user)
    return username


def seed_moderation(session: Session, users: list[User], rng: random.Random) -> None:
    """A local Moderator and a few of each queue's items."""
    now = clock.now()
    if session.scalar(select(User.id).where(User.email_normalized == MODERATOR_EMAIL)) is None:
        session.add(
            User(
                email=MODERATOR_EMAIL,
                email_normalized=MODERATOR_EMAIL,
                password_hash=security.hash_password(ADMIN_PASSWORD),
                email_confirmed_at=now,
                admin_level=AdminLevel.MODERATOR,
            )
        )
    if len(users) < 12:
        return
    owners = users[-6:]
    for i, (handle, about, reason) in enumerate(_PENDING):
        owner = owners[i]
        owner.wallet.max_usernames += 1
        held = _username(session, owner, f"{handle}_{rng.randint(100, 999)}", about, status="pending")
        held.review_reason = reason
        held.created_at = now - timedelta(hours=6 + 20 * i)
    listed = list(
        session.scalars(
            select(Username).where(Username.listed.is_(True)).order_by(Username.id.desc()).limit(4)
        )
    )
    reporters = users[:4]
    if len(listed) >= 2:
        young_looking, fake = listed[0], listed[1]
        session.add(
            Report(
                username_id=young_looking.id,
                reporter_id=reporters[0].id,
                type="underage",
                message="Looks young in the picture.",
                hid_listing=True,
            )
        )
        listings.hide(session, username=young_looking)
        session.add(
            Report(username_id=fake.id, reporter_id=reporters[1].id, type="fake", message="Stolen photos.")
        )
        session.add(
            Report(username_id=fake.id, reporter_id=reporters[2].id, type="sell", message="Sells a menu.")
        )
    banned = _username(session, owners[3], f"banned_demo_{rng.randint(100, 999)}", "Hi there")
    owners[3].wallet.max_usernames += 1
    listings.ban(session, username=banned, until=None)
    session.add(
        UnbanRequest(username_id=banned.id, user_id=owners[3].id, message="I changed my description.")
    )
    if len(listed) >= 3:
        target = listed[2]
        session.add(
            RemovalRequest(
                username_id=target.id,
                app=target.app,
                username=target.username,
                reason="This is my account and I never listed it here.",
                email="real.owner@example.com",
                proof_path=store_proof(_proof(rng)),
                created_at=now - timedelta(hours=40),
            )
        )
    for reason, notes, fields in [
        ("nokey", "", {"order_number": "40213", "checkout_email": "buyer@example.com", "checked_junk": True}),
        ("general", "How long does a review take?", {}),
        (
            "disputeban",
            "",
            {"usernames": [owners[3].email.split("@")[0]], "justification": "It was a mistake."},
        ),
    ]:
        session.add(
            ContactRequest(
                user_id=None,
                reason=reason,
                reply_email="member@example.com",
                other_notes=notes,
                fields=fields,
            )
        )
    for name, type_, text in _MACROS:
        session.add(Macro(name=name, type=type_, text=text))
