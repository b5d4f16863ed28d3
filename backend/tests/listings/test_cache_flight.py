"""The anonymous response cache under a crowd: one rebuild per key, stale answers while it runs."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import httpx

from addme.core import respcache
from addme.listings import cache, public, service
from tests.factories.listings import make_username

CROWD = 24


async def _crowd(app: Any, n: int = CROWD, **params: Any) -> list[httpx.Response]:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:
        return list(await asyncio.gather(*(http.get("/v1/usernames", params=params) for _ in range(n))))


async def _settle() -> None:
    """Let background refreshes finish."""
    for _ in range(100):
        if not respcache._flights:
            return
        await asyncio.sleep(0.01)


def _descriptions(r: httpx.Response) -> list[str]:
    return [c["short_description"] for c in r.json()["data"]]


def test_a_crowd_on_a_cold_key_builds_it_once(app, db, builds):
    make_username(db, username="only_one")

    async def run() -> list[httpx.Response]:
        return await _crowd(app, q="only")

    answers = asyncio.run(run())
    assert [r.status_code for r in answers] == [200] * CROWD
    assert len({r.content for r in answers}) == 1
    assert len(builds) == 1


def test_a_stale_entry_is_served_while_one_request_rebuilds_it(app, db, builds, monkeypatch):
    u = make_username(db, username="stale_one", description="Before the change.")
    clock_now = [respcache._now()]
    monkeypatch.setattr(respcache, "_now", lambda: clock_now[0])

    async def run() -> None:
        first = await _crowd(app, n=1)
        assert _descriptions(first[0]) == ["Before the change."] and len(builds) == 1
        # A change nothing announces (no generation bump): only expiry brings it to the list.
        u.short_description = "After the change."
        db.commit()
        clock_now[0] += cache.LIST_TTL + 1  # expired, within the stale window
        answers = await _crowd(app)
        # Every request answered at once from the stale entry; one rebuild runs behind them.
        assert {tuple(_descriptions(r)) for r in answers} == {("Before the change.",)}
        await _settle()
        assert len(builds) == 2
        after = await _crowd(app, n=4)
        assert {tuple(_descriptions(r)) for r in after} == {("After the change.",)}
        assert len(builds) == 2
        # Past the stale window an entry is gone: the crowd waits for one build.
        clock_now[0] += cache.LIST_TTL + cache.STALE_SECONDS + 1
        gone = await _crowd(app)
        assert [r.status_code for r in gone] == [200] * CROWD and len(builds) == 3

    asyncio.run(run())


def test_a_failed_build_reaches_every_waiter_and_is_not_cached(app, db, monkeypatch):
    calls: list[int] = []

    async def broken(p: Any, **kw: Any) -> bytes:
        calls.append(1)
        await asyncio.sleep(0.05)
        raise RuntimeError("database gone")

    monkeypatch.setattr(public, "build_list", broken)
    service.invalidate_listings()

    async def run() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:
            return list(await asyncio.gather(*(http.get("/v1/usernames") for _ in range(8))))

    answers = asyncio.run(run())
    assert {r.status_code for r in answers} == {500} and len(calls) == 1
    monkeypatch.undo()
    assert asyncio.run(_crowd(app, n=1))[0].status_code == 200


def test_lists_tell_shared_caches_they_may_serve_stale(client, db):
    make_username(db)
    r = client.get("/v1/usernames")
    assert f"stale-while-revalidate={cache.STALE_SECONDS}" in r.headers["cache-control"]
    assert "s-maxage=" in r.headers["cache-control"]


def _handles(r: httpx.Response) -> list[str]:
    return [c["username"] for c in r.json()["data"]]


def test_a_top_up_reorders_the_cached_list_after_one_rebuild(app, db, builds):
    """A Top-Up only reorders: the cached list is answered (stale) while one request rebuilds it,
    and the next visitors see the topped-up username first. It no longer empties the cache."""
    from addme.core import clock

    older = make_username(db, username="older_one", approved_at=clock.now() - timedelta(hours=2))
    make_username(db, username="newer_one", approved_at=clock.now() - timedelta(hours=1))

    async def run() -> None:
        first = await _crowd(app, n=1)
        assert _handles(first[0]) == ["newer_one", "older_one"] and len(builds) == 1
        service.mark_topped_up(db, username_id=older.id, at=clock.now())
        db.commit()
        answers = await _crowd(app)
        assert [r.status_code for r in answers] == [200] * CROWD
        assert {tuple(_handles(r)) for r in answers} == {("newer_one", "older_one")}
        await _settle()
        assert len(builds) == 2  # one rebuild for the whole crowd
        after = await _crowd(app, n=4)
        assert {tuple(_handles(r)) for r in after} == {("older_one", "newer_one")}
        assert len(builds) == 2

    asyncio.run(run())


def test_a_banned_owner_leaves_the_cached_list_at_once(app, db, builds):
    """Hiding is not a reorder: no visitor is answered the old list once the ban is committed."""
    from addme.moderation import member_bans
    from tests.factories.accounts import make_user

    owner = make_user(db)
    make_username(db, username="soon_banned", user=owner)
    make_username(db, username="stays_listed")

    async def run() -> None:
        first = await _crowd(app, n=1)
        assert set(_handles(first[0])) == {"soon_banned", "stays_listed"}
        member_bans.ban(db, user=owner, until=None, reason="test")
        db.commit()
        answers = await _crowd(app)
        assert {tuple(_handles(r)) for r in answers} == {("stays_listed",)}

    asyncio.run(run())


def test_tag_counts_are_not_rebuilt_by_top_ups(app, db, monkeypatch):
    """The tags' counts come from the recount job's table: Top-Ups do not make every visitor's
    tag page rebuild them."""
    from addme.core import clock

    u = make_username(db, username="tagged_one", tags=["gamer"])
    calls: list[str | None] = []
    real = public._build_tags

    def counted(app_name: str | None) -> bytes:
        calls.append(app_name)
        return real(app_name)

    monkeypatch.setattr(public, "_build_tags", counted)
    service.invalidate_listings()
    from fastapi.testclient import TestClient

    with TestClient(app) as http:
        assert http.get("/v1/tags").status_code == 200
        for _ in range(3):
            service.mark_topped_up(db, username_id=u.id, at=clock.now())
            db.commit()
            assert http.get("/v1/tags").status_code == 200
    assert calls == [None]
