"""The trust flags in trust's own table (issue 35): read with the user in the same query, written
only through trust.standing's verbs, and a row only for an account with a flag set."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import event, select

from addme.accounts import signin
from addme.core import clock
from addme.core.db import get_engine
from addme.trust import standing
from addme.trust.models import MemberTrust
from tests.conftest import IS_PG
from tests.factories.accounts import PASSWORD
from tests.factories.listings import make_username
from tests.factories.wallet import admin, member
from tests.trust.test_risk_and_hopping import DIGITALOCEAN, HOME


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


def _rows(db) -> list[MemberTrust]:
    db.expire_all()
    return list(db.scalars(select(MemberTrust)))


def test_the_flags_ride_the_users_query(client, db):
    # The counts tests/moderation/test_member_bans.py pins: /v1/auth/user 3 statements (the token,
    # the user with its wallet, ban and flags, the usernames count), a listing page 3 on SQLite, 1 on
    # PostgreSQL.
    user, headers = member(db, age_verified=True, high_risk=True)
    make_username(db, user=user, username="flagged_one")
    me = _statements(client, "/v1/auth/user", headers)
    page = _statements(client, "/v1/usernames", headers)
    assert (len(me), len(page)) == (3, 1 if IS_PG else 3)
    assert "JOIN member_trust" in next(s for s in me if "FROM users" in s)
    body = client.get("/v1/auth/user", headers=headers).json()
    assert body["age_verified"] is True and body["high_risk"] is True


def test_a_sign_in_from_elsewhere_clears_the_flag_and_leaves_no_row(db):
    user, _ = member(db)
    signin.login(db, email=user.email, password=PASSWORD, ip=HOME, user_agent=None)
    assert _rows(db) == []  # a plain sign-in writes nothing of trust's
    signin.login(db, email=user.email, password=PASSWORD, ip=DIGITALOCEAN, user_agent=None)
    assert [(r.user_id, r.high_risk) for r in _rows(db)] == [(user.id, True)]
    signin.login(db, email=user.email, password=PASSWORD, ip=HOME, user_agent=None)
    assert _rows(db) == []


def test_a_purchase_lifts_the_restriction_and_a_clearance_keeps_its_row(client, db):
    user, _ = member(db, hopping_restricted_until=clock.now() + timedelta(days=30))
    standing.lift_hopping(db, user=user)
    db.commit()
    assert _rows(db) == []
    standing.restrict_hopping(db, user_ids=[user.id], until=clock.now() + timedelta(days=30))
    db.commit()
    _, mod_headers = admin(db, level="Moderator")
    r = client.post(
        f"/v1/admin/users/{user.id}/flags/clear",
        json={"flag": "hopping", "reason": "A shared household, checked"},
        headers=mod_headers,
    )
    assert r.status_code == 200 and r.json()["hopping_restricted_until"] is None
    (row,) = _rows(db)
    assert row.hopping_restricted_until is None and row.hopping_cleared_at is not None


def test_a_longer_restriction_is_kept(db):
    user, _ = member(db)
    later = (clock.now() + timedelta(days=30)).replace(microsecond=0)
    standing.restrict_hopping(db, user_ids=[user.id], until=later)
    standing.restrict_hopping(db, user_ids=[user.id], until=later - timedelta(days=10))
    db.commit()
    assert [r.hopping_restricted_until for r in _rows(db)] == [later]
