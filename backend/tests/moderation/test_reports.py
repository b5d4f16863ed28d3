"""Reports: anyone may report a listed username; an underage report hides it at once."""

from __future__ import annotations

from sqlalchemy import select

from addme.moderation import service as moderation
from addme.moderation.models import BlacklistTerm, Report
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.listings import make_username, submit_body


def test_anonymous_report_is_recorded(client, db):
    u = make_username(db)
    r = client.post(f"/v1/usernames/{u.id}/reports", json={"type": "fake", "message": "Not her"})
    assert r.status_code == 200
    assert r.json() == {"success": True, "message": "This username has been reported."}
    report = db.scalar(select(Report))
    assert report.type == "fake" and report.reporter_id is None
    # A fake report does not hide anything.
    assert client.get(f"/v1/usernames/{u.id}").status_code == 200


def test_underage_report_hides_everywhere_at_once(client, db):
    owner = make_user(db)
    u = make_username(db, user=owner, username="maybe_young")
    assert client.get("/v1/usernames").json()["data"][0]["username"] == "maybe_young"  # now cached
    r = client.post(f"/v1/usernames/{u.id}/reports", json={"type": "underage"})
    assert r.json()["success"] is True
    assert client.get("/v1/usernames").json()["data"] == []
    assert client.get(f"/v1/usernames/{u.id}").status_code == 404
    assert client.get(f"/v1/usernames/{u.id}/similar").status_code == 404
    mine = client.get("/v1/user/usernames", headers=auth(token_for(db, owner))).json()["data"][0]
    assert mine["is_hidden"] is True and mine["status_notice"].startswith("Your username is hidden")


def test_anonymous_reports_are_rate_limited_per_ip(client, db):
    u = make_username(db)
    codes = [
        client.post(f"/v1/usernames/{u.id}/reports", json={"type": "other"}).status_code for _ in range(6)
    ]
    assert codes[:5] == [200] * 5 and codes[5] == 429


def test_reporting_an_unlisted_username_is_404(client, db):
    u = make_username(db, status="pending")
    assert client.post(f"/v1/usernames/{u.id}/reports", json={"type": "fake"}).status_code == 404
    assert client.post("/v1/usernames/424242/reports", json={"type": "fake"}).status_code == 404


def test_report_type_must_be_known(client, db):
    u = make_username(db)
    r = client.post(f"/v1/usernames/{u.id}/reports", json={"type": "spam"})
    assert r.status_code == 422 and "type" in r.json()["errors"]


def test_blacklist_is_seeded_and_admin_terms_apply(client, db):
    moderation.invalidate_terms()
    assert moderation.ensure_default_terms(db) > 20
    db.add(BlacklistTerm(kind="spam", pattern="crypto giveaway"))
    db.commit()
    moderation.invalidate_terms()
    h = auth(token_for(db, make_user(db)))
    r = client.post("/v1/user/usernames", json=submit_body(description="Join my crypto giveaway"), headers=h)
    assert r.json()["data"]["status"] == "pending"
    moderation.invalidate_terms()


def test_a_switched_off_term_no_longer_holds(client, db):
    moderation.invalidate_terms()
    moderation.ensure_default_terms(db)
    db.commit()
    for term in db.scalars(select(BlacklistTerm).where(BlacklistTerm.pattern == "menu")):
        term.active = False
    db.commit()
    moderation.invalidate_terms()
    h = auth(token_for(db, make_user(db)))
    r = client.post("/v1/user/usernames", json=submit_body(description="Ask me about the menu"), headers=h)
    assert r.json()["data"]["status"] == "approved"
    moderation.invalidate_terms()
