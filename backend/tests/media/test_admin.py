"""The admin gallery and image bans."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from addme.audit.models import AdminAudit
from addme.media.models import Media
from tests.factories.media import make_media, picture, upload
from tests.factories.wallet import admin, member


@pytest.mark.parametrize("level", [None, "Moderator", "AdPartner"])
def test_only_full_admins_reach_the_gallery_and_image_bans(client, db, level):
    _, headers = admin(db, level) if level else member(db)
    assert client.get("/v1/admin/gallery", headers=headers).status_code == 403
    assert client.delete("/v1/admin/gallery/1", headers=headers).status_code == 403
    assert client.get("/v1/admin/image-bans", headers=headers).status_code == 403
    res = client.post("/v1/admin/image-bans", json={"media_id": 1, "reason": "x"}, headers=headers)
    assert res.status_code == 403
    assert client.get("/v1/admin/gallery").status_code == 401


def test_admins_see_recent_uploads_and_remove_one(client, db, owner):
    user, _, username = owner
    older = make_media(db, username_id=username.id, user_id=user.id, seed=1)
    newer = make_media(db, username_id=username.id, user_id=user.id, seed=2)
    _, headers = admin(db)
    page = client.get("/v1/admin/gallery", headers=headers).json()
    assert [m["id"] for m in page["data"]] == [newer.id, older.id]
    assert page["data"][0]["username"] == username.username and page["meta"]["total"] == 2
    res = client.request(
        "DELETE", f"/v1/admin/gallery/{older.id}", json={"macro": "media_explicit"}, headers=headers
    )
    assert res.json() == {"success": True, "message": "Media removed."}
    assert client.get(page["data"][1]["url"]).status_code == 404
    missing = client.request(
        "DELETE", f"/v1/admin/gallery/{older.id}", json={"macro": "media_explicit"}, headers=headers
    )
    assert missing.status_code == 404 and missing.json()["message"] == "Error, Media Not Removed"
    assert db.scalar(select(func.count()).select_from(AdminAudit).where(AdminAudit.action == "media.remove"))


def test_a_banned_image_and_its_near_duplicates_cannot_come_back(client, db, owner):
    _, headers, username = owner
    item = upload(client, headers, username.id, picture(5)).json()["data"][0]
    _, admin_headers = admin(db)
    res = client.post(
        "/v1/admin/image-bans",
        json={"media_id": item["id"], "reason": "non-consensual image"},
        headers=admin_headers,
    )
    assert res.status_code == 201
    ban = res.json()
    assert ban["reason"] == "non-consensual image" and len(ban["pdq"]) == 64 and ban["source"] == "admin_ban"
    assert db.scalar(select(func.count()).select_from(Media)) == 0
    assert client.get(item["url"]).status_code == 404
    # The same picture, resized and saved as a JPEG, is still refused; a different one is not.
    again = upload(
        client, headers, username.id, ("again.jpg", picture(5, size=(640, 480), fmt="JPEG", quality=60))
    )
    assert again.status_code == 422 and again.json()["code"] == "blocked_image"
    assert again.json()["errors"]["files"] == [
        "again.jpg: This image matches one removed from the site and cannot be uploaded."
    ]
    assert upload(client, headers, username.id, picture(6)).json()["success"] is True
    bans = client.get("/v1/admin/image-bans", headers=admin_headers).json()
    assert [b["id"] for b in bans["data"]] == [ban["id"]] and bans["meta"]["total"] == 1
    unknown = client.post("/v1/admin/image-bans", json={"media_id": 999999}, headers=admin_headers)
    assert unknown.status_code == 404


def test_removing_a_profile_picture_clears_it_from_the_username(client, db, owner):
    _, headers, username = owner
    url = f"/v1/user/usernames/{username.id}/profile-picture"
    body = client.post(url, files=[("file", ("me.png", picture(3), "image/png"))], headers=headers).json()
    _, admin_headers = admin(db)
    client.request(
        "DELETE",
        f"/v1/admin/gallery/{body['data']['id']}",
        json={"reason": "Not the owner's face"},
        headers=admin_headers,
    )
    assert client.get(f"/v1/usernames/{username.id}").json()["profile_picture"] is None


def test_a_removed_picture_is_held_private_and_a_reversed_appeal_brings_it_back(client, db, owner):
    from addme.decisions.models import HeldContent

    user, headers, username = owner
    media = make_media(db, username_id=username.id, user_id=user.id, seed=3)
    _, remover = admin(db)
    url = client.get("/v1/admin/gallery", headers=remover).json()["data"][0]["url"]
    assert client.get(url).status_code == 200
    res = client.request(
        "DELETE", f"/v1/admin/gallery/{media.id}", json={"macro": "media_explicit"}, headers=remover
    )
    assert res.status_code == 200
    assert client.get(url).status_code == 404

    # The held copies are never served, not even to someone who learns their key.
    held = db.scalar(select(HeldContent).where(HeldContent.subject_id == media.id))
    assert held is not None and held.held_keys
    for key in held.held_keys.values():
        assert client.get(f"/media/{key}").status_code == 404

    # The owner reads the removal, appeals; another admin reverses it: the picture is back.
    decision = client.get("/v1/user/decisions", headers=headers).json()["data"][0]
    assert decision["statement"]["decision"] == "remove_media" and decision["appealable"] is True
    path = f"/v1/user/decisions/{decision['statement']['id']}/appeal"
    assert (
        client.post(path, json={"message": "It is a drawing of a cat."}, headers=headers).status_code == 201
    )
    _, reverser = admin(db)
    appeal = client.get("/v1/admin/appeals?status=open", headers=reverser).json()["data"][0]
    assert appeal["restorable"] is True
    done = client.post(
        f"/v1/admin/appeals/{appeal['id']}/decide",
        json={"action": "reverse", "macro": "appeal_mistake"},
        headers=reverser,
    )
    assert done.status_code == 200, done.text
    assert client.get(url).status_code == 200
    gallery = client.get("/v1/admin/gallery", headers=reverser).json()["data"]
    assert [m["id"] for m in gallery] == [media.id]
    db.expire_all()
    assert db.scalar(select(func.count()).select_from(HeldContent)) == 0


def test_a_reversed_appeal_against_an_image_ban_brings_the_picture_back_and_lifts_the_ban(client, db, owner):
    _, headers, username = owner
    item = upload(client, headers, username.id, picture(8)).json()["data"][0]
    _, banner = admin(db)
    ban = client.post(
        "/v1/admin/image-bans",
        json={"media_id": item["id"], "reason": "Taken to be someone else's photo."},
        headers=banner,
    )
    assert ban.status_code == 201 and client.get(item["url"]).status_code == 404
    decision = client.get("/v1/user/decisions", headers=headers).json()["data"][0]
    assert decision["statement"]["decision"] == "remove_media" and decision["appealable"] is True
    path = f"/v1/user/decisions/{decision['statement']['id']}/appeal"
    assert (
        client.post(path, json={"message": "I took this photo myself."}, headers=headers).status_code == 201
    )
    _, reverser = admin(db)
    appeal = client.get("/v1/admin/appeals?status=open", headers=reverser).json()["data"][0]
    done = client.post(
        f"/v1/admin/appeals/{appeal['id']}/decide",
        json={"action": "reverse", "macro": "appeal_mistake"},
        headers=reverser,
    )
    assert done.status_code == 200, done.text
    assert client.get(item["url"]).status_code == 200
    assert client.get("/v1/admin/image-bans", headers=reverser).json()["meta"]["total"] == 0
    again = upload(client, headers, username.id, ("again.jpg", picture(8, size=(640, 480), fmt="JPEG")))
    assert again.json()["success"] is True
