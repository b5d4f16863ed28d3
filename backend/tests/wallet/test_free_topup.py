from __future__ import annotations

from datetime import timedelta

from sqlalchemy import update

from addme.core import clock
from addme.listings.models import Username
from addme.trust import standing
from addme.wallet import ledger
from addme.wallet.models import Kind, Reason
from tests.factories.listings import make_username
from tests.factories.wallet import member

CAPTCHA = {"captcha_token": "local-captcha-ok"}

HOURS_8 = 8 * 3600 + 1


def _claim(client, headers):
    """The answer as {success, message, code, next_at}: a refusal comes as a 400 envelope."""
    r = client.post("/v1/user/free-topup", headers=headers, json=CAPTCHA)
    body = r.json()
    if r.status_code == 200:
        return body
    assert r.status_code == 400, body
    return {
        "success": False,
        "message": body["message"],
        "code": body["code"],
        "next_at": body.get("next_at"),
    }


def _check_in(db, user):
    """What the username Check-in action stores."""
    db.execute(update(Username).where(Username.user_id == user.id).values(checked_in_at=clock.now()))
    db.commit()


def test_first_claim_credits_one_topup(client, db):
    user, headers = member(db)
    assert _claim(client, headers) == {
        "success": True,
        "message": "You got a free Top-Up.",
        "code": None,
        "next_at": None,
    }
    db.refresh(user)
    assert user.top_ups_count == 1
    assert user.last_free_topup is not None


def test_the_next_claim_waits_8_hours_and_needs_a_check_in(client, db):
    user, headers = member(db)
    make_username(db, user=user)
    assert _claim(client, headers)["success"]
    body = _claim(client, headers)
    assert body["code"] == "too_soon"
    assert body["message"].startswith("Your next free Top-Up is available in 8 h")
    assert body["next_at"] is not None
    clock.travel(HOURS_8)
    body = _claim(client, headers)
    assert (body["code"], body["message"]) == (
        "check_in_required",
        "Check in (or log in again) to claim your next free Top-Up.",
    )
    _check_in(db, user)
    assert _claim(client, headers)["success"] is True
    db.refresh(user)
    assert user.top_ups_count == 2


def test_a_fresh_sign_in_counts_as_a_check_in(client, db):
    user, headers = member(db)
    assert _claim(client, headers)["success"]
    clock.travel(HOURS_8)
    user.last_login_at = clock.now()
    db.commit()
    assert _claim(client, headers)["success"] is True


def test_an_account_that_never_bought_gets_3_in_total(client, db):
    user, headers = member(db)
    make_username(db, user=user)
    for _ in range(3):
        assert _claim(client, headers)["success"]
        clock.travel(HOURS_8)
        _check_in(db, user)
    body = _claim(client, headers)
    assert body["code"] == "limit_reached"
    assert body["message"] == "You have claimed your 3 free Top-Ups. Buy a pack and you can claim 10 more."
    assert client.get("/v1/user/wallet", headers=headers).json()["free_topup"]["claims_left"] == 0


def test_after_a_purchase_10_more_can_be_claimed(client, db):
    user, headers = member(db)
    make_username(db, user=user)
    ledger.record_purchase(db, user=user)
    db.commit()
    clock.travel(1)
    for _ in range(10):
        assert _claim(client, headers)["success"]
        clock.travel(HOURS_8)
        _check_in(db, user)
    body = _claim(client, headers)
    assert body["code"] == "limit_reached"
    assert "10 free Top-Ups since your last purchase" in body["message"]
    ledger.record_purchase(db, user=user)
    db.commit()
    clock.travel(1)
    assert _claim(client, headers)["success"] is True


def test_at_most_5_claims_per_24_hours(client, db):
    user, headers = member(db)
    ledger.record_purchase(db, user=user)
    db.commit()
    clock.travel(1)
    # Claims written straight to the ledger (as an older rule or an admin might have), 5 in the last day.
    for _ in range(5):
        ledger.credit(db, user_id=user.id, kind=Kind.TOP_UP, amount=1, reason=Reason.FREE_TOPUP)
        db.commit()
        clock.travel(60)
    body = _claim(client, headers)
    assert body["code"] == "daily_limit"
    assert body["message"].startswith("You can claim up to 5 free Top-Ups per 24 hours.")


def test_high_risk_accounts_get_none_and_see_why(client, db):
    _, headers = member(db, high_risk=True)
    body = _claim(client, headers)
    assert body["success"] is False
    assert body["code"] == "high_risk"
    assert "VPN" in body["message"]
    page = client.get("/v1/user/wallet", headers=headers).json()["free_topup"]
    assert page["available"] is False and page["reason"] == body["message"]


def test_hopping_restricted_accounts_get_none_until_a_purchase(client, db):
    user, headers = member(db, hopping_restricted_until=clock.now() + timedelta(days=30))
    body = _claim(client, headers)
    assert body["code"] == "hopping_restricted"
    assert "account hopping" in body["message"]
    # What applying a Top-Up or VIP key does (shop.keys): the purchase, and trust's release.
    ledger.record_purchase(db, user=user)
    standing.lift_hopping(db, user=user)
    db.commit()
    assert _claim(client, headers)["success"] is True


def test_wallet_page(client, db):
    end = clock.now() + timedelta(days=7)
    _user, headers = member(db, promotion_ending_at=end)
    page = client.get("/v1/user/wallet", headers=headers).json()
    assert page["top_ups_count"] == 0
    assert page["free_topup"] == {
        "available": True,
        "code": None,
        "reason": None,
        "next_at": None,
        "claims_left": 3,
    }
    assert page["vip_daily"] == {"active": True, "remaining": 5, "resets_at": None}
    assert page["entitlements"]["vip"]["active"] is True
    assert page["entitlements"]["vip"]["ending_at"].endswith("Z")
    assert page["entitlements"]["studio"] == {"active": False, "ending_at": None}
    assert client.get("/v1/user/wallet").status_code == 401
