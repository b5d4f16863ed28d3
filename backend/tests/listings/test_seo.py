"""Server-side heads for listing pages, robots.txt and sitemap.xml."""

from __future__ import annotations

import pytest

from addme.core.config import get_settings
from tests.factories.listings import make_username

INDEX = "<!doctype html><html><head><title>App</title></head><body><div id=root></div></body></html>"


@pytest.fixture
def built_web(tmp_path, monkeypatch):
    (tmp_path / "index.html").write_text(INDEX)
    monkeypatch.setattr(get_settings(), "web_dist", tmp_path)
    return tmp_path


def test_app_list_page_has_its_own_title_and_description(client, built_web):
    r = client.get("/snapchat-usernames")
    assert r.status_code == 200
    assert "<title>Snapchat usernames: find people to add | AddMe</title>" in r.text
    assert '<meta name="description" content="The newest Snapchat usernames' in r.text
    assert '<link rel="canonical" href="http://testserver/snapchat-usernames">' in r.text


@pytest.mark.parametrize(
    ("path", "title"),
    [
        ("/", "AddMe: usernames to add on Snapchat, Telegram and Kik"),
        ("/kik-usernames/vip", "VIP Kik usernames | AddMe"),
        ("/telegram-usernames/hottest", "Hottest Telegram usernames | AddMe"),
        ("/snapchat-usernames/gender/Female", "Female Snapchat usernames | AddMe"),
        ("/snapchat-usernames/orientation/Gay", "Gay Snapchat usernames | AddMe"),
        ("/kik-usernames/dirty", "Dirty Kik usernames | AddMe"),
        ("/tags/gamer", "#gamer usernames | AddMe"),
        ("/kik-usernames/tags/gamer", "#gamer Kik usernames | AddMe"),
        ("/countries/fr", "Usernames in France | AddMe"),
    ],
)
def test_each_listing_route_has_a_head(client, built_web, path, title):
    assert f"<title>{title}</title>" in client.get(path).text


def test_profile_page_head_and_unknown_profile_404(client, db, built_web):
    u = make_username(db, username="sunny.fox", age=27, gender="Female", orientation="Bisexual",
                      country_code="GB")  # fmt: skip
    r = client.get(f"/profile/{u.id}")
    assert r.status_code == 200
    assert "<title>sunny.fox on Snapchat | AddMe</title>" in r.text
    assert "sunny.fox on Snapchat — 27 years old, Female, Bisexual, United Kingdom." in r.text
    assert "sunny.fox on Snapchat" in client.get(f"/username/sunny.fox/{u.id}").text
    missing = client.get("/profile/999999")
    assert missing.status_code == 404
    assert '<meta name="robots" content="noindex">' in missing.text


def test_a_profile_page_asks_for_its_picture_with_the_page(client, db, built_web):
    # The picture is a phone's largest element on a profile: it loads alongside the app, not after.
    u = make_username(db, username="sunny.fox", profile_picture="/media/avatars/sunny.webp")
    r = client.get(f"/username/sunny.fox/{u.id}")
    assert '<link rel="preload" as="image" href="/media/avatars/sunny.webp" fetchpriority="high">' in r.text
    # A profile without a picture, or a dirty one (shown to members only), asks for none.
    plain = make_username(db, username="no.picture")
    dirty = make_username(db, username="after.dark", type="Dirty", profile_picture="/media/avatars/d.webp")
    assert 'rel="preload" as="image"' not in client.get(f"/profile/{plain.id}").text
    assert 'rel="preload" as="image"' not in client.get(f"/profile/{dirty.id}").text


def _crawlable(robots: str, path: str) -> bool:
    """RFC 9309 matching as the big crawlers do it: the longest matching rule wins, `$` ends a rule."""
    best, allowed = -1, True
    for line in robots.splitlines():
        kind, _, rule = line.partition(":")
        rule = rule.strip()
        if kind not in ("Allow", "Disallow") or not rule:
            continue
        matches = path == rule[:-1] if rule.endswith("$") else path.startswith(rule)
        if matches and len(rule) > best:
            best, allowed = len(rule), kind == "Allow"
    return allowed


def test_robots_keeps_crawlers_out_of_private_areas_only(client):
    r = client.get("/robots.txt")
    assert r.status_code == 200
    for path in ("/user", "/user/account", "/admin", "/admin/users", "/auth/login", "/v1/usernames"):
        assert not _crawlable(r.text, path), path
    # Profiles under /username/... and short links that start like a private area stay indexable.
    for path in ("/", "/username/shy_otter/12", "/userfriendly", "/administrator", "/snapchat-usernames"):
        assert _crawlable(r.text, path), path
    assert "Sitemap: http://testserver/sitemap.xml" in r.text


def test_sitemap_lists_routes_and_listed_profiles_only(client, db):
    listed = make_username(db)
    pending = make_username(db, status="pending")
    dirty = make_username(db, type="Dirty")
    r = client.get("/sitemap.xml")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/xml")
    assert "<loc>http://testserver/snapchat-usernames</loc>" in r.text
    assert f"<loc>http://testserver/profile/{listed.id}</loc>" in r.text
    assert f"/profile/{pending.id}<" not in r.text and f"/profile/{dirty.id}<" not in r.text
