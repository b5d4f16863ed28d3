"""The contact inbox: messages by reason and status, a reply goes out by mail and is audited."""

from __future__ import annotations

from sqlalchemy import select

from addme.audit.models import AdminAudit
from addme.content.models import ContactRequest
from addme.mail.models import OutboxMessage
from tests.factories.accounts import auth, make_user, token_for


def _messages(db) -> list[ContactRequest]:
    rows = [
        ContactRequest(reason="nokey", reply_email="buyer@example.com", fields={"order_number": "12345"}),
        ContactRequest(reason="disputeban", reply_email="member@example.com", other_notes="Why?"),
        ContactRequest(reason="general", reply_email="x@example.com", other_notes="Hi", status="closed"),
    ]
    db.add_all(rows)
    db.commit()
    return rows


def test_the_inbox_filters_by_status_and_reason(client, db):
    _messages(db)
    h = auth(token_for(db, make_user(db, admin_level="Full")))
    new = client.get("/v1/admin/contact", params={"status": "new"}, headers=h).json()
    assert [m["reason"] for m in new["data"]] == ["nokey", "disputeban"]
    nokey = client.get("/v1/admin/contact", params={"reason": "nokey"}, headers=h).json()["data"]
    assert nokey[0]["fields"] == {"order_number": "12345"}
    assert client.get("/v1/admin/contact", headers=h).json()["meta"]["total"] == 3


def test_a_reply_is_mailed_and_the_message_is_answered(client, db):
    msg = _messages(db)[0]
    h = auth(token_for(db, make_user(db, admin_level="Full")))
    r = client.post(f"/v1/admin/contact/{msg.id}/reply", json={"body": "Your key is on its way."}, headers=h)
    assert r.status_code == 200 and r.json()["status"] == "answered" and r.json()["answered_at"]
    mail = db.scalar(select(OutboxMessage).where(OutboxMessage.to == "buyer@example.com"))
    assert mail.body == "Your key is on its way." and f"#{msg.id}" in mail.subject
    row = db.scalar(select(AdminAudit))
    assert row.action == "contact.reply" and row.target == f"contact:{msg.id}"
    r = client.post(f"/v1/admin/contact/{msg.id}/status", json={"status": "closed"}, headers=h)
    assert r.json()["status"] == "closed"
    assert (
        client.post("/v1/admin/contact/999999/status", json={"status": "closed"}, headers=h).status_code
        == 404
    )


def test_moderators_do_not_read_the_inbox(client, db):
    h = auth(token_for(db, make_user(db, admin_level="Moderator")))
    assert client.get("/v1/admin/contact", headers=h).status_code == 403
