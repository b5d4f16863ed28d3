"""Admins find accounts and act on them: ban, unban, delete, levels, grants, sessions, mail."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from addme.audit.models import AdminAudit
from addme.core import clock
from addme.mail.models import OutboxMessage
from addme.wallet.models import LedgerEntry
from tests.factories.accounts import PASSWORD, make_user, token_for
from tests.factories.listings import make_username
from tests.factories.wallet import admin, give, member


def audit_rows(db, action):  # type: ignore[no-untyped-def]
    return db.scalars(select(AdminAudit).where(AdminAudit.action == action)).all()


@pytest.mark.parametrize("level", [None, "Moderator", "AdPartner"])
def test_only_full_admins_open_users(client, db, level):
    target = make_user(db)
    _, headers = admin(db, level) if level else member(db)
    assert client.get("/v1/admin/users", headers=headers).status_code == 403
    assert client.get(f"/v1/admin/users/{target.id}", headers=headers).status_code == 403
    assert (
        client.patch(
            f"/v1/admin/users/{target.id}", json={"admin_level": "Full"}, headers=headers
        ).status_code
        == 403
    )
    grant = client.post(
        f"/v1/admin/users/{target.id}/grants", json={"top_ups": 5, "reason": "x"}, headers=headers
    )
    assert grant.status_code == 403
    assert client.delete(f"/v1/admin/users/{target.id}", headers=headers).status_code == 403
    assert client.get("/v1/admin/users").status_code == 401
    db.refresh(target)
    assert target.admin_level is None and target.top_ups_count == 0 and target.deleted_at is None


def test_search_by_email_username_and_ip_with_filters_and_pages(client, db):
    _, headers = admin(db)
    alice = make_user(db, email="alice@example.com", ip_address="198.51.100.7")
    bob = make_user(db, email="bob@example.com", high_risk=True)
    make_username(db, user=bob, username="kitty_bob")
    make_user(db, email="carol@example.com", admin_level="Moderator")

    def ids(**params):  # type: ignore[no-untyped-def]
        body = client.get("/v1/admin/users", params=params, headers=headers).json()
        return [u["id"] for u in body["data"]]

    assert ids(q="ALICE@") == [alice.id]
    assert ids(q="kitty") == [bob.id]
    assert ids(q="198.51.100.7") == [alice.id]
    assert ids(high_risk="true") == [bob.id]
    assert len(ids(level="Moderator")) == 1
    page = client.get("/v1/admin/users", params={"per_page": 2, "sort": "oldest"}, headers=headers).json()
    assert page["meta"] == {"page": 1, "per_page": 2, "total": 4, "has_next": True}
    assert page["data"][1]["id"] == alice.id
    assert client.get("/v1/admin/users", params={"page": 0}, headers=headers).status_code == 422
    assert client.get("/v1/admin/users/3000000000", headers=headers).status_code == 422
    assert client.get("/v1/admin/users/999999", headers=headers).status_code == 404


def test_a_ban_stops_the_token_at_once_delists_and_login_says_until_when(client, db):
    _, headers = admin(db, "Moderator")
    user, member_headers = member(db)
    name = make_username(db, user=user)
    assert client.get("/v1/auth/user", headers=member_headers).status_code == 200
    r = client.post(
        f"/v1/admin/users/{user.id}/ban", json={"hours": 48, "reason": "Spam links"}, headers=headers
    )
    assert r.status_code == 200
    assert client.get("/v1/auth/user", headers=member_headers).status_code == 401
    assert client.get(f"/v1/usernames/{name.id}").status_code == 404
    login = client.post("/v1/auth/login", json={"email": user.email, "password": PASSWORD})
    assert login.status_code == 403
    assert "banned until" in login.json()["message"] and "Reason: Spam links" in login.json()["message"]
    row = audit_rows(db, "user.ban")[0]
    assert row.target == f"user:{user.id}" and row.reason == "Spam links" and row.admin_level == "Moderator"
    assert row.before["banned_at"] is None and row.after["banned_until"] is not None

    r = client.post(f"/v1/admin/users/{user.id}/unban", json={"reason": "appeal accepted"}, headers=headers)
    assert r.status_code == 200
    assert client.get(f"/v1/usernames/{name.id}").status_code == 200
    assert client.post("/v1/auth/login", json={"email": user.email, "password": PASSWORD}).status_code == 200
    again = client.post(f"/v1/admin/users/{user.id}/unban", json={}, headers=headers)
    assert again.status_code == 400


def test_a_timed_ban_ends_by_itself_and_a_lifetime_ban_never_does(client, db):
    _, headers = admin(db)
    timed, forever = make_user(db), make_user(db)
    client.post(
        f"/v1/admin/users/{timed.id}/ban",
        json={"hours": 1, "reason": "cool down for a while"},
        headers=headers,
    )
    client.post(
        f"/v1/admin/users/{forever.id}/ban",
        json={"hours": None, "reason": "fraud with stolen cards"},
        headers=headers,
    )
    refused = client.post("/v1/auth/login", json={"email": forever.email, "password": PASSWORD})
    assert (
        refused.json()["message"] == "This account has been banned for good. Reason: fraud with stolen cards"
    )
    clock.travel(3601)
    assert client.post("/v1/auth/login", json={"email": timed.email, "password": PASSWORD}).status_code == 200
    assert (
        client.post("/v1/auth/login", json={"email": forever.email, "password": PASSWORD}).status_code == 403
    )


def test_moderators_cannot_ban_admins_and_nobody_bans_themselves(client, db):
    moderator, headers = admin(db, "Moderator")
    full = make_user(db, admin_level="Full")
    assert (
        client.post(f"/v1/admin/users/{full.id}/ban", json={"reason": "x"}, headers=headers).status_code
        == 403
    )
    own = client.post(f"/v1/admin/users/{moderator.id}/ban", json={"reason": "x"}, headers=headers)
    assert own.status_code == 403
    db.refresh(full)
    assert full.banned_at is None


def test_levels_are_set_by_full_admins_only_never_their_own_and_sessions_end(client, db):
    boss, headers = admin(db)
    mod, mod_headers = admin(db, "Moderator")
    r = client.patch(
        f"/v1/admin/users/{mod.id}", json={"admin_level": None, "reason": "left"}, headers=headers
    )
    assert r.status_code == 200
    assert client.get("/v1/auth/user", headers=mod_headers).status_code == 401
    db.refresh(mod)
    assert mod.admin_level is None
    own = client.patch(f"/v1/admin/users/{boss.id}", json={"admin_level": "Moderator"}, headers=headers)
    assert own.status_code == 403
    bad = client.patch(f"/v1/admin/users/{mod.id}", json={"admin_level": "God"}, headers=headers)
    assert bad.status_code == 422
    row = audit_rows(db, "user.level")[0]
    assert row.before == {"admin_level": "Moderator"} and row.after == {"admin_level": None}


def test_grants_write_one_ledger_row_each_and_never_go_below_zero(client, db):
    _, headers = admin(db)
    user = give(db, make_user(db), top_ups=3)
    r = client.post(
        f"/v1/admin/users/{user.id}/grants",
        json={"top_ups": 10, "fire_pins": 2, "reason": "Support gesture"},
        headers=headers,
    )
    assert r.status_code == 200
    db.refresh(user)
    assert (user.top_ups_count, user.fire_pins_count) == (13, 2)
    rows = db.scalars(select(LedgerEntry).where(LedgerEntry.note == "Support gesture")).all()
    assert sorted((e.kind, e.delta) for e in rows) == [("fire_pin", 2), ("top_up", 10)]
    too_much = client.post(
        f"/v1/admin/users/{user.id}/grants", json={"top_ups": -20, "reason": "oops"}, headers=headers
    )
    assert too_much.status_code == 400 and "13 Top-Ups" in too_much.json()["message"]
    db.refresh(user)
    assert user.top_ups_count == 13
    r = client.post(
        f"/v1/admin/users/{user.id}/grants", json={"top_ups": -13, "reason": "abuse"}, headers=headers
    )
    assert r.status_code == 200
    db.refresh(user)
    assert user.top_ups_count == 0
    assert (
        client.post(
            f"/v1/admin/users/{user.id}/grants", json={"top_ups": 0, "reason": "x"}, headers=headers
        ).status_code
        == 422
    )


def test_delete_end_sessions_and_resend_confirmation(client, db):
    _, headers = admin(db)
    user, member_headers = member(db)
    r = client.post(
        f"/v1/admin/users/{user.id}/end-sessions", json={"reason": "stolen phone"}, headers=headers
    )
    assert r.status_code == 200
    assert client.get("/v1/auth/user", headers=member_headers).status_code == 401

    unconfirmed = make_user(db, confirmed=False)
    r = client.post(f"/v1/admin/users/{unconfirmed.id}/resend-confirmation", headers=headers)
    assert r.status_code == 200
    assert db.scalars(select(OutboxMessage).where(OutboxMessage.to == unconfirmed.email)).first()
    assert client.post(f"/v1/admin/users/{user.id}/resend-confirmation", headers=headers).status_code == 400

    name = make_username(db, user=user)
    short = client.delete(f"/v1/admin/users/{user.id}", params={"reason": "asked"}, headers=headers)
    assert short.status_code == 422 and "reason" in short.json()["errors"]
    r = client.delete(f"/v1/admin/users/{user.id}", params={"reason": "asked by mail"}, headers=headers)
    assert r.status_code == 200
    # The member is told why, with the statement of reasons, like any other restriction.
    told = db.scalars(select(OutboxMessage).where(OutboxMessage.to == user.email)).all()[-1]
    assert "Account deleted" in told.subject and "asked by mail" in told.body
    assert "/contact-us" in told.body and "/user/decisions" not in told.body
    assert client.get(f"/v1/usernames/{name.id}").status_code == 404
    # As with the member's own deletion, logging in within 30 days restores the account.
    assert client.post("/v1/auth/login", json={"email": user.email, "password": PASSWORD}).status_code == 200


def test_the_user_page_shows_usernames_ledger_sessions_ips_reports_and_audit(client, db):
    _, headers = admin(db)
    user = give(db, make_user(db, ip_address="203.0.113.4"), top_ups=4)
    name = make_username(db, user=user)
    reporter, reporter_headers = member(db)
    client.post(f"/v1/usernames/{name.id}/reports", json={"type": "fake"}, headers=reporter_headers)
    token_for(db, user)
    client.post(f"/v1/admin/users/{user.id}/end-sessions", json={"reason": "check"}, headers=headers)
    page = client.get(f"/v1/admin/users/{user.id}", headers=headers).json()
    assert page["user"]["email"] == user.email and page["user"]["top_ups_count"] == 4
    assert [u["id"] for u in page["usernames"]] == [name.id]
    assert page["ledger"][0]["delta"] == 4
    assert page["sessions"][0]["revoked_at"] is not None
    assert "203.0.113.4" in page["ips"] and "127.0.0.1" in page["ips"]
    assert [r["username_id"] for r in page["reports_against"]] == [name.id]
    assert page["reports_by"] == []
    assert (
        client.get(f"/v1/admin/users/{reporter.id}", headers=headers).json()["reports_by"][0]["type"]
        == "fake"
    )
    assert [a["action"] for a in page["audit"]] == ["user.end_sessions"]
