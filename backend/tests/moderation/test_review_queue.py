"""The review queue: pending usernames oldest first with the rule that held them; approve, reject
with a reason the member reads, bulk decisions; every decision audited."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from addme.audit.models import AdminAudit
from addme.core import clock
from addme.screening import service as screening
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.listings import make_username, submit_body


def _admin(db, level: str = "Moderator") -> dict[str, str]:
    return auth(token_for(db, make_user(db, admin_level=level)))


def test_pending_usernames_come_possible_minors_first_then_oldest_first_with_the_rule_that_held_them(
    client, db
):
    screening.invalidate_terms()
    member = make_user(db)
    h = auth(token_for(db, member))
    r = client.post("/v1/user/usernames", json=submit_body(description="still in highschool lol"), headers=h)
    assert r.json()["data"]["status"] == "pending"
    older = make_username(
        db, status="pending", review_reason="selling: “menu”", approved_at=clock.now() - timedelta(days=2)
    )
    keyed = make_username(db, status="pending", review_reason="key: unlocked by a purchase key")
    body = client.get("/v1/admin/review", headers=_admin(db)).json()
    assert body["meta"]["total"] == 3
    # The possible minor is first whatever its age in the queue, with its flag.
    first, second = body["data"][0], body["data"][1]
    assert first["username"]["id"] == r.json()["data"]["id"] and first["possible_minor"] is True
    assert first["held_by"] == "macro" and "highschool" in first["rule"]
    assert second["username"]["id"] == older.id and second["held_by"] == "blacklist"
    assert second["waiting_hours"] >= 47 and second["possible_minor"] is False
    held = {item["username"]["id"]: item["held_by"] for item in body["data"]}
    assert held[keyed.id] == "key"
    screening.invalidate_terms()


def test_approving_lists_the_username_and_writes_the_audit_row(client, db):
    u = make_username(db, status="pending", review_reason="spam: “free”", username="held_one")
    assert client.get(f"/v1/usernames/{u.id}").status_code == 404
    r = client.post(
        f"/v1/admin/usernames/{u.id}/approve", json={"reason": "Looks fine"}, headers=_admin(db, "Full")
    )
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "approved" and r.json()["listed"] is True
    assert client.get(f"/v1/usernames/{u.id}").status_code == 200
    assert [x["username"] for x in client.get("/v1/usernames").json()["data"]] == ["held_one"]
    row = db.scalar(select(AdminAudit))
    assert row.action == "username.approve" and row.target == f"username:{u.id}"
    assert row.reason == "Looks fine" and row.before["status"] == "pending" and row.after["listed"] is True
    assert row.admin_level == "Full"
    # Deciding twice is refused, and nothing changes.
    again = client.post(f"/v1/admin/usernames/{u.id}/approve", json={}, headers=_admin(db))
    assert again.status_code == 400 and again.json()["message"] == "This username is not pending review."


def test_rejecting_shows_the_reason_to_the_member(client, db):
    owner = make_user(db)
    u = make_username(db, user=owner, status="pending", review_reason="link: “onlyfans.com”")
    r = client.post(
        f"/v1/admin/usernames/{u.id}/reject",
        json={"reason": "No links in the description."},
        headers=_admin(db),
    )
    assert r.status_code == 200 and r.json()["status"] == "rejected"
    mine = client.get("/v1/user/usernames", headers=auth(token_for(db, owner))).json()["data"][0]
    assert mine["status"] == "rejected"
    assert mine["status_notice"].endswith("Reason: No links in the description.")
    assert mine["rejection_reason"] == "No links in the description."
    assert db.scalar(select(AdminAudit)).reason == "No links in the description."


def test_bulk_decides_the_pending_ones_and_skips_the_others(client, db):
    a = make_username(db, status="pending")
    b = make_username(db, status="pending")
    done = make_username(db)  # already approved
    r = client.post(
        "/v1/admin/usernames/bulk",
        json={"ids": [a.id, b.id, done.id, 999999], "action": "reject", "reason": "Spam in the description"},
        headers=_admin(db),
    )
    body = r.json()
    assert r.status_code == 200 and sorted(body["done"]) == sorted([a.id, b.id])
    assert set(body["skipped"]) == {str(done.id), "999999"}
    db.expire_all()
    assert [x.status for x in (a, b, done)] == ["rejected", "rejected", "approved"]
    assert len(db.scalars(select(AdminAudit)).all()) == 2
