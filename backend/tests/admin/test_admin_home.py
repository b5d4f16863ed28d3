"""The admin shell's data: who am I (the menu), the home's figures per level, and the audit log."""

from __future__ import annotations

from datetime import timedelta

from addme.content.models import ContactRequest
from addme.core import clock
from addme.moderation.models import Report
from addme.moderation.requests import UnbanRequest
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.listings import make_username


def _h(db, level: str | None) -> dict[str, str]:
    return auth(token_for(db, make_user(db, admin_level=level)))


def test_me_lists_what_the_level_may_open(client, db):
    mod = client.get("/v1/admin/me", headers=_h(db, "Moderator")).json()
    assert mod["admin_level"] == "Moderator"
    assert "moderation.reports" in mod["permissions"] and "shop.orders" not in mod["permissions"]
    assert "content.ads" not in mod["permissions"]
    partner = client.get("/v1/admin/me", headers=_h(db, "AdPartner")).json()
    assert "content.ads" in partner["permissions"] and "accounts.users" not in partner["permissions"]
    full = client.get("/v1/admin/me", headers=_h(db, "Full")).json()
    assert {"shop.orders", "accounts.users", "admin.audit"} <= set(full["permissions"])
    assert client.get("/v1/admin/me", headers=_h(db, None)).status_code == 403
    assert client.get("/v1/admin/me").status_code == 401


def _fill(db) -> None:
    reporter = make_user(db)
    young = make_username(db)
    fake = make_username(db)
    db.add_all(
        [
            Report(username_id=young.id, reporter_id=reporter.id, type="underage"),
            Report(username_id=fake.id, reporter_id=reporter.id, type="fake"),
            Report(username_id=fake.id, type="fake", status="dismissed"),
        ]
    )
    make_username(db, status="pending", approved_at=clock.now() - timedelta(hours=30))
    make_username(db, status="pending")
    b = make_username(db, status="banned")
    db.add(UnbanRequest(username_id=b.id, user_id=b.user_id, message="please"))
    db.add(ContactRequest(reason="general", reply_email="a@example.com", other_notes="Hi"))
    db.add(ContactRequest(reason="general", reply_email="b@example.com", other_notes="Hi", status="closed"))
    db.commit()


def test_the_home_counts_what_needs_a_decision(client, db):
    _fill(db)
    body = client.get("/v1/admin/overview", headers=_h(db, "Full")).json()
    assert body["reports"]["open"] == 2
    assert body["reports"]["by_type"][0] == {"type": "underage", "count": 1}
    assert {"type": "fake", "count": 1} in body["reports"]["by_type"]
    assert body["review"] == {"pending": 2, "oldest_hours": 30}
    assert body["unban_requests"]["pending"] == 1
    assert body["removal_requests"]["pending"] == 0
    assert body["contact_new"] == 1
    assert body["health"]["ledger_mismatches"] == 0


def test_a_moderator_home_shows_only_the_moderators_queues(client, db):
    _fill(db)
    body = client.get("/v1/admin/overview", headers=_h(db, "Moderator")).json()
    assert body["reports"]["open"] == 2 and body["review"]["pending"] == 2
    assert body["contact_new"] is None and body["health"] is None


def test_the_audit_log_filters_by_actor_action_and_target(client, db):
    full = make_user(db, admin_level="Full")
    mod = make_user(db, admin_level="Moderator")
    a = make_username(db, status="pending")
    b = make_username(db, status="pending")
    client.post(
        f"/v1/admin/usernames/{a.id}/approve", json={"reason": "ok"}, headers=auth(token_for(db, mod))
    )
    client.post(
        f"/v1/admin/usernames/{b.id}/reject",
        json={"reason": "spam in the description"},
        headers=auth(token_for(db, full)),
    )
    h = auth(token_for(db, full))
    everything = client.get("/v1/admin/audit", headers=h).json()
    assert everything["meta"]["total"] == 2
    assert everything["data"][0]["action"] == "username.reject"  # newest first
    by_mod = client.get("/v1/admin/audit", params={"actor": mod.id}, headers=h).json()["data"]
    assert [(r["action"], r["admin_email"], r["admin_level"]) for r in by_mod] == [
        ("username.approve", mod.email, "Moderator")
    ]
    by_target = client.get("/v1/admin/audit", params={"target": f"username:{b.id}"}, headers=h).json()["data"]
    assert [r["reason"] for r in by_target] == ["spam in the description"]
    by_domain = client.get("/v1/admin/audit", params={"action": "username."}, headers=h).json()
    assert by_domain["meta"]["total"] == 2
    assert client.get("/v1/admin/audit", params={"action": "report."}, headers=h).json()["meta"]["total"] == 0
    assert client.get("/v1/admin/audit", headers=auth(token_for(db, mod))).status_code == 403
