"""/admin/automations: accounts with scheduled Top-Ups, pause, resume and end; every admin level."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from addme.accounts.models import User
from addme.audit.models import AdminAudit
from addme.core import clock
from addme.wallet import ledger
from tests.factories.accounts import make_user
from tests.factories.listings import make_username
from tests.factories.wallet import admin, member


def _auto(db, email: str, days: int = 10, **fields):
    user = make_user(db, email=email, automation_topup_ending_at=clock.now() + timedelta(days=days), **fields)
    make_username(db, user=user)
    return user


def test_the_list_shows_scheduled_accounts_with_their_last_automatic_top_up(client, db):
    _, headers = admin(db, "Moderator")
    auto = _auto(db, "auto@example.com", days=20)
    studio = make_user(db, email="studio@example.com", studio_ending_at=clock.now() + timedelta(days=5))
    make_user(db, email="over@example.com", automation_topup_ending_at=clock.now() - timedelta(days=1))
    assert ledger.auto_topup(db) == 1
    rows = client.get("/v1/admin/automations", headers=headers).json()["data"]
    assert [r["email"] for r in rows] == ["studio@example.com", "auto@example.com"]
    by = {r["user_id"]: r for r in rows}
    assert by[auto.id]["last_auto_topup"] is not None and by[auto.id]["auto_topup_until"] is not None
    assert by[studio.id]["auto_topup_until"] is None and by[studio.id]["studio_until"] is not None
    assert by[studio.id]["last_auto_topup"] is None and by[auto.id]["paused_at"] is None
    found = client.get("/v1/admin/automations", params={"q": "auto@"}, headers=headers).json()["data"]
    assert [r["user_id"] for r in found] == [auto.id]


def test_a_paused_schedule_gets_no_top_ups_until_resumed(client, db):
    _, headers = admin(db, "AdPartner")
    user = _auto(db, "paused@example.com")
    now = clock.now()
    r = client.post(f"/v1/admin/automations/{user.id}/pause", json={"reason": "abuse check"}, headers=headers)
    assert r.status_code == 200 and r.json()["paused_at"] is not None
    assert ledger.auto_topup(db, now=now) == 0
    paused = client.get("/v1/admin/automations", params={"paused": True}, headers=headers).json()["data"]
    assert [p["user_id"] for p in paused] == [user.id]
    r = client.post(f"/v1/admin/automations/{user.id}/resume", json={}, headers=headers)
    assert r.status_code == 200 and r.json()["paused_at"] is None
    assert ledger.auto_topup(db, now=now) == 1
    actions = db.scalars(select(AdminAudit.action).order_by(AdminAudit.id)).all()
    assert actions == ["automation.pause", "automation.resume"]


def test_ending_stops_the_auto_top_up_and_a_studio_schedule_cannot_be_ended_apart(client, db):
    _, headers = admin(db)
    user = _auto(db, "ending@example.com")
    r = client.post(
        f"/v1/admin/automations/{user.id}/end", json={"reason": "refund dispute"}, headers=headers
    )
    assert r.status_code == 200, r.text
    db.expire_all()
    assert db.get(User, user.id).is_automated_topup is False
    assert ledger.auto_topup(db) == 0
    assert client.get("/v1/admin/automations", headers=headers).json()["data"] == []
    again = client.post(f"/v1/admin/automations/{user.id}/end", json={}, headers=headers)
    assert again.status_code == 400 and again.json()["code"] == "not_automated"
    studio = make_user(db, studio_ending_at=clock.now() + timedelta(days=5))
    r = client.post(f"/v1/admin/automations/{studio.id}/end", json={}, headers=headers)
    assert r.status_code == 400 and "Studio" in r.json()["message"]
    assert client.post("/v1/admin/automations/987654/pause", json={}, headers=headers).status_code == 404
    assert (
        db.scalar(select(AdminAudit.reason).where(AdminAudit.action == "automation.end")) == "refund dispute"
    )


@pytest.mark.parametrize("path", ["pause", "end"])
def test_members_cannot_touch_schedules(client, db, path):
    user = _auto(db, f"self-{path}@example.com")
    _, headers = member(db)
    assert client.post(f"/v1/admin/automations/{user.id}/{path}", json={}, headers=headers).status_code == 403
    db.expire_all()
    assert db.get(User, user.id).is_automated_topup is True
