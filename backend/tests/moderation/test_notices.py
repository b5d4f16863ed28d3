"""Notices from anyone: the form's checks, the receipt by mail, the clock, the moderators' queue and
permissions, rejections and the alerts. Removals and copies: test_notice_removals.py."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from sqlalchemy import func, select

from addme.audit.models import AdminAudit
from addme.core import clock
from addme.decisions.models import StatementOfReasons
from addme.jobs import registry
from addme.mail.models import OutboxMessage
from addme.moderation.models import Notice
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.listings import make_username

CAPTCHA = "local-captcha-ok"
SITE = "http://testserver"


def body(**overrides: object) -> dict[str, object]:
    base: dict[str, object] = {
        "kind": "ncii",
        "urls": [f"{SITE}/profile/1"],
        "description": "This is a private picture of me, posted without my consent.",
        "good_faith": True,
        "signature": "Jane Q. Example",
        "contact_email": "jane@example.com",
        "captcha_token": CAPTCHA,
    }
    return {**base, **overrides}


def file(client, **overrides: object):
    return client.post("/v1/notices", json=body(**overrides))


def _at(iso: str) -> datetime:
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).replace(tzinfo=None)


def _staff(db, level: str = "Moderator", email: str | None = None) -> dict[str, str]:
    return auth(token_for(db, make_user(db, admin_level=level, email=email)))


def test_anyone_files_a_notice_and_gets_the_reference_and_deadline_by_mail(client, db):
    r = file(client)
    assert r.status_code == 201, r.text
    data = r.json()["data"]
    assert data["reference"].startswith("N-") and len(data["reference"]) == 11
    due = _at(data["due_at"])
    assert abs(due - (clock.now() + timedelta(hours=48))) < timedelta(minutes=1)
    notice = db.scalar(select(Notice))
    assert notice.reference == data["reference"] and notice.good_faith is True and notice.reporter_id is None
    receipt = db.scalar(select(OutboxMessage).where(OutboxMessage.to == "jane@example.com"))
    assert data["reference"] in receipt.subject and data["reference"] in receipt.body
    assert due.strftime("%Y-%m-%d %H:%M UTC") in receipt.body
    assert f"{SITE}/profile/1" in receipt.body


@pytest.mark.parametrize(("kind", "days"), [("minor", 2), ("impersonation", 7), ("illegal", 7), ("other", 7)])
def test_the_clock_is_48_hours_for_minors_and_7_days_for_the_rest(client, kind, days):
    r = file(client, kind=kind)
    assert r.status_code == 201, r.text
    assert abs(_at(r.json()["data"]["due_at"]) - (clock.now() + timedelta(days=days))) < timedelta(minutes=1)


def test_missing_good_faith_and_signature_are_field_errors_and_nothing_is_kept(client, db):
    r = file(client, good_faith=False, signature="", contact_email="", description="bad")
    assert r.status_code == 422
    errors = r.json()["errors"]
    assert set(errors) == {"good_faith", "signature", "contact_email", "description"}
    assert errors["good_faith"] == ["Confirm the statement to send the notice."]
    assert errors["signature"] == ["Type your full name as your signature."]
    no_flag = client.post("/v1/notices", json={k: v for k, v in body().items() if k != "good_faith"})
    assert no_flag.status_code == 422 and "good_faith" in no_flag.json()["errors"]
    assert db.scalar(select(func.count()).select_from(Notice)) == 0
    assert db.scalar(select(func.count()).select_from(OutboxMessage)) == 0


def test_a_notice_about_a_minor_may_be_anonymous(client, db):
    r = file(client, kind="minor", signature="", contact_email="")
    assert r.status_code == 201, r.text
    assert db.scalar(select(func.count()).select_from(OutboxMessage)) == 0


@pytest.mark.parametrize(
    ("url", "ok"),
    [
        ("https://evil.example/profile/1", False),
        ("javascript:alert(1)", False),
        ("//evil.example/x", False),
        (f"{SITE}/nude/anna-12", True),
        ("/group/late-night-chat", True),
        ("testserver/profile/3", True),
        (f"{SITE}/profile/1 extra", False),
    ],
)
def test_only_addresses_on_addme_are_taken(client, db, url, ok):
    r = file(client, urls=[url])
    assert (r.status_code == 201) is ok, r.text
    if not ok:
        assert "This is not an address on AddMe" in r.json()["errors"]["urls"][0]
    else:
        assert db.scalar(select(Notice)).urls[0].startswith(f"{SITE}/")


def test_urls_are_bounded_in_count_and_length(client):
    assert file(client, urls=[f"{SITE}/profile/{i}" for i in range(11)]).status_code == 422
    assert file(client, urls=[f"{SITE}/" + "a" * 600]).status_code == 422
    nothing = file(client, urls=[])
    assert nothing.status_code == 422
    assert nothing.json()["errors"]["urls"] == [
        "Give the address of the content on AddMe, or send the picture."
    ]


def test_the_captcha_is_required(client):
    r = file(client, captcha_token="")
    assert r.status_code == 422 and r.json()["errors"]["captcha_token"] == ["Please complete the captcha."]


def test_notices_are_throttled_per_ip(client):
    codes = [file(client).status_code for _ in range(6)]
    assert codes == [201] * 5 + [429]


def test_a_multipart_notice_without_a_picture_and_with_one_address_per_line(client, db):
    r = client.post(
        "/v1/notices",
        data={
            **{k: str(v) for k, v in body().items() if k not in ("urls", "good_faith")},
            "good_faith": "true",
            "urls": f"{SITE}/profile/1\n{SITE}/group/one",
        },
        files={"unused": ("x.txt", b"", "text/plain")},
    )
    assert r.status_code == 201, r.text
    assert db.scalar(select(Notice)).urls == [f"{SITE}/profile/1", f"{SITE}/group/one"]


def test_a_picture_that_is_not_an_image_is_refused(client, db):
    form = {k: str(v) for k, v in body().items() if k not in ("urls", "good_faith")}
    r = client.post(
        "/v1/notices",
        data={**form, "good_faith": "true", "urls": f"{SITE}/profile/1"},
        files={"picture": ("me.jpg", b"<?php echo 1; ?>" * 10, "image/jpeg")},
    )
    assert r.status_code == 422 and "picture" in r.json()["errors"]
    assert db.scalar(select(func.count()).select_from(Notice)) == 0


def test_a_malformed_body_is_a_422_not_a_500(client):
    assert (
        client.post(
            "/v1/notices", content=b"{not json", headers={"Content-Type": "application/json"}
        ).status_code
        == 422
    )
    assert client.post("/v1/notices", json=["a"]).status_code == 422
    assert client.post("/v1/notices", json=body(kind="spam")).status_code == 422


def test_the_queue_lists_open_notices_by_due_time_with_their_deadline(client, db):
    other = file(client, kind="other").json()["data"]
    clock.travel(3600)
    urgent = file(client, kind="ncii").json()["data"]
    r = client.get("/v1/admin/notices", params={"status": "open"}, headers=_staff(db))
    assert r.status_code == 200
    page = r.json()
    assert page["meta"]["total"] == 2
    assert [n["reference"] for n in page["data"]] == [urgent["reference"], other["reference"]]
    first = page["data"][0]
    assert first["due_at"] == urgent["due_at"] and first["urgency"] == "ok"
    assert _at(first["target_at"]) - _at(first["created_at"]) == timedelta(hours=24)
    assert page["data"][1]["target_at"] == page["data"][1]["due_at"]


def test_urgency_moves_with_the_clock(client, db):
    file(client)
    moderator = make_user(db, admin_level="Moderator")
    for hours, expected in ((13, "soon"), (12, "late"), (24, "overdue")):
        clock.travel(hours * 3600)
        h = auth(token_for(db, moderator))
        assert client.get("/v1/admin/notices", headers=h).json()["data"][0]["urgency"] == expected


@pytest.mark.parametrize(
    ("level", "status"), [(None, 403), ("Moderator", 200), ("AdPartner", 200), ("Full", 200)]
)
def test_who_may_read_the_queue(client, db, level, status):
    assert client.get("/v1/admin/notices", headers=_staff(db, level)).status_code == status
    assert client.get("/v1/admin/notices").status_code == 401


def _decide(client, headers, notice_id: int, **overrides: object):
    payload = {"action": "reject", "ground": "terms", "category": "scope_of_platform_service"}
    payload["reason"] = "Not a picture of the requester."
    return client.post(
        f"/v1/admin/notices/{notice_id}/decide", json={**payload, **overrides}, headers=headers
    )


def test_a_decision_needs_a_reason_of_ten_characters(client, db):
    file(client)
    notice = db.scalar(select(Notice))
    h = _staff(db)
    for reason in ("", "too short"):
        r = _decide(client, h, notice.id, reason=reason)
        assert r.status_code == 422 and r.json()["errors"]["reason"] == [
            "Give a reason of at least 10 characters."
        ]
    assert _decide(client, _staff(db, None), notice.id).status_code == 403
    db.refresh(notice)
    assert notice.status == "open" and db.scalar(select(AdminAudit)) is None


def test_a_rejection_is_mailed_audited_and_stated(client, db):
    file(client)
    notice = db.scalar(select(Notice))
    r = _decide(client, _staff(db), notice.id)
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["notice"]["status"] == "rejected" and out["removed"] == [] and out["copies"] == []
    statement = db.scalar(select(StatementOfReasons))
    assert (statement.decision, statement.ground, statement.source_type) == ("reject", "terms", "notice")
    assert statement.automated_detection is False and statement.facts == "Not a picture of the requester."
    audit = db.scalar(select(AdminAudit))
    assert audit.action == "notice.reject" and audit.reason == "Not a picture of the requester."
    outcome = db.scalars(
        select(OutboxMessage).where(OutboxMessage.to == "jane@example.com").order_by(OutboxMessage.id)
    ).all()[-1]
    assert "the content stays" in outcome.subject and "Not a picture of the requester." in outcome.body
    again = _decide(client, _staff(db), notice.id)
    assert again.status_code == 409
    decided = client.get("/v1/admin/notices", params={"status": "decided"}, headers=_staff(db)).json()
    assert decided["data"][0]["decision"]["facts"] == "Not a picture of the requester."


def test_opted_in_moderators_are_alerted_at_once_and_at_half_time(client, db):
    h = _staff(db, email="alert.me@example.com")
    client.put("/v1/admin/notices/alerts", json={"enabled": True}, headers=h)
    assert client.get("/v1/admin/notices/alerts", headers=h).json() == {"enabled": True}
    reference = file(client).json()["data"]["reference"]

    def alerts() -> list[str]:
        db.expire_all()
        return [
            m.subject
            for m in db.scalars(select(OutboxMessage).where(OutboxMessage.to == "alert.me@example.com"))
        ]

    assert [s for s in alerts() if reference in s and "half" not in s]
    assert registry.alert_moderators(db)["notices"] == 0
    clock.travel(24 * 3600 + 60)
    assert registry.alert_moderators(db) == {"notices": 1, "reports": 0, "mails": 1}
    assert registry.alert_moderators(db)["notices"] == 0
    assert len([s for s in alerts() if "half its time" in s]) == 1


def test_an_admin_reads_the_private_picture_only_through_the_api(client, db):
    file(client)
    notice = db.scalar(select(Notice))
    assert client.get(f"/v1/admin/notices/{notice.id}/picture", headers=_staff(db)).status_code == 404
    assert client.get("/v1/admin/notices/424242", headers=_staff(db)).status_code == 404


def test_a_signed_in_member_is_recorded_as_the_reporter(client, db):
    member = make_user(db)
    make_username(db)
    r = client.post("/v1/notices", json=body(), headers=auth(token_for(db, member)))
    assert r.status_code == 201
    assert db.scalar(select(Notice)).reporter_id == member.id


def test_metrics_count_open_and_overdue_notices_and_the_alert_job(app, client, db):
    from fastapi.testclient import TestClient

    from addme.jobs import service as jobs

    file(client)
    file(client, kind="other")
    clock.travel(49 * 3600)
    assert jobs.run_due(only="alert-moderators") == ["alert-moderators"]
    with TestClient(app, client=("127.0.0.1", 40000)) as c:
        text = c.get("/metrics").text
    assert 'addme_notices{state="open"} 2.0' in text and 'addme_notices{state="overdue"} 1.0' in text
    assert 'addme_job_last_run_failed{job="alert-moderators"} 0.0' in text
