"""A page built from its kept parts (core/web.py) shows what changed since the page before it.

The head of a page that reads nothing and the boot data are kept between pages, so a page costs
a few joins; each test here changes one input a visitor would see (a listing, an alert, the build)
and checks that the very next page shows it, with the response cache off (every page built anew
from its parts) and, for the lists, on.
"""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

import httpx
import pytest

from addme.content import service as content
from addme.core import web
from addme.core.config import get_settings
from addme.listings import changes
from tests.core.test_first_visit import INDEX, boot_of, built_web  # noqa: F401 - the fixture
from tests.factories.accounts import make_user, token_for
from tests.factories.listings import make_username
from tests.factories.wallet import admin

pytestmark = pytest.mark.usefixtures("built_web")

ALERT = {"spots": ["global"], "type": "warning", "text": "Down for an hour tonight", "dismissible": True}


@pytest.fixture
def uncached(monkeypatch):
    monkeypatch.setattr(get_settings(), "listing_cache_seconds", 0)


def usernames_in(html: str) -> list[str]:
    answers = {a["name"]: a for a in boot_of(html).get("answers", [])}
    return [card["username"] for card in answers["usernames"]["data"]["data"]]


def test_an_alert_posted_after_a_page_is_on_the_next_page(client, db, uncached):
    assert boot_of(client.get("/snapchat-usernames").text)["alerts"] == []
    _, headers = admin(db)
    r = client.post("/v1/admin/alerts", json={**ALERT, "reason": "planned work"}, headers=headers)
    assert r.status_code == 201, r.text
    boot = boot_of(client.get("/snapchat-usernames").text)
    assert [a["text"] for a in boot["alerts"]] == ["Down for an hour tonight"]
    assert boot["alerts"] == client.get("/v1/alerts").json()


def test_each_page_says_when_its_boot_data_was_read(client, uncached, monkeypatch):
    monkeypatch.setattr(web.time, "time", lambda: 1_800_000_000.0)
    first = boot_of(client.get("/help").text)["at"]
    monkeypatch.setattr(web.time, "time", lambda: 1_800_000_042.5)
    assert first == 1_800_000_000_000
    assert boot_of(client.get("/help").text)["at"] == 1_800_000_042_500


def test_a_hidden_profile_is_gone_from_its_next_page(client, db, uncached):
    # A profile's head reads the database: never kept, so hiding it shows on the next page.
    u = make_username(db, username="soon.hidden")
    shown = client.get(f"/profile/{u.id}")
    assert shown.status_code == 200 and "<title>soon.hidden on Snapchat" in shown.text
    u.listed = False
    changes.mark_changed(db)
    db.commit()
    gone = client.get(f"/profile/{u.id}")
    assert gone.status_code == 404 and "soon.hidden" not in gone.text


def test_a_listing_added_after_a_page_is_in_the_next_page_and_a_hidden_one_leaves_it(client, db):
    make_username(db, username="first.listed")
    changes.invalidate_listings()
    assert usernames_in(client.get("/snapchat-usernames").text) == ["first.listed"]
    later = make_username(db, username="later.listed")
    changes.mark_changed(db)
    db.commit()
    assert usernames_in(client.get("/snapchat-usernames").text) == ["later.listed", "first.listed"]
    later.listed = False
    changes.mark_changed(db)
    db.commit()
    assert usernames_in(client.get("/snapchat-usernames").text) == ["first.listed"]


def test_a_members_page_is_the_visitors_page(client, db, uncached):
    # Nothing of the member who asked first is kept for the next visitor, nor the other way round.
    user = make_user(db, email="member.first@example.com")
    signed_in = client.get("/snapchat-usernames", headers={"Authorization": f"Bearer {token_for(db, user)}"})
    anonymous = client.get("/snapchat-usernames")
    assert "member.first" not in signed_in.text
    assert boot_of(signed_in.text).keys() == boot_of(anonymous.text).keys() == {"config", "alerts", "at"}
    assert signed_in.text.split("addme-boot")[0] == anonymous.text.split("addme-boot")[0]


def test_a_new_build_is_in_the_next_page(client, built_web, uncached):  # noqa: F811 - the fixture
    assert "/assets/index-e1" in client.get("/help").text
    index = built_web / "index.html"
    index.write_text(INDEX.replace("/assets/index-e1", "/assets/rebuilt-"))
    stat = index.stat()
    os.utime(index, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    html = client.get("/help").text
    assert "/assets/rebuilt-" in html and "/assets/index-e1" not in html


def test_the_heads_kept_are_bounded_whatever_paths_visitors_ask(client, uncached, monkeypatch):
    monkeypatch.setattr(web, "HEADS_KEPT", 3)
    for n in range(10):
        r = client.get(f"/no/such/page/{n}")
        assert r.status_code == 404 and '<meta name="robots" content="noindex">' in r.text
    assert len(web._heads) == 3
    assert client.get("/no/such/page/0").status_code == 404  # asked again: built again, the same


def test_a_crowd_arriving_as_the_alerts_expire_reads_them_once(app, db, uncached, monkeypatch):
    reads: list[object] = []
    real = content.active_alerts

    def counting(*args: Any, **kwargs: Any) -> Any:
        reads.append(args)
        time.sleep(0.05)  # a database under load: the crowd all arrives while it reads
        return real(*args, **kwargs)

    monkeypatch.setattr(content, "active_alerts", counting)

    async def crowd() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:
            await http.get("/snapchat-usernames")  # the head is kept from now on
            content.forget_alerts()  # as if ALERTS_SECONDS had passed
            return list(await asyncio.gather(*(http.get("/snapchat-usernames") for _ in range(24))))

    pages = asyncio.run(crowd())
    assert [p.status_code for p in pages] == [200] * 24
    assert all(boot_of(p.text)["alerts"] == [] for p in pages)
    assert len(reads) == 2  # the first page's, then one for the whole crowd
