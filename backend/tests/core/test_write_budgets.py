"""Every write under /v1 has a budget per IP and per account: past it, a 429 with Retry-After.

The backend suite runs with rate limits on (the browser tests and the fuzzer turn them off).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis
from fastapi.testclient import TestClient

from addme.api import throttle
from addme.core import ratelimit
from addme.core.config import get_settings
from tests.factories.accounts import auth, make_user, token_for

REDIS_URL = "redis://127.0.0.1:6379/13"  # the machine's Redis, a database of these tests' own
PREFIX = "addme-test-guard"


def _at(app, ip: str) -> TestClient:  # type: ignore[no-untyped-def]
    return TestClient(app, base_url="http://testserver", client=(ip, 50000))


def _forgot(c: TestClient, n: int) -> int:
    return c.post("/v1/auth/forgot-password", json={"email": f"nobody{n}@example.com"}).status_code


def _assert_429(r) -> None:  # type: ignore[no-untyped-def]
    assert r.status_code == 429
    assert int(r.headers["Retry-After"]) >= 1
    body = r.json()
    assert body["code"] == "rate_limited"
    assert body["message"].startswith("Too many attempts. Please try again in")


def test_an_ip_past_its_forgot_password_budget_is_refused_and_another_ip_is_not(app):  # type: ignore[no-untyped-def]
    first, other = _at(app, "198.51.100.7"), _at(app, "198.51.100.8")
    # Different e-mails each time: the per-e-mail limit of reset mails never trips first.
    for n in range(10):
        assert _forgot(first, n) == 200
    _assert_429(first.post("/v1/auth/forgot-password", json={"email": "x@example.com"}))
    assert _forgot(other, 99) == 200


def test_an_account_past_its_write_budget_is_refused_and_other_accounts_are_not(app, db):  # type: ignore[no-untyped-def]
    throttle.forget()
    one, two = make_user(db), make_user(db)
    h1, h2 = auth(token_for(db, one)), auth(token_for(db, two))
    c = _at(app, "198.51.100.20")
    # A write to nothing still counts: the budget is spent before the route runs.
    for _ in range(60):
        assert c.post("/v1/user/usernames/999999/topup", headers=h1).status_code == 404
    _assert_429(c.post("/v1/user/usernames/999999/topup", headers=h1))
    # Same IP, another account: admitted (the IP's budget is far from spent).
    assert c.post("/v1/user/usernames/999999/topup", headers=h2).status_code == 404
    # The same account from another IP is still refused: the budget follows the account.
    _assert_429(_at(app, "198.51.100.21").post("/v1/user/usernames/999999/topup", headers=h1))


def test_a_sensitive_form_has_a_budget_of_its_own_per_account(app, db):  # type: ignore[no-untyped-def]
    throttle.forget()
    user = make_user(db)
    h = auth(token_for(db, user))
    c = _at(app, "198.51.100.30")
    # Without a captcha each claim is refused (422), and still counted.
    for _ in range(30):
        assert c.post("/v1/user/free-topup", headers=h).status_code == 422
    _assert_429(c.post("/v1/user/free-topup", headers=h))


def test_reads_are_never_counted(app, db):  # type: ignore[no-untyped-def]
    user = make_user(db)
    h = auth(token_for(db, user))
    c = _at(app, "198.51.100.40")
    for _ in range(80):
        assert c.get("/v1/auth/user", headers=h).status_code == 200
    assert c.get("/v1/usernames").status_code == 200


def test_turned_off_nothing_is_counted(app, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(get_settings(), "rate_limits_enabled", False)
    c = _at(app, "198.51.100.50")
    for n in range(15):
        assert _forgot(c, n) == 200


def test_every_write_route_gets_a_budget():
    assert [b.name for b in throttle.budgets_for("POST", "/v1/user/usernames/3/topup")] == ["write"]
    assert [b.name for b in throttle.budgets_for("POST", "/v1/usernames/3/reports")] == ["write", "report"]
    assert [b.name for b in throttle.budgets_for("POST", "/v1/remove-username")] == ["write", "removal"]
    assert [b.name for b in throttle.budgets_for("POST", "/v1/webhooks/shop")] == ["webhook"]
    assert [b.name for b in throttle.budgets_for("DELETE", "/v1/admin/people/4")] == ["write"]


def _forget_stores() -> None:
    get_settings.cache_clear()
    for fn in (ratelimit._storage, ratelimit._shared_limiter, ratelimit._local_limiter):
        fn.cache_clear()  # type: ignore[attr-defined]
    ratelimit._redis_down_until = 0.0


@pytest.fixture
def machine_redis(monkeypatch: pytest.MonkeyPatch) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(REDIS_URL)
    try:
        client.ping()
    except redis.ConnectionError:
        pytest.skip("no Redis on 127.0.0.1:6379")
    monkeypatch.setenv("REDIS_URL", REDIS_URL)
    monkeypatch.setenv("RATE_LIMIT_PREFIX", PREFIX)
    _forget_stores()
    try:
        yield client
    finally:
        for key in client.scan_iter(f"{PREFIX}:*"):
            client.delete(key)
        monkeypatch.undo()
        _forget_stores()


def test_with_redis_the_budget_is_kept_there_and_shared(app, machine_redis):  # type: ignore[no-untyped-def]
    c = _at(app, "198.51.100.60")
    for n in range(10):
        assert _forgot(c, n) == 200
    assert any(machine_redis.scan_iter(f"{PREFIX}:*w-forgot-ip*"))
    # Another process (its own memory) would see the same count: forget this one's memory.
    ratelimit._local_limiter().storage.reset()
    _assert_429(c.post("/v1/auth/forgot-password", json={"email": "y@example.com"}))
