"""After 10 failed logins the e-mail is locked for 10 minutes, and every 429 it gets says so: the
per-IP limits (the write budget's 20 a minute, the form's 25 in 5 minutes) answer sooner than the
lock, and their minute is not the lock's ten."""

from __future__ import annotations

from fastapi.testclient import TestClient

from addme.api import throttle
from tests.factories.accounts import make_user


def test_every_429_after_ten_failures_gives_the_locks_real_time(app, db):
    throttle.forget()
    make_user(db, email="locked@example.org")
    c = TestClient(app, client=("198.51.100.40", 5000))
    answers = [
        c.post("/v1/auth/login", json={"email": "locked@example.org", "password": "not-the-password-1"})
        for _ in range(30)
    ]
    assert [r.status_code for r in answers[:10]] == [422] * 10
    refused = answers[10:]
    assert all(r.status_code == 429 for r in refused)
    for r in refused:
        assert 590 <= int(r.headers["Retry-After"]) <= 600, r.headers["Retry-After"]
        assert r.json()["message"] == "Too many attempts. Please try again in 10 minute(s)."


def test_an_ip_past_its_budget_with_no_locked_email_hears_the_budgets_time(app, db):
    throttle.forget()
    c = TestClient(app, client=("198.51.100.41", 5000))
    for n in range(20):
        c.post("/v1/auth/login", json={"email": f"someone{n}@example.org", "password": "not-the-password-1"})
    r = c.post("/v1/auth/login", json={"email": "fresh@example.org", "password": "not-the-password-1"})
    assert r.status_code == 429
    assert int(r.headers["Retry-After"]) <= 60
    assert r.json()["message"] == "Too many attempts. Please try again in 1 minute(s)."
