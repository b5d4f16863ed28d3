"""IP and range bans: a banned network reads the site but cannot register, log in, report or write."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from addme.audit.models import AdminAudit
from addme.core import clock
from addme.moderation import ipbans
from tests.factories.accounts import PASSWORD, auth, make_user, token_for
from tests.factories.listings import make_username
from tests.factories.wallet import admin

REFUSED = "Your network has been banned from this site: you can browse, but not sign in, register or post."


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    ipbans.invalidate()
    yield
    ipbans.invalidate()


def client_at(app, ip: str) -> TestClient:  # type: ignore[no-untyped-def]
    return TestClient(app, base_url="http://testserver", client=(ip, 50000))


def writes(c: TestClient, db, username_id: int) -> list[int]:  # type: ignore[no-untyped-def]
    user = make_user(db)
    headers = auth(token_for(db, user))
    return [
        c.post(
            "/v1/auth/register",
            json={
                "email": "new@example.com",
                "password": PASSWORD,
                "password_confirmation": PASSWORD,
                "terms": True,
            },
        ).status_code,
        c.post("/v1/auth/login", json={"email": user.email, "password": PASSWORD}).status_code,
        c.post(f"/v1/usernames/{username_id}/reports", json={"type": "fake"}, headers=headers).status_code,
        c.patch("/v1/user/account", json={"first_name": "Sam"}, headers=headers).status_code,
    ]


@pytest.mark.parametrize(
    ("cidr", "inside", "outside"),
    [
        ("203.0.113.0/24", "203.0.113.77", "203.0.114.1"),
        ("198.51.100.9", "198.51.100.9", "198.51.100.10"),
        ("2001:db8:abcd::/48", "2001:db8:abcd:12::5", "2001:db8:abce::1"),
    ],
)
def test_a_banned_range_can_read_but_not_write_and_unban_restores(app, client, db, cidr, inside, outside):
    name = make_username(db)
    _, headers = admin(db, "Moderator")
    r = client.post(
        "/v1/admin/ip-bans", json={"cidr": cidr, "hours": None, "reason": "spam wave"}, headers=headers
    )
    assert r.status_code == 201
    ban_id = r.json()["id"]
    with client_at(app, inside) as banned:
        assert banned.get("/v1/usernames").status_code == 200
        assert banned.get(f"/v1/usernames/{name.id}").status_code == 200
        statuses = writes(banned, db, name.id)
        assert statuses == [403, 403, 403, 403]
        refused = banned.post("/v1/auth/login", json={"email": "x@example.com", "password": PASSWORD})
        assert refused.json()["message"] == REFUSED
    with client_at(app, outside) as fine:
        assert 403 not in writes(fine, db, name.id)

    listed = client.get("/v1/admin/bans", headers=headers).json()
    assert [(b["kind"], b["label"], b["reason"]) for b in listed] == [
        ("ip", ipbans.parse_network(cidr).compressed, "spam wave")
    ]
    assert (
        client.delete(f"/v1/admin/ip-bans/{ban_id}", params={"reason": "over"}, headers=headers).status_code
        == 200
    )
    with client_at(app, inside) as again:
        assert 403 not in writes(again, db, name.id)
    actions = db.scalars(select(AdminAudit.action).order_by(AdminAudit.id)).all()
    assert actions == ["ip.ban", "ip.unban"]


def test_a_timed_ip_ban_ends_by_itself(app, client, db):
    _, headers = admin(db)
    client.post(
        "/v1/admin/ip-bans", json={"cidr": "192.0.2.0/24", "hours": 2, "reason": "flood"}, headers=headers
    )
    user = make_user(db)
    with client_at(app, "192.0.2.5") as c:
        assert c.post("/v1/auth/login", json={"email": user.email, "password": PASSWORD}).status_code == 403
        clock.travel(2 * 3600 + 1)
        assert c.post("/v1/auth/login", json={"email": user.email, "password": PASSWORD}).status_code == 200
    _, headers = admin(db)  # the first admin session idled out meanwhile
    assert client.get("/v1/admin/ip-bans", headers=headers).json() == []


def test_bad_ranges_are_refused_and_members_cannot_ban(client, db):
    _, headers = admin(db)
    for cidr in ("not-an-ip", "10.0.0.0/4", "2001::/16"):
        r = client.post("/v1/admin/ip-bans", json={"cidr": cidr, "reason": "x"}, headers=headers)
        assert r.status_code == 422 and "cidr" in r.json()["errors"]
    member_headers = auth(token_for(db, make_user(db)))
    r = client.post("/v1/admin/ip-bans", json={"cidr": "192.0.2.1", "reason": "x"}, headers=member_headers)
    assert r.status_code == 403
    assert client.get("/v1/admin/bans", headers=member_headers).status_code == 403
    assert client.delete("/v1/admin/ip-bans/1", headers=headers).status_code == 404


def test_the_list_of_bans_holds_every_kind_and_a_username_unban_lists_it_again(client, db):
    _, headers = admin(db)
    owner = make_user(db, email="owner@example.com")
    name = make_username(db)
    client.post(
        f"/v1/admin/users/{owner.id}/ban",
        json={"hours": 24, "reason": "Card fraud on the shop"},
        headers=headers,
    )
    client.post(
        f"/v1/admin/usernames/{name.id}/ban",
        json={"hours": None, "reason": "A fake profile picture"},
        headers=headers,
    )
    client.post("/v1/admin/ip-bans", json={"cidr": "192.0.2.0/28", "reason": "bots"}, headers=headers)
    rows = client.get("/v1/admin/bans", headers=headers).json()
    assert [(r["kind"], r["reason"]) for r in rows] == [
        ("user", "Card fraud on the shop"),
        ("username", "A fake profile picture"),
        ("ip", "bots"),
    ]
    assert rows[0]["banned_until"] is not None and rows[1]["banned_until"] is None
    r = client.post(f"/v1/admin/usernames/{name.id}/unban", json={"reason": "mistake"}, headers=headers)
    assert r.status_code == 200
    assert client.get(f"/v1/usernames/{name.id}").status_code == 200
    assert [r["kind"] for r in client.get("/v1/admin/bans", headers=headers).json()] == ["user", "ip"]
