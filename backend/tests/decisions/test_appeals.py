"""Appeals (DSA Art. 20): the member sees their decisions and appeals within 6 months, once at a
time; a moderator other than the first decider upholds or reverses; reversing restores the listing,
the ban or the account; both decisions are in the audit log; unban requests are appeals too."""

from __future__ import annotations

from sqlalchemy import select

from addme.core import clock
from addme.decisions.models import Appeal
from addme.listings.models import Username
from addme.mail.models import OutboxMessage
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.listings import make_username

REASON = "The description carries a link."


def _mod(db, email: str | None = None) -> tuple[int, dict[str, str]]:
    user = make_user(db, admin_level="Moderator", **({"email": email} if email else {}))
    return user.id, auth(token_for(db, user))


def _rejected(client, db):
    owner = make_user(db, email="owner@example.com")
    u = make_username(db, user=owner, status="pending", review_reason="link: x", username="held_one")
    first_id, first = _mod(db)
    empty = client.post(f"/v1/admin/usernames/{u.id}/reject", json={"reason": ""}, headers=first)
    assert empty.status_code == 422 and "reason" in empty.json()["errors"]
    r = client.post(f"/v1/admin/usernames/{u.id}/reject", json={"reason": REASON}, headers=first)
    assert r.status_code == 200
    return owner, u, first_id, first


def test_the_done_when_path_reject_appeal_reverse_listing_back(client, db):
    owner, u, first_id, first = _rejected(client, db)
    mail = db.scalars(select(OutboxMessage).where(OutboxMessage.to == owner.email)).all()[-1]
    assert "Username rejected" in mail.subject and REASON in mail.body and "/user/decisions" in mail.body

    mine = auth(token_for(db, owner))
    listed = client.get("/v1/user/decisions", headers=mine).json()["data"]
    assert len(listed) == 1 and listed[0]["appealable"] is True
    statement = listed[0]["statement"]
    assert statement["decision"] == "reject_username" and statement["facts"] == REASON
    assert listed[0]["about"] == "held_one (snapchat)"

    # Only the owner may appeal, once at a time.
    stranger = auth(token_for(db, make_user(db)))
    assert client.get("/v1/user/decisions", headers=stranger).json()["data"] == []
    path = f"/v1/user/decisions/{statement['id']}/appeal"
    assert client.post(path, json={"message": "It was not a link."}, headers=stranger).status_code == 404
    r = client.post(path, json={"message": "It was not a link."}, headers=mine)
    assert r.status_code == 201 and r.json()["appeal"]["status"] == "open"
    assert client.post(path, json={"message": "again"}, headers=mine).status_code == 409
    assert client.get("/v1/user/decisions", headers=mine).json()["data"][0]["appealable"] is False

    queue = client.get("/v1/admin/appeals?status=open", headers=first).json()
    assert queue["meta"]["total"] == 1
    item = queue["data"][0]
    assert item["first_decider_id"] == first_id and item["urgency"] == "ok"
    # The first decider may not decide it while another moderator exists.
    _, second = _mod(db)
    decide = f"/v1/admin/appeals/{item['id']}/decide"
    same = client.post(decide, json={"action": "reverse", "reason": "Looked again, fine."}, headers=first)
    assert same.status_code == 403 and "different moderator" in same.json()["message"]
    short = client.post(decide, json={"action": "reverse", "reason": "ok"}, headers=second)
    assert short.status_code == 422
    done = client.post(decide, json={"action": "reverse", "macro": "appeal_mistake"}, headers=second)
    assert done.status_code == 200 and done.json()["appeal"]["status"] == "reversed"
    assert (
        client.post(decide, json={"action": "uphold", "macro": "appeal_mistake"}, headers=second).status_code
        == 409
    )

    db.expire_all()
    assert db.get(Username, u.id).status == "approved" and db.get(Username, u.id).listed is True
    assert client.get(f"/v1/usernames/{u.id}").status_code == 200
    outcome = db.scalars(select(OutboxMessage).where(OutboxMessage.to == owner.email)).all()[-1]
    assert "the decision is reversed" in outcome.subject
    decisions = client.get("/v1/user/decisions", headers=mine).json()["data"]
    assert [d["statement"]["decision"] for d in decisions] == ["appeal_reversed", "reject_username"]
    assert decisions[0]["statement"]["source_type"] == "appeal" and decisions[0]["appealable"] is False

    full = auth(token_for(db, make_user(db, admin_level="Full")))
    actions = [r["action"] for r in client.get("/v1/admin/audit", headers=full).json()["data"]]
    assert "username.reject" in actions and "appeal.reverse" in actions


def test_an_upheld_appeal_changes_nothing_and_six_months_close_the_route(client, db):
    owner, u, _, _ = _rejected(client, db)
    mine = auth(token_for(db, owner))
    sid = client.get("/v1/user/decisions", headers=mine).json()["data"][0]["statement"]["id"]
    client.post(f"/v1/user/decisions/{sid}/appeal", json={"message": "Please look again"}, headers=mine)
    appeal = db.scalar(select(Appeal))
    assert (appeal.due_at - appeal.created_at).days == 7
    _, second = _mod(db)
    r = client.post(
        f"/v1/admin/appeals/{appeal.id}/decide",
        json={"action": "uphold", "reason": "The link is still there."},
        headers=second,
    )
    assert r.status_code == 200
    db.expire_all()
    assert db.get(Username, u.id).status == "rejected"
    # A new appeal after the first was decided is allowed, until six months have passed.
    clock.travel(184 * 24 * 3600)
    mine = auth(token_for(db, owner))
    late = client.post(f"/v1/user/decisions/{sid}/appeal", json={"message": "again"}, headers=mine)
    assert late.status_code == 400 and "6 months" in late.json()["message"]


def test_the_only_moderator_may_decide_its_own_decisions_appeal(client, db):
    owner, _, _, first = _rejected(client, db)
    mine = auth(token_for(db, owner))
    sid = client.get("/v1/user/decisions", headers=mine).json()["data"][0]["statement"]["id"]
    client.post(f"/v1/user/decisions/{sid}/appeal", json={"message": "Please look again"}, headers=mine)
    appeal = db.scalar(select(Appeal))
    r = client.post(
        f"/v1/admin/appeals/{appeal.id}/decide",
        json={"action": "reverse", "macro": "appeal_fixed"},
        headers=first,
    )
    assert r.status_code == 200


def test_reversing_an_account_ban_lifts_it(client, db):
    owner = make_user(db)
    _, first = _mod(db)
    client.post(
        f"/v1/admin/users/{owner.id}/ban", json={"hours": None, "macro": "account_evasion"}, headers=first
    )
    # A banned member still reads their decisions? They cannot sign in: the appeal comes by the
    # session they hold before the ban ends it, so here the staff's view is used.
    sid = db.scalar(select(Appeal.id))
    assert sid is None
    from addme.decisions.models import StatementOfReasons

    statement = db.scalar(select(StatementOfReasons).where(StatementOfReasons.decision == "ban_account"))
    from addme.decisions import appeals as records

    records.appeal(db, user_id=owner.id, statement_id=statement.id, message="Not me")
    appeal = db.scalar(select(Appeal))
    _, second = _mod(db)
    r = client.post(
        f"/v1/admin/appeals/{appeal.id}/decide",
        json={"action": "reverse", "macro": "appeal_mistake"},
        headers=second,
    )
    assert r.status_code == 200, r.text
    db.expire_all()
    from addme.accounts.models import User

    assert db.get(User, owner.id).banned_at is None


def test_an_unban_request_is_an_appeal_and_deciding_it_is_the_unban_decision(client, db):
    owner = make_user(db)
    u = make_username(db, user=owner)
    _, first = _mod(db)
    client.post(f"/v1/admin/usernames/{u.id}/ban", json={"hours": None, "macro": "ban_spam"}, headers=first)
    mine = auth(token_for(db, owner))
    r = client.post(f"/v1/user/usernames/{u.id}/unban-request", json={"message": "I stopped"}, headers=mine)
    assert r.json()["unbanned"] is False
    _, second = _mod(db)
    item = client.get("/v1/admin/appeals", headers=second).json()["data"][0]
    assert item["kind"] == "unban" and item["message"] == "I stopped" and item["about"].startswith(u.username)
    r = client.post(
        f"/v1/admin/appeals/{item['id']}/decide",
        json={"action": "reverse", "macro": "appeal_fixed"},
        headers=second,
    )
    assert r.status_code == 200 and r.json()["appeal"]["status"] == "reversed"
    db.expire_all()
    assert db.get(Username, u.id).status == "approved"
    state = client.get(f"/v1/user/usernames/{u.id}/unban", headers=mine).json()
    assert state["request"]["status"] == "approved"
    # And the spec's own queue shows it decided.
    assert client.get("/v1/admin/unban-requests?status=pending", headers=second).json()["meta"]["total"] == 0


def test_members_and_ad_partners_reach_no_appeal_queue(client, db):
    member = auth(token_for(db, make_user(db)))
    assert client.get("/v1/admin/appeals", headers=member).status_code == 403
    assert client.get("/v1/user/decisions").status_code == 401
