"""/admin/promotions: grant VIP for N days or end it, the list of running VIPs, campaigns; every level."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from addme.accounts.models import User
from addme.audit.models import AdminAudit
from addme.core import clock
from tests.factories.accounts import make_user
from tests.factories.listings import make_username
from tests.factories.wallet import admin, member


@pytest.mark.parametrize("level", ["Full", "Moderator", "AdPartner"])
def test_a_grant_by_e_mail_makes_the_member_vip(client, db, level):
    _, headers = admin(db, level)
    user, member_headers = member(db, email=f"vip-{level.lower()}@example.com")
    listed = make_username(db, user=user)
    r = client.post(
        "/v1/admin/promotions",
        json={"user": f"VIP-{level.lower()}@example.com", "days": 7, "reason": "apology"},
        headers=headers,
    )
    assert r.status_code == 200, r.text
    until = r.json()["vip_until"]
    me = client.get("/v1/auth/user", headers=member_headers).json()
    assert me["is_promoted"] is True and me["promotion_ending_at"] == until
    # The member's cards show VIP at once.
    vips = client.get("/v1/usernames", params={"vip": True}).json()["data"]
    assert [c["id"] for c in vips] == [listed.id] and vips[0]["is_promoted"] is True
    row = db.scalar(select(AdminAudit).where(AdminAudit.action == "promotion.grant"))
    assert row is not None and row.reason == "apology" and row.target == f"user:{user.id}"


def test_a_grant_by_number_adds_to_a_running_vip(client, db):
    _, headers = admin(db)
    end = clock.now() + timedelta(days=3)
    user = make_user(db, promotion_ending_at=end)
    r = client.post("/v1/admin/promotions", json={"user": str(user.id), "days": 10}, headers=headers)
    assert r.status_code == 200
    db.expire_all()
    assert abs(db.get(User, user.id).promotion_ending_at - (end + timedelta(days=10))) < timedelta(seconds=5)
    unknown = client.post(
        "/v1/admin/promotions", json={"user": "nobody@example.com", "days": 1}, headers=headers
    )
    assert unknown.status_code == 404 and unknown.json()["code"] == "account_not_found"
    too_long = client.post("/v1/admin/promotions", json={"user": str(user.id), "days": 0}, headers=headers)
    assert too_long.status_code == 422


def test_the_list_shows_running_vips_soonest_first_and_ending_one_stops_it(client, db):
    _, headers = admin(db, "Moderator")
    late = make_user(db, email="late@example.com", promotion_ending_at=clock.now() + timedelta(days=20))
    soon = make_user(db, email="soon@example.com", promotion_ending_at=clock.now() + timedelta(days=2))
    make_user(db, email="over@example.com", promotion_ending_at=clock.now() - timedelta(days=1))
    page = client.get("/v1/admin/promotions", headers=headers).json()
    assert [r["email"] for r in page["data"]] == ["soon@example.com", "late@example.com"]
    found = client.get("/v1/admin/promotions", params={"q": "lat"}, headers=headers).json()["data"]
    assert [r["user_id"] for r in found] == [late.id]
    r = client.post(f"/v1/admin/promotions/{soon.id}/end", json={"reason": "chargeback"}, headers=headers)
    assert r.status_code == 200 and r.json()["vip_until"] is None
    assert [r["email"] for r in client.get("/v1/admin/promotions", headers=headers).json()["data"]] == [
        "late@example.com"
    ]
    again = client.post(f"/v1/admin/promotions/{soon.id}/end", json={}, headers=headers)
    assert again.status_code == 400 and again.json()["code"] == "not_promoted"
    assert db.scalar(select(AdminAudit.reason).where(AdminAudit.action == "promotion.end")) == "chargeback"


def test_a_campaign_grants_several_accounts_with_a_note(client, db):
    _, headers = admin(db, "AdPartner")
    a = make_user(db, email="camp-a@example.com")
    b = make_user(db)
    r = client.post(
        "/v1/admin/promotions/campaigns",
        json={
            "users": ["camp-a@example.com", str(b.id), "ghost@example.com", str(b.id)],
            "days": 3,
            "note": "Summer thank-you",
        },
        headers=headers,
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert {g["user_id"] for g in body["granted"]} == {a.id, b.id} and body["missing"] == [
        "ghost@example.com"
    ]
    db.expire_all()
    assert db.get(User, a.id).is_promoted and db.get(User, b.id).is_promoted
    listed = client.get("/v1/admin/promotions/campaigns", headers=headers).json()
    assert [(c["note"], c["days"], c["granted"]) for c in listed] == [("Summer thank-you", 3, 2)]
    grants = db.scalars(select(AdminAudit.details).where(AdminAudit.action == "promotion.grant")).all()
    assert len(grants) == 2 and all(g["campaign"] == listed[0]["id"] for g in grants)
    no_note = client.post(
        "/v1/admin/promotions/campaigns", json={"users": ["x"], "days": 3, "note": ""}, headers=headers
    )
    assert no_note.status_code == 422


def test_members_cannot_grant_themselves_vip(client, db):
    user, headers = member(db)
    r = client.post("/v1/admin/promotions", json={"user": str(user.id), "days": 30}, headers=headers)
    assert r.status_code == 403
    db.expire_all()
    assert db.get(User, user.id).promotion_ending_at is None
