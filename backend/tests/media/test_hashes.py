"""PDQ hashes of stored images: naming images by URL, finding copies, removing and blocking them,
and uploads refused once blocked (with nothing stored)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from addme.audit.models import AdminAudit
from addme.core.errors import AppError
from addme.media import blocking, hashes, intake, pdq, pipeline
from addme.media import constants as c
from addme.media.models import Media, MediaBlockedHash, MediaImageHash
from addme.media.storage import get_storage
from tests.factories.listings import make_username
from tests.factories.media import make_media, picture, upload
from tests.factories.wallet import admin, member
from tests.media.conftest import stored_files


def _count(db, model) -> int:
    return int(db.scalar(select(func.count()).select_from(model)) or 0)


def test_every_stored_image_has_its_pdq_hash(client, db, owner):
    _user, headers, username = owner
    item = upload(client, headers, username.id, picture(5)).json()["data"][0]
    row = db.scalar(select(MediaImageHash).where(MediaImageHash.media_id == item["id"]))
    assert row is not None and pdq.normalize(row.pdq) == row.pdq and row.quality >= 50
    # The hash is the stored file's: hashing it again gives the same answer.
    stored = get_storage().get(row.storage_key)
    assert stored is not None and pdq.distance(pipeline.fingerprint(stored)[0], row.pdq) <= 4
    res = client.post(
        f"/v1/user/usernames/{username.id}/profile-picture",
        files=[("file", ("me.png", picture(3), "image/png"))],
        headers=headers,
    )
    assert res.status_code == 200
    assert (
        db.scalar(select(MediaImageHash.kind).where(MediaImageHash.media_id == res.json()["data"]["id"]))
        == "profile"
    )


def test_a_resized_jpeg_copy_is_within_31_bits_and_unrelated_images_are_not():
    original, _ = pipeline.fingerprint(picture(11, size=(900, 700)))
    copy, _ = pipeline.fingerprint(picture(11, size=(450, 350), fmt="JPEG", quality=45))
    assert pdq.distance(original, copy) <= pdq.MATCH_DISTANCE
    others = [pipeline.fingerprint(picture(seed))[0] for seed in range(20, 30)]
    assert all(pdq.distance(original, h) > pdq.MATCH_DISTANCE for h in others)


def test_images_at_names_files_thumbnails_galleries_and_profiles(client, db, owner):
    user, _headers, username = owner
    first = make_media(db, username_id=username.id, user_id=user.id, seed=1)
    second = make_media(db, username_id=username.id, user_id=user.id, seed=2)
    picture_row = make_media(db, username_id=username.id, user_id=user.id, seed=3, kind=c.Kind.PROFILE)
    storage = get_storage()
    thumb = storage.url(first.thumb_key)
    by_file = blocking.images_at(db, urls=[f"http://testserver{storage.url(first.storage_key)}"])
    assert [(r.media_id, r.kind, r.user_id, r.username_id) for r in by_file] == [
        (first.id, "gallery", user.id, username.id)
    ]
    assert [r.media_id for r in blocking.images_at(db, urls=[thumb])] == [first.id]
    everything = {first.id, second.id, picture_row.id}
    for page in (
        f"/nude/{username.username}-{username.id}",
        f"http://testserver/profile/{username.id}",
        f"/username/{username.username}/{username.id}",
    ):
        assert {r.media_id for r in blocking.images_at(db, urls=[page])} == everything, page
    assert (
        blocking.images_at(
            db,
            urls=[
                "https://elsewhere.example/profile/1",
                f"https://elsewhere.example{storage.url(first.storage_key)}",
                "/profile/999999",
                "/media/gallery/nothing-here.webp",
                "/media/../../etc/passwd",
                "not a url at all",
                "http://[::1",
                "",
            ],
        )
        == []
    )


def test_copies_in_another_members_gallery_are_found_and_removed_in_one_decision(client, db, owner):
    _user, headers, username = owner
    item = upload(client, headers, username.id, picture(5)).json()["data"][0]
    other_user, other_headers = member(db)
    other_name = make_username(db, user=other_user)
    copy = upload(
        client,
        other_headers,
        other_name.id,
        ("copy.jpg", picture(5, size=(640, 480), fmt="JPEG", quality=55)),
    ).json()["data"][0]
    unrelated = upload(client, other_headers, other_name.id, picture(6)).json()["data"][0]
    files_before = stored_files()

    refs = blocking.images_at(db, urls=[item["url"]])
    assert [r.media_id for r in refs] == [item["id"]]
    copies = blocking.find_copies(db, pdqs=[r.pdq for r in refs], exclude_media_ids=[item["id"]])
    assert [(c.media_id, c.user_id, c.username_id) for c in copies] == [
        (copy["id"], other_user.id, other_name.id)
    ]
    assert 0 < copies[0].distance <= 31
    moderator, _ = admin(db, "Moderator")
    removed = blocking.remove_and_block(
        db, refs=[*refs, *copies], actor_id=moderator.id, reason="non-consensual", source="notice"
    )
    # Nothing is gone before the caller commits: the decision is one transaction.
    assert len(stored_files()) == len(files_before)
    db.commit()
    assert {r.media_id for r in removed} == {item["id"], copy["id"]}
    assert {m.id for m in db.scalars(select(Media))} == {unrelated["id"]}
    assert len(stored_files()) == len(files_before) - 6
    assert client.get(item["url"]).status_code == 404
    blocked = db.scalars(select(MediaBlockedHash)).all()
    assert {b.source for b in blocked} == {"notice"} and {b.subject for b in blocked} == {
        f"media:{item['id']}",
        f"media:{copy['id']}",
    }
    audits = db.scalars(select(AdminAudit).where(AdminAudit.action == "media.block")).all()
    assert len(audits) == 2 and {a.admin_id for a in audits} == {moderator.id}
    assert all(a.reason == "non-consensual" and a.admin_level == "Moderator" for a in audits)

    # The same picture again, by anyone and re-encoded: refused, and nothing is written.
    third_user, third_headers = member(db)
    third_name = make_username(db, user=third_user)
    files_now, rows_now = stored_files(), _count(db, Media)
    again = upload(
        client, third_headers, third_name.id, ("again.webp", picture(5, size=(500, 375), fmt="WEBP"))
    )
    assert again.status_code == 422
    body = again.json()
    assert body["code"] == "blocked_image"
    assert body["message"] == c.BLOCKED_IMAGE and body["errors"]["files"] == [
        f"again.webp: {c.BLOCKED_IMAGE}"
    ]
    picture_again = client.post(
        f"/v1/user/usernames/{third_name.id}/profile-picture",
        files=[("file", ("me.jpg", picture(5, fmt="JPEG", quality=70), "image/jpeg"))],
        headers=third_headers,
    )
    assert picture_again.status_code == 422 and picture_again.json()["code"] == "blocked_image"
    assert stored_files() == files_now and _count(db, Media) == rows_now
    assert _count(db, MediaImageHash) == rows_now
    # A different picture is still welcome.
    assert upload(client, third_headers, third_name.id, picture(8)).status_code == 200


def test_a_removed_profile_picture_leaves_the_card(client, db, owner):
    _user, headers, username = owner
    res = client.post(
        f"/v1/user/usernames/{username.id}/profile-picture",
        files=[("file", ("me.png", picture(3), "image/png"))],
        headers=headers,
    )
    url = res.json()["profile_picture"]
    refs = blocking.images_at(db, urls=[f"/profile/{username.id}"])
    assert [r.kind for r in refs] == ["profile"] and refs[0].url == url
    blocking.remove_and_block(db, refs=refs, actor_id=None, reason="impersonation", source="notice")
    db.commit()
    assert client.get(f"/v1/usernames/{username.id}").json()["profile_picture"] is None
    audit = db.scalar(select(AdminAudit).where(AdminAudit.action == "media.block"))
    assert audit is not None and audit.admin_id is None and audit.target == f"media:{refs[0].media_id}"


def test_a_rolled_back_decision_keeps_the_files(client, db, owner):
    user, _headers, username = owner
    row = make_media(db, username_id=username.id, user_id=user.id, seed=4)
    before = stored_files()
    refs = blocking.images_at(db, urls=[get_storage().url(row.storage_key)])
    blocking.remove_and_block(db, refs=refs, actor_id=None, reason="x", source="notice")
    db.rollback()
    db.commit()
    assert stored_files() == before and _count(db, MediaBlockedHash) == 0 and _count(db, Media) == 1


def test_ad_images_are_hashed_found_removed_and_blocked(client, db):
    _, headers = admin(db)
    res = client.post(
        "/v1/admin/ads/image", files=[("file", ("ad.png", picture(9), "image/png"))], headers=headers
    )
    assert res.status_code == 201, res.text
    url = res.json()["url"]
    row = db.scalar(select(MediaImageHash).where(MediaImageHash.kind == "ad"))
    assert row is not None and row.media_id is None and get_storage().url(row.storage_key) == url
    refs = blocking.images_at(db, urls=[url])
    assert [(r.kind, r.media_id, r.user_id) for r in refs] == [("ad", None, None)]
    assert [r.url for r in blocking.find_copies(db, pdqs=[refs[0].pdq])] == [url]
    before = stored_files()
    blocking.remove_and_block(db, refs=refs, actor_id=None, reason="stolen photo", source="notice")
    db.commit()
    assert len(stored_files()) == len(before) - 1 and _count(db, MediaImageHash) == 0
    again = client.post(
        "/v1/admin/ads/image",
        files=[("file", ("ad.jpg", picture(9, fmt="JPEG", quality=60), "image/jpeg"))],
        headers=headers,
    )
    assert again.status_code == 422 and again.json()["code"] == "blocked_image"
    assert len(stored_files()) == len(before) - 1 and _count(db, MediaImageHash) == 0


def test_hash_upload_hashes_a_picture_and_refuses_anything_else():
    hexed, quality = intake.hash_upload(data=picture(5, fmt="JPEG"))
    assert pdq.normalize(hexed) == hexed and 0 <= quality <= 100
    with pytest.raises(AppError) as refused:
        intake.hash_upload(data=b"<svg xmlns='http://www.w3.org/2000/svg'/>")
    assert refused.value.status_code == 422 and "picture" in refused.value.errors


def test_featureless_images_are_never_matched(db, owner):
    user, _, username = owner
    flat = pipeline.process(picture(1, size=(300, 300)))
    flat = pipeline.Processed(**{**flat.__dict__, "quality": 10})
    row = intake.store(db, user_id=user.id, username_id=username.id, kind="gallery", images=[flat])[0]
    db.commit()
    assert blocking.find_copies(db, pdqs=[flat.pdq]) == []
    hashes.block(db, hexed=flat.pdq, quality=10, source="notice", reason="x")
    db.commit()
    assert hashes.blocked_match(db, hexed=flat.pdq, quality=100) is None
    assert db.get(Media, row.id) is not None


# -- the multi-index against brute force --------------------------------------------------------


def _flip(hexed: str, bits: list[int]) -> str:
    value = int(hexed, 16)
    for bit in bits:
        value ^= 1 << bit
    return f"{value:064x}"


def _seed_hashes(db, hexes: list[str]) -> None:
    for i, hexed in enumerate(hexes):
        hashes.add_hash(db, media_id=None, kind="ad", storage_key=f"ads/h{i}.webp", hexed=hexed, quality=90)
    db.commit()


def test_find_copies_agrees_with_brute_force_on_random_hashes(db):
    rng = random.Random(29)
    needles = [f"{rng.getrandbits(256):064x}" for _ in range(5)]
    stored: list[str] = []
    for needle in needles:
        # Near and far around each needle, right at the edge included.
        for d in (0, 1, 15, 30, 31, 32, 33, 40, 64):
            stored.append(_flip(needle, rng.sample(range(256), d)))
    stored += [f"{rng.getrandbits(256):064x}" for _ in range(300)]
    _seed_hashes(db, stored)
    for needle in needles:
        got = {r.url.rsplit("/", 1)[1] for r in blocking.find_copies(db, pdqs=[needle])}
        want = {f"h{i}.webp" for i, h in enumerate(stored) if pdq.distance(h, needle) <= 31}
        assert got == want
    both = blocking.find_copies(db, pdqs=needles)
    assert len(both) == sum(1 for h in stored if min(pdq.distance(h, n) for n in needles) <= 31)
    assert [r.distance for r in both] == sorted(r.distance for r in both)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    needle=st.integers(min_value=0, max_value=2**256 - 1),
    flips=st.lists(st.sets(st.integers(min_value=0, max_value=255), max_size=40), min_size=1, max_size=6),
)
def test_the_chunk_probe_never_misses_a_match(needle, flips):
    """Pigeonhole: every hash within 31 bits shares a needle's chunk value or a one-bit flip of it."""
    hexed = f"{needle:064x}"
    wanted = pdq.probe([hexed])
    for bits in flips:
        other = _flip(hexed, sorted(bits))
        shares = any(v in wanted[i] for i, v in enumerate(pdq.chunks(other)))
        if pdq.distance(hexed, other) <= 31:
            assert shares
