"""Where a public read goes when a replica is configured (DATABASE_READ_URL): core/replica.py."""

from __future__ import annotations

import asyncio
import time

import psycopg
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from addme.core import reads, replica
from addme.core.replica import PRIMARY, REPLICA, decide

NOW = 1_800_000_000.0


def _decide(**over):
    args = {"up": True, "lag": 0.2, "max_lag": 5.0, "wrote": None, "now": NOW, "generation_changed": False}
    return decide(**{**args, **over})


def test_a_healthy_replica_answers_public_reads():
    assert _decide() == (REPLICA, "replica")


@pytest.mark.parametrize(
    ("over", "why"),
    [
        ({"wrote": NOW - 1.0}, "own_write"),
        ({"wrote": NOW - 4.9}, "own_write"),
        ({"generation_changed": True}, "listings_changed"),
        ({"up": False}, "replica_down"),
        ({"lag": 5.1}, "replica_lagging"),
        ({"lag": None}, "replica_lagging"),
    ],
)
def test_the_primary_answers_when(over, why):
    assert _decide(**over) == (PRIMARY, why)


def test_an_old_write_no_longer_holds_the_reader_on_the_primary():
    assert _decide(wrote=NOW - 5.0) == (REPLICA, "replica")
    assert _decide(wrote=NOW - 60) == (REPLICA, "replica")


def test_the_write_cookie_is_signed_and_carries_its_time():
    value = replica.write_cookie_value(NOW - 2)
    assert replica.read_write_cookie(value, now=NOW) == pytest.approx(NOW - 2, abs=0.001)
    stamp, _sig = value.split(".")
    for forged in (f"{stamp}.{'0' * 24}", f"{int(NOW * 1000)}.{_sig}", "", "abc", "1.2.3", None):
        assert replica.read_write_cookie(forged, now=NOW) is None
    # A time in the future is refused (a cookie cannot hold the reader on the primary for ever).
    assert replica.read_write_cookie(replica.write_cookie_value(NOW + 3600), now=NOW) is None


def _app() -> FastAPI:
    app = FastAPI()
    app.add_middleware(replica.ReadYourWritesMiddleware)

    @app.get("/seen")
    def seen() -> dict[str, float | None]:
        return {"wrote": replica.wrote_at.get()}

    @app.post("/write")
    def write() -> dict[str, bool]:
        return {"ok": True}

    @app.post("/refused", status_code=422)
    def refused() -> dict[str, bool]:
        return {"ok": False}

    return app


def test_a_write_stamps_the_cookie_and_the_next_request_on_any_node_reads_it():
    node_a, node_b = TestClient(_app()), TestClient(_app())
    assert node_a.get("/seen").json() == {"wrote": None}
    r = node_a.post("/write")
    cookie = r.cookies.get(replica.WRITE_COOKIE)
    assert cookie and "HttpOnly" in r.headers["set-cookie"]
    wrote = node_b.get("/seen", cookies={replica.WRITE_COOKIE: cookie}).json()["wrote"]
    assert wrote == pytest.approx(time.time(), abs=5)
    # A refused write changed nothing: no stamp.
    assert replica.WRITE_COOKIE not in TestClient(_app()).post("/refused").cookies
    # A forged cookie counts for nothing.
    assert node_b.get("/seen", cookies={replica.WRITE_COOKIE: "99999999999999.abc"}).json() == {"wrote": None}


class _Fake:
    def __init__(self, name: str, *, fail: bool = False) -> None:
        self.name, self.fail, self.calls = name, fail, 0

    async def fetch(self, *queries, prepare=True):
        self.calls += 1
        if self.fail:
            raise psycopg.OperationalError("connection refused")
        return [[(self.name,)]]


def _routed(primary: _Fake, rep: _Fake) -> reads.RoutedReader:
    routed = reads.RoutedReader.__new__(reads.RoutedReader)
    routed.primary, routed.replica = primary, rep  # type: ignore[assignment]
    routed.state = replica.ReplicaState(up=True, lag=0.0)
    return routed


def test_reads_follow_the_decision_and_a_failed_replica_read_is_read_again_on_the_primary(monkeypatch):
    monkeypatch.setattr(reads.respcache, "generation_changed_within", lambda _s: False)
    primary, rep = _Fake("primary"), _Fake("replica")
    routed = _routed(primary, rep)
    assert asyncio.run(routed.fetch()) == [[("replica",)]]
    token = replica.wrote_at.set(time.time())
    try:
        assert asyncio.run(routed.fetch()) == [[("primary",)]]  # read-your-writes
    finally:
        replica.wrote_at.reset(token)
    rep.fail = True
    assert asyncio.run(routed.fetch()) == [[("primary",)]]
    assert routed.state.up is False  # until the next check says otherwise
    assert asyncio.run(routed.fetch()) == [[("primary",)]]
    assert rep.calls == 2
    figures = dict(((t, w), n) for t, w, n in replica.reads_by_target(routed.state))
    assert figures[(PRIMARY, "own_write")] == 1 and figures[(PRIMARY, "replica_failed")] == 1
    assert figures[(PRIMARY, "replica_down")] == 1


def test_a_listing_change_seen_holds_reads_on_the_primary_for_the_lag_bound(monkeypatch):
    from addme.core import respcache

    monkeypatch.setattr(respcache, "_seen", [None, float("-inf")])
    respcache.saw_generation("7")
    assert not respcache.generation_changed_within(5)
    respcache.saw_generation("7")
    assert not respcache.generation_changed_within(5)
    respcache.saw_generation("8")  # a ban on another node bumped the shared generation
    assert respcache.generation_changed_within(5)
    respcache.saw_generation("static")
    assert respcache.generation_changed_within(5)


def test_the_sitemap_and_page_heads_read_where_the_lists_read(monkeypatch):
    """Public reads made through SQLAlchemy follow the same rule as the lists' reads."""
    from addme.core import db

    replica_engine = object()
    monkeypatch.setattr(db, "get_read_engine", lambda: replica_engine)
    monkeypatch.setattr(reads.respcache, "generation_changed_within", lambda _s: False)
    routed = _routed(_Fake("primary"), _Fake("replica"))
    monkeypatch.setattr(reads, "_current", routed)
    assert reads.public_engine() is replica_engine
    token = replica.wrote_at.set(time.time())
    try:
        assert reads.public_engine() is db.get_engine()  # the caller's own write: the primary
    finally:
        replica.wrote_at.reset(token)
    routed.state.up = False
    assert reads.public_engine() is db.get_engine()
    # Without a replica configured, always the primary.
    monkeypatch.setattr(reads, "_current", reads.ThreadReader())
    assert reads.public_engine() is db.get_engine()
