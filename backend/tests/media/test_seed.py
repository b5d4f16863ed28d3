"""Demo galleries: generated abstract images for some demo usernames."""

from __future__ import annotations

from sqlalchemy import func, select

from addme.demo.seed import seed_demo
from addme.media.models import Media


def test_seed_gives_demo_usernames_two_to_four_gallery_images(client, db):
    assert seed_demo(members=12) is True
    counts = db.execute(select(Media.username_id, func.count()).group_by(Media.username_id)).all()
    assert len(counts) >= 10 and all(2 <= n <= 4 for _, n in counts)
    page = client.get("/v1/nudes", params={"per_page": 60}).json()
    assert page["meta"]["total"] >= 5
    card = page["data"][0]
    gallery = client.get(f"/v1/nudes/{card['slug']}").json()
    assert len(gallery["data"]) == card["media_count"]
    assert client.get(gallery["data"][0]["url"]).status_code == 200
