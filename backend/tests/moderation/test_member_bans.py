"""Account bans in moderation's own table (issue 35): the ban's verbs carry their side effects
(sessions, listings), the user reads its ban in the same query, and no request reads more."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import event, select

from addme.core import clock
from addme.core.db import get_engine
from addme.jobs import service as jobs
from addme.moderation import member_bans
from addme.moderation.models import MemberBan
from tests.conftest import IS_PG
from tests.factories.accounts import PASSWORD
from tests.factories.community import member
from tests.factories.listings import make_username
from tests.factories.wallet import admin


def _statements(client, path: str, headers: dict[str, str]) -> list[str]:
    seen: list[str] = []

    def _count(_conn, _cur, statement, *_args):  # type: ignore[no-untyped-def]
        seen.append(statement)

    event.listen(get_engine(), "before_cursor_execute", _count)
    try:
        assert client.get(path, headers=headers).status_code == 200
    finally:
        event.remove(get_engine(), "before_cursor_execute", _count)
    return seen


def _listed(client) -> list[str]:
    return [c["username"] for c in client.get("/v1/usernames").json()["data"]]


def test_the_ban_check_of_a_signed_in_request_adds_no_statement(client, db):
    # Measured before the move (ban columns on users): /v1/auth/user ran 3 statements (the token,
    # the user with its wallet, the usernames count), the listing page 3 on SQLite and 1 on
    # PostgreSQL (docs/helper-owners.md). The ban now rides the user's own query: the same counts.
    user, headers = member(db)
    make_username(db, user=user, username="still_here")
    me = _statements(client, "/v1/auth/user", headers)
    page = _statements(client, "/v1/usernames", headers)
    assert [s for s in me + page if "member_bans" in s and "JOIN" not in s] == []
    assert (len(me), len(page)) == (3, 1 if IS_PG else 3)
    assert "JOIN member_bans" in next(s for s in me if "FROM users" in s)


def test_an_admins_ban_ends_the_sessions_and_delists_and_the_unban_lists_again(client, db):
    _, admin_h = admin(db)
    user, headers = member(db)
    make_username(db, user=user, username="owner_two")
    assert "owner_two" in _listed(client)

    r = client.post(
        f"/v1/admin/users/{user.id}/ban",
        json={"hours": 5, "reason": "spam links everywhere"},
        headers=admin_h,
    )
    assert r.status_code == 200, r.text
    row = db.scalars(select(MemberBan).where(MemberBan.user_id == user.id)).one()
    assert row.reason == "spam links everywhere" and row.banned_until is not None
    assert client.get("/v1/auth/user", headers=headers).status_code == 401
    assert "owner_two" not in _listed(client)
    shown = client.get(f"/v1/admin/users/{user.id}", headers=admin_h).json()["user"]
    assert shown["ban_reason"] == "spam links everywhere" and shown["banned_at"] is not None
    banned_ids = [u["id"] for u in client.get("/v1/admin/users?banned=true", headers=admin_h).json()["data"]]
    assert banned_ids == [user.id]

    r = client.post(f"/v1/admin/users/{user.id}/unban", json={"reason": "appeal"}, headers=admin_h)
    assert r.status_code == 200, r.text
    db.expire_all()
    assert db.scalars(select(MemberBan)).all() == []
    assert "owner_two" in _listed(client)
    assert client.get("/v1/admin/users?banned=true", headers=admin_h).json()["data"] == []


def test_a_ban_past_its_end_is_lifted_as_the_member_signs_in(client, db):
    user, _ = member(db)
    make_username(db, user=user, username="back_again")
    member_bans.ban(db, user=user, until=clock.now() + timedelta(hours=1), reason="cooling off")
    db.commit()
    refused = client.post("/v1/auth/login", json={"email": user.email, "password": PASSWORD})
    assert refused.status_code == 403 and "Reason: cooling off" in refused.json()["message"]
    db.get(MemberBan, user.id).banned_until = clock.now() - timedelta(minutes=1)  # type: ignore[union-attr]
    db.commit()
    assert "back_again" not in _listed(client)

    r = client.post("/v1/auth/login", json={"email": user.email, "password": PASSWORD})
    assert r.status_code == 200, r.text
    assert "back_again" in _listed(client)
    db.expire_all()
    assert db.get(MemberBan, user.id) is None


def test_the_job_lifts_the_bans_whose_end_has_passed_and_keeps_the_others(client, db):
    ended, _ = member(db)
    for_good, _ = member(db)
    make_username(db, user=ended, username="ended_ban")
    member_bans.ban(db, user=ended, until=clock.now() + timedelta(hours=1), reason="")
    member_bans.ban(db, user=for_good, until=None, reason="")
    db.commit()
    db.get(MemberBan, ended.id).banned_until = clock.now() - timedelta(seconds=1)  # type: ignore[union-attr]
    db.commit()
    assert jobs.run_due(only="lift-expired-user-bans", force=True) == ["lift-expired-user-bans"]
    db.expire_all()
    assert [b.user_id for b in db.scalars(select(MemberBan))] == [for_good.id]
    assert "ended_ban" in _listed(client)
