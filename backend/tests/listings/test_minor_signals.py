"""Minors, never listed (issue 29): a clear minor signal is refused on submit and on edit, a
possible one is held for review at the top of the moderators' queue; neither is ever public."""

from __future__ import annotations

from sqlalchemy import select

from addme.decisions.models import StatementOfReasons
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.community import vip
from tests.factories.listings import make_username, submit_body


def _public_handles(client) -> list[str]:
    return [row["username"] for row in client.get("/v1/usernames").json()["data"]]


def _moderator(db) -> dict[str, str]:
    return auth(token_for(db, make_user(db, admin_level="Moderator")))


def test_school_girl_16_is_refused_with_a_clear_message_and_never_listed(client, db):
    h = auth(token_for(db, make_user(db)))
    body = submit_body(username="kitty_x", description="school girl 16, snap me")
    r = client.post("/v1/user/usernames", json=body, headers=h)
    assert r.status_code == 422, r.text
    answer = r.json()
    assert answer["code"] == "minor_signal"
    assert "under 18" in answer["message"] and "school girl 16" in answer["message"]
    assert answer["errors"]["description"] == [answer["message"]]
    assert client.get("/v1/user/usernames", headers=h).json()["data"] == []
    assert "kitty_x" not in _public_handles(client)
    # Nothing was spent: the day's new-username right is still there.
    r = client.post("/v1/user/usernames", json=submit_body(username="kitty_x"), headers=h)
    assert r.status_code == 201, r.text


def test_a_minor_signal_in_the_handle_is_refused_on_that_field(client, db):
    h = auth(token_for(db, make_user(db)))
    r = client.post("/v1/user/usernames", json=submit_body(username="jailbait_99"), headers=h)
    assert r.status_code == 422 and r.json()["code"] == "minor_signal"
    assert list(r.json()["errors"]) == ["username"]


def test_a_possible_minor_is_held_first_in_the_queue_with_its_flag_and_never_public(client, db):
    older = make_username(db, status="pending", review_reason="selling: “menu”", username="older_one")
    h = auth(token_for(db, make_user(db)))
    r = client.post(
        "/v1/user/usernames",
        json=submit_body(username="kitty_y", description="S.c.h.o.o.l g i r l, snap me"),
        headers=h,
    )
    assert r.status_code == 201, r.text
    held = r.json()["data"]
    assert held["status"] == "pending"
    assert r.json()["message"] == "Your username is pending review. This can take up to 5 days."
    assert "kitty_y" not in _public_handles(client)
    assert client.get(f"/v1/usernames/{held['id']}").status_code == 404

    queue = client.get("/v1/admin/review", headers=_moderator(db)).json()["data"]
    assert [item["username"]["id"] for item in queue] == [held["id"], older.id]
    assert queue[0]["possible_minor"] is True and queue[1]["possible_minor"] is False
    assert queue[0]["rule"] == "possible minor: “schoolgirl”"


def test_editing_an_approved_listing_is_checked_the_same_way(client, db):
    user, h = vip(db)
    listed = make_username(db, user=user, username="night_owl", description="Gamer and coffee")
    assert "night_owl" in _public_handles(client)

    refused = client.patch(
        f"/v1/user/usernames/{listed.id}", headers=h, json={"description": "t33n 15, add me"}
    )
    assert refused.status_code == 422 and refused.json()["code"] == "minor_signal"
    assert "night_owl" in _public_handles(client)  # unchanged, still listed as it was

    held = client.patch(
        f"/v1/user/usernames/{listed.id}", headers=h, json={"description": "lycéenne, add me"}
    )
    assert held.status_code == 200, held.text
    assert held.json()["data"]["status"] == "pending"
    assert "night_owl" not in _public_handles(client)
    queue = client.get("/v1/admin/review", headers=_moderator(db)).json()["data"]
    assert queue[0]["username"]["id"] == listed.id and queue[0]["possible_minor"] is True


def test_adult_texts_are_listed_at_once(client, db):
    for description in ("19yo, Teenage Fanclub fan", "21 ans, no minors", "18 years old and new here"):
        h = auth(token_for(db, make_user(db)))
        r = client.post("/v1/user/usernames", json=submit_body(description=description), headers=h)
        assert r.status_code == 201 and r.json()["data"]["status"] == "approved", (description, r.text)


def test_a_username_edited_while_delisted_is_held_when_relisted(client, db):
    user, h = vip(db)
    listed = make_username(db, user=user, username="quiet_one")
    assert client.post(f"/v1/user/usernames/{listed.id}/delist", headers=h).status_code == 200
    r = client.patch(f"/v1/user/usernames/{listed.id}", headers=h, json={"description": "high school senior"})
    assert r.status_code == 200, r.text
    r = client.post(f"/v1/user/usernames/{listed.id}/relist", headers=h)
    assert r.status_code == 200, r.text
    assert r.json()["data"]["status"] == "pending"
    assert "quiet_one" not in _public_handles(client)
    # The hold is a decision the member is told about, like any automated hold.
    db.expire_all()
    held = db.scalars(select(StatementOfReasons).where(StatementOfReasons.decision == "hold_username")).all()
    assert [row.subject_id for row in held] == [listed.id]
