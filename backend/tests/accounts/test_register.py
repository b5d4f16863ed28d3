"""Registration and e-mail confirmation, as a new member meets them."""

from __future__ import annotations

import re

from sqlalchemy import func, select

from addme.accounts.models import User
from addme.core import clock
from addme.mail.models import OutboxMessage
from tests.factories.accounts import PASSWORD, make_user

GOOD = "a long enough passphrase"


def _register(client, email="new@example.com", **over):
    body = {
        "email": email,
        "password": GOOD,
        "password_confirmation": GOOD,
        "terms": True,
        "captcha_token": "local-captcha-ok",
    }
    body.update(over)
    return client.post("/v1/auth/register", json=body)


def _link(db, email: str, kind: str) -> str:
    msg = db.scalars(
        select(OutboxMessage).where(OutboxMessage.to == email).order_by(OutboxMessage.id.desc())
    ).first()
    assert msg is not None, "no mail sent"
    match = re.search(rf"/auth/{kind}/(\S+)", msg.body)
    assert match, msg.body
    return match.group(1)


def test_register_confirm_then_login(client, db):
    r = _register(client)
    assert r.status_code == 201
    assert "confirm" in r.json()["message"].lower()

    # Not confirmed yet: the spec's exact message.
    r = client.post("/v1/auth/login", json={"email": "new@example.com", "password": GOOD})
    assert r.status_code == 403
    assert r.json()["message"] == (
        "You must confirm your email before you can login. Check your junk and spam folder."
    )

    token = _link(db, "new@example.com", "email-confirmation")
    r = client.post("/v1/auth/email-confirmation", json={"token": token})
    assert r.status_code == 200

    r = client.post("/v1/auth/login", json={"email": "NEW@example.com", "password": GOOD})
    assert r.status_code == 200
    assert len(r.json()["token"]) >= 43


def test_confirmation_link_works_once(client, db):
    _register(client)
    token = _link(db, "new@example.com", "email-confirmation")
    assert client.post("/v1/auth/email-confirmation", json={"token": token}).status_code == 200
    r = client.post("/v1/auth/email-confirmation", json={"token": token})
    assert r.status_code == 400
    assert r.json()["message"] == "Error confirming email, please contact support !"


def test_confirmation_link_expires_after_24_hours(client, db):
    _register(client)
    token = _link(db, "new@example.com", "email-confirmation")
    clock.travel(24 * 3600 + 1)
    r = client.post("/v1/auth/email-confirmation", json={"token": token})
    assert r.status_code == 400


def test_taken_email_answers_the_same_and_warns_the_owner(client, db):
    make_user(db, email="taken@example.com")
    fresh = _register(client, email="fresh@example.com")
    taken = _register(client, email="Taken@Example.com")
    assert taken.status_code == fresh.status_code == 201
    assert taken.json() == fresh.json()
    assert db.scalar(select(func.count()).select_from(User)) == 2
    notice = db.scalars(select(OutboxMessage).where(OutboxMessage.to == "taken@example.com")).one()
    assert "already have an account" in notice.body


def test_register_field_errors_write_nothing(client, db):
    cases = [
        ({"email": "not-an-email"}, "email"),
        ({"password": "short", "password_confirmation": "short"}, "password"),
        ({"password": "x" * 129, "password_confirmation": "x" * 129}, "password"),
        ({"password": "password123", "password_confirmation": "password123"}, "password"),
        ({"password_confirmation": "something else entirely"}, "password_confirmation"),
        ({"terms": False}, "terms"),
        ({"captcha_token": ""}, "captcha_token"),
        ({"captcha_token": "wrong"}, "captcha_token"),
    ]
    for override, field in cases:
        r = _register(client, **override)
        assert r.status_code == 422, (override, r.text)
        assert field in r.json()["errors"], (override, r.json())
    assert db.scalar(select(func.count()).select_from(User)) == 0
    assert db.scalar(select(func.count()).select_from(OutboxMessage)) == 0


def test_captcha_message_is_the_spec_one(client):
    r = _register(client, captcha_token=None)
    assert r.json()["errors"]["captcha_token"] == ["Please complete the captcha."]


def test_register_refuses_fields_a_caller_may_not_set(client, db):
    r = _register(client, admin_level="Full")
    assert r.status_code == 422
    assert db.scalar(select(func.count()).select_from(User)) == 0


def test_passwords_are_stored_as_argon2id(client, db):
    _register(client)
    user = db.scalars(select(User)).one()
    assert user.password_hash.startswith("$argon2id$")
    assert GOOD not in user.password_hash


def test_register_is_rate_limited_per_ip(client):
    for i in range(25):
        assert _register(client, email=f"r{i}@example.com").status_code == 201
    r = _register(client, email="r26@example.com")
    assert r.status_code == 429
    assert int(r.headers["Retry-After"]) > 0


def test_login_wrong_password_and_unknown_email_look_the_same(client, db):
    make_user(db, email="known@example.com")
    a = client.post("/v1/auth/login", json={"email": "known@example.com", "password": "wrong password!"})
    b = client.post("/v1/auth/login", json={"email": "ghost@example.com", "password": "wrong password!"})
    assert a.status_code == b.status_code == 422
    assert a.json() == b.json()
    assert a.json()["errors"]["email"] == ["These credentials do not match our records."]


def test_ten_failed_logins_lock_the_account_for_ten_minutes(client, db):
    make_user(db, email="victim@example.com")
    for _ in range(10):
        client.post("/v1/auth/login", json={"email": "victim@example.com", "password": "nope nope nope"})
    r = client.post("/v1/auth/login", json={"email": "victim@example.com", "password": PASSWORD})
    assert r.status_code == 429
    assert 0 < int(r.headers["Retry-After"]) <= 600
