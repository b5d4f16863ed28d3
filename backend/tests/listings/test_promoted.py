"""Paid placements said out loud (issue 31): every card and profile says why it stands higher for a
payment (`promoted_reason`), and /help/ranking explains the order in plain words."""

from __future__ import annotations

from datetime import timedelta

from addme.core import clock
from addme.listings import service
from tests.factories.accounts import make_user
from tests.factories.community import checked_in, member, vip
from tests.factories.listings import make_username

PARIS = (48.85661, 2.35222)


def test_each_card_and_profile_says_why_it_is_promoted(client, db):
    now = clock.now()
    plain = make_username(db, approved_at=now - timedelta(days=3))
    old_top_up = make_username(db, approved_at=now - timedelta(days=9), last_top_up=now - timedelta(hours=25))
    topped = make_username(db, approved_at=now - timedelta(days=5), last_top_up=now - timedelta(hours=2))
    vip_owner = make_user(db, promotion_ending_at=now + timedelta(days=10))
    vip_card = make_username(db, user=vip_owner, approved_at=now - timedelta(days=4))
    studio_owner = make_user(db, studio_ending_at=now + timedelta(days=10))
    studio_card = make_username(db, user=studio_owner, approved_at=now - timedelta(days=4, minutes=1))
    pinned = make_username(
        db,
        user=vip_owner,
        approved_at=now - timedelta(days=6),
        last_top_up=now - timedelta(minutes=5),
        fire_pinned_until=now + timedelta(minutes=10),
    )
    lapsed_pin = make_username(
        db, approved_at=now - timedelta(days=8), fire_pinned_until=now - timedelta(minutes=1)
    )
    for u in (vip_card, studio_card, pinned):
        service.owner_vip_changed(db, owner=db.get(type(vip_owner), u.user_id))
    db.commit()
    service.invalidate_listings()
    expected = {
        plain.id: None,
        old_top_up.id: None,
        topped.id: "top_up",
        vip_card.id: "vip",
        studio_card.id: "vip",
        pinned.id: "fire_pin",
        lapsed_pin.id: None,
    }
    cards = client.get("/v1/usernames").json()["data"]
    assert {c["id"]: c["promoted_reason"] for c in cards} == expected
    # The Fire Pin stands first, then the fresh Top-Up: the label names what put them there.
    assert [c["id"] for c in cards[:2]] == [pinned.id, topped.id]
    for uid, reason in expected.items():
        assert client.get(f"/v1/usernames/{uid}").json()["promoted_reason"] == reason
    # Search answers carry it too.
    found = client.get("/v1/usernames", params={"q": topped.username}).json()["data"]
    assert [(c["id"], c["promoted_reason"]) for c in found] == [(topped.id, "top_up")]


def test_a_swipe_card_says_when_it_is_promoted(client, db):
    user, h = vip(db)
    me = checked_in(db, user=user, lat=PARIS[0], lng=PARIS[1])
    plain = checked_in(db, user=member(db)[0], lat=48.86, lng=2.36)
    vip_user, _ = vip(db)
    shown = checked_in(db, user=vip_user, lat=48.86, lng=2.36)
    deck = client.get(f"/v1/user/swipes/deck?username_id={me.id}", headers=h).json()["data"]
    reasons = {c["id"]: c["promoted_reason"] for c in deck}
    assert reasons[plain.id] is None and reasons[shown.id] == "vip"


def test_the_ranking_page_answers_200_with_its_words(client, tmp_path, monkeypatch):
    from addme.core.config import get_settings

    (tmp_path / "index.html").write_text(
        "<!doctype html><html><head><title>App</title></head><body></body></html>"
    )
    monkeypatch.setattr(get_settings(), "web_dist", tmp_path)
    r = client.get("/help/ranking")
    assert r.status_code == 200
    assert "<title>How lists are ordered | AddMe</title>" in r.text
    assert "marked Promoted" in r.text and "noindex" not in r.text
    # The help centre's FAQ points to it.
    faq = client.get("/v1/help").json()
    answers = [i["a"] for s in faq["sections"] for i in s["items"]]
    assert any("/help/ranking" in a for a in answers)
