from __future__ import annotations

import re
import threading
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from addme.accounts.models import User
from addme.core import clock
from addme.core.db import new_session
from addme.core.errors import Conflict
from addme.shop import keys
from addme.shop.models import Key
from addme.wallet.models import LedgerEntry, Wallet
from tests.conftest import IS_PG
from tests.factories.accounts import make_user
from tests.factories.listings import make_username
from tests.factories.wallet import member, paid_order, webhook


def _keys(db, sku: str, count: int = 1) -> list[str]:
    codes = keys.issue(db, sku=sku, count=count, order_id=None, created_by=None)
    db.commit()
    return codes


def _apply(client, headers, code):
    return client.post("/v1/user/keys", json={"key": code}, headers=headers)


def test_key_format_has_over_100_bits():
    code = keys.new_code()
    assert re.fullmatch(r"([0-9A-HJKMNP-TV-Z]{5}-){4}[0-9A-HJKMNP-TV-Z]{5}", code)
    assert len(keys.ALPHABET) == 32 and len(set(keys.ALPHABET)) == 32
    assert keys.GROUPS * keys.GROUP_LEN * 5 >= 100
    assert len({keys.new_code() for _ in range(1000)}) == 1000


def test_a_topup_key_grants_once(client, db):
    user, headers = member(db)
    (code,) = _keys(db, "topup-20")
    r = _apply(client, headers, code)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["message"] == "Order applied."
    assert (body["sku"], body["product"], body["granted"]["top_ups"]) == ("topup-20", "20 Top-Ups", 20)
    db.refresh(user)
    assert user.top_ups_count == 20
    again = _apply(client, headers, code)
    assert again.status_code == 409
    db.refresh(user)
    assert user.top_ups_count == 20
    assert db.scalar(select(LedgerEntry.unique_key).where(LedgerEntry.reason == "key")).startswith("key:")


def test_a_key_typed_loosely_still_works(client, db):
    _, headers = member(db)
    (code,) = _keys(db, "fire-pin")
    loose = " " + code.replace("-", "").lower().replace("0", "o").replace("1", "l") + " "
    assert _apply(client, headers, loose).json()["granted"]["fire_pins"] == 1


def test_an_unknown_key_is_404_with_the_spec_message(client, db):
    _, headers = member(db)
    r = _apply(client, headers, "AAAAA-BBBBB-CCCCC-DDDDD-EEEEE")
    assert r.status_code == 404
    assert r.json()["message"] == "Error, contact support please"
    assert _apply(client, headers, "not a key").status_code == 404


def test_ten_failures_an_hour_then_429(client, db):
    _, headers = member(db)
    (good,) = _keys(db, "topup-20")
    for _ in range(10):
        assert _apply(client, headers, "AAAAA-BBBBB-CCCCC-DDDDD-EEEEE").status_code == 404
    r = _apply(client, headers, good)
    assert r.status_code == 429 and "Retry-After" in r.headers
    # Another account is not affected.
    _, other = member(db)
    assert _apply(client, other, good).status_code == 200


def test_vip_month_grants_100_topups_and_extends_from_the_current_end(client, db):
    end = clock.now() + timedelta(days=3)
    user, headers = member(db, promotion_ending_at=end)
    (code,) = _keys(db, "vip-month")
    body = _apply(client, headers, code).json()
    db.refresh(user)
    assert user.top_ups_count == 100
    assert user.promotion_ending_at == end + timedelta(days=30)
    assert body["granted"]["entitlement"] == "vip" and body["granted"]["ending_at"].endswith("Z")


def test_studio_key_gives_25_slots_and_auto_topup_key_sets_its_end(client, db):
    user, headers = member(db)
    studio, auto = _keys(db, "studio-week")[0], _keys(db, "auto-topup-month")[0]
    _apply(client, headers, studio)
    _apply(client, headers, auto)
    db.refresh(user)
    assert user.is_studio and user.max_usernames == 25
    assert user.is_automated_topup
    assert client.get("/v1/user/wallet", headers=headers).json()["entitlements"]["studio"]["active"] is True


def test_applying_a_key_unlocks_rejected_usernames_and_lifts_hopping(client, db):
    user, headers = member(db, hopping_restricted_until=clock.now() + timedelta(days=30))
    rejected = make_username(db, user=user, status="rejected")
    banned = make_username(db, user=user, status="banned")
    (code,) = _keys(db, "topup-20")
    assert _apply(client, headers, code).json()["granted"]["usernames_unlocked"] == 1
    db.refresh(rejected)
    db.refresh(banned)
    db.refresh(user)
    assert (rejected.status, banned.status) == ("pending", "banned")
    assert user.hopping_restricted_until is None
    # The review queue tells the moderator why it is back.
    assert rejected.review_reason == "key: unlocked by a purchase key"


def test_a_vip_key_puts_the_listing_at_the_top_of_the_vip_list_at_once(client, db):
    """The VIP list was served (and cached) before the key: the next visitor sees the new VIP first."""
    earlier = make_user(db, promotion_ending_at=clock.now() + timedelta(days=3))
    already = make_username(db, user=earlier, approved_at=clock.now() - timedelta(hours=2))
    user, headers = member(db)
    listed = make_username(db, user=user)

    def first_page() -> list[int]:
        return [c["id"] for c in client.get("/v1/usernames", params={"vip": True}).json()["data"]]

    assert first_page() == [already.id]
    (code,) = _keys(db, "vip-week")
    assert _apply(client, headers, code).status_code == 200
    assert first_page() == [listed.id, already.id]


def test_unlocked_usernames_get_the_slot_they_need(client, db):
    user, headers = member(db)
    make_username(db, user=user)
    rejected = make_username(db, user=user, status="rejected")
    assert user.max_usernames == 1
    (code,) = _keys(db, "topup-20")
    _apply(client, headers, code)
    db.refresh(user)
    db.refresh(rejected)
    assert rejected.status == "pending" and user.max_usernames == 2
    meta = client.get("/v1/user/usernames", headers=headers).json()["meta"]
    assert meta["max_usernames"] == 2 and meta["slot"]["state"] != "over_limit"


def test_a_fire_pin_key_does_not_lift_hopping(client, db):
    user, headers = member(db, hopping_restricted_until=clock.now() + timedelta(days=30))
    (code,) = _keys(db, "fire-pin")
    _apply(client, headers, code)
    db.refresh(user)
    assert user.hopping_restricted_until is not None


def test_applying_links_the_order_and_lists_it(client, db):
    _user, headers = member(db)
    assert client.get("/v1/user/orders", headers=headers).json() == []
    raw, wh = webhook(paid_order(topup_50=1))
    client.post("/v1/webhooks/shop", content=raw, headers=wh)
    key = db.scalar(select(Key))
    code = next(c for c in _mailed_codes(db))
    body = _apply(client, headers, code).json()
    orders = client.get("/v1/user/orders", headers=headers).json()
    assert len(orders) == 1
    assert orders[0]["order_number"] == body["order_number"]
    assert (orders[0]["price"], orders[0]["confirmed"], orders[0]["product"]) == ("8.99", True, "50 Top-Ups")
    assert orders[0]["keys"] == [
        {
            "id": key.id,
            "sku": "topup-50",
            "last4": key.last4,
            "redeemed_at": orders[0]["keys"][0]["redeemed_at"],
        }
    ]
    assert "email" not in orders[0]


def _mailed_codes(db):
    from addme.mail.models import OutboxMessage

    body = db.scalar(select(OutboxMessage.body).order_by(OutboxMessage.id.desc()))
    return [line.split(": ")[1] for line in body.splitlines() if line.startswith("- ")]


@pytest.mark.skipif(not IS_PG, reason="real concurrency needs PostgreSQL")
def test_two_concurrent_applies_of_one_key_grant_once(db):
    from tests.factories.accounts import make_user

    users = [make_user(db), make_user(db)]
    (code,) = _keys(db, "topup-100")
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def attempt(user_id: int) -> None:
        with new_session() as session:
            me = session.get(User, user_id)
            barrier.wait()
            try:
                keys.apply(session, user=me, code=code)
                outcomes.append("ok")
            except Conflict:
                outcomes.append("conflict")

    threads = [threading.Thread(target=attempt, args=(u.id,)) for u in users]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["conflict", "ok"]
    total = db.scalar(select(func.sum(Wallet.top_ups_count)))
    assert total == 100
    assert db.scalar(select(func.count()).select_from(LedgerEntry).where(LedgerEntry.reason == "key")) == 1
