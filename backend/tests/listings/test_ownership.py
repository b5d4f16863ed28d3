"""Owner verified (#34): a Telegram login for the listed handle, or a code on the app's page."""

from __future__ import annotations

import hashlib
import hmac
from datetime import UTC

import pytest

from addme.core import clock
from addme.core.config import get_settings
from addme.listings.handle_pages import LocalHandlePages
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.listings import make_username

TOKEN = "123456:TEST-bot-token"


@pytest.fixture(autouse=True)
def _bot(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(get_settings(), "telegram_bot_token", TOKEN)
    monkeypatch.setattr(get_settings(), "telegram_bot_username", "AddMeTestBot")
    yield
    LocalHandlePages.forget()


def _signed(token: str = TOKEN, **fields):
    """A payload signed exactly as Telegram documents (independent of the server's code)."""
    check = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()))
    key = hashlib.sha256(token.encode()).digest()
    return {**fields, "hash": hmac.new(key, check.encode(), hashlib.sha256).hexdigest()}


def _login(handle: str, *, age_seconds: int = 60, **extra):
    now = int(clock.now().replace(tzinfo=UTC).timestamp())
    return _signed(id=987654321, first_name="Alice", username=handle, auth_date=now - age_seconds, **extra)


def _owner(db, *, app: str, handle: str):
    user = make_user(db)
    return auth(token_for(db, user)), make_username(db, user=user, app=app, username=handle)


def _card(client, username_id, **params):
    r = client.get("/v1/usernames", params=params)
    return next((c for c in r.json()["data"] if c["id"] == username_id), None)


def test_a_signed_telegram_login_for_the_listed_handle_verifies_it(client, db):
    h, u = _owner(db, app="telegram", handle="Alice_Tg")
    assert client.get(f"/v1/usernames/{u.id}").json()["owner_verified"] is False
    # NFKC and case folding: the fullwidth, upper-case spelling is the same handle.
    r = client.post(
        f"/v1/user/usernames/{u.id}/ownership/telegram",
        json=_login("ＡＬＩＣＥ_tg", photo_url="https://t.me/i/userpic/320/a.jpg", last_name="B"),
        headers=h,
    )
    assert r.status_code == 200, r.text
    assert r.json()["message"] == "Verified: you own this username."
    assert r.json()["data"]["owner_verified"] is True
    assert r.json()["data"]["owner_verified_via"] == "telegram"
    assert client.get(f"/v1/usernames/{u.id}").json()["owner_verified"] is True
    assert _card(client, u.id, app="telegram")["owner_verified"] is True
    assert _card(client, u.id, app="telegram", verified="true") is not None


@pytest.mark.parametrize(
    ("payload", "code", "message"),
    [
        (lambda: {**_login("alice_tg"), "first_name": "Mallory"}, "ownership_bad_signature",
         "Telegram's signature does not match: log in with the Telegram button again."),
        (lambda: _signed(token="999:other-bot", **{k: v for k, v in _login("alice_tg").items() if k != "hash"}),
         "ownership_bad_signature", "Telegram's signature does not match: log in with the Telegram button again."),
        (lambda: _login("alice_tg", age_seconds=86400 + 60), "ownership_too_old",
         "This Telegram login is more than a day old: log in with the Telegram button again."),
        (lambda: _login("bob_tg"), "ownership_other_handle",
         "You logged in to Telegram as bob_tg, not as alice_tg: log in with the account you listed."),
    ],
)  # fmt: skip
def test_a_wrong_hash_an_old_login_or_another_handle_is_refused(client, db, payload, code, message):
    h, u = _owner(db, app="telegram", handle="alice_tg")
    r = client.post(f"/v1/user/usernames/{u.id}/ownership/telegram", json=payload(), headers=h)
    assert r.status_code == 422, r.text
    assert r.json()["code"] == code
    assert r.json()["message"] == message
    assert client.get(f"/v1/usernames/{u.id}").json()["owner_verified"] is False


def test_only_the_owner_and_only_with_a_bot_token(client, db, monkeypatch):
    h, u = _owner(db, app="telegram", handle="alice_tg")
    other = auth(token_for(db, make_user(db)))
    assert (
        client.post(
            f"/v1/user/usernames/{u.id}/ownership/telegram", json=_login("alice_tg"), headers=other
        ).status_code
        == 404
    )
    assert (
        client.post(f"/v1/user/usernames/{u.id}/ownership/telegram", json=_login("alice_tg")).status_code
        == 401
    )
    monkeypatch.setattr(get_settings(), "telegram_bot_token", "")
    r = client.post(f"/v1/user/usernames/{u.id}/ownership/telegram", json=_login("alice_tg"), headers=h)
    assert r.status_code == 422 and r.json()["code"] == "ownership_unavailable"
    assert client.get("/v1/config").json()["telegram_login_bot"] == ""
    _, snap = _owner(db, app="snapchat", handle="alice_snap")
    r = client.post(f"/v1/user/usernames/{snap.id}/ownership/telegram", json=_login("alice_snap"), headers=h)
    assert r.status_code == 404  # not this member's
    # Junk in the payload is a 422, never a 500.
    r = client.post(f"/v1/user/usernames/{u.id}/ownership/telegram", json={"id": "x", "hash": 3}, headers=h)
    assert r.status_code == 422


def test_the_widget_is_offered_only_with_a_token(client):
    assert client.get("/v1/config").json()["telegram_login_bot"] == "AddMeTestBot"


def test_changing_the_handle_clears_the_badge(client, db):
    h, u = _owner(db, app="telegram", handle="alice_tg")
    client.post(f"/v1/user/usernames/{u.id}/ownership/telegram", json=_login("alice_tg"), headers=h)
    r = client.patch(f"/v1/user/usernames/{u.id}", json={"description": "still me, new words"}, headers=h)
    assert r.json()["data"]["owner_verified"] is True  # other fields keep it
    r = client.patch(f"/v1/user/usernames/{u.id}", json={"username": "alice_tg2"}, headers=h)
    assert r.status_code == 200, r.text
    assert r.json()["data"]["owner_verified"] is False


def test_a_code_found_on_the_recorded_snapchat_page_verifies(client, db):
    h, u = _owner(db, app="snapchat", handle="alice_snap")
    r = client.post(f"/v1/user/usernames/{u.id}/ownership/code", headers=h)
    assert r.status_code == 200, r.text
    code = r.json()["data"]["ownership_code"]
    assert len(code) == 8 and code.isalnum() and code.isupper()
    assert code in r.json()["message"]
    # The page exists but the code is not in it yet.
    LocalHandlePages.set_profile(app="snapchat", handle="alice_snap", display_name="Alice ✨", bio="hi there")
    r = client.post(f"/v1/user/usernames/{u.id}/ownership/check", headers=h)
    assert r.status_code == 422 and r.json()["code"] == "ownership_code_not_found"
    assert (
        r.json()["message"]
        == f"The code {code} is not in the display name or bio of alice_snap on Snapchat yet."
    )
    LocalHandlePages.set_profile(
        app="snapchat", handle="alice_snap", display_name="Alice", bio=f"addme {code.lower()} <3"
    )
    r = client.post(f"/v1/user/usernames/{u.id}/ownership/check", headers=h)
    assert r.status_code == 200, r.text
    assert r.json()["data"]["owner_verified"] is True and r.json()["data"]["ownership_code"] is None
    assert _card(client, u.id)["owner_verified"] is True


def test_a_not_found_page_does_not_verify_and_an_old_code_is_refused(client, db):
    h, u = _owner(db, app="kik", handle="ghost_kik")
    assert (
        client.post(f"/v1/user/usernames/{u.id}/ownership/check", headers=h).json()["code"]
        == "ownership_no_code"
    )
    client.post(f"/v1/user/usernames/{u.id}/ownership/code", headers=h)
    r = client.post(f"/v1/user/usernames/{u.id}/ownership/check", headers=h)
    assert r.status_code == 422 and r.json()["code"] == "ownership_page_not_found"
    assert client.get(f"/v1/usernames/{u.id}").json()["owner_verified"] is False
    clock.travel(31 * 60)
    code = client.get(f"/v1/user/usernames/{u.id}", headers=h).json()["ownership_code"]
    assert code is None  # no longer shown once expired
    r = client.post(f"/v1/user/usernames/{u.id}/ownership/check", headers=h)
    assert r.json()["code"] == "ownership_code_expired"


def test_codes_are_for_snapchat_and_kik(client, db):
    h, u = _owner(db, app="telegram", handle="alice_tg")
    r = client.post(f"/v1/user/usernames/{u.id}/ownership/code", headers=h)
    assert r.status_code == 422 and r.json()["code"] == "ownership_wrong_app"


def test_the_verified_filter_keeps_only_verified_owners(client, db):
    h, u = _owner(db, app="telegram", handle="alice_tg")
    _, other = _owner(db, app="telegram", handle="carol_tg")
    client.post(f"/v1/user/usernames/{u.id}/ownership/telegram", json=_login("alice_tg"), headers=h)
    ids = [c["id"] for c in client.get("/v1/usernames", params={"verified": "true"}).json()["data"]]
    assert u.id in ids and other.id not in ids
    ids = [
        c["id"] for c in client.get("/v1/usernames", params={"verified": "true", "q": "tg"}).json()["data"]
    ]
    assert u.id in ids and other.id not in ids
