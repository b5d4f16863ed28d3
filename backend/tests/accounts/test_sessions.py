"""Sessions: login, cookies with CSRF, logout, lifetimes, password reset and change, deletion."""

from __future__ import annotations

import re

from sqlalchemy import select

from addme.accounts import service
from addme.accounts.models import User
from addme.core import clock
from addme.mail.models import OutboxMessage
from tests.factories.accounts import PASSWORD, auth, make_user, token_for

NEW = "another good passphrase"


def _login(client, email, password=PASSWORD):
    return client.post("/v1/auth/login", json={"email": email, "password": password})


def test_user_object_has_the_spec_fields(client, db):
    user = make_user(db, email="me@example.com")
    body = client.get("/v1/auth/user", headers=auth(token_for(db, user))).json()
    for field in [
        "id",
        "first_name",
        "email_confirmed",
        "country_code",
        "ip_address",
        "admin_level",
        "usernames_count",
        "max_usernames",
        "username_slots",
        "top_ups_count",
        "is_studio",
        "studio_ending_at",
        "is_automated_topup",
        "automation_topup_ending_at",
        "is_promoted",
        "promotion_ending_at",
        "age_verified",
        "last_top_up",
        "last_group_top_up",
        "last_free_topup",
        "latest_username",
        "created_at",
        "updated_at",
    ]:
        assert field in body, field
    assert "password_hash" not in body
    assert body["created_at"].endswith("Z")


def test_logout_revokes_the_token(client, db):
    make_user(db, email="me@example.com")
    token = _login(client, "me@example.com").json()["token"]
    assert client.post("/v1/auth/logout", headers=auth(token)).status_code == 204
    assert client.get("/v1/auth/user", headers=auth(token)).status_code == 401


def test_no_token_is_401_with_envelope(client):
    r = client.get("/v1/auth/user")
    assert r.status_code == 401
    assert r.json()["message"]


def test_cookie_session_needs_csrf_header_for_changes(client, db):
    make_user(db, email="me@example.com")
    assert _login(client, "me@example.com").status_code == 200
    # The browser's cookie alone reads...
    assert client.get("/v1/auth/user").status_code == 200
    # ...but cannot change state without the CSRF twin.
    r = client.patch("/v1/user/account", json={"first_name": "Eve"})
    assert r.status_code == 403
    csrf = client.cookies.get("addme_csrf")
    r = client.patch("/v1/user/account", json={"first_name": "Ann"}, headers={"X-CSRF-Token": csrf})
    assert r.status_code == 200
    assert r.json()["first_name"] == "Ann"


def test_member_session_expires_after_7_idle_days(client, db):
    token = token_for(db, make_user(db))
    clock.travel(7 * 24 * 3600 + 60)
    assert client.get("/v1/auth/user", headers=auth(token)).status_code == 401


def test_admin_session_expires_after_30_idle_minutes(client, db):
    token = token_for(db, make_user(db, admin_level="Full"))
    clock.travel(31 * 60)
    assert client.get("/v1/auth/user", headers=auth(token)).status_code == 401


def test_tokens_are_stored_hashed(client, db):
    make_user(db, email="me@example.com")
    token = _login(client, "me@example.com").json()["token"]
    from addme.accounts.models import AuthToken

    stored = db.scalars(select(AuthToken.token_hash)).all()
    assert token not in stored
    assert len(stored[0]) == 64


def _reset_token(db, email):
    msg = db.scalars(
        select(OutboxMessage).where(OutboxMessage.to == email).order_by(OutboxMessage.id.desc())
    ).first()
    assert msg is not None
    return re.search(r"/auth/forgot-password/(\S+)", msg.body).group(1)


def test_forgot_password_same_answer_for_known_and_unknown(client, db):
    make_user(db, email="me@example.com")
    a = client.post("/v1/auth/forgot-password", json={"email": "me@example.com"})
    b = client.post("/v1/auth/forgot-password", json={"email": "ghost@example.com"})
    assert a.status_code == b.status_code == 200
    assert a.json()["message"] == (
        "If a matching account was found an email was sent to me@example.com to allow you to reset your password."
    )
    assert b.json()["message"].replace("ghost@", "me@") == a.json()["message"]
    assert db.scalars(select(OutboxMessage).where(OutboxMessage.to == "ghost@example.com")).first() is None


def test_reset_password_works_once_and_ends_sessions(client, db):
    user = make_user(db, email="me@example.com")
    old = token_for(db, user)
    client.post("/v1/auth/forgot-password", json={"email": "me@example.com"})
    token = _reset_token(db, "me@example.com")
    body = {"token": token, "password": NEW, "password_confirmation": NEW}
    r = client.post("/v1/auth/reset-password", json=body)
    assert r.status_code == 200
    assert r.json()["message"] == "Your password has been updated."
    assert client.get("/v1/auth/user", headers=auth(old)).status_code == 401
    assert _login(client, "me@example.com", NEW).status_code == 200
    again = client.post("/v1/auth/reset-password", json=body)
    assert again.status_code == 400
    assert again.json()["message"] == (
        "An error occurred while resetting the password, please try again or contact support."
    )


def test_reset_link_expires_in_an_hour_and_a_newer_one_voids_it(client, db):
    make_user(db, email="me@example.com")
    client.post("/v1/auth/forgot-password", json={"email": "me@example.com"})
    first = _reset_token(db, "me@example.com")
    client.post("/v1/auth/forgot-password", json={"email": "me@example.com"})
    second = _reset_token(db, "me@example.com")
    body = {"password": NEW, "password_confirmation": NEW}
    assert client.post("/v1/auth/reset-password", json={"token": first, **body}).status_code == 400
    clock.travel(3601)
    assert client.post("/v1/auth/reset-password", json={"token": second, **body}).status_code == 400


def test_forgot_password_limited_to_5_per_email_per_30_minutes(client, db):
    for _ in range(5):
        assert client.post("/v1/auth/forgot-password", json={"email": "me@example.com"}).status_code == 200
    r = client.post("/v1/auth/forgot-password", json={"email": "me@example.com"})
    assert r.status_code == 429
    assert "Retry-After" in r.headers


def test_change_password_needs_current_and_ends_other_sessions(client, db):
    user = make_user(db, email="me@example.com")
    mine, other = token_for(db, user), token_for(db, user)
    bad = client.post(
        "/v1/user/password",
        json={"current_password": "not it at all", "password": NEW, "password_confirmation": NEW},
        headers=auth(mine),
    )
    assert bad.status_code == 422
    assert "current_password" in bad.json()["errors"]
    ok = client.post(
        "/v1/user/password",
        json={"current_password": PASSWORD, "password": NEW, "password_confirmation": NEW},
        headers=auth(mine),
    )
    assert ok.json()["message"] == "Your password has been updated."
    assert client.get("/v1/auth/user", headers=auth(mine)).status_code == 200
    assert client.get("/v1/auth/user", headers=auth(other)).status_code == 401


def test_sessions_list_and_revoke_only_own(client, db):
    me, them = make_user(db), make_user(db)
    mine, second = token_for(db, me), token_for(db, me)
    theirs = token_for(db, them)
    rows = client.get("/v1/user/sessions", headers=auth(mine)).json()
    assert len(rows) == 2 and sum(r["current"] for r in rows) == 1
    their_id = client.get("/v1/user/sessions", headers=auth(theirs)).json()[0]["id"]
    assert client.delete(f"/v1/user/sessions/{their_id}", headers=auth(mine)).status_code == 404
    assert client.get("/v1/auth/user", headers=auth(theirs)).status_code == 200
    other_id = next(r["id"] for r in rows if not r["current"])
    assert client.delete(f"/v1/user/sessions/{other_id}", headers=auth(mine)).status_code == 204
    assert client.get("/v1/auth/user", headers=auth(second)).status_code == 401


def test_delete_account_hides_then_login_restores_within_30_days(client, db):
    user = make_user(db, email="me@example.com")
    token = token_for(db, user)
    r = client.request("DELETE", "/v1/user/account", json={"password": PASSWORD}, headers=auth(token))
    assert r.status_code == 200
    assert client.get("/v1/auth/user", headers=auth(token)).status_code == 401
    clock.travel(29 * 24 * 3600)
    r = _login(client, "me@example.com")
    assert r.status_code == 200 and r.json()["restored"] is True
    db.expire_all()
    assert db.get(User, user.id).deleted_at is None


def test_deleted_account_is_erased_after_30_days(client, db):
    user = make_user(db, email="me@example.com")
    token = token_for(db, user)
    client.request("DELETE", "/v1/user/account", json={"password": PASSWORD}, headers=auth(token))
    clock.travel(31 * 24 * 3600)
    assert service.erase_deleted_accounts(db) == 1
    assert _login(client, "me@example.com").status_code == 422
    db.expire_all()
    assert db.get(User, user.id) is None


def test_delete_account_needs_the_password(client, db):
    user = make_user(db)
    token = token_for(db, user)
    r = client.request("DELETE", "/v1/user/account", json={"password": "wrong one!"}, headers=auth(token))
    assert r.status_code == 422
    assert client.get("/v1/auth/user", headers=auth(token)).status_code == 200


def test_banned_account_cannot_log_in(client, db):
    make_user(db, email="b@example.com", banned_at=clock.now())
    r = _login(client, "b@example.com")
    assert r.status_code == 403
