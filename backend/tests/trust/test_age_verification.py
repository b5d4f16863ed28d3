"""Age verification: who must verify, the flow through the simulator, and nothing on the browser's word."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import select

from addme.accounts.models import User
from addme.audit.models import AdminAudit
from addme.core.config import get_settings
from addme.trust import jurisdictions
from addme.trust.models import AgeVerificationAttempt
from tests.factories.accounts import make_user
from tests.factories.listings import make_username
from tests.factories.media import make_media
from tests.factories.trust import add_jurisdiction
from tests.factories.wallet import admin, member

TEXAS = {"CF-IPCountry": "US", "CF-Region-Code": "TX"}
CALIFORNIA = {"CF-IPCountry": "US", "CF-Region-Code": "CA"}


@pytest.fixture(autouse=True)
def _places(monkeypatch, db):
    settings = get_settings()
    monkeypatch.setattr(settings, "country_header", "CF-IPCountry")
    monkeypatch.setattr(settings, "region_header", "CF-Region-Code")
    add_jurisdiction(db, "GB")
    add_jurisdiction(db, "US", "TX")
    add_jurisdiction(db, "US", "UT")


def _verify(client, headers, *, outcome="success", **extra):
    started = client.post("/v1/age-verification/start", headers=headers)
    assert started.status_code == 200, started.text
    ref = started.json()["id"]
    assert started.json()["url"].startswith(f"/age-verification/simulator?session={ref}")
    sim = client.post(f"/v1/age-verification/simulator/{ref}", json={"outcome": outcome, **extra})
    assert sim.status_code == 200
    return ref


def test_the_rule_reads_countries_regions_and_dates():
    rows = [("GB", "", date(2025, 7, 25)), ("US", "TX", date(2023, 9, 1)), ("AU", "", date(2030, 1, 1))]
    today = date(2026, 11, 25)
    assert jurisdictions.is_required(rows, country="GB", region=None, today=today)
    assert jurisdictions.is_required(rows, country="US", region="TX", today=today)
    assert not jurisdictions.is_required(rows, country="US", region="CA", today=today)
    # Somewhere in a regional country, but we cannot tell where: counted as required.
    assert jurisdictions.is_required(rows, country="US", region=None, today=today)
    assert not jurisdictions.is_required(rows, country="AU", region=None, today=today)  # not yet in force
    assert not jurisdictions.is_required(rows, country=None, region=None, today=today)
    assert not jurisdictions.is_required(rows, country="CA", region=None, today=today)


def test_state_follows_the_visitors_place(client):
    state = client.get("/v1/age-verification", headers=TEXAS).json()
    assert state == {
        "isRequired": True,
        "isVerified": False,
        "countryCode": "US",
        "regionCode": "TX",
        "locationCode": "US-TX",
        "showNSFW": False,
    }
    assert client.get("/v1/age-verification", headers=CALIFORNIA).json()["showNSFW"] is True
    unknown_region = client.get("/v1/age-verification", headers={"CF-IPCountry": "US"}).json()
    assert unknown_region["isRequired"] is True and unknown_region["locationCode"] == "US"
    assert client.get("/v1/age-verification", headers={"CF-IPCountry": "gb"}).json()["isRequired"] is True
    assert client.get("/v1/age-verification", headers={"CF-IPCountry": "DE"}).json()["isRequired"] is False


def test_headers_count_only_from_trusted_proxies_when_they_are_configured(client, monkeypatch):
    monkeypatch.setattr(get_settings(), "trusted_proxies", ["10.0.0.0/8"])
    from addme.core import net

    net._proxies.cache_clear()
    try:
        # The test client is not one of the proxies: its headers are a visitor's claim, ignored.
        state = client.get("/v1/age-verification", headers=TEXAS).json()
        assert state["countryCode"] is None and state["isRequired"] is False
    finally:
        net._proxies.cache_clear()


def test_a_visitor_verifies_with_the_simulator_and_sees_adult_media(client, db):
    owner = make_user(db)
    username = make_username(db, user=owner)
    make_media(db, username_id=username.id, user_id=owner.id)
    slug = f"{username.username}-{username.id}"
    assert client.get(f"/v1/nudes/{slug}", headers=TEXAS).json()["blurred"] is True

    ref = _verify(client, TEXAS)
    done = client.post("/v1/ondato/success", json={"id": ref, "location_code": "US-TX"}, headers=TEXAS)
    assert done.status_code == 200
    assert done.json()["isVerified"] is True and done.json()["showNSFW"] is True
    assert "ageVerification" in done.cookies
    assert "Max-Age=36000" in done.headers["set-cookie"]
    assert client.get("/v1/age-verification", headers=TEXAS).json()["showNSFW"] is True
    assert client.get(f"/v1/nudes/{slug}", headers=TEXAS).json()["blurred"] is False

    attempt = db.scalar(select(AgeVerificationAttempt).where(AgeVerificationAttempt.provider_ref == ref))
    assert attempt is not None and attempt.status == "success" and attempt.method == "simulator"
    assert attempt.location_code == "US-TX" and attempt.completed_at is not None

    # Unverify removes it; hide removes it and marks the visitor as required anywhere.
    client.post("/v1/age-verification/unverify")
    assert client.get("/v1/age-verification", headers=TEXAS).json()["showNSFW"] is False
    hidden = client.post("/v1/age-verification/hide", headers=CALIFORNIA).json()
    assert hidden["isRequired"] is True and hidden["showNSFW"] is False
    assert client.get("/v1/age-verification", headers=CALIFORNIA).json()["showNSFW"] is False


def test_the_browsers_word_is_never_enough(client, db):
    # Reporting success before the provider decided: refused.
    ref = client.post("/v1/age-verification/start", headers=TEXAS).json()["id"]
    early = client.post("/v1/ondato/success", json={"id": ref, "status": "Approved"}, headers=TEXAS)
    assert early.status_code == 409
    assert client.get("/v1/age-verification", headers=TEXAS).json()["isVerified"] is False
    # A forged cookie does nothing.
    client.cookies.set("ageVerification", "99999999999.deadbeef")
    assert client.get("/v1/age-verification", headers=TEXAS).json()["isVerified"] is False
    client.cookies.clear()
    # Someone else's session id: not theirs to claim (another browser, no account).
    ref = _verify(client, TEXAS)
    client.cookies.clear()
    stolen = client.post("/v1/ondato/success", json={"id": ref}, headers=TEXAS)
    assert stolen.status_code == 404
    assert client.post("/v1/ondato/success", json={"id": "made-up"}).status_code == 404


def test_a_failed_verification_gives_the_spec_message_and_is_recorded(client, db):
    ref = _verify(client, TEXAS, outcome="failure", reason="Document expired")
    failed = client.post("/v1/ondato/success", json={"id": ref}, headers=TEXAS)
    assert failed.status_code == 400
    assert (
        failed.json()["message"] == "An error occurred during the age verification process: Document expired"
    )
    assert failed.json()["code"] == "age_verification_failed"
    report = client.post("/v1/ondato/failure", json={"id": ref, "location_code": "US-TX"}, headers=TEXAS)
    assert report.status_code == 200 and report.json()["showNSFW"] is False
    attempt = db.scalar(select(AgeVerificationAttempt).where(AgeVerificationAttempt.provider_ref == ref))
    assert attempt is not None and attempt.status == "failure"

    # Closing the flow: the failure report counts it as abandoned (default reason Unknown).
    ref = client.post("/v1/age-verification/start", headers=TEXAS).json()["id"]
    assert client.post("/v1/ondato/failure", json={"id": ref}, headers=TEXAS).status_code == 200
    db.expire_all()
    attempt = db.scalar(select(AgeVerificationAttempt).where(AgeVerificationAttempt.provider_ref == ref))
    assert attempt is not None and attempt.status == "abandoned" and attempt.failure_reason == "Unknown"


def test_the_age_is_computed_from_the_date_of_birth(client, db):
    ref = _verify(client, TEXAS, date_of_birth="2012-05-01")
    failed = client.post("/v1/ondato/success", json={"id": ref}, headers=TEXAS)
    assert failed.status_code == 400 and failed.json()["message"].endswith("You must be 18 or older.")


def test_a_member_who_verifies_stays_verified_on_the_account(client, db):
    user, headers = member(db)
    ref = _verify(client, {**TEXAS, **headers})
    client.cookies.clear()  # the account, not the browser, is what proves it now
    assert (
        client.post("/v1/ondato/success", json={"id": ref}, headers={**TEXAS, **headers}).status_code == 200
    )
    db.expire_all()
    assert db.get(User, user.id).age_verified is True  # type: ignore[union-attr]
    client.cookies.clear()
    assert client.get("/v1/age-verification", headers={**TEXAS, **headers}).json()["showNSFW"] is True
    # Not a field anyone can set: the account page ignores it.
    _, other = member(db)
    client.patch("/v1/user/account", json={"age_verified": True}, headers=other)
    assert client.get("/v1/age-verification", headers={**TEXAS, **other}).json()["isVerified"] is False


def test_admins_edit_the_list_with_a_reason_and_see_the_figures(client, db):
    _, full = admin(db)
    _, moderator = admin(db, level="Moderator")
    listed = client.get("/v1/admin/ondato/jurisdictions", headers=moderator).json()
    assert [j["location_code"] for j in listed] == ["GB", "US-TX", "US-UT"]

    body = {
        "country_code": "us",
        "region_code": "va",
        "effective_on": "2023-07-01",
        "law": "Virginia SB 1515",
    }
    assert (
        client.post(
            "/v1/admin/ondato/jurisdictions", json={**body, "reason": "new law"}, headers=moderator
        ).status_code
        == 403
    )
    created = client.post(
        "/v1/admin/ondato/jurisdictions", json={**body, "reason": "Virginia's law"}, headers=full
    )
    assert created.status_code == 201 and created.json()["location_code"] == "US-VA"
    assert client.get("/v1/age-verification", headers={"CF-IPCountry": "US", "CF-Region-Code": "VA"}).json()[
        "isRequired"
    ]
    again = client.post("/v1/admin/ondato/jurisdictions", json={**body, "reason": "twice"}, headers=full)
    assert again.status_code == 422 and again.json()["message"] == "This place is already in the list."
    bad = client.post(
        "/v1/admin/ondato/jurisdictions", json={**body, "country_code": "ZZ", "reason": "typo"}, headers=full
    )
    assert bad.status_code == 422 and bad.json()["errors"]["country_code"] == [
        "Choose a country from the list."
    ]
    assert (
        client.post("/v1/admin/ondato/jurisdictions", json={**body, "reason": ""}, headers=full).status_code
        == 422
    )

    jid = created.json()["id"]
    edited = client.put(
        f"/v1/admin/ondato/jurisdictions/{jid}",
        json={**body, "effective_on": "2030-01-01", "reason": "enjoined until 2030"},
        headers=full,
    )
    assert edited.status_code == 200 and edited.json()["in_force"] is False
    assert not client.get(
        "/v1/age-verification", headers={"CF-IPCountry": "US", "CF-Region-Code": "VA"}
    ).json()["isRequired"]
    removed = client.request(
        "DELETE", f"/v1/admin/ondato/jurisdictions/{jid}", json={"reason": "repealed"}, headers=full
    )
    assert removed.status_code == 204
    assert (
        client.request(
            "DELETE", f"/v1/admin/ondato/jurisdictions/{jid}", json={"reason": "again"}, headers=full
        ).status_code
        == 404
    )
    actions = {(a.action, a.reason) for a in db.scalars(select(AdminAudit))}
    assert {
        ("trust.jurisdiction_add", "Virginia's law"),
        ("trust.jurisdiction_edit", "enjoined until 2030"),
        ("trust.jurisdiction_remove", "repealed"),
    } <= actions

    ok = _verify(client, TEXAS)
    client.post("/v1/ondato/success", json={"id": ok}, headers=TEXAS)
    bad_ref = _verify(client, {"CF-IPCountry": "GB"}, outcome="failure")
    client.post("/v1/ondato/success", json={"id": bad_ref}, headers={"CF-IPCountry": "GB"})
    figures = client.get("/v1/admin/ondato/stats", headers=moderator).json()
    assert (figures["attempts"], figures["successes"], figures["failures"]) == (2, 1, 1)
    assert {(r["location_code"], r["successes"], r["failures"]) for r in figures["rows"]} == {
        ("US-TX", 1, 0),
        ("GB", 0, 1),
    }
    _, member_headers = member(db)
    assert client.get("/v1/admin/ondato/stats", headers=member_headers).status_code == 403

    check = client.post("/v1/admin/ondato/test", headers=moderator).json()
    assert check["provider"] == "local" and check["ok"] is True
