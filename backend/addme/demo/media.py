"""Demo galleries: abstract generated art (gradients, circles, initials, never people) for ~30 usernames,
stored through the same pipeline and storage as real uploads."""

from __future__ import annotations

import io
import random

from PIL import Image, ImageDraw, ImageFont
from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.listings.models import Username
from addme.media import constants as c
from addme.media import intake, pipeline

DEMO_GALLERIES = 30


def _colour(rng: random.Random) -> tuple[int, int, int]:
    return (rng.randint(30, 230), rng.randint(30, 230), rng.randint(30, 230))


def artwork(rng: random.Random, *, initials: str, size: tuple[int, int] = (640, 480)) -> bytes:
    """A PNG: a two-colour gradient, a few translucent circles and the initials."""
    a, b = _colour(rng), _colour(rng)
    small = Image.new("RGB", (2, 2))
    small.putdata([a, b, b, a] if rng.random() < 0.5 else [a, a, b, b])
    # A 2x2 picture scaled up with bilinear filtering is a smooth gradient, painted by C code.
    img = small.resize(size, Image.Resampling.BILINEAR).convert("RGBA")
    layer = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    for _ in range(rng.randint(3, 7)):
        r = rng.randint(30, min(size) // 3)
        x, y = rng.randint(0, size[0]), rng.randint(0, size[1])
        draw.ellipse((x - r, y - r, x + r, y + r), fill=(*_colour(rng), rng.randint(70, 170)))
    img = Image.alpha_composite(img, layer).convert("RGB")
    try:
        font: ImageFont.FreeTypeFont | ImageFont.ImageFont = ImageFont.load_default(size=min(size) // 4)
    except TypeError:
        font = ImageFont.load_default()
    ImageDraw.Draw(img).text(
        (size[0] / 2, size[1] / 2), initials, fill=(255, 255, 255), font=font, anchor="mm"
    )
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


def seed_galleries(session: Session, users: list[User], rng: random.Random) -> None:
    """Give the first listed demo usernames 2-4 gallery images each."""
    rows = session.scalars(
        select(Username).where(Username.listed.is_(True)).order_by(Username.id).limit(DEMO_GALLERIES)
    ).all()
    for username in rows:
        images = [
            pipeline.process(artwork(rng, initials=username.username[:2].upper()))
            for _ in range(rng.randint(2, 4))
        ]
        intake.store(
            session, user_id=username.user_id, username_id=username.id, kind=c.Kind.GALLERY, images=images
        )
