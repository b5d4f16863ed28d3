"""App-wide behaviour: error envelope, security headers, database outage and recovery, jobs."""

from __future__ import annotations

from sqlalchemy import create_engine

from addme.core import db as core_db
from addme.core.errors import SERVER_DOWN
from addme.jobs import service as jobs
from tests.factories.accounts import auth, make_user, token_for


def test_security_headers(client):
    r = client.get("/v1/health")
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["Referrer-Policy"] == "no-referrer"
    csp = r.headers["Content-Security-Policy"]
    assert "object-src 'none'" in csp and "base-uri 'none'" in csp and "frame-ancestors" in csp
    # API answers are not stored unless the route says otherwise, and no header is sent twice.
    assert r.headers["Cache-Control"] == "no-store"
    listed = client.get("/v1/usernames")
    assert listed.headers["Cache-Control"].startswith("public")
    assert listed.headers.get_list("Cache-Control") == [listed.headers["Cache-Control"]]
    assert listed.headers.get_list("X-Frame-Options") == ["DENY"]


def test_unknown_api_route_is_enveloped_404(client):
    r = client.get("/v1/nothing-here")
    assert r.status_code == 404
    assert r.json()["message"] == "This page could not be found"


def test_openapi_is_served(client):
    spec = client.get("/v1/openapi.json").json()
    assert "/v1/auth/login" in spec["paths"]


def test_database_down_gives_503_with_the_spec_message_then_recovers(client, db, monkeypatch):
    token = token_for(db, make_user(db))
    # A database that cannot be reached: a PostgreSQL port nobody listens on.
    dead = create_engine(
        "postgresql+psycopg://nobody@127.0.0.1:1/none",
        connect_args={"connect_timeout": 1},
        pool_pre_ping=True,
    )
    from sqlalchemy.orm import sessionmaker

    good_factory = core_db._session_factory()
    monkeypatch.setattr(core_db, "_session_factory", lambda: sessionmaker(bind=dead))
    monkeypatch.setattr(core_db, "get_engine", lambda: dead)
    r = client.get("/v1/auth/user", headers=auth(token))
    assert r.status_code == 503
    assert r.json()["message"] == SERVER_DOWN
    h = client.get("/v1/health")
    assert h.status_code == 503 and h.json()["message"] == SERVER_DOWN
    # The database is back: the very same app answers again, no restart.
    monkeypatch.setattr(core_db, "_session_factory", lambda: good_factory)
    monkeypatch.undo()
    assert client.get("/v1/auth/user", headers=auth(token)).status_code == 200
    assert client.get("/v1/health").status_code == 200


def test_a_job_runs_once_per_lease_even_when_asked_twice(db):
    calls: list[int] = []
    from datetime import timedelta

    jobs.register("test-counter", every=timedelta(hours=1))(lambda _s: calls.append(1))
    try:
        assert "test-counter" in jobs.run_due(only="test-counter")
        assert jobs.run_due(only="test-counter") == []  # a second process finds the lease taken
        assert len(calls) == 1
    finally:
        jobs._jobs.pop("test-counter", None)
