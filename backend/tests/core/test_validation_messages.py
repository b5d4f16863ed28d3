"""The validation messages a person can reach read as sentences about their field, not Pydantic's."""

from __future__ import annotations

from addme.core.errors import human_message
from tests.factories.wallet import admin

POST = {"title": "A title", "slug": "a-title", "body_markdown": "Hello.", "visible": False}


def test_a_short_blog_title_says_how_long_it_must_be(client, db):
    _, headers = admin(db)
    r = client.post("/v1/admin/blog", json={**POST, "title": ""}, headers=headers)
    assert r.status_code == 422
    assert r.json()["message"] == "Title must be at least 3 characters long."
    assert "String should" not in r.text


def test_the_common_kinds_are_written_out():
    assert human_message({"type": "missing"}, "body_markdown") == "Body markdown is required."
    assert (
        human_message({"type": "string_too_long", "ctx": {"max_length": 300}}, "summary")
        == "Summary must be at most 300 characters long."
    )
    assert (
        human_message({"type": "string_too_short", "ctx": {"min_length": 8}}, "password")
        == "Password must be at least 8 characters long."
    )
    assert human_message({"type": "int_parsing"}, "tags.2") == "Tags must be a whole number."
    assert (
        human_message({"type": "greater_than_equal", "ctx": {"ge": 0}}, "hours")
        == "Hours must be at least 0."
    )
    # A validator's own message stays as it was written (without Pydantic's prefix).
    assert human_message({"type": "value_error", "msg": "Value error, Pick a date in the future"}, "at") == (
        "Pick a date in the future"
    )


def test_a_french_reader_gets_the_message_in_french(client, db):
    _, headers = admin(db)
    client.cookies.set("i18n_redirected", "fr")
    try:
        r = client.post("/v1/admin/blog", json={**POST, "title": ""}, headers=headers)
    finally:
        client.cookies.delete("i18n_redirected")
    assert r.status_code == 422
    assert r.json()["message"] == "« Titre » doit faire au moins 3 caractères."
    assert r.json()["errors"]["title"] == ["« Titre » doit faire au moins 3 caractères."]
    # Without the cookie, English again.
    again = client.post("/v1/admin/blog", json={**POST, "title": ""}, headers=headers)
    assert again.json()["message"] == "Title must be at least 3 characters long."


def test_the_french_words_cover_the_common_kinds():
    assert human_message({"type": "missing"}, "reason", "fr") == "« Motif » est obligatoire."
    assert human_message({"type": "int_parsing"}, "tags.2", "fr") == "« Tags » doit être un nombre entier."
    assert (
        human_message({"type": "less_than_equal", "ctx": {"le": 8760}}, "hours", "fr")
        == "« Heures » doit être au plus 8760."
    )
    # A field without a French name keeps its own, in quotes.
    assert human_message({"type": "missing"}, "macro", "fr") == "« macro » est obligatoire."
