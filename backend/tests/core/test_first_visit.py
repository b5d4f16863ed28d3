"""What a first visit's HTML carries: the boot data (config, alerts) and the route's chunks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from addme.admin import maintenance as admin_maintenance
from addme.api import pages as api_pages
from addme.core import firstvisit
from addme.core.config import get_settings
from tests.factories.accounts import make_user
from tests.factories.community import make_alert
from tests.factories.listings import make_username

INDEX = (
    "<!doctype html><html><head><title>App</title>"
    '<script type="module" crossorigin src="/assets/index-e1.js"></script>'
    '<link rel="modulepreload" crossorigin href="/assets/vendor-v1.js">'
    '<link rel="stylesheet" crossorigin href="/assets/index-s1.css">'
    "</head><body><div id=root></div></body></html>"
)
# The shape of Vite's manifest: the entry and its imports, each route a chunk with its own imports.
MANIFEST = {
    "index.html": {
        "file": "assets/index-e1.js",
        "isEntry": True,
        "imports": ["_vendor.js"],
        "css": ["assets/index-s1.css"],
    },
    "_vendor.js": {"file": "assets/vendor-v1.js"},
    "_Card.js": {"file": "assets/Card-c1.js", "imports": ["_vendor.js"], "css": ["assets/cards-c1.css"]},
    "src/routes/listings/list.tsx": {
        "file": "assets/list-l1.js",
        "isDynamicEntry": True,
        "imports": ["_vendor.js", "_Card.js"],
        "css": ["assets/list-l1.css"],
    },
    "src/routes/listings/profile.tsx": {
        "file": "assets/profile-p1.js",
        "isDynamicEntry": True,
        "imports": ["_Card.js"],
    },
}


@pytest.fixture
def built_web(tmp_path, monkeypatch):
    (tmp_path / "index.html").write_text(INDEX)
    (tmp_path / ".vite").mkdir()
    (tmp_path / ".vite" / "manifest.json").write_text(json.dumps(MANIFEST))
    monkeypatch.setattr(get_settings(), "web_dist", tmp_path)
    api_pages.forget_alerts()
    return tmp_path


def boot_of(html: str) -> dict:
    m = re.search(r'<script type="application/json" id="addme-boot">(.*?)</script>', html, re.S)
    assert m, "no boot data in the page"
    data: dict = json.loads(m.group(1))
    return data


def test_every_page_carries_the_config_and_the_alerts_the_first_render_reads(client, db, built_web):
    make_alert(db, text="Maintenance tonight </script><script>alert(1)</script>", spots="global")
    db.commit()
    api_pages.forget_alerts()
    for path in ("/", "/snapchat-usernames", "/help", "/no/such/page"):
        html = client.get(path).text
        boot = boot_of(html)
        assert boot["config"] == client.get("/v1/config").json(), path
        assert boot["alerts"] == client.get("/v1/alerts").json(), path
        assert isinstance(boot["at"], int)
    # An alert's text cannot close the script element it travels in.
    assert "</script><script>alert(1)" not in html
    assert boot["alerts"][0]["text"] == "Maintenance tonight </script><script>alert(1)</script>"


def test_the_boot_data_says_maintenance_at_once(client, db, built_web):
    assert boot_of(client.get("/help").text)["config"]["maintenance"] is False
    admin_maintenance.switch(db, admin=make_user(db, admin_level="Full"), on=True, reason="Upgrade")
    # The cached page of a moment ago is not served: the switch is part of the page's key.
    assert boot_of(client.get("/help").text)["config"]["maintenance"] is True


def test_a_listing_page_names_its_chunks_and_styles_beyond_the_entry(client, built_web):
    html = client.get("/snapchat-usernames/gender/Female").text
    assert '<link rel="modulepreload" crossorigin href="/assets/list-l1.js">' in html
    assert '<link rel="modulepreload" crossorigin href="/assets/Card-c1.js">' in html
    assert '<link rel="stylesheet" crossorigin href="/assets/list-l1.css">' in html
    assert '<link rel="stylesheet" crossorigin href="/assets/cards-c1.css">' in html
    # What index.html already loads is not named twice.
    assert html.count("/assets/vendor-v1.js") == 1
    assert html.count("/assets/index-s1.css") == 1


def test_a_profile_names_its_chunks_and_a_missing_page_names_none(client, db, built_web):
    u = make_username(db, username="first.visit")
    for path in (f"/profile/{u.id}", f"/username/first.visit/{u.id}"):
        html = client.get(path).text
        assert '<link rel="modulepreload" crossorigin href="/assets/profile-p1.js">' in html, path
        assert "/assets/list-l1.js" not in html
    missing = client.get("/profile/999999")
    assert missing.status_code == 404
    assert 'modulepreload crossorigin href="/assets/profile-p1.js"' not in missing.text


def test_without_a_manifest_a_page_is_still_served(client, built_web):
    (built_web / ".vite" / "manifest.json").unlink()
    r = client.get("/snapchat-usernames")
    assert r.status_code == 200
    assert "/assets/list-l1.js" not in r.text


def test_the_build_manifest_is_not_served(client, built_web):
    r = client.get("/.vite/manifest.json")
    assert r.status_code == 404
    assert "list-l1.js" not in r.text


@pytest.mark.parametrize(
    ("path", "module"),
    [
        ("/", "src/routes/home.tsx"),
        ("/list", "src/routes/listings/list.tsx"),
        ("/kik-usernames/dirty", "src/routes/listings/list.tsx"),
        ("/telegram-usernames/orientation/Gay", "src/routes/listings/list.tsx"),
        ("/countries/fr", "src/routes/listings/list.tsx"),
        ("/username/shy.otter/12", "src/routes/listings/profile.tsx"),
        ("/shop", "src/routes/shop/index.tsx"),
        ("/snapchat-groups/vip", "src/routes/groups/list.tsx"),
        ("/snapchat-usernames/gender/Robot", None),
        ("/user", None),
        ("/admin/users", None),
    ],
)
def test_each_public_path_maps_to_its_route_module(path, module):
    assert firstvisit.route_module(path) == module


def test_every_route_module_named_exists_in_the_web_app():
    web = Path(__file__).resolve().parents[3] / "web"
    for _pattern, module in firstvisit.ROUTES:
        assert (web / module).is_file(), module
