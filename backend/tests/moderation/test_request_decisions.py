"""Moderators decide unban requests (any ban, lifetime included) and removal requests (48 hours,
private proof, the handle never listed again); the member is told by mail; each decision audited."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from addme.audit.models import AdminAudit
from addme.core import clock
from addme.mail.models import OutboxMessage
from addme.moderation.requests import RemovalRequest, UnbanRequest
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.community import CAPTCHA, banned, member, png
from tests.factories.listings import make_username, submit_body


def _admin(db, level: str = "Moderator") -> dict[str, str]:
    return auth(token_for(db, make_user(db, admin_level=level)))


def _lifetime_request(client, db, **fields):
    user, h = member(db, email=f"owner{clock.now().timestamp()}@example.com")
    u = banned(db, user=user, until=None, **fields)
    r = client.post(f"/v1/user/usernames/{u.id}/unban-request", json={"message": "Please"}, headers=h)
    assert r.json()["unbanned"] is False
    return user, h, u, r.json()["request"]["id"]


def test_accepting_a_lifetime_ban_request_lists_the_username_again(client, db):
    user, _h, u, req_id = _lifetime_request(client, db)
    queue = client.get("/v1/admin/unban-requests", headers=_admin(db)).json()
    assert queue["meta"]["total"] == 1 and queue["data"][0]["lifetime"] is True
    r = client.post(
        f"/v1/admin/unban-requests/{req_id}/decide",
        json={"action": "accept", "reason": "Second chance"},
        headers=_admin(db),
    )
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "approved" and r.json()["username"]["listed"] is True
    assert client.get(f"/v1/usernames/{u.id}").status_code == 200
    mail = db.scalar(select(OutboxMessage).where(OutboxMessage.to == user.email))
    assert "accepted" in mail.subject and "Second chance" in mail.body
    row = db.scalar(select(AdminAudit))
    assert row.action == "unban_request.accept" and row.reason == "Second chance"
    assert client.get("/v1/admin/unban-requests", headers=_admin(db)).json()["meta"]["total"] == 0


def test_refusing_keeps_the_ban_and_the_member_reads_why(client, db):
    _user, h, u, req_id = _lifetime_request(client, db)
    r = client.post(
        f"/v1/admin/unban-requests/{req_id}/decide",
        json={"action": "refuse", "reason": "Repeated spam"},
        headers=_admin(db),
    )
    assert r.json()["status"] == "refused" and r.json()["username"]["status"] == "banned"
    state = client.get(f"/v1/user/usernames/{u.id}/unban", headers=h).json()
    assert state["request"]["status"] == "refused" and state["request"]["decision_reason"] == "Repeated spam"
    again = client.post(
        f"/v1/admin/unban-requests/{req_id}/decide", json={"action": "accept"}, headers=_admin(db)
    )
    assert again.status_code == 409
    assert (
        client.post(
            "/v1/admin/unban-requests/999999/decide", json={"action": "accept"}, headers=_admin(db)
        ).status_code
        == 404
    )


def test_accepting_when_the_handle_was_taken_meanwhile_is_refused(client, db):
    _user, _h, u, req_id = _lifetime_request(client, db, username="shared_handle")
    make_username(db, username="shared_handle")
    r = client.post(
        f"/v1/admin/unban-requests/{req_id}/decide", json={"action": "accept"}, headers=_admin(db)
    )
    assert r.status_code == 400
    db.refresh(u)
    assert u.status == "banned"
    assert db.get(UnbanRequest, req_id).status == "pending"


def _removal(client, db, handle: str = "victim_01", app: str = "snapchat") -> int:
    r = client.post(
        "/v1/remove-username",
        data={
            "username": handle,
            "app": app,
            "reason": "This is my account and I never listed it.",
            "email": "owner@example.com",
            "captcha_token": CAPTCHA,
        },
        files={"screenshot": ("shot.png", png(), "image/png")},
    )
    assert r.status_code == 200, r.text
    return db.scalar(select(RemovalRequest.id).order_by(RemovalRequest.id.desc()))


def test_removing_takes_the_listing_down_and_blocks_the_handle_on_that_app(client, db):
    u = make_username(db, username="victim_01")
    req_id = _removal(client, db)
    queue = client.get("/v1/admin/removal-requests", headers=_admin(db)).json()
    item = queue["data"][0]
    assert item["listed_username_id"] == u.id and item["overdue"] is False
    r = client.post(
        f"/v1/admin/removal-requests/{req_id}/decide",
        json={"action": "remove", "reason": "Proof matches"},
        headers=_admin(db),
    )
    assert r.status_code == 200 and r.json()["status"] == "approved"
    assert client.get(f"/v1/usernames/{u.id}").status_code == 404
    # The decision follows the receipt (sent when the request arrived): the latest mail.
    mail = db.scalar(
        select(OutboxMessage)
        .where(OutboxMessage.subject.like("Your removal request%"))
        .order_by(OutboxMessage.id.desc())
        .limit(1)
    )
    assert mail.to == "owner@example.com" and "cannot be listed again" in mail.body
    assert db.scalar(select(AdminAudit)).action == "removal_request.remove"
    # The same handle on the same app can never be listed again; on another app it can.
    h = auth(token_for(db, make_user(db)))
    again = client.post("/v1/user/usernames", json=submit_body(username="Victim_01"), headers=h)
    assert again.status_code == 422
    assert "cannot be listed again" in again.json()["errors"]["username"][0]
    other = client.post("/v1/user/usernames", json=submit_body(username="victim_01", app="kik"), headers=h)
    assert other.status_code in (200, 201), other.text


def test_refusing_mails_the_reason_to_the_requester(client, db):
    u = make_username(db, username="victim_01")
    req_id = _removal(client, db)
    r = client.post(
        f"/v1/admin/removal-requests/{req_id}/decide",
        json={"action": "refuse", "reason": "The screenshot shows another account."},
        headers=_admin(db),
    )
    assert r.json()["status"] == "refused"
    assert client.get(f"/v1/usernames/{u.id}").status_code == 200
    # The decision follows the receipt (sent when the request arrived): the latest mail.
    mail = db.scalar(
        select(OutboxMessage)
        .where(OutboxMessage.subject.like("Your removal request%"))
        .order_by(OutboxMessage.id.desc())
        .limit(1)
    )
    assert "The screenshot shows another account." in mail.body


def test_the_48_hour_clock_marks_overdue_requests(client, db):
    make_username(db, username="victim_01")
    _removal(client, db)
    clock.travel(49 * 3600)
    item = client.get("/v1/admin/removal-requests", headers=_admin(db)).json()["data"][0]
    assert item["overdue"] is True
    overview = client.get("/v1/admin/overview", headers=_admin(db)).json()
    assert overview["removal_requests"]["overdue"] is True
    assert overview["removal_requests"]["oldest_hours_left"] <= -1


def test_the_proof_is_for_moderators_only(client, db):
    make_username(db, username="victim_01")
    req_id = _removal(client, db)
    r = client.get(f"/v1/admin/removal-requests/{req_id}/proof", headers=_admin(db))
    assert r.status_code == 200 and r.headers["content-type"] == "image/webp"
    assert r.content[:4] == b"RIFF" and "no-store" in r.headers["cache-control"]
    assert client.get(f"/v1/admin/removal-requests/{req_id}/proof").status_code == 401
    member_h = auth(token_for(db, make_user(db)))
    assert client.get(f"/v1/admin/removal-requests/{req_id}/proof", headers=member_h).status_code == 403
    # Never under the public media path.
    proof_path = db.get(RemovalRequest, req_id).proof_path
    assert client.get(f"/media/{proof_path}").status_code == 404
    assert client.get("/v1/admin/removal-requests/999999/proof", headers=_admin(db)).status_code == 404


def test_an_old_request_keeps_its_age(client, db):
    make_username(db, username="victim_01")
    _removal(client, db)
    clock.travel(timedelta(hours=30).total_seconds())
    figure = client.get("/v1/admin/overview", headers=_admin(db)).json()["removal_requests"]
    assert figure["pending"] == 1 and figure["oldest_hours"] == 30 and figure["oldest_hours_left"] == 18
