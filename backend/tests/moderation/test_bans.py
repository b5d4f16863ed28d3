"""A moderator bans a username; its owner sees the wait, then asks to be unbanned."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from addme.audit.models import AdminAudit
from addme.core import clock
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.listings import make_username


def test_members_cannot_ban(client, db):
    target = make_username(db)
    token = token_for(db, make_user(db))
    r = client.post(f"/v1/admin/usernames/{target.id}/ban", json={"hours": 24}, headers=auth(token))
    assert r.status_code == 403
    assert client.get(f"/v1/usernames/{target.id}").status_code == 200


def test_a_ban_takes_the_username_off_the_lists_and_the_owner_can_ask_to_be_unbanned_later(client, db):
    owner = make_user(db)
    target = make_username(db, user=owner)
    moderator = token_for(db, make_user(db, admin_level="Moderator"))
    r = client.post(
        f"/v1/admin/usernames/{target.id}/ban",
        json={"hours": 24, "reason": "Sent spam to members"},
        headers=auth(moderator),
    )
    assert r.status_code == 200 and r.json()["message"] == "Username banned."
    # The ban's end, as every moment in the API: RFC 3339 in UTC, 24 hours from now.
    until = datetime.fromisoformat(r.json()["banned_until"].replace("Z", "+00:00"))
    assert r.json()["banned_until"].endswith("Z")
    assert timedelta(hours=23, minutes=59) < until - datetime.now(UTC) <= timedelta(hours=24)
    assert client.get(f"/v1/usernames/{target.id}").status_code == 404
    assert target.id not in [c["id"] for c in client.get("/v1/usernames").json()["data"]]
    audit = db.scalars(select(AdminAudit)).one()
    assert audit.action == "username.ban" and audit.details == {"hours": 24, "reason": "Sent spam to members"}

    mine = auth(token_for(db, owner))
    status = client.get(f"/v1/user/usernames/{target.id}/unban", headers=mine).json()
    assert status["ready"] is False and 23 * 3600 < status["wait_seconds"] <= 24 * 3600
    early = client.post(
        f"/v1/user/usernames/{target.id}/unban-request", json={"message": "sorry"}, headers=mine
    )
    assert early.status_code == 400

    clock.travel(24 * 3600 + 60)
    assert client.get(f"/v1/user/usernames/{target.id}/unban", headers=mine).json()["ready"] is True
    r = client.post(f"/v1/user/usernames/{target.id}/unban-request", json={"message": "sorry"}, headers=mine)
    assert r.status_code == 200 and r.json()["message"] == "Your username has been unbanned."
    assert client.get(f"/v1/usernames/{target.id}").status_code == 200


def test_a_warning_ban_can_be_appealed_at_once_and_a_ban_for_good_waits_for_a_moderator(client, db):
    owner = make_user(db)
    warned, for_good = make_username(db, user=owner), make_username(db, user=owner)
    moderator = auth(token_for(db, make_user(db, admin_level="Full")))
    client.post(
        f"/v1/admin/usernames/{warned.id}/ban", json={"hours": 0, "macro": "ban_spam"}, headers=moderator
    )
    client.post(
        f"/v1/admin/usernames/{for_good.id}/ban", json={"hours": None, "macro": "ban_scam"}, headers=moderator
    )
    mine = auth(token_for(db, owner))
    assert client.get(f"/v1/user/usernames/{warned.id}/unban", headers=mine).json()["ready"] is True
    r = client.post(
        f"/v1/user/usernames/{for_good.id}/unban-request", json={"message": "please"}, headers=mine
    )
    assert r.json()["message"] == "Your unban request has been created."
    assert client.get(f"/v1/usernames/{for_good.id}").status_code == 404


@pytest.mark.parametrize("hours", [False, True, "24", 1.5])
def test_ban_hours_must_be_a_whole_number(client, db, hours) -> None:
    target = make_username(db)
    moderator = auth(token_for(db, make_user(db, admin_level="Moderator")))
    r = client.post(f"/v1/admin/usernames/{target.id}/ban", json={"hours": hours}, headers=moderator)
    assert r.status_code == 422 and "hours" in r.json()["errors"]
    assert client.get(f"/v1/usernames/{target.id}").status_code == 200  # still listed
