"""The reports queue: grouped per username, underage first, with the reporters' standing; each
decision's effect on the listing, the account and the audit log."""

from __future__ import annotations

from sqlalchemy import select

from addme.audit.models import AdminAudit
from addme.moderation.models import Report
from tests.factories.accounts import auth, make_user, seasoned_user, token_for
from tests.factories.listings import make_username


def _admin(db, level: str = "Moderator") -> dict[str, str]:
    return auth(token_for(db, make_user(db, admin_level=level)))


def _report(client, db, username_id: int, type: str = "underage", reporter=None) -> int:
    # In good standing (a month-old account): its underage reports hide at once.
    reporter = reporter or seasoned_user(db)
    r = client.post(
        f"/v1/usernames/{username_id}/reports",
        json={"type": type, "message": f"{type} report"},
        headers=auth(token_for(db, reporter)),
    )
    assert r.status_code == 200, r.text
    return db.scalar(select(Report.id).order_by(Report.id.desc()))


def _decide(client, headers, report_id: int, action: str, **extra):
    return client.post(
        f"/v1/admin/reports/{report_id}/decide", json={"action": action, **extra}, headers=headers
    )


def test_open_reports_are_grouped_per_username_underage_first_with_standing(client, db):
    fake = make_username(db, username="fake_one")
    young = make_username(db, username="young_one")
    careless = seasoned_user(db)
    old = make_username(db)
    db.add(Report(username_id=old.id, reporter_id=careless.id, type="fake", status="dismissed"))
    db.add(Report(username_id=old.id, reporter_id=careless.id, type="fake", status="upheld"))
    db.commit()
    _report(client, db, fake.id, "fake", reporter=careless)
    _report(client, db, fake.id, "sell")
    _report(client, db, young.id, "underage")
    body = client.get("/v1/admin/reports", headers=_admin(db)).json()
    assert body["meta"]["total"] == 2
    assert [g["username"]["username"] for g in body["data"]] == ["young_one", "fake_one"]
    assert body["data"][0]["has_underage"] is True
    fake_reports = body["data"][1]["reports"]
    assert len(fake_reports) == 2
    by_reporter = {r["reporter_id"]: r for r in fake_reports}
    assert (by_reporter[careless.id]["reporter_dismissed"], by_reporter[careless.id]["reporter_upheld"]) == (
        1,
        1,
    )
    only_fake = client.get("/v1/admin/reports", params={"type": "sell"}, headers=_admin(db)).json()
    assert [g["username"]["username"] for g in only_fake["data"]] == ["fake_one"]


def test_dismissing_an_underage_report_brings_the_listing_back(client, db):
    u = make_username(db, username="back_again")
    report_id = _report(client, db, u.id, "underage")
    assert client.get(f"/v1/usernames/{u.id}").status_code == 404
    r = _decide(client, _admin(db), report_id, "dismiss", reason="Adult, verified ID")
    assert r.status_code == 200, r.text
    assert r.json()["decided"] == 1 and r.json()["username"]["listed"] is True
    assert client.get(f"/v1/usernames/{u.id}").status_code == 200
    assert [x["username"] for x in client.get("/v1/usernames").json()["data"]] == ["back_again"]
    report = db.get(Report, report_id)
    db.refresh(report)
    assert report.status == "dismissed" and report.decision_reason == "Adult, verified ID"
    row = db.scalar(select(AdminAudit))
    assert row.action == "report.dismiss" and row.reason == "Adult, verified ID"
    assert row.before["listed"] is False and row.after["listed"] is True
    # Decided reports leave the open queue and show under decided.
    assert client.get("/v1/admin/reports", headers=_admin(db)).json()["meta"]["total"] == 0
    decided = client.get("/v1/admin/reports", params={"status": "decided"}, headers=_admin(db)).json()
    assert decided["data"][0]["reports"][0]["decision"] == "dismiss"


def test_a_decision_closes_every_open_report_on_the_username(client, db):
    u = make_username(db)
    first = _report(client, db, u.id, "fake")
    _report(client, db, u.id, "sell")
    r = _decide(client, _admin(db), first, "delete_username", reason="Spam in the listing")
    assert r.json()["decided"] == 2
    assert {x.status for x in db.scalars(select(Report))} == {"upheld"}
    db.refresh(u)
    assert u.status == "deleted" and u.listed is False
    assert client.get(f"/v1/usernames/{u.id}").status_code == 404
    # Already decided: the report is no longer open.
    again = _decide(client, _admin(db), first, "dismiss")
    assert again.status_code == 404 and again.json()["message"] == "Report not found"


def test_ban_username_with_hours_and_for_good(client, db):
    u = make_username(db)
    r = _decide(
        client,
        _admin(db),
        _report(client, db, u.id, "fake"),
        "ban_username",
        hours=24,
        reason="A fake profile",
    )
    assert r.status_code == 200 and r.json()["username"]["status"] == "banned"
    assert r.json()["username"]["banned_until"] is not None
    v = make_username(db)
    r = _decide(
        client,
        _admin(db),
        _report(client, db, v.id, "fake"),
        "ban_username",
        hours=None,
        reason="A fake profile again",
    )
    assert r.json()["username"]["banned_until"] is None and r.json()["username"]["status"] == "banned"


def test_ban_user_ends_the_owners_sessions_and_lists(client, db):
    owner = make_user(db)
    token = token_for(db, owner)
    u = make_username(db, user=owner)
    r = _decide(
        client, _admin(db), _report(client, db, u.id, "underage"), "ban_user", reason="Minor, shown by ID"
    )
    assert r.status_code == 200, r.text
    assert client.get("/v1/auth/user", headers=auth(token)).status_code == 401
    assert client.get(f"/v1/usernames/{u.id}").status_code == 404
    row = db.scalar(select(AdminAudit))
    assert row.action == "report.ban_user" and row.target == f"user:{owner.id}"


def test_change_to_paid_keeps_the_listing_marked_paid(client, db):
    u = make_username(db, paid_content=False)
    report_id = _report(client, db, u.id, "underage")
    r = _decide(client, _admin(db), report_id, "change_to_paid", reason="Sells content")
    assert r.json()["username"]["paid_content"] is True and r.json()["username"]["listed"] is True
    assert client.get(f"/v1/usernames/{u.id}").json()["paid_content"] is True


def test_get_mail_shows_the_owner_address_and_is_audited(client, db):
    owner = make_user(db, email="owner.of.it@example.com")
    u = make_username(db, user=owner)
    report_id = _report(client, db, u.id, "fake")
    r = _decide(client, _admin(db), report_id, "get_mail", reason="Need to contact")
    assert r.json()["owner_email"] == "owner.of.it@example.com" and r.json()["decided"] == 0
    assert db.get(Report, report_id).status == "open"
    row = db.scalar(select(AdminAudit))
    assert row.action == "report.get_mail" and row.target == f"user:{owner.id}"


def test_a_missing_report_is_report_not_found(client, db):
    r = _decide(client, _admin(db), 424242, "dismiss")
    assert r.status_code == 404 and r.json()["message"] == "Report not found"
    assert _decide(client, _admin(db), 2**31, "dismiss").status_code == 422


def test_a_dismissed_reporter_loses_the_power_to_hide(client, db):
    reporter = seasoned_user(db)
    u = make_username(db)
    report_id = _report(client, db, u.id, "underage", reporter=reporter)
    assert _decide(client, _admin(db), report_id, "dismiss", reason="Adult, verified ID").status_code == 200
    target = make_username(db)
    _report(client, db, target.id, "underage", reporter=reporter)
    # Still listed, yet first in the queue.
    assert client.get(f"/v1/usernames/{target.id}").status_code == 200
    body = client.get("/v1/admin/reports", headers=_admin(db)).json()
    assert body["data"][0]["username"]["id"] == target.id
    assert body["data"][0]["reports"][0]["reporter_dismissed"] == 1


def test_a_moderator_never_decides_their_own_case(client, db):
    """Staff do not judge themselves: their own username, a report about it or one they made."""
    mod = make_user(db, admin_level="Moderator")
    headers = auth(token_for(db, mod))
    own = make_username(db, user=mod, status="pending", username="mods_own")
    r = client.post(f"/v1/admin/usernames/{own.id}/approve", json={"reason": ""}, headers=headers)
    assert r.status_code == 403 and r.json()["code"] == "own_case"
    assert "another moderator" in r.json()["message"]
    bulk = client.post(
        "/v1/admin/usernames/bulk", json={"ids": [own.id], "action": "approve", "reason": ""}, headers=headers
    )
    assert bulk.status_code == 200 and bulk.json()["done"] == []
    assert "another moderator" in bulk.json()["skipped"][str(own.id)]

    listed = make_username(db, user=mod, username="mods_listed")
    about_me = _report(client, db, listed.id, type="fake")
    assert _decide(client, headers, about_me, "dismiss", reason="Looks fine to me.").status_code == 403
    other = make_username(db, username="someone_else")
    mine = _report(client, db, other.id, type="fake", reporter=mod)
    assert _decide(client, headers, mine, "dismiss", reason="My own report, dismissed.").status_code == 403
    # A second moderator decides both.
    second = _admin(db)
    assert (
        _decide(client, second, about_me, "dismiss", reason="Checked by another moderator.").status_code
        == 200
    )
    assert _decide(client, second, mine, "dismiss", reason="Checked by another moderator.").status_code == 200
