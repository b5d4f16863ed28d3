"""/admin/switch-rules and /user/switch: what a Studio may switch between, set by any admin level."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from addme.audit.models import AdminAudit
from addme.core import clock
from tests.factories.listings import make_username
from tests.factories.wallet import admin, member


def _studio(db):
    return member(db, studio_ending_at=clock.now() + timedelta(days=30))


def test_every_app_is_open_by_default(client, db):
    user, headers = _studio(db)
    a = make_username(db, user=user, app="snapchat")
    b = make_username(db, user=user, app="kik")
    body = client.get("/v1/user/switch", headers=headers).json()
    assert [(x["id"], x["switchable"]) for x in body["accounts"]] == [(a.id, True), (b.id, True)]
    assert {r["app"]: (r["allowed"], r["max_accounts"]) for r in body["rules"]} == {
        "snapchat": (True, 25),
        "telegram": (True, 25),
        "kik": (True, 25),
    }


@pytest.mark.parametrize("level", ["Moderator", "AdPartner", "Full"])
def test_an_admin_closes_an_app_and_limits_another_and_switch_follows(client, db, level):
    _, admin_headers = admin(db, level)
    user, headers = _studio(db)
    snaps = [make_username(db, user=user, app="snapchat") for _ in range(3)]
    kik = make_username(db, user=user, app="kik")
    r = client.put(
        "/v1/admin/switch-rules/snapchat",
        json={"allowed": True, "max_accounts": 2, "reason": "abuse of many handles"},
        headers=admin_headers,
    )
    assert r.status_code == 200, r.text
    r = client.put(
        "/v1/admin/switch-rules/kik", json={"allowed": False, "max_accounts": 5}, headers=admin_headers
    )
    assert r.status_code == 200
    got = {
        x["id"]: (x["switchable"], x["blocked"])
        for x in client.get("/v1/user/switch", headers=headers).json()["accounts"]
    }
    assert got == {
        snaps[0].id: (True, None),
        snaps[1].id: (True, None),
        snaps[2].id: (False, "limit"),
        kik.id: (False, "app"),
    }
    listed = {r["app"]: r for r in client.get("/v1/admin/switch-rules", headers=admin_headers).json()}
    assert listed["kik"]["allowed"] is False and listed["snapchat"]["max_accounts"] == 2
    rows = db.execute(
        select(AdminAudit.action, AdminAudit.target, AdminAudit.reason).order_by(AdminAudit.id)
    ).all()
    assert rows == [
        ("switch_rule.set", "app:snapchat", "abuse of many handles"),
        ("switch_rule.set", "app:kik", ""),
    ]


def test_rules_are_checked(client, db):
    _, headers = admin(db)
    assert (
        client.put(
            "/v1/admin/switch-rules/myspace", json={"allowed": True, "max_accounts": 2}, headers=headers
        ).status_code
        == 422
    )
    assert (
        client.put(
            "/v1/admin/switch-rules/kik", json={"allowed": True, "max_accounts": 0}, headers=headers
        ).status_code
        == 422
    )
    assert (
        client.put(
            "/v1/admin/switch-rules/kik", json={"allowed": True, "max_accounts": 26}, headers=headers
        ).status_code
        == 422
    )


def test_switch_is_for_studio_accounts_and_rules_for_admins(client, db):
    _, headers = member(db)
    r = client.get("/v1/user/switch", headers=headers)
    assert r.status_code == 403 and r.json()["message"] == "Switch Account is for Studio accounts."
    assert client.get("/v1/user/switch").status_code == 401
    assert (
        client.put(
            "/v1/admin/switch-rules/kik", json={"allowed": False, "max_accounts": 1}, headers=headers
        ).status_code
        == 403
    )
