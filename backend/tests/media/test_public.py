"""The public nudes pages and the age-verification blur."""

from __future__ import annotations

import pytest

from addme.core.config import get_settings
from tests.factories.accounts import make_user
from tests.factories.listings import make_username
from tests.factories.media import make_media
from tests.factories.trust import add_jurisdiction
from tests.factories.wallet import member

GB = {"CF-IPCountry": "GB"}


def _with_gallery(db, images: int = 2, user=None, **fields):
    user = user or make_user(db)
    username = make_username(db, user=user, **fields)
    for i in range(images):
        make_media(db, username_id=username.id, user_id=user.id, seed=username.id * 10 + i)
    return username


@pytest.fixture
def verification_in_gb(monkeypatch, db):
    monkeypatch.setattr(get_settings(), "country_header", "CF-IPCountry")
    add_jurisdiction(db, "GB")


def test_nudes_lists_listed_usernames_with_gallery_images(client, db):
    with_images = _with_gallery(db, images=3)
    make_username(db)  # no gallery: not on the nudes pages
    _with_gallery(db, status="pending")  # not listed
    body = client.get("/v1/nudes").json()
    assert body["meta"] == {"page": 1, "per_page": 24, "total": 1, "has_next": False}
    (card,) = body["data"]
    assert card["id"] == with_images.id and card["media_count"] == 3
    assert card["slug"] == f"{with_images.username}-{with_images.id}"
    assert card["blurred"] is False and card["cover_thumb_url"].endswith("-t.webp")
    assert set(card) >= {"username", "app", "age", "gender", "country_code"}
    assert client.get(card["cover_thumb_url"]).status_code == 200


def test_nudes_filters_and_pages(client, db):
    _with_gallery(db, app="kik", gender="Male", orientation="Gay")
    _with_gallery(db, app="snapchat", gender="Female", orientation="Straight")
    _with_gallery(db, app="snapchat", gender="Female", orientation="Lesbian")
    assert client.get("/v1/nudes", params={"app": "kik"}).json()["meta"]["total"] == 1
    assert client.get("/v1/nudes", params={"gender": "Female"}).json()["meta"]["total"] == 2
    assert client.get("/v1/nudes", params={"orientation": "Lesbian"}).json()["meta"]["total"] == 1
    first = client.get("/v1/nudes", params={"per_page": 2}).json()
    second = client.get("/v1/nudes", params={"per_page": 2, "page": 2}).json()
    assert first["meta"]["has_next"] is True and second["meta"]["has_next"] is False
    assert len({c["id"] for c in first["data"] + second["data"]}) == 3
    assert client.get("/v1/nudes", params={"gender": "Robot"}).status_code == 422


def test_nudes_vip_and_hottest_sub_paths(client, db):
    from datetime import timedelta

    from addme.core import clock

    plain = _with_gallery(db, popularity=50)
    vip_owner = make_user(db, promotion_ending_at=clock.now() + timedelta(days=3))
    vip = _with_gallery(db, user=vip_owner, popularity=5)
    assert [c["id"] for c in client.get("/v1/nudes", params={"vip": True}).json()["data"]] == [vip.id]
    hottest = client.get("/v1/nudes", params={"order": "popular"}).json()["data"]
    assert [c["id"] for c in hottest] == [plain.id, vip.id]
    latest = client.get("/v1/nudes").json()["data"]
    assert [c["id"] for c in latest] == [vip.id, plain.id]


def test_dirty_galleries_need_a_sign_in(client, db):
    dirty = _with_gallery(db, type="Dirty")
    assert client.get("/v1/nudes", params={"type": "Dirty"}).status_code == 401
    assert client.get(f"/v1/nudes/{dirty.username}-{dirty.id}").status_code == 401
    _, headers = member(db)
    assert client.get("/v1/nudes", params={"type": "Dirty"}, headers=headers).json()["meta"]["total"] == 1
    assert client.get(f"/v1/nudes/x-{dirty.id}", headers=headers).status_code == 200


def test_a_gallery_by_slug(client, db):
    username = _with_gallery(db, images=2)
    body = client.get(f"/v1/nudes/{username.username}-{username.id}").json()
    assert body["id"] == username.id and body["slug"] == f"{username.username}-{username.id}"
    assert body["blurred"] is False and len(body["data"]) == 2
    image = body["data"][0]
    assert set(image) == {"id", "url", "thumb_url", "width", "height", "blurred"}
    assert (image["width"], image["height"]) == (400, 300)
    assert client.get(image["url"]).headers["content-type"] == "image/webp"


@pytest.mark.parametrize("slug", ["nobody-999999", "no-slug", "-", "x-12345678901234567890"])
def test_unknown_or_empty_galleries_are_404(client, db, slug):
    res = client.get(f"/v1/nudes/{slug}")
    assert res.status_code == 404
    assert res.json()["message"] == "Medias could not be found or the connection failed."


def test_a_listed_username_without_images_has_no_gallery(client, db):
    username = make_username(db)
    res = client.get(f"/v1/nudes/{username.username}-{username.id}")
    assert res.status_code == 404
    assert res.json()["message"] == "Medias could not be found or the connection failed."


def test_where_verification_is_required_unverified_visitors_get_blurred_previews(
    client, db, verification_in_gb
):
    username = _with_gallery(db)
    slug = f"{username.username}-{username.id}"
    card = client.get("/v1/nudes", headers=GB).json()["data"][0]
    assert card["blurred"] is True and card["cover_thumb_url"].endswith("-b.webp")
    gallery = client.get(f"/v1/nudes/{slug}", headers=GB).json()
    assert gallery["blurred"] is True
    assert all(
        i["blurred"] and i["url"] is None and i["thumb_url"].endswith("-b.webp") for i in gallery["data"]
    )
    assert client.get(gallery["data"][0]["thumb_url"]).status_code == 200

    _, unverified = member(db)
    assert client.get(f"/v1/nudes/{slug}", headers={**GB, **unverified}).json()["blurred"] is True
    _, verified = member(db, age_verified=True)
    clear = client.get(f"/v1/nudes/{slug}", headers={**GB, **verified}).json()
    assert clear["blurred"] is False and clear["data"][0]["url"].endswith(".webp")
    elsewhere = client.get(f"/v1/nudes/{slug}", headers={"CF-IPCountry": "US"}).json()
    assert elsewhere["blurred"] is False


def test_with_no_jurisdictions_nothing_is_blurred(client, db, monkeypatch):
    monkeypatch.setattr(get_settings(), "country_header", "CF-IPCountry")
    username = _with_gallery(db)
    assert client.get(f"/v1/nudes/{username.username}-{username.id}", headers=GB).json()["blurred"] is False
