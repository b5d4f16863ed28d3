"""/admin/tags: counts, search, create, rename, merge and hide; audited; Full only."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from addme.audit.models import AdminAudit
from addme.listings.models import Tag, Username
from addme.listings.search import tag_sizes
from tests.factories.listings import make_username
from tests.factories.wallet import admin


def _tag(db, name: str) -> Tag:
    tag = db.scalar(select(Tag).where(Tag.name == name))
    assert tag is not None, name
    return tag


def _audit(db) -> list[tuple[str, str]]:
    return [
        (a, r) for a, r in db.execute(select(AdminAudit.action, AdminAudit.reason).order_by(AdminAudit.id))
    ]


def test_the_table_counts_usernames_and_searches(client, db):
    _, headers = admin(db)
    make_username(db, tags=["gamer", "gym"])
    make_username(db, tags=["gamer"])
    make_username(db, tags=["gamer"], status="pending")
    page = client.get("/v1/admin/tags", headers=headers).json()
    assert [(t["name"], t["usernames"], t["listed"]) for t in page["data"]] == [
        ("gamer", 3, 2),
        ("gym", 1, 1),
    ]
    assert page["meta"]["total"] == 2
    found = client.get("/v1/admin/tags", params={"q": "GY"}, headers=headers).json()["data"]
    assert [t["name"] for t in found] == ["gym"]


def test_create_refuses_a_bad_or_taken_name(client, db):
    _, headers = admin(db)
    r = client.post("/v1/admin/tags", json={"name": "#Night Owl", "reason": "seed"}, headers=headers)
    assert r.status_code == 201, r.text
    assert r.json()["name"] == "night-owl" and r.json()["usernames"] == 0
    again = client.post("/v1/admin/tags", json={"name": "night owl"}, headers=headers)
    assert again.status_code == 409 and again.json()["code"] == "tag_exists"
    bad = client.post("/v1/admin/tags", json={"name": "x"}, headers=headers)
    assert bad.status_code == 422 and "name" in bad.json()["errors"]
    assert _audit(db) == [("tag.create", "seed")]


@pytest.mark.parametrize("rare", [True, False], ids=["tag's rows first", "walked"])
def test_rename_rewrites_every_username_and_the_public_counts(client, db, monkeypatch, rare):
    # Either way a tag's list is read (tag_sizes.py), it follows the new name at once.
    monkeypatch.setattr(tag_sizes, "RARE_TAG_ROWS", 1_000 if rare else 0)
    _, headers = admin(db)
    u = make_username(db, tags=["gamr", "gym"])
    tag = _tag(db, "gamr")
    r = client.patch(f"/v1/admin/tags/{tag.id}", json={"name": "Gamer", "reason": "typo"}, headers=headers)
    assert r.status_code == 200, r.text
    assert r.json()["name"] == "gamer"
    db.expire_all()
    assert db.get(Username, u.id).tags_text == "gamer gym"
    assert {t["name"] for t in client.get("/v1/tags").json()} == {"gamer", "gym"}
    card = client.get("/v1/usernames", params={"tag": "gamer"}).json()["data"]
    assert [c["id"] for c in card] == [u.id] and card[0]["tags"] == ["gamer", "gym"]
    assert client.get("/v1/usernames", params={"tag": "gamr"}).json()["data"] == []
    other = make_username(db, tags=["gym"])
    clash = client.patch(f"/v1/admin/tags/{tag.id}", json={"name": "gym"}, headers=headers)
    assert clash.status_code == 409
    assert other.id
    assert _audit(db) == [("tag.rename", "typo")]


def test_merge_moves_usernames_and_removes_the_source(client, db):
    _, headers = admin(db)
    only_a = make_username(db, tags=["selfie", "gym"])
    both = make_username(db, tags=["selfies", "selfie"])
    only_b = make_username(db, tags=["selfies"])
    a, b = _tag(db, "selfie").id, _tag(db, "selfies").id
    r = client.post(f"/v1/admin/tags/{a}/merge", json={"into": "#Selfies", "reason": "same"}, headers=headers)
    assert r.status_code == 200, r.text
    assert (r.json()["name"], r.json()["usernames"]) == ("selfies", 3)
    db.expire_all()
    assert db.scalar(select(Tag).where(Tag.name == "selfie")) is None
    assert db.get(Username, only_a.id).tags_text == "selfies gym"
    assert db.get(Username, both.id).tags_text == "selfies"
    listed = client.get("/v1/usernames", params={"tag": "selfies"}).json()["data"]
    assert {c["id"] for c in listed} == {only_a.id, both.id, only_b.id}
    assert {t["name"]: t["count"] for t in client.get("/v1/tags").json()}["selfies"] == 3
    itself = client.post(f"/v1/admin/tags/{b}/merge", json={"into": "selfies"}, headers=headers)
    assert itself.status_code == 422
    gone = client.post(f"/v1/admin/tags/{a}/merge", json={"into": "selfies"}, headers=headers)
    assert gone.status_code == 404 and gone.json()["message"] == "Tag not found."
    gone = client.post(f"/v1/admin/tags/{b}/merge", json={"into": "nothing-here"}, headers=headers)
    assert gone.status_code == 404 and gone.json()["message"] == "Tag not found."
    assert _audit(db) == [("tag.merge", "same")]


def test_a_hidden_tag_leaves_tags_and_filters_until_shown_again(client, db):
    _, headers = admin(db)
    make_username(db, tags=["spammy", "gym"])
    tag = _tag(db, "spammy")
    r = client.patch(f"/v1/admin/tags/{tag.id}", json={"hidden": True, "reason": "spam"}, headers=headers)
    assert r.status_code == 200 and r.json()["hidden"] is True
    assert [t["name"] for t in client.get("/v1/tags").json()] == ["gym"]
    assert [t["name"] for t in client.get("/v1/tags", params={"app": "snapchat"}).json()] == ["gym"]
    hidden = client.get("/v1/admin/tags", params={"hidden": True}, headers=headers).json()["data"]
    assert [t["name"] for t in hidden] == ["spammy"]
    client.patch(f"/v1/admin/tags/{tag.id}", json={"hidden": False}, headers=headers)
    assert {t["name"] for t in client.get("/v1/tags").json()} == {"gym", "spammy"}
    assert _audit(db) == [("tag.hide", "spam"), ("tag.show", "")]


def test_only_full_admins_keep_tags(client, db):
    _, headers = admin(db, "Moderator")
    assert client.get("/v1/admin/tags", headers=headers).status_code == 403
    _, headers = admin(db, "AdPartner")
    assert client.post("/v1/admin/tags", json={"name": "gamer"}, headers=headers).status_code == 403


def test_an_edit_that_changes_nothing_is_not_audited(client, db):
    _, headers = admin(db)
    make_username(db, tags=["gym", "yoga"])
    tag = _tag(db, "gym")
    for same in ({"name": "gym"}, {"hidden": False}, {"name": "GYM", "hidden": False}):
        assert client.patch(f"/v1/admin/tags/{tag.id}", json=same, headers=headers).status_code == 200
    assert _audit(db) == []
    client.patch(f"/v1/admin/tags/{tag.id}", json={"hidden": True}, headers=headers)
    client.patch(f"/v1/admin/tags/{tag.id}", json={"name": "gymnastics", "hidden": False}, headers=headers)
    rows = db.execute(
        select(AdminAudit.action, AdminAudit.before, AdminAudit.after, AdminAudit.details)
    ).all()
    assert [tuple(r) for r in rows] == [
        ("tag.hide", {"name": "gym", "hidden": False}, {"name": "gym", "hidden": True}, None),
        (
            "tag.rename",
            {"name": "gym", "hidden": True},
            {"name": "gymnastics", "hidden": False},
            {"usernames": 1},
        ),
    ]
