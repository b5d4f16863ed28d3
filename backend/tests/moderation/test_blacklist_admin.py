"""Full admins edit the blacklist: terms hold usernames for review, IP ranges make accounts high-risk."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from addme.audit.models import AdminAudit
from addme.screening import service as screening
from tests.factories.accounts import PASSWORD, make_user
from tests.factories.wallet import admin, member


@pytest.fixture(autouse=True)
def _fresh_terms():  # type: ignore[no-untyped-def]
    screening.invalidate_terms()
    yield
    screening.invalidate_terms()


@pytest.mark.parametrize("level", [None, "Moderator", "AdPartner"])
def test_only_full_admins_edit_the_blacklist(client, db, level):
    _, headers = admin(db, level) if level else member(db)
    assert client.get("/v1/admin/blacklist", headers=headers).status_code == 403
    r = client.post("/v1/admin/blacklist", json={"kind": "spam", "pattern": "x"}, headers=headers)
    assert r.status_code == 403
    assert client.delete("/v1/admin/blacklist/1", headers=headers).status_code == 403


def test_a_new_term_holds_usernames_for_review_until_it_is_switched_off(client, db):
    _, headers = admin(db)
    r = client.post("/v1/admin/blacklist", json={"kind": "selling", "pattern": "wobblecoin"}, headers=headers)
    assert r.status_code == 201
    term = r.json()
    assert screening.review_text(db, texts=["ask me about wobblecoin"]) is not None
    dup = client.post(
        "/v1/admin/blacklist", json={"kind": "selling", "pattern": "wobblecoin"}, headers=headers
    )
    assert dup.status_code == 409
    off = client.patch(f"/v1/admin/blacklist/{term['id']}", json={"active": False}, headers=headers)
    assert off.json()["active"] is False
    assert screening.review_text(db, texts=["ask me about wobblecoin"]) is None
    listed = client.get("/v1/admin/blacklist", params={"kind": "selling"}, headers=headers).json()
    assert any(t["pattern"] == "wobblecoin" and not t["active"] for t in listed["data"])
    assert client.delete(f"/v1/admin/blacklist/{term['id']}", headers=headers).status_code == 200
    assert client.delete(f"/v1/admin/blacklist/{term['id']}", headers=headers).status_code == 404
    actions = db.scalars(select(AdminAudit.action).order_by(AdminAudit.id)).all()
    assert actions == ["blacklist.add", "blacklist.switch", "blacklist.delete"]


def test_a_broken_regex_or_range_is_refused(client, db):
    _, headers = admin(db)
    r = client.post(
        "/v1/admin/blacklist", json={"kind": "spam", "pattern": "(", "is_regex": True}, headers=headers
    )
    assert r.status_code == 422 and "pattern" in r.json()["errors"]
    r = client.post("/v1/admin/blacklist", json={"kind": "ip", "pattern": "300.1.1.1"}, headers=headers)
    assert r.status_code == 422 and "cidr" in r.json()["errors"]


def test_signing_in_from_a_blacklisted_range_makes_the_account_high_risk(app, client, db):
    from fastapi.testclient import TestClient

    _, headers = admin(db)
    r = client.post("/v1/admin/blacklist", json={"kind": "ip", "pattern": "198.51.100.0/24"}, headers=headers)
    assert r.json()["pattern"] == "198.51.100.0/24"
    user = make_user(db)
    creds = {"email": user.email, "password": PASSWORD}
    with TestClient(app, client=("198.51.100.20", 5000)) as risky:
        token = risky.post("/v1/auth/login", json=creds).json()["token"]
        me = risky.get("/v1/auth/user", headers={"Authorization": f"Bearer {token}"}).json()
        assert me["high_risk"] is True
        claim = risky.post(
            "/v1/user/free-topup",
            headers={"Authorization": f"Bearer {token}"},
            json={"captcha_token": "local-captcha-ok"},
        )
        assert claim.status_code == 400 and claim.json()["code"] == "high_risk"
    with TestClient(app, client=("192.0.2.1", 5000)) as clean:
        token = clean.post("/v1/auth/login", json=creds).json()["token"]
        assert (
            clean.get("/v1/auth/user", headers={"Authorization": f"Bearer {token}"}).json()["high_risk"]
            is False
        )
