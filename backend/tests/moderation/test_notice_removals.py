"""Removing what a notice names: the image, its stored copies (a resized, re-encoded upload in
another member's gallery) in the same decision, the block on uploading it again, listings and
groups by their addresses, the private picture and the statement of reasons."""

from __future__ import annotations

import io

from PIL import Image
from sqlalchemy import func, select

from addme.audit.models import AdminAudit
from addme.decisions.models import StatementOfReasons
from addme.groups.models import Group
from addme.listings.models import Username
from addme.mail.models import OutboxMessage
from addme.media.models import Media
from addme.media.storage import get_storage
from addme.moderation.models import Notice
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.community import make_group
from tests.factories.listings import make_username
from tests.factories.media import picture, upload
from tests.moderation.test_notices import SITE, body

REASON = "Posted without the consent of the person shown."


def _copy_of(raw: bytes) -> bytes:
    """The same picture resized and re-encoded as a JPEG: what a re-upload usually is."""
    img = Image.open(io.BytesIO(raw)).convert("RGB")
    out = io.BytesIO()
    img.resize((img.width * 3 // 4, img.height * 3 // 4)).save(out, "JPEG", quality=80)
    return out.getvalue()


def _member_with_gallery(client, db, raw: bytes):
    owner = make_user(db)
    headers = auth(token_for(db, owner))
    username = make_username(db, user=owner)
    r = upload(client, headers, username.id, raw)
    assert r.status_code in (200, 201), r.text
    media = db.scalar(select(Media).where(Media.username_id == username.id))
    return owner, username, media


def _moderator(db) -> dict[str, str]:
    return auth(token_for(db, make_user(db, admin_level="Moderator")))


def _remove(client, headers, notice_id: int, **extra):
    payload = {"action": "remove", "ground": "law", "category": "non_consensual_behaviour", "reason": REASON}
    return client.post(f"/v1/admin/notices/{notice_id}/decide", json={**payload, **extra}, headers=headers)


def test_removing_an_image_takes_down_its_copies_and_blocks_a_new_upload(client, db):
    original = picture(21, size=(640, 480))
    _, _, image = _member_with_gallery(client, db, original)
    _, _, copy = _member_with_gallery(client, db, _copy_of(original))
    _, _, other = _member_with_gallery(client, db, picture(99, size=(640, 480)))
    url = get_storage().url(image.storage_key)
    r = client.post("/v1/notices", json=body(urls=[url if "://" in url else SITE + url]))
    assert r.status_code == 201, r.text
    notice = db.scalar(select(Notice))
    h = _moderator(db)

    detail = client.get(f"/v1/admin/notices/{notice.id}", headers=h).json()
    assert [t["key"] for t in detail["targets"]] == [f"media:{image.id}"]
    assert [c["key"] for c in detail["copies"]] == [f"media:{copy.id}"]
    assert detail["copies"][0]["distance"] <= 31

    image_id, copy_id, other_id = image.id, copy.id, other.id
    out = _remove(client, h, notice.id)
    assert out.status_code == 200, out.text
    decision = out.json()
    assert [t["key"] for t in decision["removed"]] == [f"media:{image_id}"]
    assert [c["key"] for c in decision["copies"]] == [f"media:{copy_id}"]
    db.expire_all()
    assert db.get(Media, image_id) is None and db.get(Media, copy_id) is None
    assert db.get(Media, other_id) is not None
    statement = db.scalar(select(StatementOfReasons).where(StatementOfReasons.subject_type == "notice"))
    assert statement.decision_visibility == "content_removed"
    assert sorted(statement.content) == sorted([f"media:{image_id}", f"media:{copy_id}"])
    audit = db.scalar(select(AdminAudit).where(AdminAudit.action == "notice.remove"))
    assert audit.reason == REASON and audit.after["copies"] == [f"media:{copy_id}"]
    blocks = db.scalars(select(AdminAudit).where(AdminAudit.action == "media.block")).all()
    assert len(blocks) == 2 and all(notice.reference in b.reason for b in blocks)
    outcome = db.scalars(
        select(OutboxMessage).where(OutboxMessage.to == "jane@example.com").order_by(OutboxMessage.id)
    ).all()[-1]
    assert "removed" in outcome.subject and "1 copies" in outcome.body

    # Uploading it again, by anyone, is refused and nothing is stored.
    stranger = make_user(db)
    where = make_username(db, user=stranger)
    again = upload(client, auth(token_for(db, stranger)), where.id, _copy_of(original))
    assert again.status_code == 422 and again.json()["code"] == "blocked_image"
    assert db.scalar(select(func.count()).select_from(Media).where(Media.username_id == where.id)) == 0


def test_a_picture_only_notice_finds_the_stored_image_and_stays_private(client, db):
    original = picture(33, size=(600, 600))
    _, _, image = _member_with_gallery(client, db, original)
    form = {k: str(v) for k, v in body().items() if k not in ("urls", "good_faith")}
    r = client.post(
        "/v1/notices",
        data={**form, "good_faith": "true"},
        files={"picture": ("mine.jpg", _copy_of(original), "image/jpeg")},
    )
    assert r.status_code == 201, r.text
    notice = db.scalar(select(Notice))
    assert notice.urls == [] and notice.picture_path.startswith("notices/") and notice.picture_pdq
    h = _moderator(db)
    assert client.get(f"/v1/admin/notices/{notice.id}/picture").status_code == 401
    member = auth(token_for(db, make_user(db)))
    assert client.get(f"/v1/admin/notices/{notice.id}/picture", headers=member).status_code == 403
    seen = client.get(f"/v1/admin/notices/{notice.id}/picture", headers=h)
    assert seen.status_code == 200 and seen.headers["content-type"] == "image/webp"
    assert "no-store" in seen.headers["cache-control"]
    detail = client.get(f"/v1/admin/notices/{notice.id}", headers=h).json()
    assert detail["has_picture"] is True and [c["key"] for c in detail["copies"]] == [f"media:{image.id}"]


def test_a_profile_address_removes_the_listing_and_a_group_address_the_group(client, db):
    owner = make_user(db)
    username = make_username(db, user=owner)
    group = make_group(db, owner=owner)
    urls = [f"{SITE}/profile/{username.id}", f"{SITE}/group/{group.slug}"]
    assert client.post("/v1/notices", json=body(kind="impersonation", urls=urls)).status_code == 201
    notice = db.scalar(select(Notice))
    h = _moderator(db)
    keys = [t["key"] for t in client.get(f"/v1/admin/notices/{notice.id}", headers=h).json()["targets"]]
    assert keys == [f"username:{username.id}", f"group:{group.id}"]
    username_id, group_id = username.id, group.id
    out = _remove(client, h, notice.id, ground="terms", category="scams_and_fraud")
    assert out.status_code == 200, out.text
    db.expire_all()
    assert db.get(Username, username_id).status == "deleted"
    assert db.get(Group, group_id) is None
    assert client.get(f"/v1/usernames/{username_id}").status_code == 404


def test_a_target_the_moderator_unticks_stays_up(client, db):
    owner = make_user(db)
    username = make_username(db, user=owner)
    group = make_group(db, owner=owner)
    urls = [f"{SITE}/profile/{username.id}", f"{SITE}/group/{group.slug}"]
    client.post("/v1/notices", json=body(kind="other", urls=urls))
    notice = db.scalar(select(Notice))
    out = _remove(
        client,
        _moderator(db),
        notice.id,
        skip=[f"username:{username.id}"],
        category="scope_of_platform_service",
    )
    assert [t["key"] for t in out.json()["removed"]] == [f"group:{group.id}"]
    db.expire_all()
    assert db.get(Username, username.id).status == "approved"


def test_the_owner_of_a_picture_a_notice_removed_is_told_and_a_reversed_appeal_brings_it_back(client, db):
    from addme.decisions.models import HeldContent

    original = picture(33, size=(640, 480))
    owner, _, image = _member_with_gallery(client, db, original)
    owner_headers = auth(token_for(db, owner))
    url = get_storage().url(image.storage_key)
    public = url if "://" in url else SITE + url
    client.post("/v1/notices", json=body(urls=[public]))
    notice = db.scalar(select(Notice))
    image_id, reference = image.id, notice.reference
    assert _remove(client, _moderator(db), notice.id).status_code == 200
    assert client.get(url).status_code == 404

    # The owner is mailed a statement naming the notice, and finds it, appealable, in their area.
    mail = db.scalars(select(OutboxMessage).where(OutboxMessage.to == owner.email)).all()
    assert any("Picture removed" in m.subject and reference in m.body for m in mail)
    mine = client.get("/v1/user/decisions", headers=owner_headers).json()["data"]
    assert [d["statement"]["decision"] for d in mine] == ["remove_media"]
    assert mine[0]["appealable"] is True and reference in mine[0]["statement"]["facts"]
    held = db.scalar(select(HeldContent).where(HeldContent.subject_id == image_id))
    assert held is not None and held.held_keys

    # The transparency report counts the notice's decision once, not once more per owner.
    staff = auth(token_for(db, make_user(db, admin_level="Full")))
    month = client.get("/v1/admin/transparency", headers=staff).json()["months"][0]
    assert month["decisions_total"] == 1

    path = f"/v1/user/decisions/{mine[0]['statement']['id']}/appeal"
    message = {"message": "This is a photo of my own dog, not of a person."}
    assert client.post(path, json=message, headers=owner_headers).status_code == 201
    reverser = _moderator(db)
    appeal = client.get("/v1/admin/appeals?status=open", headers=reverser).json()["data"][0]
    done = client.post(
        f"/v1/admin/appeals/{appeal['id']}/decide",
        json={"action": "reverse", "macro": "appeal_mistake"},
        headers=reverser,
    )
    assert done.status_code == 200, done.text
    # The picture is back where it was, and it may be uploaded again: the notice's block is lifted.
    assert client.get(url).status_code == 200
    db.expire_all()
    assert db.get(Media, image_id) is not None
    stranger = make_user(db)
    where = make_username(db, user=stranger)
    again = upload(client, auth(token_for(db, stranger)), where.id, _copy_of(original))
    assert again.status_code in (200, 201), again.text


def test_the_owners_of_a_listing_and_a_group_a_notice_removed_get_their_statements(client, db):
    owner = make_user(db)
    username = make_username(db, user=owner)
    group = make_group(db, owner=owner)
    urls = [f"{SITE}/profile/{username.id}", f"{SITE}/group/{group.slug}"]
    client.post("/v1/notices", json=body(kind="impersonation", urls=urls))
    notice = db.scalar(select(Notice))
    group_id = group.id
    assert (
        _remove(client, _moderator(db), notice.id, ground="terms", category="scams_and_fraud").status_code
        == 200
    )
    mine = client.get("/v1/user/decisions", headers=auth(token_for(db, owner))).json()["data"]
    assert sorted(d["statement"]["decision"] for d in mine) == ["remove_group", "remove_username"]
    assert all(d["appealable"] for d in mine)
    group_decision = next(d for d in mine if d["statement"]["decision"] == "remove_group")
    path = f"/v1/user/decisions/{group_decision['statement']['id']}/appeal"
    headers = auth(token_for(db, owner))
    assert (
        client.post(path, json={"message": "My group is my own, not a copy."}, headers=headers).status_code
        == 201
    )
    reverser = _moderator(db)
    appeal = client.get("/v1/admin/appeals?status=open", headers=reverser).json()["data"][0]
    out = client.post(
        f"/v1/admin/appeals/{appeal['id']}/decide",
        json={"action": "reverse", "macro": "appeal_mistake"},
        headers=reverser,
    )
    assert out.status_code == 200, out.text
    db.expire_all()
    assert db.get(Group, group_id) is not None
