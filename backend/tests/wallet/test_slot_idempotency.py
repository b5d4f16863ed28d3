"""Buying a slot with an Idempotency-Key: the same key replays the first answer and never buys twice,
even ten rapid clicks at once."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import func, select

from addme.wallet.models import LedgerEntry, Reason
from tests.factories.wallet import give, member

KEY = "slot-intent-7f3a9c21"


def _buy(client, headers, key=None):
    extra = {"Idempotency-Key": key} if key else {}
    return client.post("/v1/user/add-slot", headers={**headers, **extra})


def _slot_spends(db, user) -> int:
    return db.scalar(
        select(func.count())
        .select_from(LedgerEntry)
        .where(LedgerEntry.user_id == user.id, LedgerEntry.reason == Reason.SLOT)
    )


def test_ten_rapid_clicks_with_one_key_buy_one_slot(client, db):
    user, headers = member(db)
    give(db, user, top_ups=100)
    with ThreadPoolExecutor(10) as pool:
        answers = list(pool.map(lambda _: _buy(client, headers, KEY), range(10)))
    assert [r.status_code for r in answers] == [200] * 10
    bodies = [r.json() for r in answers]
    bought = [b for b in bodies if b["success"]]
    assert bought and all(
        b["message"] == "Username slot added. You can now list 2 usernames." for b in bought
    )
    assert all(b["success"] or b["code"] == "in_progress" for b in bodies)
    db.expire_all()
    db.refresh(user)
    assert (user.max_usernames, user.top_ups_count) == (2, 98)
    assert _slot_spends(db, user) == 1
    # Once settled, the key always replays the purchase's answer.
    assert _buy(client, headers, KEY).json() == bought[0]


def test_the_same_key_replays_and_a_new_key_buys_again(client, db):
    user, headers = member(db)
    give(db, user, top_ups=100)
    first = _buy(client, headers, KEY).json()
    for _ in range(9):
        assert _buy(client, headers, KEY).json() == first
    second = _buy(client, headers, "slot-intent-second").json()
    assert second["message"] == "Username slot added. You can now list 3 usernames."
    db.refresh(user)
    assert (user.max_usernames, user.top_ups_count) == (3, 100 - 2 - 4)


def test_a_refusal_is_replayed_too(client, db):
    user, headers = member(db, max_usernames=3, username_slots=2)
    give(db, user, top_ups=5)
    refused = _buy(client, headers, KEY).json()
    assert refused["code"] == "not_enough_topups"
    give(db, user, top_ups=5)
    assert _buy(client, headers, KEY).json() == refused  # the same intent, the same answer
    assert _buy(client, headers, "slot-intent-retry").json()["success"] is True


def test_keys_belong_to_one_account(client, db):
    one, one_headers = member(db)
    two, two_headers = member(db)
    give(db, one, top_ups=10)
    give(db, two, top_ups=10)
    assert _buy(client, one_headers, KEY).json()["success"] is True
    assert _buy(client, two_headers, KEY).json()["success"] is True


def test_a_malformed_key_is_a_422(client, db):
    _, headers = member(db)
    assert _buy(client, headers, "short").status_code == 422
    assert _buy(client, headers, "has spaces in it").status_code == 422
