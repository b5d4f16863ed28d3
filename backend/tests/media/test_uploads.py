"""Members uploading, listing and deleting their pictures through the API."""

from __future__ import annotations

import io
from datetime import timedelta

from PIL import Image
from sqlalchemy import func, select

from addme.core import clock
from addme.core.config import get_settings
from addme.listings.models import Username
from addme.media.models import Media
from tests.factories.listings import make_username
from tests.factories.media import files, five_mb, jpeg_with_gps, make_media, picture, upload
from tests.factories.wallet import member
from tests.media.conftest import stored_files


def _count(db) -> int:
    return db.scalar(select(func.count()).select_from(Media)) or 0


def _local(url: str):
    return get_settings().media_dir / url.removeprefix(get_settings().media_url + "/")


def test_a_member_uploads_gallery_images_and_sees_them(client, db, owner):
    _, headers, username = owner
    res = upload(client, headers, username.id, picture(1), picture(2, fmt="JPEG"))
    assert res.status_code == 200
    body = res.json()
    assert body["success"] is True and body["message"] == "Media Uploaded."
    assert body["skipped_message"] is None and len(body["data"]) == 2
    item = body["data"][0]
    assert item["kind"] == "gallery" and item["content_type"] == "image/webp"
    assert (item["width"], item["height"]) == (400, 300)
    # Random names: nothing of the member's file name or handle.
    assert "picture" not in item["url"] and username.username not in item["url"]
    served = client.get(item["url"])
    assert served.status_code == 200
    assert served.headers["content-type"] == "image/webp"
    assert served.headers["x-content-type-options"] == "nosniff"
    assert client.get(item["thumb_url"]).status_code == 200
    mine = client.get(f"/v1/user/usernames/{username.id}/media", headers=headers).json()
    assert [m["id"] for m in mine["gallery"]] == [d["id"] for d in body["data"]]
    assert mine["profile"] is None and mine["gallery_limit"] == 5


def test_the_stored_file_has_no_exif_or_gps(client, db, owner):
    _, headers, username = owner
    res = upload(client, headers, username.id, ("holiday.jpg", jpeg_with_gps() + b"<script>x</script>"))
    stored = _local(res.json()["data"][0]["url"]).read_bytes()
    img = Image.open(io.BytesIO(stored))
    assert not img.getexif() and "exif" not in img.info
    assert b"GPS" not in stored and b"TestCam" not in stored and b"<script>" not in stored


def test_six_files_are_refused_and_nothing_is_stored(client, db, owner):
    _, headers, username = owner
    before = stored_files()
    res = upload(client, headers, username.id, *[picture(i) for i in range(6)])
    assert res.status_code == 422
    assert res.json()["message"] == "Only 5 files are allowed to upload."
    assert res.json()["errors"] == {"files": ["Only 5 files are allowed to upload."]}
    assert _count(db) == 0 and stored_files() == before


def test_fifty_tiny_files_are_refused_by_the_parser(client, db, owner):
    _, headers, username = owner
    res = upload(client, headers, username.id, *[b"x"] * 50)
    assert res.status_code == 422 and res.json()["message"] == "Only 5 files are allowed to upload."
    assert _count(db) == 0


def test_a_file_over_4mb_is_skipped_and_the_rest_uploaded(client, db, owner):
    _, headers, username = owner
    res = upload(client, headers, username.id, ("big.png", five_mb()), picture(2))
    body = res.json()
    assert body["success"] is True and body["message"] == "Media Uploaded."
    assert body["skipped_message"] == "1 files exceed the limit of 4MB. They will not be uploaded"
    assert len(body["data"]) == 1 and _count(db) == 1


def test_when_every_file_is_too_large_nothing_is_uploaded(client, db, owner):
    _, headers, username = owner
    res = upload(client, headers, username.id, five_mb(), five_mb())
    assert res.status_code == 400
    assert res.json() == {
        "message": "Error, Media not uploaded, please contact support.",
        "errors": {},
        "code": "not_uploaded",
        "skipped_message": "2 files exceed the limit of 4MB. They will not be uploaded",
    }
    assert _count(db) == 0


def test_a_file_that_lies_about_its_type_refuses_the_request(client, db, owner):
    _, headers, username = owner
    before = stored_files()
    for name, data in [
        ("photo.jpg", b"I am a text file, not a photo at all"),
        ("cute.png", b"<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"),
        ("index.gif", b"<html><script>alert(document.cookie)</script></html>"),
    ]:
        res = upload(client, headers, username.id, picture(1), (name, data))
        assert res.status_code == 422
        assert res.json()["errors"]["files"] == [f"{name}: The file is not a JPEG, PNG, WebP or GIF image."]
    assert _count(db) == 0 and stored_files() == before


def test_a_decompression_bomb_is_refused(client, db, owner):
    from tests.factories.media import png_declaring

    _, headers, username = owner
    res = upload(client, headers, username.id, ("bomb.png", png_declaring(50000, 50000)))
    assert res.status_code == 422 and "7680x4320" in res.json()["message"]
    assert _count(db) == 0


def test_members_keep_5_images_and_vip_owners_20(client, db, owner):
    _, headers, username = owner
    assert upload(client, headers, username.id, *[picture(i) for i in range(5)]).json()["success"]
    res = upload(client, headers, username.id, picture(9))
    assert res.status_code == 400 and "can hold 5 images" in res.json()["message"]
    assert "VIP" in res.json()["message"] and _count(db) == 5

    vip, vip_headers = member(db, promotion_ending_at=clock.now() + timedelta(days=7))
    vip_name = make_username(db, user=vip)
    for batch in range(4):
        got = upload(client, vip_headers, vip_name.id, *[picture(10 + batch * 5 + i) for i in range(5)])
        assert got.json()["success"], got.json()
    over = upload(client, vip_headers, vip_name.id, picture(99))
    assert over.status_code == 400 and "can hold 20 images" in over.json()["message"]
    studio, studio_headers = member(db, studio_ending_at=clock.now() + timedelta(days=7))
    studio_name = make_username(db, user=studio)
    assert (
        client.get(f"/v1/user/usernames/{studio_name.id}/media", headers=studio_headers).json()[
            "gallery_limit"
        ]
        == 20
    )


def test_another_members_username_is_404_and_untouched(client, db, owner):
    user, _, username = owner
    media = make_media(db, username_id=username.id, user_id=user.id)
    _, stranger = member(db)
    base = f"/v1/user/usernames/{username.id}"
    assert client.get(f"{base}/media", headers=stranger).status_code == 404
    assert upload(client, stranger, username.id, picture(1)).status_code == 404
    pic = client.post(f"{base}/profile-picture", files=files(picture(1), field="file"), headers=stranger)
    assert pic.status_code == 404
    assert client.delete(f"{base}/media/{media.id}", headers=stranger).status_code == 404
    assert client.get("/v1/user/usernames/999999/media", headers=stranger).status_code == 404
    assert _count(db) == 1


def test_visitors_must_sign_in(client, db, owner):
    _, _, username = owner
    assert upload(client, {}, username.id, picture(1)).status_code == 401
    assert client.get(f"/v1/user/usernames/{username.id}/media").status_code == 401


def test_deleting_an_image_removes_its_files(client, db, owner):
    _, headers, username = owner
    item = upload(client, headers, username.id, picture(1)).json()["data"][0]
    paths = [_local(item["url"]), _local(item["thumb_url"])]
    assert all(p.is_file() for p in paths)
    res = client.delete(f"/v1/user/usernames/{username.id}/media/{item['id']}", headers=headers)
    assert res.json() == {"success": True, "message": "Media deleted."}
    assert not any(p.exists() for p in paths) and _count(db) == 0
    again = client.delete(f"/v1/user/usernames/{username.id}/media/{item['id']}", headers=headers)
    assert again.status_code == 404


def test_profile_picture_replaces_the_old_one_and_reaches_the_public_profile(client, db, owner):
    _, headers, username = owner
    url = f"/v1/user/usernames/{username.id}/profile-picture"
    assert client.get(f"/v1/usernames/{username.id}").json()["profile_picture"] is None  # now cached
    first = client.post(url, files=files(picture(1), field="file"), headers=headers).json()
    assert first["success"] is True and first["message"] == "Profile picture updated."
    assert first["profile_picture"] == first["data"]["url"]
    assert client.get(f"/v1/usernames/{username.id}").json()["profile_picture"] == first["profile_picture"]
    second = client.post(url, files=files(picture(2), field="file"), headers=headers).json()
    assert not _local(first["profile_picture"]).exists() and _local(second["profile_picture"]).is_file()
    db.expire_all()
    assert db.get(Username, username.id).profile_picture == second["profile_picture"]
    mine = client.get(f"/v1/user/usernames/{username.id}/media", headers=headers).json()
    assert mine["profile"]["id"] == second["data"]["id"] and mine["gallery"] == []


def test_profile_picture_refusals(client, db, owner):
    _, headers, username = owner
    url = f"/v1/user/usernames/{username.id}/profile-picture"
    res = client.post(url, files=files(five_mb(), field="file"), headers=headers)
    big = res.json()
    assert res.status_code == 400 and big["message"] == "Profile picture not updated."
    assert big["code"] == "picture_not_updated"
    assert big["skipped_message"] == "1 files exceed the limit of 4MB. They will not be uploaded"
    two = client.post(url, files=files(picture(1), picture(2), field="file"), headers=headers)
    assert two.status_code == 422 and two.json()["message"] == "Only one file is allowed."
    lie = client.post(url, files=files(("me.jpg", b"not an image"), field="file"), headers=headers)
    assert lie.status_code == 422
    none = client.post(url, data={"x": "1"}, headers=headers)
    assert none.status_code == 422 and none.json()["message"] == "Choose an image to upload."
    assert _count(db) == 0


def test_a_request_declaring_more_than_five_files_worth_is_refused_unread(client, db, owner):
    _, headers, username = owner
    res = client.post(
        f"/v1/user/usernames/{username.id}/media",
        content=b"x" * 10,
        headers={
            **headers,
            "Content-Type": "multipart/form-data; boundary=b",
            "Content-Length": str(21 << 20),
        },
    )
    assert res.status_code == 413
    assert res.json()["message"] == "The request is too large: at most 20 MB can be sent here."


def test_a_storage_failure_stores_nothing_and_says_so(client, db, owner, monkeypatch):
    from addme.media.storage import LocalStorage

    _, headers, username = owner
    before = stored_files()
    real_put, calls = LocalStorage.put, []

    def flaky_put(self, key, data, *, content_type):
        calls.append(key)
        if len(calls) > 4:  # the second image's objects fail
            raise OSError("disk full")
        real_put(self, key, data, content_type=content_type)

    monkeypatch.setattr(LocalStorage, "put", flaky_put)
    res = upload(client, headers, username.id, picture(1), picture(2))
    assert res.status_code == 503
    assert res.json()["message"] == "Error, Media not uploaded, please contact support."
    assert _count(db) == 0 and stored_files() == before
    url = f"/v1/user/usernames/{username.id}/profile-picture"
    calls.extend(["x"] * 10)
    pic = client.post(url, files=files(picture(3), field="file"), headers=headers)
    assert pic.status_code == 503 and pic.json()["message"] == "Profile picture not updated."
