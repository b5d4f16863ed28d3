"""The ban page for every admin level: find an account by e-mail, handle or id (masked e-mail, no
IP), and a 0-hour account ban, which is a warning: signed out and told why, no ban in force."""

from __future__ import annotations

from sqlalchemy import select

from addme.audit.models import AdminAudit
from tests.factories.accounts import PASSWORD, make_user
from tests.factories.listings import make_username
from tests.factories.wallet import admin, member


def test_a_moderator_finds_an_account_by_email_handle_or_id_with_the_email_masked(client, db):
    _, mod = admin(db, "Moderator")
    target = make_user(db, email="jessica.banme@example.com", ip_address="203.0.113.9")
    make_username(db, user=target, username="jess_snaps")
    make_user(db, email="jessica.other@example.com")

    by_email = client.get("/v1/admin/users/lookup", params={"q": "Jessica.BanMe@example.com"}, headers=mod)
    assert by_email.status_code == 200, by_email.text
    rows = by_email.json()
    assert [r["id"] for r in rows] == [target.id]
    assert rows[0]["email_masked"] == "j***@example.com"
    assert rows[0]["handle"] == "jess_snaps" and rows[0]["app"] == "snapchat"
    assert rows[0]["banned"] is False and rows[0]["staff"] is False
    # Nothing a moderator may not see: no full e-mail, no IP.
    assert "jessica.banme" not in by_email.text and "203.0.113.9" not in by_email.text

    by_handle = client.get("/v1/admin/users/lookup", params={"q": "jess_sn"}, headers=mod).json()
    assert [r["id"] for r in by_handle] == [target.id]
    by_id = client.get("/v1/admin/users/lookup", params={"q": str(target.id)}, headers=mod).json()
    assert target.id in [r["id"] for r in by_id]
    # An e-mail prefix finds nothing (masked answers must not spell addresses out letter by letter),
    # and neither does an IP.
    assert client.get("/v1/admin/users/lookup", params={"q": "jessica"}, headers=mod).json() == []
    assert client.get("/v1/admin/users/lookup", params={"q": "203.0.113.9"}, headers=mod).json() == []


def test_members_cannot_use_the_lookup(client, db):
    make_user(db, email="someone@example.com")
    _, h = member(db)
    assert (
        client.get("/v1/admin/users/lookup", params={"q": "someone@example.com"}, headers=h).status_code
        == 403
    )
    assert client.get("/v1/admin/users/lookup", params={"q": "someone@example.com"}).status_code == 401


def test_a_zero_hour_ban_is_a_warning_signed_out_told_why_and_free_to_sign_in(client, db):
    _, mod = admin(db, "Moderator")
    user, member_headers = member(db)
    name = make_username(db, user=user)
    reason = "Asking for money in messages is against the rules."
    r = client.post(f"/v1/admin/users/{user.id}/ban", json={"hours": 0, "reason": reason}, headers=mod)
    assert r.status_code == 200, r.text
    assert r.json()["message"].startswith("Warning sent")
    # Signed out everywhere...
    assert client.get("/v1/auth/user", headers=member_headers).status_code == 401
    # ...but no ban: still listed, not in the bans list, and the member signs in again at once.
    assert client.get(f"/v1/usernames/{name.id}").status_code == 200
    bans = client.get("/v1/admin/bans", headers=mod).json()
    assert not any(b["kind"] == "user" and b["id"] == user.id for b in bans)
    login = client.post("/v1/auth/login", json={"email": user.email, "password": PASSWORD})
    assert login.status_code == 200
    fresh = {"Authorization": f"Bearer {login.json()['token']}"}
    mine = client.get("/v1/user/decisions", headers=fresh).json()["data"]
    assert mine[0]["statement"]["decision"] == "warn_account"
    assert mine[0]["statement"]["facts"] == reason
    audit = db.scalars(select(AdminAudit).where(AdminAudit.action == "user.warn")).all()
    assert [a.target for a in audit] == [f"user:{user.id}"]


def test_a_warning_does_not_replace_a_ban_in_force_and_false_is_not_zero(client, db):
    _, mod = admin(db, "Moderator")
    user = make_user(db)
    client.post(
        f"/v1/admin/users/{user.id}/ban", json={"hours": 48, "reason": "Spam links everywhere"}, headers=mod
    )
    warn = client.post(
        f"/v1/admin/users/{user.id}/ban", json={"hours": 0, "reason": "Spam links everywhere"}, headers=mod
    )
    assert warn.status_code == 409 and warn.json()["code"] == "already_banned"
    db.refresh(user)
    assert user.banned_until is not None
    other = make_user(db)
    bad = client.post(
        f"/v1/admin/users/{other.id}/ban",
        json={"hours": False, "reason": "Spam links everywhere"},
        headers=mod,
    )
    assert bad.status_code == 422
    assert (
        client.post(
            f"/v1/admin/users/{other.id}/ban",
            json={"hours": -1, "reason": "Spam links everywhere"},
            headers=mod,
        ).status_code
        == 422
    )
