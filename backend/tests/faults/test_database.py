"""Drills: PostgreSQL frozen (SIGSTOP, a network black hole) and PostgreSQL stopped.

What a visitor sees: the spec's "servers are down" 503 within 5 seconds on every kind of request
(the async read pool's lists and profiles, ORM reads and writes, the health check), and the site
back by itself once the database is, without restarting the app.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from addme.core import sitemode
from addme.core.errors import SERVER_DOWN
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.listings import make_username
from tests.faults.conftest import PrivatePg, Server

# What a user may wait for the "down" page (security.md: 5 s).
LIMIT = 5.0


@pytest.fixture(scope="module")
def seeded(private_pg: PrivatePg) -> Iterator[dict[str, Any]]:
    engine = create_engine(private_pg.url.replace("postgresql://", "postgresql+psycopg://"))
    with Session(engine, expire_on_commit=False) as db:
        user = make_user(db)
        token = token_for(db, user)
        username = make_username(db, user=user)
        yield {"headers": auth(token), "username_id": username.id}
    engine.dispose()


def _requests(seeded: dict[str, Any]) -> list[tuple[str, str, dict[str, str]]]:
    """One request of each path to the database: (method, url, headers)."""
    uid = seeded["username_id"]
    return [
        ("GET", "/v1/usernames", {}),  # async read pool, pipelined page + count
        ("GET", f"/v1/usernames/{uid}", {}),  # async read pool
        ("GET", "/v1/auth/user", seeded["headers"]),  # ORM session in the thread pool
        ("GET", "/v1/user/usernames", seeded["headers"]),  # ORM
        ("POST", f"/v1/usernames/{uid}/view", {}),  # ORM write and commit
        ("GET", "/v1/health", {}),
    ]


def _timed(client: httpx.Client, method: str, url: str, headers: dict[str, str]) -> tuple[int, float, Any]:
    start = time.monotonic()
    r = client.request(method, url, headers=headers)
    elapsed = time.monotonic() - start
    body = r.json() if r.headers.get("content-type", "").startswith("application/json") else None
    return r.status_code, elapsed, body


def _all_at_once(
    server: Server, seeded: dict[str, Any], copies: int = 2
) -> list[tuple[str, int, float, Any]]:
    reqs = _requests(seeded) * copies
    with server.client() as client, ThreadPoolExecutor(len(reqs)) as pool:
        futures = [(url, pool.submit(_timed, client, m, url, h)) for m, url, h in reqs]
        return [(url, *f.result()) for url, f in futures]


def _assert_down(results: list[tuple[str, int, float, Any]]) -> None:
    print("down:", ", ".join(f"{url} {status} {elapsed:.2f}s" for url, status, elapsed, _ in results))
    for url, status, elapsed, body in results:
        assert status == 503, (url, status, body)
        assert body["message"] == SERVER_DOWN, (url, body)
        assert elapsed < LIMIT, (url, f"{elapsed:.2f} s")


def _wait_until_up(server: Server, seeded: dict[str, Any], within: float) -> float:
    """Seconds until every request of `_requests` succeeds again (fails after `within`)."""
    start = time.monotonic()
    last: list[tuple[str, int]] = []
    with server.client() as client:
        while time.monotonic() - start < within:
            last = [(url, client.request(m, url, headers=h).status_code) for m, url, h in _requests(seeded)]
            if all(status in (200, 204) for _, status in last):
                return time.monotonic() - start
            time.sleep(0.25)
    raise AssertionError(f"not recovered after {within} s: {last}")


def _assert_up(server: Server, seeded: dict[str, Any]) -> None:
    _wait_until_up(server, seeded, within=2.0)


@pytest.fixture(scope="module")
def server(private_pg: PrivatePg, server_factory: Callable[..., Server], seeded: dict[str, Any]) -> Server:
    return server_factory(private_pg.url)


@pytest.fixture(autouse=True)
def _up_before_each_drill(server: Server, seeded: dict[str, Any]) -> None:
    _assert_up(server, seeded)


def test_a_frozen_database_answers_503_within_5_s_and_the_app_recovers_when_it_thaws(
    private_pg: PrivatePg, server: Server, seeded: dict[str, Any]
) -> None:
    private_pg.freeze()
    try:
        _assert_down(_all_at_once(server, seeded))
        # Still frozen a while later: new requests (on reconnecting pools) are answered in time too.
        time.sleep(1)
        _assert_down(_all_at_once(server, seeded, copies=1))
    finally:
        private_pg.thaw()
    recovered = _wait_until_up(server, seeded, within=15.0)
    print(f"recovered {recovered:.2f} s after the thaw")
    assert server.proc.poll() is None  # the same process: no restart


def test_a_stopped_database_answers_503_within_5_s_and_the_app_recovers_when_it_starts(
    private_pg: PrivatePg, server: Server, seeded: dict[str, Any]
) -> None:
    private_pg.stop()
    try:
        _assert_down(_all_at_once(server, seeded))
    finally:
        private_pg.start()
    _wait_until_up(server, seeded, within=15.0)
    assert server.proc.poll() is None


def test_a_frozen_database_does_not_hold_the_other_requests_of_a_process_serving_pages(
    private_pg: PrivatePg, server_factory: Callable[..., Server], tmp_path: Path
) -> None:
    """A page of the web app reads the maintenance switch every few seconds. Read on the event loop,
    with the database frozen, that read held every request of the process until its timeout."""
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text(
        "<!doctype html><html><head><title>App</title></head><body><div id=root></div></body></html>"
    )
    server = server_factory(private_pg.url, WEB_DIST=str(dist))
    with server.client() as client:
        assert client.get("/help").status_code == 200
    private_pg.freeze()
    try:
        time.sleep(sitemode.CACHE_SECONDS + 0.5)  # the switch's copy has expired: the next page reads it
        with server.client() as client, ThreadPoolExecutor(2) as pool:
            page = pool.submit(_timed, client, "GET", "/help?fresh=1", {})
            time.sleep(0.3)  # the page's read of the switch is under way
            status, elapsed, _ = _timed(client, "GET", "/v1/ping", {})
            assert status == 200 and elapsed < 1.0, f"the ping waited {elapsed:.2f} s behind the page"
            page_status, page_elapsed, _ = page.result()
            assert page_status in (200, 503) and page_elapsed < LIMIT, (page_status, page_elapsed)
    finally:
        private_pg.thaw()
