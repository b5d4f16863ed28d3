"""Underage reports that cannot be abused: only a reporter in good standing (confirmed, 7 days old, no
report dismissed in 90 days) or a trusted flagger hides a listing at once; any other underage report
leaves it listed at the top of the queue on a one-hour clock and alerts the opted-in moderators.
Dismissing one needs a reason, audited."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from addme.audit.models import AdminAudit
from addme.core import clock
from addme.jobs import registry
from addme.mail.models import OutboxMessage
from addme.moderation.models import Report
from tests.factories.accounts import auth, make_user, seasoned_user, token_for
from tests.factories.listings import make_username


def _moderator(client, db, *, alerts: bool = False, email: str = "mod@example.com") -> dict[str, str]:
    h = auth(token_for(db, make_user(db, admin_level="Moderator", email=email)))
    if alerts:
        assert client.put("/v1/admin/notices/alerts", json={"enabled": True}, headers=h).json() == {
            "enabled": True
        }
    return h


def _report(client, db, username_id: int, reporter) -> None:
    r = client.post(
        f"/v1/usernames/{username_id}/reports",
        json={"type": "underage", "message": "Looks young"},
        headers=auth(token_for(db, reporter)),
    )
    assert r.status_code == 200, r.text


def _mails_to(db, address: str) -> list[OutboxMessage]:
    db.expire_all()
    return list(db.scalars(select(OutboxMessage).where(OutboxMessage.to == address)))


def test_a_one_hour_old_account_leaves_the_listing_listed_at_the_top_with_an_alert(client, db):
    mod = _moderator(client, db, alerts=True)
    older = make_username(db, username="reported_first")
    _report(client, db, older.id, seasoned_user(db))  # hidden, the oldest report in the queue
    db.query(Report).update({Report.created_at: clock.now() - timedelta(days=2)})
    db.commit()
    listed = make_username(db, username="still_listed")
    fresh = make_user(db, created_at=clock.now() - timedelta(hours=1))
    _report(client, db, listed.id, fresh)

    assert client.get(f"/v1/usernames/{listed.id}").status_code == 200
    report = db.scalar(select(Report).where(Report.username_id == listed.id))
    assert report.hid_listing is False
    assert report.due_at is not None and abs(
        report.due_at - (report.created_at + timedelta(hours=1))
    ) < timedelta(seconds=1)
    queue = client.get("/v1/admin/reports", headers=mod).json()["data"]
    assert [g["username"]["username"] for g in queue] == ["still_listed", "reported_first"]
    assert queue[0]["due_at"] is not None and queue[1]["due_at"] is None
    subjects = [m.subject for m in _mails_to(db, "mod@example.com")]
    assert "[AddMe underage report] still_listed (snapchat)" in subjects


def test_an_unconfirmed_seven_day_rule_and_old_dismissals(client, db):
    six_days = make_user(db, created_at=clock.now() - timedelta(days=6))
    u = make_username(db)
    _report(client, db, u.id, six_days)
    assert client.get(f"/v1/usernames/{u.id}").status_code == 200
    # A dismissal older than 90 days no longer counts against the reporter.
    veteran = seasoned_user(db, created_at=clock.now() - timedelta(days=400))
    old = make_username(db)
    db.add(
        Report(
            username_id=old.id,
            reporter_id=veteran.id,
            type="fake",
            status="dismissed",
            resolved_at=clock.now() - timedelta(days=91),
        )
    )
    db.commit()
    v = make_username(db)
    _report(client, db, v.id, veteran)
    assert client.get(f"/v1/usernames/{v.id}").status_code == 404


def test_a_reporter_in_good_standing_hides_at_once(client, db):
    u = make_username(db)
    _report(client, db, u.id, seasoned_user(db))
    assert client.get(f"/v1/usernames/{u.id}").status_code == 404
    report = db.scalar(select(Report))
    assert report.hid_listing is True and report.due_at is None


def test_a_trusted_flagger_hides_at_once_and_the_flag_is_audited(client, db):
    full = auth(token_for(db, make_user(db, admin_level="Full")))
    flagger = make_user(db, created_at=clock.now() - timedelta(hours=2))
    r = client.put(
        f"/v1/admin/users/{flagger.id}/trusted-flagger",
        json={"trusted": True, "reason": "Child-safety NGO caseworker"},
        headers=full,
    )
    assert r.status_code == 200 and r.json()["trusted"] is True
    row = db.scalar(select(AdminAudit).where(AdminAudit.action == "user.trusted_flagger"))
    assert row.target == f"user:{flagger.id}" and row.reason == "Child-safety NGO caseworker"
    page = client.get(f"/v1/admin/users/{flagger.id}", headers=full).json()
    assert page["trusted_flagger"]["trusted"] is True

    u = make_username(db)
    _report(client, db, u.id, flagger)
    assert client.get(f"/v1/usernames/{u.id}").status_code == 404
    group = client.get("/v1/admin/reports", headers=_moderator(client, db)).json()["data"][0]
    assert group["reports"][0]["reporter_trusted"] is True


def test_only_a_full_admin_sets_the_trusted_flag_and_needs_a_reason(client, db):
    member = make_user(db)
    mod = _moderator(client, db)
    body = {"trusted": True, "reason": "Trusted"}
    assert (
        client.put(f"/v1/admin/users/{member.id}/trusted-flagger", json=body, headers=mod).status_code == 403
    )
    full = auth(token_for(db, make_user(db, admin_level="Full")))
    missing = client.put(f"/v1/admin/users/{member.id}/trusted-flagger", json={"trusted": True}, headers=full)
    assert missing.status_code == 422 and "reason" in missing.json()["errors"]
    gone = client.put("/v1/admin/users/424242/trusted-flagger", json=body, headers=full)
    assert gone.status_code == 404


def test_dismissing_an_underage_report_requires_a_reason_and_is_audited(client, db):
    u = make_username(db)
    _report(client, db, u.id, make_user(db))
    report_id = db.scalar(select(Report.id))
    mod = _moderator(client, db)
    for reason in ("", "ok"):
        r = client.post(
            f"/v1/admin/reports/{report_id}/decide", json={"action": "dismiss", "reason": reason}, headers=mod
        )
        assert r.status_code == 422 and "reason" in r.json()["errors"]
    assert db.get(Report, report_id).status == "open"
    assert db.scalar(select(AdminAudit)) is None
    r = client.post(
        f"/v1/admin/reports/{report_id}/decide",
        json={"action": "dismiss", "reason": "ID checked: she is 31"},
        headers=mod,
    )
    assert r.status_code == 200
    row = db.scalar(select(AdminAudit))
    assert row.action == "report.dismiss" and row.reason == "ID checked: she is 31"
    assert row.details["underage"] is True and row.admin_id is not None


def test_the_half_time_alert_is_sent_once(client, db):
    _moderator(client, db, alerts=True)
    u = make_username(db, username="half_hour")
    _report(client, db, u.id, make_user(db))
    assert registry.alert_moderators(db) == {"notices": 0, "reports": 0, "mails": 0}
    clock.travel(31 * 60)
    assert registry.alert_moderators(db) == {"notices": 0, "reports": 1, "mails": 1}
    assert registry.alert_moderators(db) == {"notices": 0, "reports": 0, "mails": 0}
    half = [m for m in _mails_to(db, "mod@example.com") if "half its hour" in m.subject]
    assert len(half) == 1


def test_moderators_who_did_not_opt_in_get_no_mail(client, db):
    _moderator(client, db, alerts=False, email="quiet@example.com")
    on = _moderator(client, db, alerts=True, email="loud@example.com")
    client.put("/v1/admin/notices/alerts", json={"enabled": False}, headers=on)
    u = make_username(db)
    _report(client, db, u.id, make_user(db))
    assert _mails_to(db, "quiet@example.com") == [] and _mails_to(db, "loud@example.com") == []
