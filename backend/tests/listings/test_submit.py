"""Submitting usernames: every rule a member can run into, and the message they read."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from addme.accounts.models import User
from addme.core import clock
from addme.core.db import new_session
from addme.core.errors import AppError
from addme.listings import service
from addme.listings.models import SubmitClock, Username
from addme.listings.schemas import UsernameCreate
from addme.listings.validation import handle_problem
from tests.conftest import IS_PG
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.listings import make_username, submit_body


def _member(db, **fields):
    user = make_user(db, **fields)
    return user, auth(token_for(db, user))


def _public_names(client, **params):
    return [c["username"] for c in client.get("/v1/usernames", params=params).json()["data"]]


def test_clean_username_is_approved_and_listed_at_once(client, db):
    _, h = _member(db)
    r = client.post("/v1/user/usernames", json=submit_body(username="night.owl"), headers=h)
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["success"] is True
    assert body["message"] == "Username submitted."
    assert body["data"]["status"] == "approved"
    assert body["data"]["tags"] == ["gamer", "nightowl"]
    assert "night.owl" in _public_names(client)


def test_suspicious_text_stays_pending_with_the_notice(client, db):
    _, h = _member(db)
    r = client.post(
        "/v1/user/usernames",
        json=submit_body(username="pics4u", description="Selling pics, paypal only"),
        headers=h,
    )
    assert r.status_code == 201
    assert r.json()["message"] == "Your username is pending review. This can take up to 5 days."
    assert r.json()["data"]["status"] == "pending"
    assert "pics4u" not in _public_names(client)
    mine = client.get("/v1/user/usernames", headers=h).json()["data"][0]
    assert "up to 5 days" in mine["status_notice"]


@pytest.mark.parametrize("age", [17, 0, -3])
def test_under_18_is_a_field_error_and_nothing_is_stored(client, db, age):
    _, h = _member(db)
    r = client.post("/v1/user/usernames", json=submit_body(age=age), headers=h)
    assert r.status_code == 422
    assert r.json()["errors"]["age"] == ["You must be 18 or older to list a username."]
    assert client.get("/v1/user/usernames", headers=h).json()["data"] == []


@pytest.mark.parametrize(
    ("platform", "handle", "ok"),
    [
        ("snapchat", "ab", False),
        ("snapchat", "abc", True),
        ("snapchat", "a.b-c_d", True),
        ("snapchat", "a" * 16, False),
        ("snapchat", "with space", False),
        ("telegram", "abcd", False),
        ("telegram", "abcde", True),
        ("telegram", "has.dot", False),
        ("telegram", "a" * 32, True),
        ("telegram", "a" * 33, False),
        ("kik", "a", False),
        ("kik", "ab", True),
        ("kik", "a.b_c", True),
        ("kik", "a-b", False),
        ("kik", "a" * 21, False),
    ],
)
def test_handle_format_per_app(client, db, platform, handle, ok):
    _, h = _member(db)
    r = client.post("/v1/user/usernames", json=submit_body(app=platform, username=handle), headers=h)
    assert (r.status_code == 201) is ok, r.text
    if not ok:
        assert "username" in r.json()["errors"]


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="abcXYZ019._-", min_size=3, max_size=15))
def test_any_snapchat_handle_of_allowed_characters_passes(handle):
    assert handle_problem("snapchat", handle) is None


@settings(max_examples=200, deadline=None)
@given(st.text(min_size=1, max_size=40))
def test_telegram_accepts_only_5_to_32_word_characters(handle):
    ok = 5 <= len(handle) <= 32 and all(ch.isascii() and (ch.isalnum() or ch == "_") for ch in handle)
    assert (handle_problem("telegram", handle) is None) is ok


@pytest.mark.parametrize("sneaky", ["ab\u200bcd", "abc\u202edef", "abc\u0007d", "ab\ufeffcd"])
def test_invisible_and_bidi_characters_are_refused(client, db, sneaky):
    _, h = _member(db)
    r = client.post("/v1/user/usernames", json=submit_body(username=sneaky), headers=h)
    assert r.status_code == 422
    assert r.json()["errors"]["username"] == ["The username contains characters that are not allowed."]


def test_same_handle_on_the_same_app_is_refused_whatever_its_case(client, db):
    make_username(db, username="Sunny.Fox", app="snapchat")
    _, h = _member(db)
    r = client.post("/v1/user/usernames", json=submit_body(username="sunny.fox"), headers=h)
    assert r.status_code == 422
    assert r.json()["errors"]["username"] == ["This username is already listed on Snapchat."]
    r = client.post("/v1/user/usernames", json=submit_body(app="kik", username="sunny.fox"), headers=h)
    assert r.status_code == 201


def test_one_new_username_per_24_hours(client, db):
    _, h = _member(db, max_usernames=3)
    assert client.post("/v1/user/usernames", json=submit_body(), headers=h).status_code == 201
    r = client.post("/v1/user/usernames", json=submit_body(), headers=h)
    assert r.status_code == 400
    assert r.json()["message"].startswith("You can add one new username every 24 hours.")
    clock.travel(24 * 3600 + 60)
    assert client.post("/v1/user/usernames", json=submit_body(), headers=h).status_code == 201


def test_no_new_username_for_24_hours_after_a_delete(client, db):
    _, h = _member(db, max_usernames=3)
    made = client.post("/v1/user/usernames", json=submit_body(), headers=h).json()["data"]
    clock.travel(25 * 3600)
    r = client.delete(f"/v1/user/usernames/{made['id']}", headers=h)
    assert r.json() == {"success": True, "message": "Username deleted."}
    r = client.post("/v1/user/usernames", json=submit_body(), headers=h)
    assert r.status_code == 400
    assert r.json()["message"].startswith("You deleted a username recently")
    meta = client.get("/v1/user/usernames", headers=h).json()["meta"]
    assert meta["can_add"] is False and meta["add_blocked_reason"].startswith("You deleted")
    clock.travel(24 * 3600 + 60)
    assert client.post("/v1/user/usernames", json=submit_body(), headers=h).status_code == 201


def test_slots_limit_and_slot_state(client, db):
    user, h = _member(db)
    make_username(db, user=user)
    r = client.post("/v1/user/usernames", json=submit_body(), headers=h)
    assert r.status_code == 400
    assert "maximum number of usernames" in r.json()["message"]
    meta = client.get("/v1/user/usernames", headers=h).json()["meta"]
    assert meta["usernames_count"] == 1 and meta["max_usernames"] == 1
    assert meta["slot"] == {"state": "purchasable", "price": 2, "studio_upsell": False}


def test_slot_state_at_max_offers_studio_and_over_limit(client, db):
    _, h = _member(db, max_usernames=5)
    assert client.get("/v1/user/usernames", headers=h).json()["meta"]["slot"] == {
        "state": "at_max",
        "price": None,
        "studio_upsell": True,
    }
    over, h2 = _member(db, max_usernames=1)
    make_username(db, user=over)
    make_username(db, user=over)
    assert client.get("/v1/user/usernames", headers=h2).json()["meta"]["slot"]["state"] == "over_limit"


def test_studio_accounts_have_25_slots(client, db):
    user, h = _member(db, studio_ending_at=clock.now() + timedelta(days=7))
    make_username(db, user=user)
    meta = client.get("/v1/user/usernames", headers=h).json()["meta"]
    assert meta["max_usernames"] == 25 and meta["can_add"] is True


def test_creator_link_is_for_vip_only(client, db):
    _, h = _member(db)
    body = submit_body(link="https://onlyfans.com/me", link_type="onlyfans")
    r = client.post("/v1/user/usernames", json=body, headers=h)
    assert r.status_code == 422
    assert r.json()["errors"]["link"] == [
        "A content creator link is available to VIP and Studio members only."
    ]


@pytest.mark.parametrize(
    ("link", "link_type", "error"),
    [
        ("http://onlyfans.com/me", "onlyfans", "The link must start with https://."),
        ("https://evil.com/onlyfans.com", "onlyfans", "The link must point to onlyfans.com."),
        ("https://onlyfans.com.evil.com/x", "onlyfans", "The link must point to onlyfans.com."),
        ("https://linktr.ee/me", "fansly", "The link must point to fansly.com."),
        ("javascript:alert(1)", "mym", "The link must start with https://."),
    ],
)
def test_creator_link_must_be_https_on_its_site(client, db, link, link_type, error):
    _, h = _member(db, promotion_ending_at=clock.now() + timedelta(days=3))
    r = client.post("/v1/user/usernames", json=submit_body(link=link, link_type=link_type), headers=h)
    assert r.status_code == 422
    assert any(error in msgs for msgs in r.json()["errors"].values())


def test_vip_creator_link_on_a_subdomain_is_shown_on_the_profile(client, db):
    _, h = _member(db, promotion_ending_at=clock.now() + timedelta(days=3))
    body = submit_body(link="https://www.chaturbate.com/me", link_type="chaturbate")
    made = client.post("/v1/user/usernames", json=body, headers=h).json()["data"]
    profile = client.get(f"/v1/usernames/{made['id']}").json()
    assert profile["link"] == "https://www.chaturbate.com/me"
    assert profile["is_promoted"] is True


@pytest.mark.parametrize("field", ["status", "is_hidden", "user_id", "listed", "last_top_up"])
def test_unknown_fields_are_refused(client, db, field):
    _, h = _member(db)
    r = client.post("/v1/user/usernames", json=submit_body(**{field: "approved"}), headers=h)
    assert r.status_code == 422
    assert field in r.json()["errors"]


def test_too_many_tags_is_a_field_error(client, db):
    _, h = _member(db)
    r = client.post(
        "/v1/user/usernames", json=submit_body(tags=["a1", "b2", "c3", "d4", "e5", "f6"]), headers=h
    )
    assert r.status_code == 422
    assert r.json()["errors"]["tags"] == ["You can add up to 5 tags."]


def test_signed_in_user_object_counts_usernames(client, db):
    user, h = _member(db)
    make_username(db, user=user)
    assert client.get("/v1/auth/user", headers=h).json()["usernames_count"] == 1


@pytest.mark.skipif(not IS_PG, reason="real concurrency needs PostgreSQL")
def test_concurrent_submits_claim_the_day_once(db):
    # The one-a-day right is an insert-once row and one conditional UPDATE of listings'
    # submit_clocks: of ten submits released at once (ten different handles), one is added.
    user = make_user(db, max_usernames=5)
    barrier = threading.Barrier(10)
    answers: list[str] = []
    lock = threading.Lock()

    def attempt(i: int) -> None:
        with new_session() as session:
            me = session.get(User, user.id)
            assert me is not None
            data = UsernameCreate(**submit_body(username=f"racer.{i}"))
            barrier.wait()
            try:
                service.submit(session, user=me, data=data)
                answer = "added"
            except AppError as exc:
                answer = exc.message
            with lock:
                answers.append(answer)

    threads = [threading.Thread(target=attempt, args=(i,)) for i in range(10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers.count("added") == 1, answers
    assert all(a.startswith("You can add one new username every 24 hours.") for a in answers if a != "added")
    db.expire_all()
    assert db.scalar(select(func.count()).select_from(Username).where(Username.user_id == user.id)) == 1
    clock_row = db.get(SubmitClock, user.id)
    assert clock_row is not None and clock_row.latest_username is not None
