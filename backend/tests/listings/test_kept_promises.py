"""What is sold is kept (issue 31): Studio adds usernames without the 24-hour wait, enforced on the
server; sellers fall back to pending review when their key's VIP or Studio ends (spec section 4)."""

from __future__ import annotations

from datetime import timedelta

from addme.core import clock
from addme.jobs.registry import sellers_back_to_review
from addme.listings.models import Username
from tests.factories.accounts import make_user
from tests.factories.listings import make_username, submit_body
from tests.factories.wallet import admin, member


def test_studio_adds_usernames_without_the_24_hour_wait_on_the_server(client, db):
    _, h = member(db, studio_ending_at=clock.now() + timedelta(days=7))
    first = client.post("/v1/user/usernames", json=submit_body(), headers=h)
    assert first.status_code == 201
    assert client.post("/v1/user/usernames", json=submit_body(), headers=h).status_code == 201
    # Nor the wait after deleting one.
    client.delete(f"/v1/user/usernames/{first.json()['data']['id']}", headers=h)
    assert client.post("/v1/user/usernames", json=submit_body(), headers=h).status_code == 201
    assert client.get("/v1/user/usernames", headers=h).json()["meta"]["add_blocked_reason"] is None


def test_the_24_hour_rule_holds_for_others_and_after_studio_ends(client, db):
    _, vip = member(db, max_usernames=3, promotion_ending_at=clock.now() + timedelta(days=7))
    assert client.post("/v1/user/usernames", json=submit_body(), headers=vip).status_code == 201
    second = client.post("/v1/user/usernames", json=submit_body(), headers=vip)
    assert second.status_code == 400 and second.json()["message"].startswith("You can add one new username")
    _, ended = member(db, max_usernames=3, studio_ending_at=clock.now() - timedelta(minutes=1))
    assert client.post("/v1/user/usernames", json=submit_body(), headers=ended).status_code == 201
    assert client.post("/v1/user/usernames", json=submit_body(), headers=ended).status_code == 400


def test_sellers_fall_back_to_pending_when_their_key_expires(client, db):
    now = clock.now()
    lapsed = make_user(db, promotion_ending_at=now - timedelta(hours=1))
    seller = make_username(db, user=lapsed, paid_content=True, owner_vip_until=now - timedelta(hours=1))
    not_selling = make_username(db, user=lapsed, paid_content=False, owner_vip_until=now - timedelta(hours=1))
    running = make_user(db, studio_ending_at=now + timedelta(days=3))
    still_keyed = make_username(db, user=running, paid_content=True, owner_vip_until=now + timedelta(days=3))
    never_keyed = make_username(db, paid_content=True)
    listed = {c["id"] for c in client.get("/v1/usernames").json()["data"]}
    assert seller.id in listed

    assert sellers_back_to_review(db) == {"usernames": 1}
    db.expire_all()
    back = db.get(Username, seller.id)
    assert back.status == "pending" and back.listed is False and "reviewed again" in back.review_reason
    assert {db.get(Username, u.id).status for u in (not_selling, still_keyed, never_keyed)} == {"approved"}
    assert seller.id not in {c["id"] for c in client.get("/v1/usernames").json()["data"]}
    # In the moderators' queue.
    _, mod = admin(db, "Moderator")
    queue = client.get("/v1/admin/review", headers=mod).json()["data"]
    held = {row["username"]["id"]: row["rule"] for row in queue}
    assert seller.id in held and "reviewed again" in held[seller.id]
    # Run again: nothing more to do.
    assert sellers_back_to_review(db) == {"usernames": 0}
