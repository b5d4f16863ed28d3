"""Maintenance mode: an audited admin switch; while on, the API answers 503 with the spec's message
to everyone but admins, and the public config says so (the web app sends visitors to /maintenance)."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from addme.audit.models import AdminAudit
from addme.core.config import get_settings
from addme.core.errors import SERVER_DOWN
from tests.factories.wallet import admin, member

REASON = {"reason": "database upgrade"}


def _switch(client, headers, on):
    return client.put("/v1/admin/maintenance", json={"on": on, **REASON}, headers=headers)


def test_on_closes_the_api_to_visitors_and_members_but_not_admins(client, db):
    boss, boss_h = admin(db)
    _, member_h = member(db)
    assert client.get("/v1/config").json()["maintenance"] is False
    r = _switch(client, boss_h, True)
    assert r.status_code == 200 and (r.json()["on"], r.json()["reason"], r.json()["by"]) == (
        True,
        "database upgrade",
        boss.id,
    )
    assert client.get("/v1/config").json()["maintenance"] is True
    for headers in ({}, member_h):
        down = client.get("/v1/shop/products", headers=headers)
        assert down.status_code == 503 and down.headers["retry-after"] == "60"
        assert down.json()["message"] == SERVER_DOWN and down.json()["code"] == "maintenance"
    assert client.post("/v1/user/keys", json={"key": "X"}, headers=member_h).status_code == 503
    # What the web app needs stays open: config, who am I, signing in; an admin's calls all pass.
    assert client.get("/v1/auth/user", headers=member_h).status_code == 200
    assert client.get("/v1/shop/products", headers=boss_h).status_code == 200
    assert client.get("/v1/admin/maintenance", headers=boss_h).json()["on"] is True
    # Off: the site is back for everyone at once (this process forgets its cached value).
    assert _switch(client, boss_h, False).json()["on"] is False
    assert client.get("/v1/shop/products").status_code == 200
    assert client.get("/v1/config").json()["maintenance"] is False
    rows = db.execute(
        select(AdminAudit.action, AdminAudit.reason, AdminAudit.after).order_by(AdminAudit.id)
    ).all()
    assert rows == [
        ("site.maintenance", "database upgrade", {"on": True}),
        ("site.maintenance", "database upgrade", {"on": False}),
    ]


def test_the_environment_forces_it_on(client, db, monkeypatch):
    monkeypatch.setattr(get_settings(), "maintenance", True)
    _, boss_h = admin(db)
    state = client.get("/v1/admin/maintenance", headers=boss_h).json()
    assert (state["on"], state["forced"]) == (True, True)
    assert client.get("/v1/shop/products").status_code == 503


@pytest.mark.parametrize("level", [None, "Moderator", "AdPartner"])
def test_only_full_admins_switch_it(client, db, level):
    _, headers = admin(db, level) if level else member(db)
    assert _switch(client, headers, True).status_code == 403
    assert client.get("/v1/admin/maintenance", headers=headers).status_code == 403
    assert client.get("/v1/config").json()["maintenance"] is False


@pytest.mark.parametrize("body", [{"on": True}, {"on": True, "reason": "x"}, {"on": "yes", **REASON}])
def test_a_reason_is_required(client, db, body):
    _, headers = admin(db)
    assert client.put("/v1/admin/maintenance", json=body, headers=headers).status_code == 422
