"""The spec's top-level `{token}` route: a username's short link, or a real 404."""

from __future__ import annotations

from datetime import timedelta

import pytest

from addme.core import clock
from addme.core.config import get_settings
from tests.factories.listings import make_username

INDEX = "<!doctype html><html><head><title>App</title></head><body><div id=root></div></body></html>"


@pytest.fixture
def built_web(tmp_path, monkeypatch):
    (tmp_path / "index.html").write_text(INDEX)
    monkeypatch.setattr(get_settings(), "web_dist", tmp_path)
    return tmp_path


def test_a_handle_leads_to_its_listed_profile_the_brand_app_first(client, db):
    kik = make_username(db, username="NightOwl", app="kik")
    snap = make_username(db, username="nightowl", app="snapchat", approved_at=clock.now() - timedelta(days=3))
    r = client.get("/v1/short-links/NIGHTOWL")
    assert r.status_code == 200
    # The default brand is Snapchat: its listing wins over a newer Kik one.
    assert r.json() == {"id": snap.id, "app": "snapchat", "path": f"/profile/{snap.id}"}
    snap.status = "delisted"
    snap.listed = False
    db.commit()
    assert client.get("/v1/short-links/nightowl").json()["id"] == kik.id


def test_unknown_or_unlisted_handles_lead_nowhere(client, db, built_web):
    make_username(db, username="pending1", status="pending", listed=False)
    for token in ("nobody", "pending1", "x" * 40):
        # The lookup answers null (no failed request in the visitor's console)...
        r = client.get(f"/v1/short-links/{token}")
        assert r.status_code == 200 and r.json() is None, token
        # ...and the page itself is a real 404.
        assert client.get(f"/{token}").status_code == 404


def test_the_page_itself_answers_200_with_the_profile_head_or_404(client, db, built_web):
    make_username(db, username="sunny_day", app="snapchat", age=27)
    r = client.get("/sunny_day")
    assert r.status_code == 200
    assert "sunny_day on Snapchat" in r.text
    assert client.get("/no-such-handle").status_code == 404
    # Handles may hold dots: the document is the profile, not a missing file.
    make_username(db, username="storm.otter598", app="snapchat", age=30)
    dotted = client.get("/storm.otter598")
    assert dotted.status_code == 200
    assert "storm.otter598 on Snapchat" in dotted.text
    assert client.get("/no-such.file").status_code == 404
    # Real pages keep their own head even if a member picked their name as a handle.
    make_username(db, username="shop", app="kik")
    assert "Shop: Top-Ups" in client.get("/shop").text


@pytest.mark.parametrize(
    "path", ["/profile", "/group", "/nude", "/username", "/username/someone", "/snapchat-groups/vip",
             "/kik-groups/gender/Female", "/telegram-groups/orientation/Gay", "/snapchat-groups/hottest"],
)  # fmt: skip
def test_optional_parameter_forms_and_group_sub_paths_are_pages(client, built_web, path):
    assert client.get(path).status_code == 200
