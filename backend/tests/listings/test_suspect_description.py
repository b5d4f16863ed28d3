"""Spec §4: a red warning for suspect description content, cleared by the next Top-Up once fixed."""

from __future__ import annotations

from sqlalchemy import update

from addme.listings.models import Username
from tests.factories.community import vip
from tests.factories.listings import make_username
from tests.factories.wallet import give


def _mine(client, headers, username_id):
    rows = client.get("/v1/user/usernames", headers=headers).json()["data"]
    return next(r for r in rows if r["id"] == username_id)


def _edit(client, headers, username_id, description):
    r = client.patch(f"/v1/user/usernames/{username_id}", headers=headers, json={"description": description})
    assert r.status_code == 200, r.json()
    return r.json()


def test_the_warning_names_the_words_stays_after_the_fix_and_clears_at_the_next_top_up(client, db):
    user, headers = vip(db)
    give(db, user, top_ups=5)
    username = make_username(db, user=user)
    assert _mine(client, headers, username.id)["suspect_description"] is None

    _edit(client, headers, username.id, "Fun and friendly, pay me on cashapp")
    row = _mine(client, headers, username.id)
    assert row["suspect_description"] == "cashapp"
    assert row["status"] == "pending"  # the text also goes to a moderator, as before

    # Fixed: the text passes review again, but the warning waits for the next Top-Up.
    _edit(client, headers, username.id, "Fun and friendly, say hi")
    row = _mine(client, headers, username.id)
    assert row["status"] == "approved"
    assert row["suspect_description"] == "cashapp"

    r = client.post(f"/v1/user/usernames/{username.id}/topup", headers=headers)
    assert r.status_code == 200 and r.json()["success"] is True
    assert _mine(client, headers, username.id)["suspect_description"] is None


def test_a_top_up_with_the_words_still_there_keeps_the_warning(client, db):
    user, headers = vip(db)
    give(db, user, top_ups=5)
    username = make_username(db, user=user)
    _edit(client, headers, username.id, "Fun and friendly, pay me on cashapp")
    # A moderator approved it as it is: it can be topped up, the words are still there.
    db.execute(update(Username).where(Username.id == username.id).values(status="approved"))
    db.commit()
    r = client.post(f"/v1/user/usernames/{username.id}/topup", headers=headers)
    assert r.json()["success"] is True
    assert _mine(client, headers, username.id)["suspect_description"] == "cashapp"


def test_a_written_minor_age_is_refused_on_edit_and_the_listing_stays_as_it_was(client, db):
    user, headers = vip(db)
    username = make_username(db, user=user, description="Fun and friendly")
    r = client.patch(
        f"/v1/user/usernames/{username.id}", headers=headers, json={"description": "im 16 and bored"}
    )
    assert r.status_code == 422 and r.json()["code"] == "minor_signal"
    row = _mine(client, headers, username.id)
    assert row["description"] == "Fun and friendly" and row["status"] == "approved"
