"""The demo seed: adult, approved usernames with generated avatars."""

from __future__ import annotations

from PIL import Image
from sqlalchemy import select

from addme.core.config import get_settings
from addme.demo.seed import seed_demo
from addme.listings.models import Username


def test_seed_lists_adult_usernames_with_generated_avatars(client, db):
    assert seed_demo(members=20) is True
    everything = db.scalars(select(Username)).all()
    assert all(r.age >= 18 for r in everything)
    # The moderation demo holds a few back (pending, banned, hidden by a report): the rest are listed.
    rows = [r for r in everything if r.status == "approved" and not r.is_hidden]
    assert 20 <= len(rows) <= 40
    assert all(r.listed for r in rows)
    assert len({r.app for r in rows}) >= 2
    picture = rows[0].profile_picture
    assert picture.startswith("/media/avatars/")
    path = get_settings().media_dir / "avatars" / picture.rsplit("/", 1)[1]
    with Image.open(path) as img:
        assert img.format == "WEBP" and img.size == (256, 256)
    assert client.get(picture).status_code == 200
    assert client.get("/v1/usernames", params={"per_page": 60}).json()["meta"]["total"] >= 10
    # Scored as the reputation job would: every demo listing has a score from the start.
    assert all(r.reputation > 0 for r in rows)


def test_a_seeded_site_opens_with_its_tag_and_country_counts(client, db):
    from addme.listings.models import FacetCount

    assert seed_demo(members=20) is True
    counted = {(f.kind, f.key): f.count for f in db.scalars(select(FacetCount))}
    listed = [r for r in db.scalars(select(Username)) if r.listed]
    countries = {r.country_code for r in listed if r.country_code}
    assert countries and all(("country", c) in counted for c in countries)
    assert sum(n for (kind, _), n in counted.items() if kind == "country") == sum(
        1 for r in listed if r.country_code
    )
    # The countries page answers from them, with no recount of its own.
    body = client.get("/v1/countries").json()
    assert {row["code"] for row in body} == countries


def test_a_vip_checked_in_near_a_seeded_city_sees_cards(client, db):
    """A fresh seed checks demo members in around a few cities, so local swipes are not empty."""
    from datetime import timedelta

    from addme.accounts.models import User
    from addme.core import clock
    from addme.demo.swipes import CITIES
    from addme.swipes import service as swipes

    assert seed_demo(members=60) is True
    checked = db.scalars(select(Username).where(Username.checked_in_at.is_not(None))).all()
    assert len(checked) >= 24 and all(r.listed for r in checked)
    me = db.scalars(
        select(Username).where(Username.checked_in_at.is_(None), Username.listed.is_(True))
    ).first()
    owner = db.get(User, me.user_id)
    owner.wallet.promotion_ending_at = clock.now() + timedelta(days=30)
    lat, lng = CITIES["London"]
    swipes.check_in(db, user=owner, username_id=me.id, lat=lat, lng=lng)
    deck = swipes.deck(db, user=owner, username_id=me.id)
    assert len(deck.data) >= 5
