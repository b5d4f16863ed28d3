"""Comments on a profile: posting, the free allowance, the owner's answer and hiding, screening,
reports decided as decisions, thumbs from young accounts, and a burst held for review."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from addme.comments.models import Comment
from addme.core import clock
from addme.decisions.models import StatementOfReasons
from addme.mail.models import OutboxMessage
from tests.factories.community import member, vip
from tests.factories.listings import make_username
from tests.factories.wallet import admin

OLD = {"created_at": clock.now() - timedelta(days=30)}


def _url(u) -> str:
    return f"/v1/usernames/{u.id}/comments"


def test_a_member_comments_and_everyone_reads_it_newest_first_without_email(client, db) -> None:
    owner, _ = member(db)
    listing = make_username(db, user=owner)
    first, h1 = member(db, **OLD)
    _second, h2 = member(db, **OLD)
    r = client.post(_url(listing), json={"text": "Real, answered in a minute", "thumb": "up"}, headers=h1)
    assert r.status_code == 201, r.text
    assert r.json()["message"] == "Your comment is on the profile."
    client.post(_url(listing), json={"text": "Answered the next day", "thumb": None}, headers=h2)
    page = client.get(_url(listing)).json()
    texts = [c["text"] for c in page["data"]]
    assert texts == ["Answered the next day", "Real, answered in a minute"]
    assert page["data"][1]["account_age_days"] == 30
    assert first.email not in r.text and first.email not in str(page)
    assert page["thumbs"] == {"up": 1, "down": 0}


def test_no_comment_on_ones_own_listing_and_one_a_day(client, db) -> None:
    owner, ho = member(db)
    listing = make_username(db, user=owner)
    r = client.post(_url(listing), json={"text": "I am great"}, headers=ho)
    assert r.status_code == 403 and r.json()["code"] == "own_listing"
    _, h = member(db)
    assert client.post(_url(listing), json={"text": "Hello there"}, headers=h).status_code == 201
    again = client.post(_url(listing), json={"text": "Hello again"}, headers=h)
    assert again.status_code == 400 and again.json()["code"] == "one_comment_per_day"


def test_a_free_member_hits_the_allowance_and_a_vip_does_not(client, db) -> None:
    _, h = member(db)
    _, hv = vip(db)
    listings = [make_username(db) for _ in range(4)]
    for u in listings[:3]:
        assert client.post(_url(u), json={"text": "Answered fast"}, headers=h).status_code == 201
    allowance = client.get(_url(listings[3]), headers=h).json()["allowance"]
    assert allowance["left"] == 0 and allowance["can_comment"] is False
    refused = client.post(_url(listings[3]), json={"text": "Answered fast"}, headers=h)
    assert refused.status_code == 429 and refused.json()["code"] == "daily_allowance"
    assert "3 comments a day" in refused.json()["message"]
    for u in listings:
        assert client.post(_url(u), json={"text": "VIP says hi"}, headers=hv).status_code == 201
    assert client.get(_url(listings[0]), headers=hv).json()["allowance"]["per_day"] is None


def test_the_owner_answers_once_and_hides_a_comment_that_staff_still_see(client, db) -> None:
    owner, ho = member(db)
    listing = make_username(db, user=owner)
    _, h = member(db)
    cid = client.post(_url(listing), json={"text": "Never answered me", "thumb": "down"}, headers=h).json()[
        "comment"
    ]["id"]
    r = client.post(f"{_url(listing)}/{cid}/answer", json={"text": "Sorry, I was away"}, headers=ho)
    assert r.status_code == 200 and r.json()["comment"]["answer"] == "Sorry, I was away"
    twice = client.post(f"{_url(listing)}/{cid}/answer", json={"text": "Again"}, headers=ho)
    assert twice.status_code == 409
    _, stranger = member(db)
    assert client.post(f"{_url(listing)}/{cid}/hide", headers=stranger).status_code == 403
    assert client.post(f"{_url(listing)}/{cid}/hide", headers=ho).status_code == 200
    assert client.get(_url(listing)).json()["data"] == []
    owner_view = client.get(_url(listing), headers=ho).json()["data"]
    assert owner_view[0]["hidden"] is True
    _, ha = admin(db, "Moderator")
    assert [c["id"] for c in client.get(_url(listing), headers=ha).json()["data"]] == [cid]
    assert db.get(Comment, cid) is not None


def test_a_comment_naming_a_16_year_old_is_refused(client, db) -> None:
    listing = make_username(db)
    _, h = member(db)
    r = client.post(_url(listing), json={"text": "Careful, she is 16 years old"}, headers=h)
    assert r.status_code == 422
    assert r.json()["code"] == "comment_minor_signal"
    assert "under 18" in r.json()["message"]
    assert client.get(_url(listing)).json()["data"] == []


def test_a_reported_comment_removed_with_a_reason_reaches_its_author_as_a_decision(client, db) -> None:
    listing = make_username(db)
    author, h = member(db)
    _, reporter = member(db)
    cid = client.post(_url(listing), json={"text": "This one is a scam"}, headers=h).json()["comment"]["id"]
    r = client.post(f"{_url(listing)}/{cid}/reports", json={"message": "insults"}, headers=reporter)
    assert r.status_code == 200 and r.json()["success"] is True
    _, ha = admin(db, "Moderator")
    queue = client.get("/v1/admin/comment-reports", headers=ha).json()
    assert [q["comment_id"] for q in queue] == [cid]
    no_reason = client.post(f"/v1/admin/comments/{cid}/decide", json={"action": "remove"}, headers=ha)
    assert no_reason.status_code == 422
    reason = "Accusations without facts break the comment rules."
    d = client.post(
        f"/v1/admin/comments/{cid}/decide", json={"action": "remove", "reason": reason}, headers=ha
    )
    assert d.status_code == 200, d.text
    assert client.get(_url(listing)).json()["data"] == []
    mine = client.get("/v1/user/decisions", headers=h).json()["data"]
    assert mine[0]["statement"]["decision"] == "remove_comment"
    assert mine[0]["statement"]["facts"] == reason
    assert mine[0]["appealable"] is True
    mail = db.scalars(select(OutboxMessage).where(OutboxMessage.to == author.email)).all()
    assert any(reason in m.body for m in mail)


def test_two_removals_in_30_days_suspend_commenting(client, db) -> None:
    _author, h = member(db)
    _, ha = admin(db, "Moderator")
    reason = "Removed under the comment rules."
    for _ in range(2):
        listing = make_username(db)
        cid = client.post(_url(listing), json={"text": "rude words"}, headers=h).json()["comment"]["id"]
        client.post(
            f"/v1/admin/comments/{cid}/decide", json={"action": "remove", "reason": reason}, headers=ha
        )
    r = client.post(_url(make_username(db)), json={"text": "hello"}, headers=h)
    assert r.status_code == 400 and r.json()["code"] == "commenting_suspended"


def test_thumbs_from_one_day_old_accounts_do_not_count(client, db) -> None:
    listing = make_username(db)
    for _ in range(2):
        _, h = member(db, created_at=clock.now() - timedelta(days=1))
        client.post(_url(listing), json={"text": "Fake", "thumb": "down"}, headers=h)
    _, old = member(db, **OLD)
    client.post(_url(listing), json={"text": "Real", "thumb": "up"}, headers=old)
    _, hopper = member(db, hopping_restricted_until=clock.now() + timedelta(days=20), **OLD)
    client.post(_url(listing), json={"text": "Fake", "thumb": "down"}, headers=hopper)
    page = client.get(_url(listing)).json()
    assert page["thumbs"] == {"up": 1, "down": 0}
    assert len(page["data"]) == 4


def test_a_burst_holds_the_rest_for_review_and_tells_the_owner(client, db) -> None:
    owner, _ = member(db)
    listing = make_username(db, user=owner)
    for _ in range(10):
        _, h = vip(db)
        assert (
            client.post(_url(listing), json={"text": "Pile on"}, headers=h).json()["comment"]["status"]
            == "visible"
        )
    _, late = vip(db)
    r = client.post(_url(listing), json={"text": "Pile on"}, headers=late)
    assert r.status_code == 201 and r.json()["comment"]["status"] == "held"
    assert "waits for a moderator" in r.json()["message"]
    assert len(client.get(_url(listing)).json()["data"]) == 10
    told = db.scalars(select(OutboxMessage).where(OutboxMessage.to == owner.email)).all()
    assert any("Many comments" in m.subject for m in told)
    assert db.scalars(select(StatementOfReasons)).all() == []
