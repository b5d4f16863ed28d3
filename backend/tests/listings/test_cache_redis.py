"""The anonymous response cache in Redis (REDIS_URL set, N web processes): what one process built,
another answers without building; a listing change leaves it at once, for every process.

Uses the machine's Redis (127.0.0.1:6379), under key names of this test's own, so parallel runs
never meet; skipped where there is none. The fault drill (tests/faults/test_redis.py) covers a
Redis that goes away.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import redis

from addme.accounts.models import User
from addme.core import respcache
from addme.core.config import get_settings
from addme.listings import cache, service
from tests.factories.listings import make_username

REDIS_URL = "redis://127.0.0.1:6379/14"


@pytest.fixture
def shared_cache(monkeypatch: pytest.MonkeyPatch) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(REDIS_URL)
    try:
        client.ping()
    except redis.ConnectionError:
        pytest.skip("no Redis on 127.0.0.1:6379")
    prefix = f"addme-test-{uuid.uuid4().hex[:12]}:"
    monkeypatch.setattr(respcache.RedisStore, "GEN_KEY", prefix + "gen")
    monkeypatch.setattr(respcache.RedisStore, "ORDER_KEY", prefix + "order")
    monkeypatch.setattr(respcache.RedisStore, "ENTRY_PREFIX", prefix + "lc:")
    monkeypatch.setenv("REDIS_URL", REDIS_URL)
    monkeypatch.setenv("LISTING_CACHE_SECONDS", "15")
    get_settings.cache_clear()
    cache.store.cache_clear()
    try:
        yield client
    finally:
        for key in client.scan_iter(prefix + "*"):
            client.delete(key)
        monkeypatch.undo()
        get_settings.cache_clear()
        cache.store.cache_clear()


def _another_process() -> None:
    """What a second web process has: no memory of this one's store, its own event loop."""
    cache.store.cache_clear()


async def _get(app: Any, n: int = 1) -> list[httpx.Response]:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:
        return list(await asyncio.gather(*(http.get("/v1/usernames") for _ in range(n))))


def _handles(r: httpx.Response) -> list[str]:
    return [c["username"] for c in r.json()["data"]]


def test_one_process_builds_a_list_and_another_answers_it_from_redis(app, db, builds, shared_cache):
    make_username(db, username="in_redis")
    assert isinstance(cache.store(), respcache.RedisStore)

    first = asyncio.run(_get(app, n=8))
    assert [r.status_code for r in first] == [200] * 8
    assert {tuple(_handles(r)) for r in first} == {("in_redis",)}
    assert len(builds) == 1
    assert any(shared_cache.scan_iter(respcache.RedisStore.ENTRY_PREFIX + "*"))

    _another_process()
    again = asyncio.run(_get(app, n=4))
    assert {r.content for r in again} == {first[0].content}
    assert len(builds) == 1  # answered from Redis, built by nobody


def test_a_delisted_username_leaves_every_process_s_cached_list_at_once(app, db, builds, shared_cache):
    gone = make_username(db, username="soon_delisted")
    make_username(db, username="stays_listed")
    assert set(_handles(asyncio.run(_get(app))[0])) == {"soon_delisted", "stays_listed"}

    # The change is made by another process (the member's): the generation is bumped in Redis.
    _another_process()
    service.delist(db, user=db.get(User, gone.user_id), username_id=gone.id)

    _another_process()
    assert _handles(asyncio.run(_get(app))[0]) == ["stays_listed"]
    assert len(builds) == 2
