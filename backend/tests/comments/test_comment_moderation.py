"""The comment moderation queue: reported and held comments with their listing and reasons, Keep or
Remove with a reason, and no moderator deciding a case that is their own."""

from __future__ import annotations

from addme.comments.models import Comment, CommentStatus
from tests.factories.community import member, vip
from tests.factories.listings import make_username
from tests.factories.wallet import admin

REASON = "Checked against the comment rules."


def _url(u) -> str:  # type: ignore[no-untyped-def]
    return f"/v1/usernames/{u.id}/comments"


def _held(client, db, listing) -> int:  # type: ignore[no-untyped-def]
    """A burst on `listing`: the eleventh comment in an hour waits for a moderator."""
    for _ in range(10):
        _, h = vip(db)
        client.post(_url(listing), json={"text": "Pile on"}, headers=h)
    _, late = vip(db)
    r = client.post(_url(listing), json={"text": "Held in the burst"}, headers=late)
    assert r.json()["comment"]["status"] == "held"
    return int(r.json()["comment"]["id"])


def test_the_queue_lists_reported_and_held_comments_with_the_listing_and_reasons(client, db) -> None:
    listing = make_username(db, username="queue_listing")
    _, h = member(db)
    _, reporter = member(db)
    reported = client.post(_url(listing), json={"text": "You are a fake"}, headers=h).json()["comment"]["id"]
    client.post(f"{_url(listing)}/{reported}/reports", json={"message": "insulting me"}, headers=reporter)
    held = _held(client, db, make_username(db))
    _, mod = admin(db, "Moderator")

    everything = client.get("/v1/admin/comment-reports", headers=mod).json()
    assert {q["comment_id"] for q in everything} == {reported, held}
    row = next(q for q in everything if q["comment_id"] == reported)
    assert row["text"] == "You are a fake" and row["reports"] == ["insulting me"]
    assert row["listing_username"] == "queue_listing" and row["listing_app"] == "snapchat"
    assert row["own_case"] is False
    only_held = client.get("/v1/admin/comment-reports", params={"kind": "held"}, headers=mod).json()
    assert [q["comment_id"] for q in only_held] == [held]
    assert only_held[0]["held_reason"].startswith("burst")
    only_reported = client.get("/v1/admin/comment-reports", params={"kind": "reported"}, headers=mod).json()
    assert [q["comment_id"] for q in only_reported] == [reported]


def test_keeping_a_held_comment_needs_a_reason_and_shows_it_on_the_profile(client, db) -> None:
    listing = make_username(db)
    held = _held(client, db, listing)
    _, mod = admin(db, "Moderator")
    short = client.post(
        f"/v1/admin/comments/{held}/decide", json={"action": "dismiss", "reason": "ok"}, headers=mod
    )
    assert short.status_code == 422
    assert db.get(Comment, held).status == CommentStatus.HELD
    keep = client.post(
        f"/v1/admin/comments/{held}/decide", json={"action": "dismiss", "reason": REASON}, headers=mod
    )
    assert keep.status_code == 200, keep.text
    assert held in [c["id"] for c in client.get(_url(listing)).json()["data"]]
    assert client.get("/v1/admin/comment-reports", params={"kind": "held"}, headers=mod).json() == []


def test_no_moderator_decides_their_own_comment_listing_or_report(client, db) -> None:
    _, ha = admin(db, "Moderator")
    owner, ho = admin(db, "Moderator")
    _, hr = admin(db, "Moderator")
    _, other = admin(db, "Moderator")
    listing = make_username(db, user=owner)
    cid = client.post(_url(listing), json={"text": "Never answered me"}, headers=ha).json()["comment"]["id"]
    client.post(f"{_url(listing)}/{cid}/reports", json={"message": "false claim"}, headers=hr)
    for who in (ha, ho, hr):
        queue = client.get("/v1/admin/comment-reports", headers=who).json()
        assert next(q for q in queue if q["comment_id"] == cid)["own_case"] is True
        for action in ("remove", "dismiss"):
            r = client.post(
                f"/v1/admin/comments/{cid}/decide", json={"action": action, "reason": REASON}, headers=who
            )
            assert r.status_code == 403 and r.json()["code"] == "own_case"
    assert db.get(Comment, cid).status == CommentStatus.VISIBLE
    assert cid in [c["id"] for c in client.get(_url(listing)).json()["data"]]
    done = client.post(
        f"/v1/admin/comments/{cid}/decide", json={"action": "remove", "reason": REASON}, headers=other
    )
    assert done.status_code == 200
    assert client.get(_url(listing)).json()["data"] == []
