"""Compressed answers, precompressed assets, and 304s for lists, profiles and pages."""

from __future__ import annotations

import gzip

import brotli
import pytest

from addme.api import pages as api_pages
from addme.core import pages
from addme.core.config import get_settings
from addme.listings import service
from tests.factories.listings import make_username

INDEX = "<!doctype html><html><head><title>App</title></head><body><div id=root></div>" + (
    "<!-- padding so the page is worth compressing -->" * 40
) + "</body></html>"  # fmt: skip


@pytest.fixture
def built_web(tmp_path, monkeypatch):
    (tmp_path / "index.html").write_text(INDEX)
    assets = tmp_path / "assets"
    assets.mkdir()
    script = b"console.log('addme');" * 200
    (assets / "entry-abc123.js").write_bytes(script)
    (assets / "entry-abc123.js.br").write_bytes(brotli.compress(script))
    (assets / "entry-abc123.js.gz").write_bytes(gzip.compress(script))
    (assets / "entry-abc123.js.map").write_text("{}")
    monkeypatch.setattr(get_settings(), "web_dist", tmp_path)
    return tmp_path


@pytest.fixture
def listed(db):
    for i in range(12):
        make_username(db, username=f"crowd_{i}", description="A description long enough to add up. " * 3)
    service.invalidate_listings()


@pytest.mark.parametrize("encoding", ["br", "gzip"])
def test_lists_are_compressed_in_the_encoding_the_client_takes(client, listed, encoding):
    plain = client.get("/v1/usernames", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    r = client.get("/v1/usernames", headers={"Accept-Encoding": f"{encoding}, deflate"})
    assert r.status_code == 200 and r.headers["content-encoding"] == encoding
    assert int(r.headers["content-length"]) < len(plain.content) / 3
    assert r.json() == plain.json()  # the client decodes it back to the same list
    assert "Accept-Encoding" in r.headers["vary"] and "Authorization" in r.headers["vary"]
    # Same content, other bytes: the compressed copy's ETag is the weak form of the plain one's.
    assert r.headers["etag"] == "W/" + plain.headers["etag"]


def test_brotli_preferred_gzip_when_brotli_is_refused_small_answers_left_alone(client, listed):
    assert (
        client.get("/v1/usernames", headers={"Accept-Encoding": "gzip, br"}).headers["content-encoding"]
        == "br"
    )
    assert (
        client.get("/v1/usernames", headers={"Accept-Encoding": "br;q=0, gzip"}).headers["content-encoding"]
        == "gzip"
    )
    tiny = client.get("/v1/health", headers={"Accept-Encoding": "br"})
    assert "content-encoding" not in tiny.headers


@pytest.mark.parametrize("encoding", ["br", "gzip", "identity"])
def test_a_matching_if_none_match_answers_304_for_lists_and_profiles(client, db, listed, encoding):
    profile = make_username(db, username="profile_etag", description="About me. " * 30)
    for path in ("/v1/usernames", f"/v1/usernames/{profile.id}"):
        first = client.get(path, headers={"Accept-Encoding": encoding})
        assert first.status_code == 200
        again = client.get(
            path, headers={"Accept-Encoding": encoding, "If-None-Match": first.headers["etag"]}
        )
        assert again.status_code == 304 and again.content == b"", path
        other = client.get(path, headers={"Accept-Encoding": encoding, "If-None-Match": '"nope"'})
        assert other.status_code == 200


def test_pages_are_cached_compressed_and_answer_304(client, built_web):
    r = client.get("/help", headers={"Accept-Encoding": "br"})
    assert r.status_code == 200 and r.headers["content-encoding"] == "br"
    assert "<title>" in r.text and r.headers["content-type"].startswith("text/html")
    cc = r.headers["cache-control"]
    assert "public" in cc and "s-maxage=" in cc and "stale-while-revalidate=" in cc
    again = client.get("/help", headers={"Accept-Encoding": "br", "If-None-Match": r.headers["etag"]})
    assert again.status_code == 304
    # A missing page keeps its 404 (and is never a 304).
    missing = client.get("/no/such/page/here", headers={"If-None-Match": "*"})
    assert missing.status_code == 404


def test_pages_read_the_database_only_for_their_head_and_the_alerts_every_few_seconds(
    client, db, built_web, monkeypatch
):
    """A list's or the help page's head reads nothing; every page's boot data holds the site
    alerts, read at most once per ALERTS_SECONDS per process (addme/api/pages.py)."""
    api_pages.forget_alerts()
    opened: list[int] = []
    real = pages.reads.public_session

    def counting():
        opened.append(1)
        return real()

    monkeypatch.setattr(pages.reads, "public_session", counting)
    for path in ("/help", "/terms", "/snapchat-usernames", "/user/account"):
        assert client.get(path).status_code == 200, path
    assert opened == [1]
    u = make_username(db, username="seen_on_profile")
    r = client.get(f"/profile/{u.id}")
    assert r.status_code == 200 and "seen_on_profile" in r.text and len(opened) == 2


def test_assets_are_served_precompressed(client, built_web):
    path = "/assets/entry-abc123.js"
    plain = (built_web / "assets" / "entry-abc123.js").read_bytes()
    br = client.get(path, headers={"Accept-Encoding": "gzip, br"})
    assert br.headers["content-encoding"] == "br" and br.content == plain
    assert int(br.headers["content-length"]) == (built_web / "assets" / "entry-abc123.js.br").stat().st_size
    assert "immutable" in br.headers["cache-control"] and br.headers["vary"] == "Accept-Encoding"
    gz = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert gz.headers["content-encoding"] == "gzip" and gz.content == plain
    raw = client.get(path, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in raw.headers and raw.content == plain


def test_source_maps_are_not_public_in_production(client, built_web, monkeypatch):
    monkeypatch.setattr(get_settings(), "public_source_maps", False)
    assert client.get("/assets/entry-abc123.js.map").status_code == 404
