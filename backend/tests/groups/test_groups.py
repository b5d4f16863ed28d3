"""Groups: create costs exactly one Top-Up, ownership, join/leave/full, public lists, cleanup."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from addme.core import clock
from addme.groups import service
from addme.groups.models import Group, GroupMember
from addme.moderation import member_bans
from addme.wallet import ledger, reconcile
from addme.wallet.models import Kind, LedgerEntry, Reason
from tests.factories.community import make_group, member
from tests.factories.wallet import give


@pytest.fixture(autouse=True)
def _ledger_agrees(db) -> Iterator[None]:  # type: ignore[no-untyped-def]
    yield
    db.rollback()
    assert reconcile.balance_mismatches(db) == []


def body(**over: object) -> dict[str, object]:
    b: dict[str, object] = {
        "app": "telegram",
        "name": "Night Owls Club",
        "username": "https://t.me/+AbCdEf123",
        "description": "Adults only, be kind.",
        "max_members": 50,
    }
    b.update(over)
    return b


def test_create_spends_exactly_one_topup_with_a_group_ledger_row(client, db) -> None:
    user, h = member(db)
    give(db, user, top_ups=3)
    r = client.post("/v1/user/groups", json=body(), headers=h)
    assert r.status_code == 201, r.text
    data = r.json()
    assert data["success"] is True and data["message"] == "Group created."
    assert data["group"]["slug"].startswith("night-owls-club-")
    assert data["group"]["members_count"] == 1 and data["group"]["is_owner"] is True
    db.refresh(user)
    assert user.top_ups_count == 2
    rows = db.scalars(select(LedgerEntry).where(LedgerEntry.reason == "group")).all()
    assert [(r.delta, r.kind) for r in rows] == [(-1, "top_up")]


def test_create_without_topups_is_refused_and_writes_nothing(client, db) -> None:
    user, h = member(db)
    r = client.post("/v1/user/groups", json=body(), headers=h)
    assert r.status_code == 400
    assert r.json()["code"] == "not_enough_topups"
    assert r.json()["message"] == "Not enough Top-Up"
    assert db.scalar(select(func.count()).select_from(Group)) == 0
    assert db.scalar(select(func.count()).select_from(GroupMember)) == 0
    assert db.scalar(select(func.count()).select_from(LedgerEntry)) == 0
    db.refresh(user)
    assert user.top_ups_count == 0


def test_last_topup_buys_one_group_only(client, db) -> None:
    user, h = member(db)
    give(db, user, top_ups=1)
    assert client.post("/v1/user/groups", json=body(), headers=h).status_code == 201
    second = client.post("/v1/user/groups", json=body(name="Another one"), headers=h)
    assert second.status_code == 400 and second.json()["code"] == "not_enough_topups"
    assert db.scalar(select(func.count()).select_from(Group)) == 1
    db.refresh(user)
    assert user.top_ups_count == 0


def test_spend_race_is_decided_by_the_conditional_update(db) -> None:
    """A request that loaded the balance before another one spent it still cannot create a free group."""
    from addme.core.db import new_session
    from addme.core.errors import AppError
    from addme.groups.schemas import GroupCreate

    user, _ = member(db)
    give(db, user, top_ups=1)
    assert user.top_ups_count == 1  # loaded before the concurrent spend below
    with new_session() as other:
        assert ledger.spend(other, user_id=user.id, kind=Kind.TOP_UP, reason=Reason.GROUP)
        other.commit()
    with pytest.raises(AppError) as err:
        service.create(db, user=user, data=GroupCreate.model_validate(body()))
    assert err.value.code == "not_enough_topups"
    assert db.scalar(select(func.count()).select_from(Group)) == 0


@pytest.mark.parametrize(
    ("over", "field"),
    [
        ({"max_members": 1}, "max_members"),
        ({"max_members": 10001}, "max_members"),
        ({"app": "whatsapp"}, "app"),
        ({"username": "javascript:alert(1)"}, "username"),
        ({"username": "http://t.me/x"}, "username"),
        ({"name": "ab"}, "name"),
        ({"members_count": 900}, "members_count"),
    ],
)
def test_create_validation(client, db, over, field) -> None:  # type: ignore[no-untyped-def]
    user, h = member(db)
    give(db, user, top_ups=1)
    r = client.post("/v1/user/groups", json=body(**over), headers=h)
    assert r.status_code == 422
    assert field in r.json()["errors"]
    db.refresh(user)
    assert user.top_ups_count == 1


def test_create_needs_login(client) -> None:
    assert client.post("/v1/user/groups", json=body()).status_code == 401


def test_owner_edits_and_deletes_non_owner_gets_404(client, db) -> None:
    owner, oh = member(db)
    _, sh = member(db)
    group = make_group(db, owner=owner)
    r = client.patch(f"/v1/user/groups/{group.id}", json={"name": "Renamed", "max_members": 20}, headers=sh)
    assert r.status_code == 404 and r.json()["message"] == "Group could not be found."
    assert client.delete(f"/v1/user/groups/{group.id}", headers=sh).status_code == 404
    r = client.patch(f"/v1/user/groups/{group.id}", json={"name": "Renamed", "max_members": 20}, headers=oh)
    assert r.status_code == 200 and r.json()["message"] == "Group updated."
    assert r.json()["group"]["name"] == "Renamed" and r.json()["group"]["max_members"] == 20
    r = client.delete(f"/v1/user/groups/{group.id}", headers=oh)
    assert r.json() == {"success": True, "message": "Group deleted."}
    assert db.scalar(select(func.count()).select_from(GroupMember)) == 0


def test_max_members_cannot_drop_below_members(client, db) -> None:
    owner, oh = member(db)
    others = [member(db)[0] for _ in range(3)]
    group = make_group(db, owner=owner, members=others)
    r = client.patch(f"/v1/user/groups/{group.id}", json={"max_members": 3}, headers=oh)
    assert r.status_code == 422 and "max_members" in r.json()["errors"]


def test_join_leave_and_full(client, db) -> None:
    group = make_group(db, max_members=2)
    _, ah = member(db)
    _, bh = member(db)
    r = client.post(f"/v1/groups/{group.id}/join", headers=ah)
    assert r.status_code == 200 and r.json()["message"] == "You joined the group."
    assert r.json()["group"]["members_count"] == 2 and r.json()["group"]["is_full"] is True
    again = client.post(f"/v1/groups/{group.id}/join", headers=ah)
    assert again.status_code == 409
    full = client.post(f"/v1/groups/{group.id}/join", headers=bh)
    assert full.status_code == 400 and full.json()["message"] == "This group is full."
    left = client.post(f"/v1/groups/{group.id}/leave", headers=ah)
    assert left.status_code == 200 and left.json()["group"]["members_count"] == 1
    assert client.post(f"/v1/groups/{group.id}/leave", headers=ah).status_code == 400
    assert client.post(f"/v1/groups/{group.id}/join", headers=bh).status_code == 200


def test_owner_cannot_leave(client, db) -> None:
    owner, oh = member(db)
    group = make_group(db, owner=owner)
    r = client.post(f"/v1/groups/{group.id}/leave", headers=oh)
    assert r.status_code == 400 and r.json()["code"] == "owner_cannot_leave"


def test_my_groups_split_created_and_joined(client, db) -> None:
    me, h = member(db)
    mine = make_group(db, owner=me, name="Mine")
    theirs = make_group(db, name="Theirs")
    make_group(db, name="Other")
    client.post(f"/v1/groups/{theirs.id}/join", headers=h)
    r = client.get("/v1/user/groups", headers=h).json()
    assert [g["id"] for g in r["created"]] == [mine.id]
    assert [g["id"] for g in r["joined"]] == [theirs.id]


def test_public_list_filters_and_pages(client, db) -> None:
    for i in range(3):
        make_group(db, name=f"Snap {i}", app="snapchat")
    make_group(db, name="Tele", app="telegram")
    r = client.get("/v1/groups", params={"app": "snapchat", "per_page": 2}).json()
    assert r["meta"] == {"page": 1, "per_page": 2, "total": 3, "has_next": True}
    assert all(g["app"] == "snapchat" for g in r["data"])
    assert client.get("/v1/groups").json()["meta"]["total"] == 4


def test_public_page_and_404(client, db) -> None:
    owner, h = member(db)
    group = make_group(db, owner=owner)
    r = client.get(f"/v1/groups/{group.slug}")
    assert r.status_code == 200 and r.json()["is_member"] is False
    assert client.get(f"/v1/groups/{group.slug}", headers=h).json()["is_owner"] is True
    missing = client.get("/v1/groups/nope-000000")
    assert missing.status_code == 404 and missing.json()["message"] == "Group could not be found."


def test_banned_owner_hides_group(client, db) -> None:
    owner, _ = member(db)
    group = make_group(db, owner=owner)
    member_bans.ban(db, user=owner, until=None, reason="")
    db.commit()
    assert client.get(f"/v1/groups/{group.slug}").status_code == 404
    assert client.get("/v1/groups").json()["meta"]["total"] == 0


def test_cleanup_removes_small_inactive_groups_only(db) -> None:
    old = clock.now() - timedelta(days=8)
    lonely_old = make_group(db, name="Lonely old", last_activity_at=old)
    busy_old = make_group(db, name="Busy old", last_activity_at=old, members=[member(db)[0]])
    lonely_new = make_group(db, name="Lonely new", last_activity_at=clock.now() - timedelta(days=6))
    assert service.cleanup_inactive(db) == 1
    ids = set(db.scalars(select(Group.id)))
    assert ids == {busy_old.id, lonely_new.id}
    assert lonely_old.id not in set(db.scalars(select(GroupMember.group_id)))
    assert service.cleanup_inactive(db) == 0


def test_cleanup_job_is_registered() -> None:
    from addme.jobs.service import registered

    assert "cleanup-groups" in registered()


def test_the_group_handle_is_shown_only_to_members(client, db) -> None:
    owner, owner_headers = member(db)
    give(db, owner, top_ups=1)
    created = client.post("/v1/user/groups", json=body(), headers=owner_headers).json()["group"]
    slug, group_id = created["slug"], created["id"]
    assert created["username"] == "https://t.me/+AbCdEf123"

    # A visitor and a signed-in non-member see the group but not its invite.
    assert client.get("/v1/groups").json()["data"][0]["username"] is None
    assert client.get(f"/v1/groups/{slug}").json()["username"] is None
    _, visitor = member(db)
    assert client.get(f"/v1/groups/{slug}", headers=visitor).json()["username"] is None

    # Joining reveals it.
    joined = client.post(f"/v1/groups/{group_id}/join", headers=visitor).json()
    assert joined["group"]["username"] == "https://t.me/+AbCdEf123"
    assert client.get(f"/v1/groups/{slug}", headers=visitor).json()["username"] == "https://t.me/+AbCdEf123"


def test_group_lists_take_the_username_lists_sub_paths(client, db) -> None:
    from tests.factories.accounts import make_user
    from tests.factories.listings import make_username

    vip = make_user(db, promotion_ending_at=clock.now() + timedelta(days=3))
    lapsed = make_user(db, promotion_ending_at=clock.now() - timedelta(days=1))
    woman = make_user(db)
    make_username(db, user=woman, gender="Female", orientation="Lesbian")
    crowded = make_group(db, owner=vip, name="VIP room", members=[make_user(db) for _ in range(3)])
    make_group(db, owner=lapsed, name="Lapsed room")
    hers = make_group(db, owner=woman, name="Her room")

    names = lambda r: [g["name"] for g in r.json()["data"]]  # noqa: E731
    assert names(client.get("/v1/groups", params={"vip": True})) == ["VIP room"]
    assert names(client.get("/v1/groups", params={"gender": "Female"})) == ["Her room"]
    assert names(client.get("/v1/groups", params={"orientation": "Lesbian", "gender": "Female"})) == [
        "Her room"
    ]
    assert client.get("/v1/groups", params={"orientation": "Gay"}).json()["data"] == []
    # Hottest: most members first, whatever the latest activity.
    hers.last_activity_at = clock.now() + timedelta(minutes=5)
    db.commit()
    assert names(client.get("/v1/groups", params={"order": "popular"}))[0] == crowded.name
    assert client.get("/v1/groups", params={"gender": "Robot"}).status_code == 422


def test_a_group_whose_text_reads_as_a_minors_is_refused_and_costs_nothing(client, db) -> None:
    user, h = member(db)
    give(db, user, top_ups=1)
    r = client.post("/v1/user/groups", json=body(description="Lycéennes 16 ans only"), headers=h)
    assert r.status_code == 422 and r.json()["code"] == "minor_signal"
    assert list(r.json()["errors"]) == ["description"]
    assert db.scalar(select(func.count()).select_from(Group)) == 0
    db.refresh(user)
    assert user.top_ups_count == 1
    group = make_group(db, owner=user)
    r = client.patch(f"/v1/user/groups/{group.id}", json={"name": "Jailbait club"}, headers=h)
    assert r.status_code == 422 and list(r.json()["errors"]) == ["name"]
    db.refresh(group)
    assert group.name != "Jailbait club"
