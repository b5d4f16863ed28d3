from __future__ import annotations

from datetime import timedelta

from addme.core import clock
from tests.factories.listings import make_username
from tests.factories.wallet import give, member


def _buy(client, headers):
    return client.post("/v1/user/add-slot", headers=headers).json()


def test_a_slot_costs_twice_the_current_slot_count(client, db):
    user, headers = member(db)
    give(db, user, top_ups=6)
    assert _buy(client, headers) == {
        "success": True,
        "message": "Username slot added. You can now list 2 usernames.",
        "code": None,
        "next_at": None,
    }
    db.refresh(user)
    assert (user.max_usernames, user.username_slots, user.top_ups_count) == (2, 1, 4)
    assert _buy(client, headers)["success"] is True  # costs 4
    db.refresh(user)
    assert (user.max_usernames, user.top_ups_count) == (3, 0)


def test_not_enough_topups_for_a_slot_changes_nothing(client, db):
    user, headers = member(db, max_usernames=3, username_slots=2)
    give(db, user, top_ups=5)
    body = _buy(client, headers)
    assert (body["success"], body["message"], body["code"]) == (
        False,
        "Not enough Top-Up",
        "not_enough_topups",
    )
    db.refresh(user)
    assert (user.max_usernames, user.top_ups_count) == (3, 5)


def test_no_slot_past_five_with_a_studio_upsell(client, db):
    user, headers = member(db, max_usernames=5, username_slots=4)
    give(db, user, top_ups=50)
    body = _buy(client, headers)
    assert body["code"] == "max_reached"
    assert "Studio" in body["message"]
    page = client.get("/v1/user/wallet", headers=headers).json()
    assert page["slot"] == {"offered": False, "price": None, "reason": body["message"]}


def test_studio_accounts_are_not_offered_slots(client, db):
    _user, headers = member(db, max_usernames=25, studio_ending_at=clock.now() + timedelta(days=3))
    assert _buy(client, headers)["code"] == "studio"


def test_no_slot_while_over_the_limit(client, db):
    user, headers = member(db)
    give(db, user, top_ups=10)
    make_username(db, user=user)
    make_username(db, user=user, status="rejected")
    body = _buy(client, headers)
    assert body["code"] == "over_limit"
    assert body["message"] == "Unlock or reactivate your disabled usernames before buying a new slot."


def test_wallet_page_offers_the_slot_price(client, db):
    _user, headers = member(db, max_usernames=2, username_slots=1)
    page = client.get("/v1/user/wallet", headers=headers).json()
    assert page["slot"] == {"offered": True, "price": 4, "reason": None}
    assert page["max_usernames"] == 2
