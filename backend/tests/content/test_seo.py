"""Every page of the web app gets its own head from the server; anything else is a real 404."""

from __future__ import annotations

import pytest

from addme.core.config import get_settings
from tests.factories.community import make_group

INDEX = "<!doctype html><html><head><title>App</title></head><body><div id=root></div></body></html>"


@pytest.fixture
def built_web(tmp_path, monkeypatch):
    (tmp_path / "index.html").write_text(INDEX)
    monkeypatch.setattr(get_settings(), "web_dist", tmp_path)
    return tmp_path


@pytest.mark.parametrize(
    ("path", "title"),
    [
        ("/help", "Help | AddMe"),
        ("/shop", "Shop: Top-Ups, Fire Pins, VIP and Studio | AddMe"),
        ("/policy/refunds", "Refund policy | AddMe"),
        ("/kik-groups", "Kik groups | AddMe"),
        ("/groups", "Groups | AddMe"),
        ("/contact-us", "Contact us | AddMe"),
    ],
)
def test_public_pages_have_their_own_title(client, built_web, path, title):
    r = client.get(path)
    assert r.status_code == 200
    assert f"<title>{title}</title>" in r.text
    assert "noindex" not in r.text


def test_unknown_paths_are_a_real_404_kept_out_of_search(client, built_web):
    for path in ("/no-such-page", "/vip", "/list/gender/Female", "/policy/nothing", "/myspace-usernames"):
        r = client.get(path)
        assert r.status_code == 404, path
        assert '<meta name="robots" content="noindex">' in r.text
        # The web app still loads, so the visitor sees its 404 page with ways back.
        assert "<div id=root></div>" in r.text


def test_member_pages_are_served_but_not_indexed(client, built_web):
    for path in ("/user", "/user/submit", "/auth/login", "/admin"):
        r = client.get(path)
        assert r.status_code == 200, path
        assert '<meta name="robots" content="noindex">' in r.text


def test_a_group_page_has_its_name_and_a_missing_one_is_404(client, db, built_web):
    group = make_group(db, name="Night Owls Club")
    r = client.get(f"/group/{group.slug}")
    assert r.status_code == 200 and "Night Owls Club" in r.text
    assert client.get("/group/nothing-here").status_code == 404


def test_a_blog_post_has_its_title(client, db, built_web):
    from addme.content.models import BlogPost

    db.add(BlogPost(slug="safety-tips", title="Safety tips for adding strangers", body_markdown="Be safe."))
    db.commit()
    r = client.get("/blog/safety-tips")
    assert r.status_code == 200 and "<title>Safety tips for adding strangers | AddMe</title>" in r.text
    assert client.get("/blog/nope").status_code == 404
