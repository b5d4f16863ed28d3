"""Out-of-range input is the caller's error, never a 500, and every error is the JSON envelope with
the security headers (issue 9, finding 1)."""

from __future__ import annotations

import re

import pytest
from fastapi import Depends
from fastapi.testclient import TestClient
from sqlalchemy import text
from sqlalchemy.orm import Session

from addme.core.config import get_settings
from addme.core.db import get_db
from addme.core.params import MAX_ID
from tests.conftest import IS_PG
from tests.factories.accounts import auth, make_user, token_for

# Values the database cannot hold: past a 32-bit integer, past a 64-bit one, and absurd.
TOO_BIG = [MAX_ID + 1, 2**63, 10**18]


def _id_routes(app) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """Every (method, path) of the OpenAPI document with an id in its path."""
    spec = app.openapi()
    return [
        (method.upper(), path)
        for path, ops in spec["paths"].items()
        if re.search(r"\{\w+_id\}", path)
        for method in ops
    ]


def _assert_headers(r) -> None:  # type: ignore[no-untyped-def]
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]
    assert r.headers["content-type"].startswith("application/json")


def test_every_path_id_past_the_integer_range_is_a_422_field_error(app, client, db, monkeypatch):
    # One account sweeping every write in a second would spend its write budget (api/throttle.py).
    monkeypatch.setattr(get_settings(), "rate_limits_enabled", False)
    token = token_for(db, make_user(db, admin_level="Full"))
    routes = _id_routes(app)
    assert len(routes) >= 25  # the sweep covers the whole API, not a sample
    for method, path in routes:
        for value in TOO_BIG:
            url = re.sub(r"\{\w+_id\}", str(value), path)
            r = client.request(method, url, headers=auth(token), json={})
            assert r.status_code == 422, (method, url, r.status_code, r.text[:200])
            body = r.json()
            assert body["code"] == "validation_error" and body["errors"], (method, url)
            _assert_headers(r)


def test_the_tester_s_urls_are_422_not_500(client):
    for url in (
        f"/v1/usernames/{MAX_ID + 1}",
        f"/v1/usernames/{MAX_ID + 1}/similar",
        "/v1/groups?page=1000000000000000000",
        "/v1/blog?page=1000000000000000000",
        "/v1/usernames?page=1000000000000000000",
        "/v1/nudes?page=1000000000000000000",
        "/v1/groups?per_page=1000000000000000000",
    ):
        r = client.get(url)
        assert r.status_code == 422, (url, r.status_code, r.text[:200])
        _assert_headers(r)
    # The largest id the database holds is simply not found.
    assert client.get(f"/v1/usernames/{MAX_ID}").status_code == 404


def test_ids_in_query_strings_and_bodies_are_bounded_too(client, db):
    token = token_for(db, make_user(db))
    r = client.get(f"/v1/user/swipes/favorites?username_id={2**63}", headers=auth(token))
    assert r.status_code == 422
    r = client.get(f"/v1/user/swipes/deck?username_id={2**63}", headers=auth(token))
    assert r.status_code == 422
    r = client.post(
        "/v1/user/swipes",
        headers=auth(token),
        json={"from_username_id": 2**63, "to_username_id": 1, "action": "like"},
    )
    assert r.status_code == 422 and "from_username_id" in r.json()["errors"]


@pytest.fixture
def raw_app():  # type: ignore[no-untyped-def]
    """A fresh app with two routes that fail the way a bug would."""
    from addme.main import create_app

    app = create_app()

    @app.get("/v1/test-boom")
    def boom() -> None:
        raise RuntimeError("a bug")

    @app.get("/v1/test-cast")
    def cast(db: Session = Depends(get_db)) -> int:
        # A value past the column's range reaching the database despite the bounds.
        value = 2**40 if IS_PG else 2**70
        return int(db.execute(text("SELECT CAST(:v AS integer)"), {"v": value}).scalar_one())

    @app.get("/v1/test-cast/{thing_id}")
    def cast_id(thing_id: int, db: Session = Depends(get_db)) -> int:
        return int(db.execute(text("SELECT CAST(:v AS integer)"), {"v": thing_id}).scalar_one())

    # Ahead of the web app's catch-all route, which was registered first.
    ours = [r for r in app.router.routes if getattr(r, "path", "").startswith("/v1/test-")]
    app.router.routes[:] = ours + [r for r in app.router.routes if r not in ours]
    return app


def test_an_unhandled_exception_is_the_enveloped_500_with_security_headers(raw_app):
    with TestClient(raw_app, raise_server_exceptions=False) as c:
        r = c.get("/v1/test-boom")
    assert r.status_code == 500
    assert r.json() == {"message": "An internal error occurred.", "errors": {}, "code": "internal_error"}
    _assert_headers(r)
    assert r.headers["Cache-Control"] == "no-store"


def test_a_database_range_error_is_a_422_or_a_404_on_a_path_id(raw_app):
    big = 2**40 if IS_PG else 2**70
    with TestClient(raw_app, raise_server_exceptions=False) as c:
        r = c.get("/v1/test-cast")
        assert r.status_code == 422, r.text
        assert r.json()["message"] == "The given data was invalid."
        _assert_headers(r)
        r = c.get(f"/v1/test-cast/{big}")
        assert r.status_code == 404, r.text
        _assert_headers(r)
