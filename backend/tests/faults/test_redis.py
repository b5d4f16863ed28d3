"""Drill: Redis goes away. Throttles and the listings cache degrade to this process; nothing is a 500.

A private redis-server (port 56379, never the machine's 6379) is started, used, then stopped.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator

import pytest
import redis

from addme.core import ratelimit
from addme.core.config import get_settings
from addme.listings import cache
from tests.factories.listings import make_username
from tests.faults.conftest import free_port


@pytest.fixture
def private_redis(monkeypatch: pytest.MonkeyPatch) -> Iterator[subprocess.Popen[bytes]]:
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed")
    port = free_port()
    proc = subprocess.Popen(  # noqa: S603
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"
    client = redis.Redis.from_url(url)
    for _ in range(50):
        try:
            client.ping()
            break
        except redis.ConnectionError:
            time.sleep(0.1)
    monkeypatch.setenv("REDIS_URL", url)
    monkeypatch.setenv("LISTING_CACHE_SECONDS", "15")
    _forget_stores()
    try:
        yield proc
    finally:
        proc.kill()
        proc.wait()
        monkeypatch.undo()
        _forget_stores()


def _forget_stores() -> None:
    get_settings.cache_clear()
    for fn in (ratelimit._storage, ratelimit._shared_limiter, ratelimit._local_limiter, cache.store):
        fn.cache_clear()  # type: ignore[attr-defined]
    ratelimit._redis_down_until = 0.0


def _bad_login(client) -> int:  # type: ignore[no-untyped-def]
    return client.post(
        "/v1/auth/login", json={"email": "nobody@example.com", "password": "wrong"}
    ).status_code


def test_with_redis_down_throttles_and_the_cache_degrade_instead_of_failing(client, db, private_redis):
    listed = make_username(db)
    # Redis up: the throttle counts there, the list is cached there.
    assert client.get("/v1/usernames").status_code == 200
    assert _bad_login(client) in (401, 422)
    assert redis.Redis.from_url(get_settings().redis_url).dbsize() > 0

    private_redis.kill()
    private_redis.wait()

    started = time.monotonic()
    r = client.get("/v1/usernames")
    assert r.status_code == 200 and [u["id"] for u in r.json()["data"]] == [listed.id]
    assert client.get(f"/v1/usernames/{listed.id}").status_code == 200
    assert time.monotonic() - started < 2.0  # no waiting on the dead Redis
    # Failed logins are still throttled, by this process, up to the 429 with its Retry-After.
    statuses = [_bad_login(client) for _ in range(12)]
    assert 500 not in statuses and statuses[-1] == 429, statuses
