"""Reports: signed-in members report listed usernames; an underage report from a member in good
standing hides the listing at once (the one-hour clock of the others: test_underage_reports.py)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from addme.core import clock
from addme.moderation.models import Report
from addme.screening import service as screening
from addme.screening.models import BlacklistTerm
from tests.factories.accounts import auth, make_user, seasoned_user, token_for
from tests.factories.listings import make_username, submit_body


def test_a_visitor_is_asked_to_log_in_to_report(client, db):
    u = make_username(db)
    r = client.post(f"/v1/usernames/{u.id}/reports", json={"type": "underage"})
    assert r.status_code == 401 and r.json()["message"] == "Log in to report a username."
    assert db.scalar(select(Report)) is None
    # Nothing was hidden by a visitor's click.
    assert client.get(f"/v1/usernames/{u.id}").status_code == 200


def test_a_member_report_is_recorded_and_a_fake_one_hides_nothing(client, db):
    u = make_username(db)
    reporter = make_user(db)
    r = client.post(
        f"/v1/usernames/{u.id}/reports",
        json={"type": "fake", "message": "Not her"},
        headers=auth(token_for(db, reporter)),
    )
    assert r.status_code == 200
    assert r.json() == {"success": True, "message": "This username has been reported."}
    report = db.scalar(select(Report))
    assert report.type == "fake" and report.reporter_id == reporter.id
    assert client.get(f"/v1/usernames/{u.id}").status_code == 200


def test_one_open_report_per_member_per_username(client, db):
    u = make_username(db)
    h = auth(token_for(db, make_user(db)))
    assert client.post(f"/v1/usernames/{u.id}/reports", json={"type": "fake"}, headers=h).status_code == 200
    again = client.post(f"/v1/usernames/{u.id}/reports", json={"type": "other"}, headers=h)
    assert again.status_code == 409 and "already reported" in again.json()["message"]


def test_an_unconfirmed_member_cannot_report(client, db):
    u = make_username(db)
    member = make_user(db, confirmed=False)
    r = client.post(
        f"/v1/usernames/{u.id}/reports", json={"type": "fake"}, headers=auth(token_for(db, member))
    )
    assert r.status_code == 403 and "Confirm your e-mail" in r.json()["message"]


def test_underage_report_hides_everywhere_at_once(client, db):
    owner = make_user(db)
    u = make_username(db, user=owner, username="maybe_young")
    assert client.get("/v1/usernames").json()["data"][0]["username"] == "maybe_young"  # now cached
    h = auth(token_for(db, seasoned_user(db)))
    r = client.post(f"/v1/usernames/{u.id}/reports", json={"type": "underage"}, headers=h)
    assert r.json()["success"] is True
    assert client.get("/v1/usernames").json()["data"] == []
    assert client.get(f"/v1/usernames/{u.id}").status_code == 404
    assert client.get(f"/v1/usernames/{u.id}/similar").status_code == 404
    mine = client.get("/v1/user/usernames", headers=auth(token_for(db, owner))).json()["data"][0]
    assert mine["is_hidden"] is True and mine["status_notice"].startswith("Your username is hidden")


def test_an_underage_report_from_a_member_with_a_report_dismissed_in_90_days_does_not_hide(client, db):
    reporter = seasoned_user(db)
    old = make_username(db)
    db.add(
        Report(
            username_id=old.id,
            reporter_id=reporter.id,
            type="underage",
            status="dismissed",
            resolved_at=clock.now() - timedelta(days=89),
        )
    )
    db.commit()
    u = make_username(db, username="still_listed")
    h = auth(token_for(db, reporter))
    assert (
        client.post(f"/v1/usernames/{u.id}/reports", json={"type": "underage"}, headers=h).status_code == 200
    )
    assert client.get(f"/v1/usernames/{u.id}").status_code == 200
    assert db.scalar(select(Report).where(Report.username_id == u.id)).hid_listing is False


def test_member_reports_are_rate_limited(client, db):
    h = auth(token_for(db, make_user(db)))
    codes = [
        client.post(
            f"/v1/usernames/{make_username(db).id}/reports", json={"type": "other"}, headers=h
        ).status_code
        for _ in range(21)
    ]
    assert codes[:20] == [200] * 20 and codes[20] == 429


def test_reporting_an_unlisted_username_is_404(client, db):
    u = make_username(db, status="pending")
    h = auth(token_for(db, make_user(db)))
    assert client.post(f"/v1/usernames/{u.id}/reports", json={"type": "fake"}, headers=h).status_code == 404
    assert client.post("/v1/usernames/424242/reports", json={"type": "fake"}, headers=h).status_code == 404


def test_report_type_must_be_known(client, db):
    u = make_username(db)
    h = auth(token_for(db, make_user(db)))
    r = client.post(f"/v1/usernames/{u.id}/reports", json={"type": "spam"}, headers=h)
    assert r.status_code == 422 and "type" in r.json()["errors"]


def test_blacklist_is_seeded_and_admin_terms_apply(client, db):
    screening.invalidate_terms()
    assert screening.ensure_default_terms(db) > 20
    db.add(BlacklistTerm(kind="spam", pattern="crypto giveaway"))
    db.commit()
    screening.invalidate_terms()
    h = auth(token_for(db, make_user(db)))
    r = client.post("/v1/user/usernames", json=submit_body(description="Join my crypto giveaway"), headers=h)
    assert r.json()["data"]["status"] == "pending"
    screening.invalidate_terms()


def test_a_switched_off_term_no_longer_holds(client, db):
    screening.invalidate_terms()
    screening.ensure_default_terms(db)
    db.commit()
    for term in db.scalars(select(BlacklistTerm).where(BlacklistTerm.pattern == "menu")):
        term.active = False
    db.commit()
    screening.invalidate_terms()
    h = auth(token_for(db, make_user(db)))
    r = client.post("/v1/user/usernames", json=submit_body(description="Ask me about the menu"), headers=h)
    assert r.json()["data"]["status"] == "approved"
    screening.invalidate_terms()
