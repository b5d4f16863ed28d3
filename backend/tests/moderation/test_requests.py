"""Unban requests (wait, ready, automatic approval) and removal requests (captcha, proof)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from addme.core import clock
from addme.core.config import get_settings
from addme.listings.models import Username
from addme.mail.models import OutboxMessage
from addme.moderation.models import Report
from addme.moderation.requests import RemovalRequest, UnbanRequest
from tests.factories.community import CAPTCHA, banned, member, png
from tests.factories.listings import make_username

# -- unban -----------------------------------------------------------------------------------------


def test_unban_state_shows_the_wait(client, db) -> None:
    user, h = member(db)
    u = banned(db, user=user, until=clock.now() + timedelta(hours=3))
    r = client.get(f"/v1/user/usernames/{u.id}/unban", headers=h).json()
    assert r["status"] == "banned" and r["ready"] is False and r["request"] is None
    assert 3 * 3600 - 5 <= r["wait_seconds"] <= 3 * 3600
    clock.travel(3 * 3600 + 1)
    r = client.get(f"/v1/user/usernames/{u.id}/unban", headers=h).json()
    assert r["ready"] is True and r["wait_seconds"] == 0


def test_request_before_the_wait_is_refused_with_the_time_left(client, db) -> None:
    user, h = member(db)
    u = banned(db, user=user, until=clock.now() + timedelta(hours=2))
    r = client.post(f"/v1/user/usernames/{u.id}/unban-request", json={"message": "sorry"}, headers=h)
    assert r.status_code == 400
    assert r.json()["message"] == "Your username is banned. You can request an unban in 2 hours."
    assert db.scalar(select(UnbanRequest)) is None


def test_after_the_wait_a_clean_account_is_unbanned_at_once(client, db) -> None:
    user, h = member(db)
    u = banned(db, user=user, until=clock.now() - timedelta(minutes=1))
    r = client.post(f"/v1/user/usernames/{u.id}/unban-request", json={"message": "I fixed it"}, headers=h)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["message"] == "Your username has been unbanned." and body["unbanned"] is True
    assert body["request"]["status"] == "approved"
    db.refresh(u)
    assert u.status == "approved" and u.listed is True and u.banned_until is None
    assert client.get(f"/v1/usernames/{u.id}").status_code == 200


def test_other_strikes_leave_the_request_pending(client, db) -> None:
    user, h = member(db)
    u = banned(db, user=user, until=clock.now() - timedelta(minutes=1))
    banned(db, user=user, until=clock.now() + timedelta(days=3))
    r = client.post(f"/v1/user/usernames/{u.id}/unban-request", json={"message": "please"}, headers=h)
    assert r.status_code == 200
    assert r.json()["message"] == "Your unban request has been created." and r.json()["unbanned"] is False
    db.refresh(u)
    assert u.status == "banned"
    again = client.post(f"/v1/user/usernames/{u.id}/unban-request", json={"message": "please"}, headers=h)
    assert again.status_code == 409
    state = client.get(f"/v1/user/usernames/{u.id}/unban", headers=h).json()
    assert state["request"]["status"] == "pending" and state["request"]["message"] == "please"


def test_an_open_report_or_a_second_ban_goes_to_an_admin(client, db) -> None:
    user, h = member(db)
    u = banned(db, user=user, until=clock.now() - timedelta(minutes=1))
    db.add(Report(username_id=u.id, type="fake", message="fake"))
    db.commit()
    r = client.post(f"/v1/user/usernames/{u.id}/unban-request", json={}, headers=h)
    assert r.json()["unbanned"] is False

    user2, h2 = member(db)
    v = banned(db, user=user2, until=clock.now() - timedelta(minutes=1))
    db.add(UnbanRequest(username_id=v.id, user_id=user2.id, status="approved"))
    db.commit()
    r = client.post(f"/v1/user/usernames/{v.id}/unban-request", json={}, headers=h2)
    assert r.json()["unbanned"] is False


def test_ban_without_end_date_is_decided_by_an_admin(client, db) -> None:
    user, h = member(db)
    u = banned(db, user=user, until=None)
    r = client.post(f"/v1/user/usernames/{u.id}/unban-request", json={}, headers=h)
    assert r.status_code == 200 and r.json()["unbanned"] is False


def test_handle_taken_meanwhile_stays_pending(client, db) -> None:
    user, h = member(db)
    u = banned(db, user=user, until=clock.now() - timedelta(minutes=1), username="taken_name")
    make_username(db, username="Taken_Name")
    r = client.post(f"/v1/user/usernames/{u.id}/unban-request", json={}, headers=h)
    assert r.json()["unbanned"] is False


def test_unban_not_banned_and_not_owner(client, db) -> None:
    user, h = member(db)
    u = make_username(db, user=user)
    r = client.post(f"/v1/user/usernames/{u.id}/unban-request", json={}, headers=h)
    assert r.status_code == 400 and r.json()["message"] == "This username is not banned."
    _, other = member(db)
    assert client.get(f"/v1/user/usernames/{u.id}/unban", headers=other).status_code == 404
    assert client.post(f"/v1/user/usernames/{u.id}/unban-request", json={}, headers=other).status_code == 404


# -- removal ---------------------------------------------------------------------------------------


def _form(**over: str) -> dict[str, str]:
    data = {
        "username": "victim_01",
        "app": "snapchat",
        "reason": "This is my account and I never listed it.",
        "email": "owner@example.com",
        "captcha_token": CAPTCHA,
    }
    data.update(over)
    return data


def test_lookup_finds_the_listed_username(client, db) -> None:
    u = make_username(db, username="Victim_01")
    r = client.get("/v1/remove-username/lookup", params={"app": "snapchat", "username": "victim_01"})
    assert r.status_code == 200 and r.json()["id"] == u.id and r.json()["username"] == "Victim_01"
    missing = client.get("/v1/remove-username/lookup", params={"app": "kik", "username": "victim_01"})
    assert missing.status_code == 404


def test_removal_request_stores_proof_and_mails_support(client, db) -> None:
    u = make_username(db, username="victim_01")
    r = client.post(
        "/v1/remove-username", data=_form(), files={"screenshot": ("shot.png", png(), "image/png")}
    )
    assert r.status_code == 200, r.text
    assert r.json() == {
        "success": True,
        "message": "Success, your request will be decided within 48 hours and the outcome e-mailed to you.",
    }
    req = db.scalar(select(RemovalRequest))
    assert req is not None and req.username_id == u.id and req.proof_path.startswith("proofs/")
    assert "shot" not in req.proof_path and req.proof_path.endswith(".webp")
    # Re-encoded, kept private: nothing under the public media folder, so /media cannot serve it.
    stored = (get_settings().private_dir / req.proof_path).read_bytes()
    assert stored[:4] == b"RIFF" and stored[8:12] == b"WEBP"
    assert not (get_settings().media_dir / req.proof_path).exists()
    assert client.get("/media/" + req.proof_path).status_code == 404
    mail = db.scalar(select(OutboxMessage).where(OutboxMessage.to == get_settings().support_email))
    assert mail is not None and "victim_01" in mail.subject
    # The requester's receipt names the 48-hour deadline the staff queue counts, not 24 hours.
    receipt = db.scalar(select(OutboxMessage).where(OutboxMessage.to != get_settings().support_email))
    assert "received" in receipt.subject and "We will decide by" in receipt.body


def test_removal_needs_captcha(client, db) -> None:
    r = client.post(
        "/v1/remove-username",
        data=_form(captcha_token=""),
        files={"screenshot": ("s.png", png(), "image/png")},
    )
    assert r.status_code == 422 and r.json()["message"] == "Please complete the captcha."
    assert db.scalar(select(RemovalRequest)) is None


def test_removal_proof_must_be_an_image_by_its_bytes(client, db) -> None:
    fake = b"<html><script>alert(1)</script></html>"
    r = client.post("/v1/remove-username", data=_form(), files={"screenshot": ("s.png", fake, "image/png")})
    assert r.status_code == 422 and "screenshot" in r.json()["errors"]
    assert db.scalar(select(RemovalRequest)) is None


def test_removal_proof_over_4mb_is_refused(client, db) -> None:
    big = png() + b"\0" * (4 * 1024 * 1024)
    r = client.post("/v1/remove-username", data=_form(), files={"screenshot": ("s.png", big, "image/png")})
    assert r.status_code == 422 and r.json()["message"] == "The screenshot exceeds the limit of 4MB."


def test_removal_proof_dimensions_checked_before_decoding(client, db) -> None:
    r = client.post(
        "/v1/remove-username", data=_form(), files={"screenshot": ("s.png", png(9000, 10), "image/png")}
    )
    assert r.status_code == 422 and "7680x4320" in r.json()["message"]


def test_removal_requires_its_fields(client, db) -> None:
    r = client.post(
        "/v1/remove-username",
        data=_form(reason="", email="nope"),
        files={"screenshot": ("s.png", png(), "image/png")},
    )
    assert r.status_code == 422
    assert {"reason", "email"} <= set(r.json()["errors"])
    r = client.post("/v1/remove-username", data=_form())
    assert r.status_code == 422 and "screenshot" in r.json()["errors"]


def test_removal_is_rate_limited_per_ip(client, db) -> None:
    for _ in range(5):
        ok = client.post(
            "/v1/remove-username", data=_form(), files={"screenshot": ("s.png", png(), "image/png")}
        )
        assert ok.status_code == 200
    r = client.post("/v1/remove-username", data=_form(), files={"screenshot": ("s.png", png(), "image/png")})
    assert r.status_code == 429 and "Retry-After" in r.headers


def test_banned_username_is_off_the_lists_until_unbanned(client, db) -> None:
    user, h = member(db)
    u = banned(db, user=user, until=clock.now() - timedelta(minutes=1))
    assert client.get(f"/v1/usernames/{u.id}").status_code == 404
    client.post(f"/v1/user/usernames/{u.id}/unban-request", json={}, headers=h)
    assert client.get(f"/v1/usernames/{u.id}").status_code == 200
    assert db.get(Username, u.id) is not None
