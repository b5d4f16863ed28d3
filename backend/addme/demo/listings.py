"""Demo usernames for the seeded members, with generated avatars (gradients and initials, no photos)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import timedelta
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock, options
from addme.core.config import get_settings
from addme.listings import constants as c
from addme.listings import service, validation
from addme.listings.models import SubmitClock, Username
from addme.screening import service as screening

_WORDS = [
    "sunny", "velvet", "midnight", "wild", "lucky", "cosmic", "silver", "honey", "neon", "frosty", "rebel",
    "shy", "sweet", "dark", "blue", "ruby", "misty", "gold", "lazy", "spicy", "peach", "storm", "pixel",
]  # fmt: skip
_NOUNS = [
    "fox", "wolf", "kitty", "tiger", "rose", "angel", "rider", "dreamer", "panda", "bear", "vibes", "moon",
    "star", "lynx", "raven", "bunny", "ghost", "sky", "nova", "blaze", "muse", "otter",
]  # fmt: skip
_TAGS = [
    "gamer", "fitness", "music", "travel", "anime", "gym", "chill", "nightowl", "foodie", "art", "bbw",
    "tattoos", "cosplay", "outdoors", "movies", "dogs", "cats", "reading", "dancing", "yoga", "sporty",
]  # fmt: skip
_ABOUT = [
    "Just moved here and looking for new friends to chat with.",
    "Love late night conversations, memes and music. Say hi!",
    "Gym in the morning, games at night. Add me if you're fun.",
    "Traveller, foodie and dog person. Open-minded and easy going.",
    "Shy at first, then I never stop talking. Be nice!",
    "Looking for someone to swap stories and playlists with.",
    "",
]
_COUNTRIES = ["US", "US", "US", "GB", "GB", "CA", "CA", "AU", "DE", "FR", "NL", "SE", "IE", "NZ", "ES", "IT"]
_GENDER_W = [
    (options.Gender.FEMALE, 40),
    (options.Gender.MALE, 40),
    (options.Gender.TRANSGENDER, 10),
    (options.Gender.OTHER, 10),
]
_ORIENT_W = [
    (options.Orientation.STRAIGHT, 45), (options.Orientation.BISEXUAL, 25), (options.Orientation.GAY, 15),
    (options.Orientation.LESBIAN, 10), (options.Orientation.OTHER, 5),
]  # fmt: skip


def _pick(rng: random.Random, weighted: Sequence[tuple[str, int]]) -> str:
    return rng.choices([w[0] for w in weighted], weights=[w[1] for w in weighted])[0]


def _handle(rng: random.Random, app: str) -> str:
    sep = "_" if app == options.App.TELEGRAM else rng.choice(["", "_", "."])
    base = f"{rng.choice(_WORDS)}{sep}{rng.choice(_NOUNS)}"
    handle = f"{base}{rng.randint(1, 999)}"
    if app == options.App.TELEGRAM:
        handle = handle.replace(".", "_")
    limit = {options.App.SNAPCHAT: 15, options.App.TELEGRAM: 32, options.App.KIK: 20}[options.App(app)]
    return handle[:limit]


def avatar(path: Path, *, initials: str, rng: random.Random) -> None:
    """A 256x256 WebP: a diagonal two-colour gradient with the initials in the middle."""
    a = tuple(rng.randint(40, 220) for _ in range(3))
    b = tuple(rng.randint(40, 220) for _ in range(3))
    size, small = 256, 32
    # Paint a small gradient and let the resize interpolate: 1,024 pixels in Python, not 65,536.
    img = Image.new("RGB", (small, small))
    px = img.load()
    assert px is not None
    for y in range(small):
        for x in range(small):
            t = (x + y) / (2 * small - 2)
            px[x, y] = tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))
    img = img.resize((size, size), Image.Resampling.BILINEAR)
    draw = ImageDraw.Draw(img)
    try:
        font: ImageFont.FreeTypeFont | ImageFont.ImageFont = ImageFont.load_default(size=96)
    except TypeError:
        font = ImageFont.load_default()
    draw.text((size / 2, size / 2), initials, fill=(255, 255, 255), font=font, anchor="mm")
    path.parent.mkdir(parents=True, exist_ok=True)
    img.save(path, "WEBP", quality=80)


def seed_usernames(session: Session, users: list[User], rng: random.Random) -> None:
    """One username per demo member (some two), all adults, approved, spread over the last days."""
    now = clock.now()
    screening.ensure_default_terms(session)
    media = get_settings().media_dir / "avatars"
    taken: set[tuple[str, str]] = set()
    for i, user in enumerate(users):
        if i % 12 == 0:
            user.wallet.promotion_ending_at = now + timedelta(days=rng.randint(3, 30))
        count = 2 if i % 9 == 0 else 1
        user.wallet.max_usernames = count
        for _ in range(count):
            app = rng.choice(
                [options.App.SNAPCHAT, options.App.SNAPCHAT, options.App.TELEGRAM, options.App.KIK]
            )
            handle = _handle(rng, app)
            while (app, handle.casefold()) in taken:
                handle = _handle(rng, app)
            taken.add((app, handle.casefold()))
            approved = now - timedelta(days=rng.uniform(1, 20))
            topped = approved + (now - approved) * rng.random() if rng.random() < 0.6 else None
            about = rng.choice(_ABOUT)
            username = Username(
                user_id=user.id,
                app=app,
                username=handle,
                username_normalized=validation.normalize_handle(handle),
                description=about,
                short_description=validation.short_description(about),
                gender=_pick(rng, _GENDER_W),
                orientation=_pick(rng, _ORIENT_W),
                type=options.UsernameType.DIRTY if rng.random() < 0.15 else options.UsernameType.CLEAN,
                age=rng.randint(18, 55),
                country_code=rng.choice(_COUNTRIES),
                tags_text=" ".join(rng.sample(_TAGS, rng.randint(0, 4))),
                status=c.Status.APPROVED,
                approved_at=approved,
                last_top_up=topped,
                sort_at=topped or approved,
                owner_vip_until=service.owner_vip_until(user),
                created_at=approved,
                updated_at=approved,
            )
            session.add(username)
            session.flush()
            service.set_tags(session, username=username, tags=username.tags_text.split())
            name = f"u{username.id}.webp"
            avatar(media / name, initials=handle[:2].upper(), rng=rng)
            username.profile_picture = f"{get_settings().media_url.rstrip('/')}/avatars/{name}"
            service.refresh_listed(username, user)
        session.add(SubmitClock(user_id=user.id, latest_username=now - timedelta(days=2)))
