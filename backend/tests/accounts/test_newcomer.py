"""The newcomer's first minutes: the session check, resending the link, signed in on confirmation."""

from __future__ import annotations

from sqlalchemy import func, select

from addme.core import clock
from addme.mail.models import OutboxMessage
from addme.moderation import member_bans
from tests.accounts.test_register import _link, _register
from tests.factories.accounts import PASSWORD, make_user

RESEND = "/v1/auth/email-confirmation/resend"


def _mails(db, email: str) -> int:
    return db.scalar(select(func.count()).select_from(OutboxMessage).where(OutboxMessage.to == email))


def test_session_answers_null_for_a_visitor_and_the_user_when_signed_in(client, db):
    r = client.get("/v1/auth/session")
    assert r.status_code == 200
    assert r.json() is None

    make_user(db, email="member@example.com")
    token = client.post("/v1/auth/login", json={"email": "member@example.com", "password": PASSWORD}).json()[
        "token"
    ]
    r = client.get("/v1/auth/session", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200
    assert r.json()["email"] == "member@example.com"


def test_a_stale_token_is_a_visitor_not_an_error(client):
    r = client.get("/v1/auth/session", headers={"Authorization": "Bearer " + "x" * 43})
    assert r.status_code == 200
    assert r.json() is None


def test_confirming_signs_the_member_in(client, db):
    _register(client)
    token = _link(db, "new@example.com", "email-confirmation")
    client.cookies.clear()
    r = client.post("/v1/auth/email-confirmation", json={"token": token})
    assert r.status_code == 200
    assert r.json()["token"]
    # The session cookie came with the answer: the member is signed in on this browser.
    me = client.get("/v1/auth/session")
    assert me.json()["email"] == "new@example.com"
    assert me.json()["email_confirmed"] is True


def test_a_banned_account_is_confirmed_but_not_signed_in(client, db):
    _register(client)
    token = _link(db, "new@example.com", "email-confirmation")
    from addme.accounts.models import User

    user = db.scalars(select(User)).one()
    member_bans.ban(db, user=user, until=None, reason="")
    db.commit()
    client.cookies.clear()
    r = client.post("/v1/auth/email-confirmation", json={"token": token})
    assert r.status_code == 200
    assert r.json()["token"] is None
    assert client.get("/v1/auth/session").json() is None


def test_resend_mails_a_new_link_that_works_and_voids_the_old_one(client, db):
    _register(client)
    first = _link(db, "new@example.com", "email-confirmation")
    clock.travel(61)
    r = client.post(RESEND, json={"email": "NEW@example.com"})
    assert r.status_code == 200
    assert "new link" in r.json()["message"]
    second = _link(db, "new@example.com", "email-confirmation")
    assert second != first
    assert client.post("/v1/auth/email-confirmation", json={"token": first}).status_code == 400
    assert client.post("/v1/auth/email-confirmation", json={"token": second}).status_code == 200


def test_resend_answers_the_same_for_unknown_and_confirmed_emails_and_sends_nothing(client, db):
    make_user(db, email="done@example.com")
    known = client.post(RESEND, json={"email": "done@example.com"})
    ghost = client.post(RESEND, json={"email": "ghost@example.com"})
    assert known.status_code == ghost.status_code == 200
    assert known.json()["message"].replace("done@", "X@") == ghost.json()["message"].replace("ghost@", "X@")
    assert _mails(db, "done@example.com") == 0
    assert _mails(db, "ghost@example.com") == 0


def test_resend_is_throttled_per_email(client, db):
    _register(client)
    assert _mails(db, "new@example.com") == 1
    # Within the first minute of the registration mail: accepted, but no second mail yet.
    assert client.post(RESEND, json={"email": "new@example.com"}).status_code == 200
    assert _mails(db, "new@example.com") == 1
    r = client.post(RESEND, json={"email": "new@example.com"})
    assert r.status_code == 429
    assert int(r.headers["Retry-After"]) > 0
    # Another address is not held back by this one.
    assert client.post(RESEND, json={"email": "other@example.com"}).status_code == 200


def test_resend_without_rate_limits_still_sends_at_most_one_mail_a_minute(client, db, monkeypatch):
    from addme.core.config import get_settings

    _register(client)
    monkeypatch.setattr(get_settings(), "rate_limits_enabled", False)
    for _ in range(3):
        assert client.post(RESEND, json={"email": "new@example.com"}).status_code == 200
    assert _mails(db, "new@example.com") == 1
    clock.travel(61)
    client.post(RESEND, json={"email": "new@example.com"})
    assert _mails(db, "new@example.com") == 2
