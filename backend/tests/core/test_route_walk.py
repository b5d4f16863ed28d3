"""Every route of the web app answers its document request with the status the page shows.

web/src/routeWalk.json holds one sample path per route of web/src/router.tsx (its vitest test fails
when a route has none), so a page added to the app without a head here fails this walk: a page that
renders must not answer 404 to the browser, a crawler or a link preview, and an unknown path must.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from addme.core.config import get_settings
from tests.factories.accounts import make_user
from tests.factories.community import make_group, make_post
from tests.factories.listings import make_username
from tests.factories.media import make_media

WALK = json.loads((Path(__file__).parents[3] / "web" / "src" / "routeWalk.json").read_text())["routes"]
INDEX = "<!doctype html><html><head><title>App</title></head><body><div id=root></div></body></html>"


@pytest.fixture
def built_web(tmp_path, monkeypatch):
    (tmp_path / "index.html").write_text(INDEX)
    monkeypatch.setattr(get_settings(), "web_dist", tmp_path)
    return tmp_path


@pytest.fixture
def samples(db):
    """The rows the walk's {placeholders} name: a listed username with a gallery, a group, a post."""
    user = make_user(db)
    listed = make_username(db, user=user, username="walk_sample")
    make_media(db, username_id=listed.id, user_id=user.id)
    group = make_group(db, owner=user, name="Walk sample group")
    post = make_post(db, slug="walk-sample-post")
    return {
        "profile": listed.id,
        "username": listed.username,
        "gallery": f"{listed.username}-{listed.id}",
        "group": group.slug,
        "group_id": group.id,
        "post": post.slug,
        "user": user.id,
        "order": "a-sample-order-token",
    }


def test_the_walk_covers_the_issue_pages():
    paths = {sample["path"] for sample in WALK.values()}
    for path in ("/login", "/shop/checkout/topup-20", "/age-verification/return"):
        assert path in paths
    assert "/shop/direct/order/{order}" in paths


def test_every_route_of_the_web_router_answers_its_status(client, built_web, samples):
    wrong = []
    for pattern, sample in WALK.items():
        path = sample["path"].format(**samples)
        r = client.get(path, follow_redirects=False)
        if r.status_code != sample["status"]:
            wrong.append(f"{pattern} -> {path}: {r.status_code}, expected {sample['status']}")
        assert "<div id=root></div>" in r.text, path  # the app loads and shows the page (or its 404)
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(
    "path",
    [
        "/shop/checkout/no-such-sku",
        "/user/no-such-page",
        "/admin/no-such-screen",
        "/auth/nothing",
        "/login/x",
    ],
)
def test_unknown_paths_under_known_areas_are_404(client, built_web, path):
    assert client.get(path).status_code == 404
