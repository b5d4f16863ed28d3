"""The visit log: page loads and profile views queued off the request path, written in batches,
kept 90 days, searched by a Full admin."""

from __future__ import annotations

from datetime import timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from addme.core import clock
from addme.core.config import get_settings
from addme.jobs import registry
from addme.trust import trackers
from addme.trust.models import Tracker
from tests.factories.listings import make_username
from tests.factories.wallet import admin, member

IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1"
)
INDEX = "<!doctype html><html><head><title>AddMe</title></head><body><div id=root></div></body></html>"


@pytest.fixture(autouse=True)
def _empty_queue():
    trackers.forget()
    yield


@pytest.fixture
def web(tmp_path, monkeypatch):
    (tmp_path / "index.html").write_text(INDEX)
    (tmp_path / "app.js").write_text("1")
    monkeypatch.setattr(get_settings(), "web_dist", tmp_path)


def _count(db) -> int:
    return db.scalar(select(func.count()).select_from(Tracker)) or 0


def test_a_page_load_and_a_profile_view_are_logged_with_who_and_from_where(app, db, web):
    user, headers = member(db)
    listed = make_username(db, username="sunny_day")
    c = TestClient(app, client=("81.2.69.142", 5000))
    r = c.get("/blog", headers={**headers, "User-Agent": IPHONE, "Referer": "https://example.org/"})
    assert r.status_code == 200
    assert c.post(f"/v1/usernames/{listed.id}/view", headers={"User-Agent": IPHONE}).status_code == 204
    # Files, API reads and other writes are not visits.
    c.get("/app.js")
    c.get("/v1/usernames")
    assert _count(db) == 0  # nothing written during the requests: only queued
    assert trackers.flush() == 2

    page, view = db.scalars(select(Tracker).order_by(Tracker.id)).all()
    assert (page.kind, page.path, page.ip, page.user_id) == ("page", "/blog", "81.2.69.142", user.id)
    assert (page.browser, page.platform) == ("Safari", "iOS")
    assert page.referer == "https://example.org/" and page.user_agent == IPHONE
    assert page.country == "GB"  # the offline GeoIP database
    assert (view.kind, view.username, view.username_id, view.user_id) == (
        "profile",
        "sunny_day",
        listed.id,
        None,
    )


def test_a_full_queue_drops_visits_and_counts_them(monkeypatch, app, web):
    import queue

    monkeypatch.setattr(trackers, "_queue", queue.Queue(maxsize=1))
    before = trackers.dropped()
    c = TestClient(app)
    for _ in range(3):
        assert c.get("/blog").status_code == 200  # never slowed or failed by the log
    assert trackers.dropped() == before + 2
    assert trackers.flush() == 1


def test_visits_older_than_90_days_are_purged_by_the_job(db):
    now = clock.now()
    for age in (timedelta(days=91), timedelta(days=89)):
        db.add(Tracker(kind="page", path="/", ip="192.0.2.1", created_at=now - age))
    db.commit()
    assert registry.purge_trackers(db) == {"visits": 1}
    assert _count(db) == 1


@pytest.mark.parametrize(
    ("browser_ua", "expected"),
    [
        (
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0",
            ("Edge", "Windows"),
        ),
        (
            "Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36",
            ("Chrome", "Android"),
        ),
        (
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:121.0) Gecko/20100101 Firefox/121.0",
            ("Firefox", "macOS"),
        ),
        ("Googlebot/2.1 (+http://www.google.com/bot.html)", ("Bot", "")),
        ("", ("", "")),
    ],
)
def test_browser_and_platform_are_read_from_the_user_agent(browser_ua, expected):
    assert trackers.browser_and_platform(browser_ua) == expected


def _visit(db, **fields):
    values = {"kind": "page", "path": "/", "ip": "192.0.2.1", "created_at": clock.now()}
    values.update(fields)
    row = Tracker(**values)
    db.add(row)
    db.commit()
    return row


def test_a_full_admin_searches_by_ip_username_user_and_day(client, db):
    _, headers = admin(db)
    visitor, _ = member(db, email="visitor@example.com")
    yesterday = clock.now() - timedelta(days=1)
    a = _visit(db, ip="203.0.113.9", user_id=visitor.id)
    b = _visit(db, kind="profile", username="sunny_day", ip="198.51.100.4", created_at=yesterday)
    _visit(db, ip="192.0.2.200")

    def ids(**query):
        r = client.get("/v1/admin/trackers", headers=headers, params=query)
        assert r.status_code == 200, r.json()
        return [row["id"] for row in r.json()["data"]]

    assert len(ids()) == 3
    assert ids(ip="203.0.113") == [a.id]
    assert ids(username="sunny_day") == [b.id]
    assert ids(user=str(visitor.id)) == [a.id]
    assert ids(user="Visitor@example.com") == [a.id]
    assert ids(day=yesterday.date().isoformat()) == [b.id]
    # A look-up that finds nothing: an empty page (the screen says 'Tracker not found').
    assert ids(ip="10.9.9.9") == []
    row = client.get("/v1/admin/trackers", headers=headers, params={"ip": "203.0.113.9"}).json()["data"][0]
    assert row["user_email"] == "visitor@example.com"


def test_only_full_admins_see_the_visit_log(client, db):
    for level in ("Moderator", "AdPartner"):
        _, headers = admin(db, level)
        assert client.get("/v1/admin/trackers", headers=headers).status_code == 403


@pytest.mark.parametrize(
    "path", ["/blog", "/", "/a b/é", "/a?b", "/a#b", "/a\\b", "/a\tb", "/a\nb", "//evil", "/x%2Fy", "/;p=1"]
)
def test_a_visits_path_is_the_requests_url_path(path):
    from starlette.requests import Request

    scope = {"type": "http", "method": "GET", "scheme": "http", "server": ("testserver", 80), "path": path,
             "root_path": "", "query_string": b"q=1", "headers": [(b"host", b"testserver")]}  # fmt: skip
    request = Request(scope)
    assert trackers.visit_of(request, kind="page").path == request.url.path
