"""/admin/groups: search, edit the information and the maximum, remove; audited; Full only."""

from __future__ import annotations

from sqlalchemy import select

from addme.audit.models import AdminAudit
from addme.core import clock
from addme.groups.models import Group, GroupMember
from tests.factories.accounts import make_user
from tests.factories.community import make_group
from tests.factories.wallet import admin


def test_search_finds_groups_by_name_handle_owner_or_id(client, db):
    _, headers = admin(db)
    owner = make_user(db, email="owner-groups@example.com")
    owls = make_group(db, owner=owner, name="Night owls", username="owls_tg", app="telegram")
    make_group(db, name="Gym buddies", username="gymmers")
    everyone = client.get("/v1/admin/groups", headers=headers).json()
    assert [g["name"] for g in everyone["data"]] == ["Gym buddies", "Night owls"]
    for q in ("owls", "OWLS_TG", "owner-groups@example.com"):
        found = client.get("/v1/admin/groups", params={"q": q}, headers=headers).json()["data"]
        assert [g["id"] for g in found] == [owls.id], q
    # A number is a group's or an owner's account number: the group with that number is among them.
    found = client.get("/v1/admin/groups", params={"q": str(owls.id)}, headers=headers).json()["data"]
    assert owls.id in [g["id"] for g in found]
    row = client.get("/v1/admin/groups", params={"app": "telegram"}, headers=headers).json()["data"][0]
    assert row["owner_email"] == "owner-groups@example.com" and row["username"] == "owls_tg"


def test_an_admin_edits_the_information_and_the_maximum(client, db):
    _, headers = admin(db)
    group = make_group(db, members=[make_user(db), make_user(db)], max_members=10)
    r = client.patch(
        f"/v1/admin/groups/{group.id}",
        json={"description": "Adults only, be kind.", "max_members": 5, "reason": "owner asked"},
        headers=headers,
    )
    assert r.status_code == 200, r.text
    assert (r.json()["description"], r.json()["max_members"]) == ("Adults only, be kind.", 5)
    public = client.get(f"/v1/groups/{group.slug}").json()
    assert public["description"] == "Adults only, be kind." and public["max_members"] == 5
    below = client.patch(f"/v1/admin/groups/{group.id}", json={"max_members": 2}, headers=headers)
    assert below.status_code == 422 and "max_members" in below.json()["errors"]
    audit = db.execute(select(AdminAudit.action, AdminAudit.reason, AdminAudit.after)).all()
    assert [(a, r) for a, r, _ in audit] == [("group.update", "owner asked")]
    assert audit[0][2]["max_members"] == 5


def test_an_edit_that_changes_nothing_is_not_audited_nor_dated(client, db):
    _, headers = admin(db)
    group = make_group(db, name="Night owls", max_members=10)
    gid, updated = group.id, group.updated_at
    clock.travel(60)
    same = {"name": "Night owls", "max_members": 10, "reason": "no-op"}
    assert client.patch(f"/v1/admin/groups/{gid}", json=same, headers=headers).status_code == 200
    db.expire_all()
    assert db.get(Group, gid).updated_at == updated
    assert db.scalar(select(AdminAudit.id)) is None
    r = client.patch(f"/v1/admin/groups/{gid}", json={"name": "Night owls club"}, headers=headers)
    assert r.status_code == 200, r.text
    db.expire_all()
    assert db.get(Group, gid).updated_at > updated
    row = db.execute(select(AdminAudit.action, AdminAudit.target, AdminAudit.before, AdminAudit.after)).one()
    assert row.action == "group.update" and row.target == f"group:{gid}"
    assert (row.before["name"], row.after["name"]) == ("Night owls", "Night owls club")


def test_an_admin_removes_a_group_with_a_reason(client, db):
    _, headers = admin(db)
    group = make_group(db, members=[make_user(db)])
    gid, slug = group.id, group.slug
    no_reason = client.request("DELETE", f"/v1/admin/groups/{gid}", json={"reason": ""}, headers=headers)
    assert no_reason.status_code == 422
    r = client.request("DELETE", f"/v1/admin/groups/{gid}", json={"reason": "spam group"}, headers=headers)
    assert r.status_code == 204
    db.expire_all()
    assert db.get(Group, gid) is None
    assert db.scalar(select(GroupMember).where(GroupMember.group_id == gid)) is None
    assert client.get(f"/v1/groups/{slug}").json()["message"] == "Group could not be found."
    assert db.scalar(select(AdminAudit.reason).where(AdminAudit.action == "group.delete")) == "spam group"


def test_an_unknown_group_is_the_specs_message(client, db):
    _, headers = admin(db)
    for method, body in (("GET", None), ("PATCH", {"name": "Whatever"}), ("DELETE", {"reason": "gone"})):
        r = client.request(method, "/v1/admin/groups/987654", json=body, headers=headers)
        assert r.status_code == 404
        assert r.json()["message"] == "Group could not be found."
        assert r.json()["code"] == "group_not_found"


def test_only_full_admins_manage_groups(client, db):
    group = make_group(db)
    for level in ("Moderator", "AdPartner"):
        _, headers = admin(db, level)
        assert client.get("/v1/admin/groups", headers=headers).status_code == 403
        r = client.request("DELETE", f"/v1/admin/groups/{group.id}", json={"reason": "nope"}, headers=headers)
        assert r.status_code == 403
    assert db.get(Group, group.id) is not None


def test_a_reversed_appeal_brings_a_removed_group_back_with_its_members(client, db):
    from tests.factories.accounts import auth, token_for

    owner, fan = make_user(db), make_user(db)
    group = make_group(db, owner=owner, members=[fan])
    gid, slug = group.id, group.slug
    _, remover = admin(db)
    r = client.request(
        "DELETE", f"/v1/admin/groups/{gid}", json={"reason": "spam group, again"}, headers=remover
    )
    assert r.status_code == 204
    assert client.get(f"/v1/groups/{slug}").json()["message"] == "Group could not be found."

    mine = auth(token_for(db, owner))
    decision = client.get("/v1/user/decisions", headers=mine).json()["data"][0]
    assert decision["statement"]["decision"] == "remove_group"
    path = f"/v1/user/decisions/{decision['statement']['id']}/appeal"
    assert client.post(path, json={"message": "It is a book club."}, headers=mine).status_code == 201
    _, reverser = admin(db)
    appeal = client.get("/v1/admin/appeals?status=open", headers=reverser).json()["data"][0]
    done = client.post(
        f"/v1/admin/appeals/{appeal['id']}/decide",
        json={"action": "reverse", "macro": "appeal_mistake"},
        headers=reverser,
    )
    assert done.status_code == 200, done.text
    db.expire_all()
    assert db.get(Group, gid) is not None
    members = set(db.scalars(select(GroupMember.user_id).where(GroupMember.group_id == gid)))
    assert {owner.id, fan.id} <= members
    assert client.get(f"/v1/groups/{slug}").status_code == 200
