"""POST /v1/translations: the local default says it is not configured; LibreTranslate at the HTTP boundary."""

from __future__ import annotations

import json
from datetime import timedelta

import httpx
import pytest

from addme.core import clock
from addme.translation import providers
from addme.translation.providers import LibreTranslate
from tests.factories.listings import make_username

# A recorded answer of LibreTranslate 1.6 (POST /translate, source "auto").
RECORDED = {
    "detectedLanguage": {"confidence": 90.0, "language": "en"},
    "translatedText": "Ajoutez-moi, je réponds vite",
}


@pytest.fixture(autouse=True)
def _provider():
    yield
    providers.set_provider(None)


def _listing(db, description="Add me, I answer fast"):
    u = make_username(db, description=description)
    db.commit()
    return u


def test_local_default_says_translation_is_not_configured(client, db):
    u = _listing(db)
    r = client.post("/v1/translations", json={"kind": "description", "id": u.id, "target": "fr"})
    assert r.status_code == 409
    assert r.json()["message"] == "Translation is not configured on this site."
    assert r.json()["code"] == "translation_not_configured"


def test_libretranslate_shows_the_translation_and_sends_only_the_text(client, db):
    u = _listing(db)
    seen: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json=RECORDED)

    providers.set_provider(
        LibreTranslate(url="http://lt.test", api_key="k1", transport=httpx.MockTransport(answer))
    )
    r = client.post("/v1/translations", json={"kind": "description", "id": u.id, "target": "fr"})
    assert r.status_code == 200, r.text
    assert r.json()["text"] == "Ajoutez-moi, je réponds vite"
    assert r.json()["source"] == "en"
    sent = json.loads(seen[0].content)
    assert seen[0].url.path == "/translate"
    assert sent == {
        "q": "Add me, I answer fast",
        "source": "auto",
        "target": "fr",
        "format": "text",
        "api_key": "k1",
    }
    assert "cookie" not in seen[0].headers

    # The same text and language again: from the cache, the service is not asked twice.
    again = client.post("/v1/translations", json={"kind": "description", "id": u.id, "target": "fr"})
    assert again.json()["cached"] is True and again.json()["text"] == RECORDED["translatedText"]
    assert len(seen) == 1


def test_libretranslate_error_and_timeout_are_a_503_with_its_message(client, db):
    u = _listing(db)
    providers.set_provider(
        LibreTranslate(
            url="http://lt.test",
            transport=httpx.MockTransport(
                lambda r: httpx.Response(400, json={"error": "fr is not supported"})
            ),
        )
    )
    r = client.post("/v1/translations", json={"kind": "description", "id": u.id, "target": "fr"})
    assert r.status_code == 503 and "fr is not supported" in r.json()["message"]
    assert r.json()["code"] == "translation_unavailable"

    def slow(request):
        raise httpx.ReadTimeout("slow", request=request)

    providers.set_provider(LibreTranslate(url="http://lt.test", transport=httpx.MockTransport(slow)))
    r = client.post("/v1/translations", json={"kind": "description", "id": u.id, "target": "de"})
    assert r.status_code == 503 and "did not answer in time" in r.json()["message"]


def test_unknown_or_unlisted_text_is_not_found(client, db):
    r = client.post("/v1/translations", json={"kind": "description", "id": 999999, "target": "fr"})
    assert r.status_code == 404


def test_a_comment_is_translated_and_a_hidden_one_is_not_found_to_strangers(client, db):
    from tests.factories.community import member

    owner, owner_headers = member(db)
    listing = make_username(db, user=owner)
    _author, headers = member(db, created_at=clock.now() - timedelta(days=30))
    posted = client.post(
        f"/v1/usernames/{listing.id}/comments",
        json={"text": "Add me, I answer fast", "thumb": None},
        headers=headers,
    )
    assert posted.status_code == 201, posted.text
    comment_id = client.get(f"/v1/usernames/{listing.id}/comments").json()["data"][0]["id"]
    sent: list[str] = []

    def answer(request: httpx.Request) -> httpx.Response:
        sent.append(json.loads(request.content)["q"])
        return httpx.Response(200, json=RECORDED)

    providers.set_provider(
        LibreTranslate(url="http://lt.test", api_key="", transport=httpx.MockTransport(answer))
    )
    ask = {"kind": "comment", "id": comment_id, "target": "fr"}
    r = client.post("/v1/translations", json=ask)
    assert r.status_code == 200, r.text
    assert r.json()["text"] == "Ajoutez-moi, je réponds vite" and sent == ["Add me, I answer fast"]

    # The owner hides it: a stranger can no longer have it translated, the owner still can.
    hide = client.post(f"/v1/usernames/{listing.id}/comments/{comment_id}/hide", headers=owner_headers)
    assert hide.status_code == 200, hide.text
    assert client.post("/v1/translations", json=ask).status_code == 404
    assert client.post("/v1/translations", json=ask, headers=owner_headers).status_code == 200
