"""Every restricting decision writes its statement of reasons, in the transaction of the action, and
is refused with 422 on `reason` (nothing changed) when no reason of 10 characters or macro is given."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from addme.decisions.models import StatementOfReasons
from addme.groups.models import Group
from addme.listings.models import Username
from addme.mail.models import OutboxMessage
from addme.media.models import Media
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.community import make_group
from tests.factories.listings import make_username
from tests.factories.media import make_media

REASON = "The description sells content."


def _staff(db, level: str = "Full") -> dict[str, str]:
    return auth(token_for(db, make_user(db, admin_level=level)))


def _statements(db) -> list[StatementOfReasons]:
    db.expire_all()
    return list(db.scalars(select(StatementOfReasons).order_by(StatementOfReasons.id)))


def _mails_to(db, email: str) -> list[OutboxMessage]:
    return list(db.scalars(select(OutboxMessage).where(OutboxMessage.to == email).order_by(OutboxMessage.id)))


def _report(client, db, username_id: int, type_: str = "fake") -> int:
    reporter = make_user(db)
    client.post(
        f"/v1/usernames/{username_id}/reports", json={"type": type_}, headers=auth(token_for(db, reporter))
    )
    from addme.moderation.models import Report

    return db.scalar(select(Report.id).where(Report.username_id == username_id).order_by(Report.id.desc()))


def _reject(client, db, u, body):
    return client.post(f"/v1/admin/usernames/{u.id}/reject", json=body, headers=_staff(db, "Moderator"))


def _ban_username(client, db, u, body):
    return client.post(f"/v1/admin/usernames/{u.id}/ban", json={"hours": 24, **body}, headers=_staff(db))


def _ban_account(client, db, u, body):
    return client.post(f"/v1/admin/users/{u.user_id}/ban", json={"hours": 24, **body}, headers=_staff(db))


def _remove_media(client, db, u, body):
    media = make_media(db, username_id=u.id, user_id=u.user_id)
    return client.request("DELETE", f"/v1/admin/gallery/{media.id}", json=body, headers=_staff(db))


def _remove_group(client, db, u, body):
    from addme.accounts.models import User

    group = make_group(db, owner=db.get(User, u.user_id))
    return client.request("DELETE", f"/v1/admin/groups/{group.id}", json=body, headers=_staff(db))


def _uphold(client, db, u, body):
    rid = _report(client, db, u.id)
    return client.post(
        f"/v1/admin/reports/{rid}/decide", json={"action": "delete_username", **body}, headers=_staff(db)
    )


def _dismiss(client, db, u, body):
    rid = _report(client, db, u.id)
    return client.post(
        f"/v1/admin/reports/{rid}/decide", json={"action": "dismiss", **body}, headers=_staff(db)
    )


KINDS = {
    "reject_username": (_reject, "pending"),
    "ban_username": (_ban_username, "approved"),
    "ban_account": (_ban_account, "approved"),
    "remove_media": (_remove_media, "approved"),
    "remove_group": (_remove_group, "approved"),
    "remove_username": (_uphold, "approved"),
    "dismiss_report": (_dismiss, "approved"),
}


@pytest.mark.parametrize("decision", sorted(KINDS))
def test_each_decision_refuses_an_empty_reason_and_then_writes_its_record(client, db, decision):
    act, status = KINDS[decision]
    owner = make_user(db, email=f"{decision}@example.com")
    u = make_username(
        db, user=owner, status=status, review_reason="selling: menu" if status == "pending" else None
    )
    before = db.scalar(select(func.count()).select_from(StatementOfReasons))
    for body in ({"reason": ""}, {"reason": "too short"}):
        r = act(client, db, u, body)
        assert r.status_code == 422, r.text
        assert r.json()["errors"]["reason"] == ["Give a reason of at least 10 characters, or pick a macro."]
    db.expire_all()
    assert db.scalar(select(func.count()).select_from(StatementOfReasons)) == before
    assert db.get(Username, u.id).status == status  # nothing changed

    r = act(client, db, u, {"reason": REASON})
    assert r.status_code in (200, 204), r.text
    row = _statements(db)[-1]
    assert row.decision == decision and row.facts == REASON and row.decided_by is not None
    assert row.ground in ("terms", "law") and row.ground_reference and row.territorial_scope
    assert row.automated_detection is (decision == "reject_username")  # held by a rule first
    if decision == "dismiss_report":
        assert row.user_id is None  # the listing stays: nobody restricted
    else:
        assert row.user_id == owner.id
        mail = _mails_to(db, owner.email)[-1]
        assert REASON in mail.body and "appeal within 6 months" in mail.body


def test_a_macro_is_a_reason_and_an_unknown_macro_is_refused(client, db):
    u = make_username(db, status="pending", review_reason="link: x")
    assert _reject(client, db, u, {"macro": "nope"}).status_code == 422
    r = _reject(client, db, u, {"macro": "reject_links"})
    assert r.status_code == 200
    assert _statements(db)[-1].facts.startswith("The description carries a link")
    macros = client.get("/v1/admin/decision-macros", headers=_staff(db, "Moderator")).json()["data"]
    assert {"reject_username", "ban_account", "appeal_reversed"} <= {m["decision"] for m in macros}
    assert (
        client.get("/v1/admin/decision-macros", headers=auth(token_for(db, make_user(db)))).status_code == 403
    )


def test_a_french_member_reads_the_statement_in_french(client, db):
    owner = make_user(db, country_code="FR", email="fr@example.com")
    u = make_username(db, user=owner, status="pending", review_reason="link: x")
    _reject(client, db, u, {"reason": REASON})
    mail = _mails_to(db, "fr@example.com")[-1]
    assert "Nom d'utilisateur refusé" in mail.subject and "Faits et motifs" in mail.body


def test_an_unban_refusal_needs_a_reason_and_is_recorded(client, db):
    from datetime import timedelta

    from addme.core import clock

    owner = make_user(db)
    u = make_username(db, user=owner)
    _ban_username(client, db, u, {"reason": "Sent spam to members", "hours": None})
    mine = auth(token_for(db, owner))
    r = client.post(f"/v1/user/usernames/{u.id}/unban-request", json={"message": "please"}, headers=mine)
    assert r.status_code == 200 and r.json()["unbanned"] is False
    req_id = r.json()["request"]["id"]
    staff = _staff(db, "Moderator")
    empty = client.post(f"/v1/admin/unban-requests/{req_id}/decide", json={"action": "refuse"}, headers=staff)
    assert empty.status_code == 422
    ok = client.post(
        f"/v1/admin/unban-requests/{req_id}/decide",
        json={"action": "refuse", "macro": "unban_repeat"},
        headers=staff,
    )
    assert ok.status_code == 200
    assert _statements(db)[-1].decision == "refuse_unban"
    assert clock.now() - _statements(db)[-1].decided_at < timedelta(minutes=1)


def test_a_blocked_upload_and_an_automated_hold_are_automated_records(client, db):
    from addme.screening import service as screening

    screening.invalidate_terms()
    owner = make_user(db)
    h = auth(token_for(db, owner))
    from tests.factories.listings import submit_body

    r = client.post(
        "/v1/user/usernames", json=submit_body(description="school girl outfits, snap me"), headers=h
    )
    assert r.json()["data"]["status"] == "pending"
    row = _statements(db)[-1]
    assert row.decision == "hold_username" and row.automated_detection and row.automated_decision == "fully"
    assert row.user_id == owner.id and row.decided_by is None
    screening.invalidate_terms()


def test_media_and_groups_removed_leave_their_records(client, db):
    u = make_username(db)
    media_id = make_media(db, username_id=u.id, user_id=u.user_id).id
    client.request("DELETE", f"/v1/admin/gallery/{media_id}", json={"reason": REASON}, headers=_staff(db))
    db.expire_all()
    assert db.get(Media, media_id) is None
    group_id = make_group(db).id
    client.request("DELETE", f"/v1/admin/groups/{group_id}", json={"reason": REASON}, headers=_staff(db))
    db.expire_all()
    assert db.get(Group, group_id) is None
    assert [s.decision for s in _statements(db)][-2:] == ["remove_media", "remove_group"]
