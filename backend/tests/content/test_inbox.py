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


def _queue_messages(db) -> dict[str, ContactRequest]:
    rows = {
        reason: ContactRequest(reason=reason, reply_email=f"{reason}@example.com", other_notes="Please look")
        for reason in (
            "nokey",
            "blocktx",
            "general",
            "disputeban",
            "ageverification",
            "accounthopping",
            "vpnaccess",
        )
    }
    db.add_all(rows.values())
    db.commit()
    return rows


def test_moderators_read_only_ban_age_hopping_and_vpn_messages(client, db):
    rows = _queue_messages(db)
    h = auth(token_for(db, make_user(db, admin_level="Moderator")))
    page = client.get("/v1/admin/contact-queue", params={"status": "new"}, headers=h).json()
    assert sorted(m["reason"] for m in page["data"]) == [
        "accounthopping",
        "ageverification",
        "disputeban",
        "vpnaccess",
    ]
    assert page["meta"]["total"] == 4
    hopping = client.get("/v1/admin/contact-queue", params={"reason": "accounthopping"}, headers=h).json()
    assert [m["reply_email"] for m in hopping["data"]] == ["accounthopping@example.com"]
    # An order's reason is not a filter of this queue: 422, nothing listed.
    assert client.get("/v1/admin/contact-queue", params={"reason": "nokey"}, headers=h).status_code == 422
    # The whole inbox stays Full only.
    assert client.get("/v1/admin/contact", headers=h).status_code == 403
    overview = client.get("/v1/admin/overview", headers=h).json()
    assert overview["contact_queue_new"] == 4 and overview["contact_new"] is None
    assert rows["nokey"].status == "new"


def test_a_moderator_answers_and_closes_a_ban_dispute_but_not_an_order_message(client, db):
    rows = _queue_messages(db)
    mod = make_user(db, admin_level="Moderator")
    h = auth(token_for(db, mod))
    dispute = rows["disputeban"]
    r = client.post(
        f"/v1/admin/contact-queue/{dispute.id}/reply",
        json={"body": "Your ban was lifted after review.", "close": True},
        headers=h,
    )
    assert r.status_code == 200 and r.json()["status"] == "closed"
    mail = db.scalar(select(OutboxMessage).where(OutboxMessage.to == "disputeban@example.com"))
    assert mail is not None and mail.body == "Your ban was lifted after review."
    audit_row = db.scalar(select(AdminAudit).where(AdminAudit.target == f"contact:{dispute.id}"))
    assert audit_row.action == "contact.reply" and audit_row.admin_id == mod.id
    vpn = rows["vpnaccess"]
    r = client.post(f"/v1/admin/contact-queue/{vpn.id}/status", json={"status": "closed"}, headers=h)
    assert r.status_code == 200 and r.json()["status"] == "closed"
    # An order's message is not in the queue: not found, no mail, unchanged.
    order = rows["nokey"]
    r = client.post(f"/v1/admin/contact-queue/{order.id}/reply", json={"body": "Here is your key"}, headers=h)
    assert r.status_code == 404 and r.json()["code"] == "contact_not_found"
    r = client.post(f"/v1/admin/contact-queue/{order.id}/status", json={"status": "closed"}, headers=h)
    assert r.status_code == 404
    db.expire_all()
    assert db.get(ContactRequest, order.id).status == "new"
    assert db.scalar(select(OutboxMessage).where(OutboxMessage.to == "nokey@example.com")) is None


def test_full_admins_see_the_queue_and_the_whole_inbox(client, db):
    _queue_messages(db)
    h = auth(token_for(db, make_user(db, admin_level="Full")))
    assert client.get("/v1/admin/contact-queue", headers=h).json()["meta"]["total"] == 4
    assert client.get("/v1/admin/contact", headers=h).json()["meta"]["total"] == 7
    overview = client.get("/v1/admin/overview", headers=h).json()
    assert overview["contact_queue_new"] == 4 and overview["contact_new"] == 7


def test_members_get_403_on_the_queue(client, db):
    h = auth(token_for(db, make_user(db)))
    assert client.get("/v1/admin/contact-queue", headers=h).status_code == 403
