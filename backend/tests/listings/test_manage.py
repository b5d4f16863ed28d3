"""Editing, delisting and deleting: only the owner, within the limits, seen at once."""

from __future__ import annotations

from datetime import timedelta

from addme.core import clock
from addme.moderation import member_bans
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.listings import make_username


def _owner(db, **fields):
    user = make_user(db, **fields)
    return user, auth(token_for(db, user)), make_username(db, user=user, username="owner_one")


def _names(client, headers=None, **params):
    r = client.get("/v1/usernames", params=params, headers=headers or {})
    return [c["username"] for c in r.json()["data"]]


def test_edit_applies_only_the_fields_sent(client, db):
    _, h, u = _owner(db)
    r = client.patch(f"/v1/user/usernames/{u.id}", json={"description": "New bio here"}, headers=h)
    assert r.status_code == 200, r.text
    assert r.json()["message"] == "Username updated."
    data = r.json()["data"]
    assert data["description"] == "New bio here"
    assert data["age"] == 25 and data["gender"] == "Female"
    assert data["edits_left"] == 1


def test_anonymous_visitors_see_an_edit_at_once_despite_the_cache(client, db):
    _, h, u = _owner(db)
    assert client.get(f"/v1/usernames/{u.id}").json()["description"] == "Hello there, say hi."
    client.patch(f"/v1/user/usernames/{u.id}", json={"description": "Changed!"}, headers=h)
    assert client.get(f"/v1/usernames/{u.id}").json()["description"] == "Changed!"


def test_two_edits_per_day_unless_vip(client, db):
    _, h, u = _owner(db)
    for text in ("one", "two"):
        assert (
            client.patch(f"/v1/user/usernames/{u.id}", json={"description": text}, headers=h).status_code
            == 200
        )
    r = client.patch(f"/v1/user/usernames/{u.id}", json={"description": "three"}, headers=h)
    assert r.status_code == 400
    assert r.json()["message"].startswith("You can edit a username twice every 24 hours.")
    mine = client.get(f"/v1/user/usernames/{u.id}", headers=h).json()
    assert mine["edits_left"] == 0 and "edit" not in mine["actions"]
    clock.travel(24 * 3600 + 1)
    assert (
        client.patch(f"/v1/user/usernames/{u.id}", json={"description": "three"}, headers=h).status_code
        == 200
    )


def test_vip_edits_are_unlimited(client, db):
    _, h, u = _owner(db, promotion_ending_at=clock.now() + timedelta(days=2))
    for i in range(4):
        r = client.patch(f"/v1/user/usernames/{u.id}", json={"description": f"v{i}"}, headers=h)
        assert r.status_code == 200
    assert r.json()["data"]["edits_left"] is None


def test_edit_into_suspicious_text_goes_back_to_pending(client, db):
    _, h, u = _owner(db)
    r = client.patch(f"/v1/user/usernames/{u.id}", json={"description": "text me 555 123 4567"}, headers=h)
    assert r.json()["data"]["status"] == "pending"
    assert r.json()["message"] == "Your username is pending review. This can take up to 5 days."
    assert "owner_one" not in _names(client)


def test_a_non_owner_gets_404_and_nothing_changes(client, db):
    _, _, u = _owner(db)
    other = make_user(db)
    h = auth(token_for(db, other))
    assert client.patch(f"/v1/user/usernames/{u.id}", json={"age": 40}, headers=h).status_code == 404
    assert client.delete(f"/v1/user/usernames/{u.id}", headers=h).status_code == 404
    assert client.post(f"/v1/user/usernames/{u.id}/delist", headers=h).status_code == 404
    assert client.get(f"/v1/user/usernames/{u.id}", headers=h).status_code == 404
    profile = client.get(f"/v1/usernames/{u.id}").json()
    assert profile["age"] == 25
    assert "owner_one" in _names(client)


def test_delist_hides_and_relist_shows_again(client, db):
    _, h, u = _owner(db)
    assert "owner_one" in _names(client)
    r = client.post(f"/v1/user/usernames/{u.id}/delist", headers=h)
    assert r.json()["data"]["status"] == "delisted"
    assert "relist" in r.json()["data"]["actions"]
    assert "owner_one" not in _names(client)
    assert client.get(f"/v1/usernames/{u.id}").status_code == 404
    # The owner still sees their own profile.
    assert client.get(f"/v1/usernames/{u.id}", headers=h).json()["is_owner"] is True
    assert (
        client.post(f"/v1/user/usernames/{u.id}/relist", headers=h).json()["message"] == "Username relisted."
    )
    assert "owner_one" in _names(client)


def test_relist_only_from_delisted(client, db):
    _, h, u = _owner(db)
    r = client.post(f"/v1/user/usernames/{u.id}/relist", headers=h)
    assert r.status_code == 400
    assert r.json()["message"] == "Only a delisted username can be relisted."


def test_delete_removes_it_everywhere(client, db):
    _, h, u = _owner(db)
    assert client.delete(f"/v1/user/usernames/{u.id}", headers=h).json()["message"] == "Username deleted."
    assert "owner_one" not in _names(client)
    assert client.get(f"/v1/usernames/{u.id}", headers=h).status_code == 404
    assert client.get("/v1/user/usernames", headers=h).json()["data"] == []


def test_banned_or_deleted_owner_disappears_from_lists(client, db):
    user, _, u = _owner(db)
    assert "owner_one" in _names(client)
    member_bans.ban(db, user=user, until=None, reason="spam")
    db.commit()
    assert "owner_one" not in _names(client)
    member_bans.unban(db, user=user)
    db.commit()
    assert "owner_one" in _names(client)
    user.deleted_at = clock.now()
    db.commit()
    assert client.get(f"/v1/usernames/{u.id}").status_code == 404


def test_banned_username_shows_its_wait_then_ready_to_unban(client, db):
    user = make_user(db)
    h = auth(token_for(db, user))
    make_username(db, user=user, status="banned", banned_until=clock.now() + timedelta(hours=3))
    mine = client.get("/v1/user/usernames", headers=h).json()["data"][0]
    assert mine["status_notice"] == "Your username is banned. You can request an unban in 3 hours."
    assert "unban" not in mine["actions"] and "topup" not in mine["actions"]
    clock.travel(3 * 3600 + 5)
    mine = client.get("/v1/user/usernames", headers=h).json()["data"][0]
    assert mine["ready_to_unban"] is True and "unban" in mine["actions"]
