"""Staff cannot hurt themselves or the site (issue 31): no grant to one's own account through any
admin route; an IP ban over staff addresses needs the range typed again; staff sign in through a ban."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from addme.accounts.models import User
from addme.audit.models import AdminAudit
from addme.core.config import get_settings
from addme.moderation import ipbans
from addme.moderation.models import IpBan, TrustedFlagger
from addme.shop.models import Key, Order
from tests.factories.accounts import PASSWORD, make_user
from tests.factories.wallet import admin, member

SELF = "You cannot grant {what} to your own account."


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    ipbans.invalidate()
    yield
    ipbans.invalidate()


def client_at(app, ip: str) -> TestClient:  # type: ignore[no-untyped-def]
    return TestClient(app, base_url="http://testserver", client=(ip, 50000))


@pytest.mark.parametrize("level", ["Moderator", "AdPartner", "Full"])
def test_an_admin_granting_itself_vip_gets_403_and_nothing_changes(client, db, level):
    me, headers = admin(db, level)
    for who in (me.email, str(me.id)):
        r = client.post("/v1/admin/promotions", json={"user": who, "days": 366}, headers=headers)
        assert r.status_code == 403, r.text
        assert r.json()["code"] == "self_grant"
        assert r.json()["message"].startswith(SELF.format(what="VIP"))
    other = make_user(db)
    campaign = client.post(
        "/v1/admin/promotions/campaigns",
        json={"users": [other.email, me.email], "days": 30, "note": "summer"},
        headers=headers,
    )
    assert campaign.status_code == 403
    db.expire_all()
    assert db.get(User, me.id).promotion_ending_at is None
    # Nothing half-written: the other account named in the refused campaign got nothing either.
    assert db.get(User, other.id).promotion_ending_at is None
    assert db.scalar(select(AdminAudit).where(AdminAudit.action.like("promotion.%"))) is None
    # Granting someone else still works.
    ok = client.post("/v1/admin/promotions", json={"user": other.email, "days": 7}, headers=headers)
    assert ok.status_code == 200


def test_a_full_admin_cannot_grant_itself_top_ups_fire_pins_or_trusted_flagger(client, db):
    me, headers = admin(db)
    r = client.post(
        f"/v1/admin/users/{me.id}/grants",
        json={"top_ups": 400, "fire_pins": 9, "reason": "x"},
        headers=headers,
    )
    assert r.status_code == 403 and r.json()["code"] == "self_grant"
    db.expire_all()
    assert (db.get(User, me.id).top_ups_count, db.get(User, me.id).fire_pins_count) == (0, 0)
    flag = client.put(
        f"/v1/admin/users/{me.id}/trusted-flagger",
        json={"trusted": True, "reason": "myself"},
        headers=headers,
    )
    assert flag.status_code == 403
    assert db.get(TrustedFlagger, me.id) is None
    level = client.patch(f"/v1/admin/users/{me.id}", json={"admin_level": "Full"}, headers=headers)
    assert level.status_code == 403


def test_a_key_an_admin_generated_is_not_theirs_to_apply(client, db):
    me, headers = admin(db)
    code = client.post("/v1/admin/keygen", json={"sku": "vip-month", "count": 1}, headers=headers).json()[
        "keys"
    ][0]
    r = client.post("/v1/user/keys", json={"key": code}, headers=headers)
    assert r.status_code == 403 and r.json()["code"] == "self_grant"
    db.expire_all()
    assert db.get(User, me.id).promotion_ending_at is None
    assert db.scalar(select(Key)).redeemed_at is None
    # A member can apply it (a giveaway).
    _, member_headers = member(db)
    assert client.post("/v1/user/keys", json={"key": code}, headers=member_headers).status_code == 200


def test_an_admin_cannot_confirm_its_own_crypto_order(client, db, monkeypatch):
    monkeypatch.setattr(get_settings(), "crypto_erc20_address", "0x2222222222222222222222222222222222222222")
    me, headers = admin(db)
    body = {"email": me.email, "items": [{"sku": "topup-50", "quantity": 1}], "network": "erc20-usdc"}
    number = client.post("/v1/shop/direct/orders", json=body).json()["order_number"]
    order = db.scalar(select(Order).where(Order.order_number == number))
    r = client.post(
        f"/v1/admin/orders/{order.id}/confirm", json={"transaction_id": "0xfeed"}, headers=headers
    )
    assert r.status_code == 403 and r.json()["code"] == "self_grant"
    db.expire_all()
    assert db.get(Order, order.id).status != "paid"


def test_an_ip_ban_over_an_admins_last_sign_in_address_needs_the_range_confirmed(app, db):
    boss, headers = admin(db, "Moderator")
    colleague = make_user(db, admin_level="Full", ip_address="203.0.113.50")
    with client_at(app, "198.51.100.4") as c:
        r = c.post("/v1/admin/ip-bans", json={"cidr": "203.0.113.0/24", "reason": "spam"}, headers=headers)
        assert r.status_code == 409, r.text
        body = r.json()
        assert body["code"] == "covers_staff"
        assert f"admin #{colleague.id}" in body["message"] and "203.0.113.50" in body["message"]
        assert body["confirm"] == "203.0.113.0/24"
        assert [(x["kind"], x["user_id"]) for x in body["covered"]] == [("admin", colleague.id)]
        assert db.scalar(select(IpBan)) is None
        wrong = c.post(
            "/v1/admin/ip-bans",
            json={"cidr": "203.0.113.0/24", "reason": "spam", "confirm": "203.0.113.0/25"},
            headers=headers,
        )
        assert wrong.status_code == 409
        ok = c.post(
            "/v1/admin/ip-bans",
            json={"cidr": "203.0.113.0/24", "reason": "spam", "confirm": "203.0.113.0/24"},
            headers=headers,
        )
        assert ok.status_code == 201
        row = db.scalar(select(AdminAudit).where(AdminAudit.action == "ip.ban"))
        assert row.details["covers_staff"][0]["user_id"] == colleague.id
        # A range that covers no staff needs no confirmation.
        plain = c.post("/v1/admin/ip-bans", json={"cidr": "192.0.2.0/24", "reason": "spam"}, headers=headers)
        assert plain.status_code == 201
    assert boss.id != colleague.id


def test_an_ip_ban_over_the_callers_own_address_names_it(app, db):
    _, headers = admin(db, "Moderator")
    with client_at(app, "203.0.113.9") as c:
        r = c.post("/v1/admin/ip-bans", json={"cidr": "203.0.113.9", "reason": "oops"}, headers=headers)
        assert r.status_code == 409
        assert "your own address (203.0.113.9)" in r.json()["message"]
        assert r.json()["covered"][0]["kind"] == "self"


def test_staff_sign_in_through_an_ip_ban_members_do_not_and_it_is_audited(app, client, db):
    boss, headers = admin(db)
    mod = make_user(db, admin_level="Moderator", email="mod@example.com", ip_address="203.0.113.7")
    plain = make_user(db, email="member@example.com")
    r = client.post(
        "/v1/admin/ip-bans",
        json={"cidr": "203.0.113.0/24", "reason": "spam", "confirm": "203.0.113.0/24"},
        headers=headers,
    )
    assert r.status_code == 201
    ban_id = r.json()["id"]
    with client_at(app, "203.0.113.7") as banned:
        member_try = banned.post("/v1/auth/login", json={"email": plain.email, "password": PASSWORD})
        assert member_try.status_code == 403 and member_try.json()["code"] == "ip_banned"
        # A wrong password for staff gets the ban's answer too: nothing learnt about the password.
        wrong = banned.post("/v1/auth/login", json={"email": mod.email, "password": "not the password"})
        assert wrong.status_code == 403 and wrong.json()["code"] == "ip_banned"
        signed = banned.post("/v1/auth/login", json={"email": mod.email, "password": PASSWORD})
        assert signed.status_code == 200, signed.text
        mod_headers = {"Authorization": f"Bearer {signed.json()['token']}"}
        assert banned.get("/v1/admin/ip-bans", headers=mod_headers).status_code == 200
        lifted = banned.delete(
            f"/v1/admin/ip-bans/{ban_id}", params={"reason": "caught us"}, headers=mod_headers
        )
        assert lifted.status_code == 200
    row = db.scalar(select(AdminAudit).where(AdminAudit.action == "auth.signin_through_ip_ban"))
    assert row is not None and row.admin_id == mod.id and row.details == {"ip": "203.0.113.7"}
    assert boss.id != mod.id


def test_staff_sign_in_through_a_ban_is_still_throttled(app, client, db):
    _, headers = admin(db)
    mod = make_user(db, admin_level="Moderator", email="mod2@example.com")
    client.post(
        "/v1/admin/ip-bans",
        json={"cidr": "203.0.113.0/24", "reason": "spam", "confirm": "203.0.113.0/24"},
        headers=headers,
    )
    with client_at(app, "203.0.113.8") as banned:
        statuses = [
            banned.post("/v1/auth/login", json={"email": mod.email, "password": "wrong wrong"}).status_code
            for _ in range(11)
        ]
        assert statuses[-1] == 429
        # Locked even with the right password now.
        assert (
            banned.post("/v1/auth/login", json={"email": mod.email, "password": PASSWORD}).status_code == 429
        )
