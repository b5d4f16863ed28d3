"""The Ondato adapter at the HTTP boundary: its token, sessions, results and authenticated webhooks."""

from __future__ import annotations

import base64
import json

import httpx
import pytest
from sqlalchemy import select

from addme.accounts.models import User
from addme.core.config import get_settings
from addme.trust import providers
from addme.trust.models import AgeVerificationAttempt
from tests.factories.trust import add_jurisdiction
from tests.factories.wallet import admin, member

GB = {"CF-IPCountry": "GB"}


class FakeOndato:
    """Ondato's side: issues tokens, creates verifications, answers their status."""

    def __init__(self) -> None:
        self.status: dict[str, dict[str, object]] = {}
        self.calls: list[str] = []
        self.down = False

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.calls.append(f"{request.method} {request.url}")
        if self.down:
            return httpx.Response(503)
        if request.url.path == "/connect/token":
            form = dict(x.split("=") for x in request.content.decode().split("&"))
            if form.get("client_secret") != "s3cret":
                return httpx.Response(401)
            return httpx.Response(200, json={"access_token": "tok", "expires_in": 3600})
        if request.headers.get("authorization") != "Bearer tok":
            return httpx.Response(401)
        if request.method == "POST" and request.url.path == "/v1/identity-verifications":
            body = json.loads(request.content)
            assert body["setupId"] == "setup-1"
            ref = f"idv-{len(self.status) + 1}"
            self.status[ref] = {"id": ref, "status": "Pending"}
            return httpx.Response(201, json={"id": ref})
        ref = request.url.path.rsplit("/", 1)[1]
        if ref in self.status:
            return httpx.Response(200, json=self.status[ref])
        return httpx.Response(404)


@pytest.fixture
def ondato(monkeypatch, db):
    settings = get_settings()
    for key, value in {
        "age_verification_provider": "ondato",
        "ondato_client_id": "client",
        "ondato_client_secret": "s3cret",
        "ondato_setup_id": "setup-1",
        "ondato_webhook_username": "hook",
        "ondato_webhook_password": "hook-pass",
        "country_header": "CF-IPCountry",
    }.items():
        monkeypatch.setattr(settings, key, value)
    fake = FakeOndato()
    adapter = providers.Ondato(settings, httpx.MockTransport(fake))
    monkeypatch.setattr(providers, "provider", lambda transport=None: adapter)
    add_jurisdiction(db, "GB")
    return fake


def _basic(user: str, password: str) -> dict[str, str]:
    return {"Authorization": "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()}


def test_the_session_is_created_on_the_server_and_the_result_fetched_from_ondato(client, db, ondato):
    started = client.post("/v1/age-verification/start", headers=GB).json()
    assert started == {"id": "idv-1", "url": "https://idv.ondato.com/?id=idv-1"}
    # Still pending at Ondato: the browser's "success" is not enough.
    assert (
        client.post("/v1/ondato/success", json={"id": "idv-1", "status": "Approved"}, headers=GB).status_code
        == 409
    )
    ondato.status["idv-1"] = {
        "id": "idv-1",
        "status": "Approved",
        "document": {"dateOfBirth": "1990-04-02", "type": "Passport"},
    }
    done = client.post("/v1/ondato/success", json={"id": "idv-1"}, headers=GB)
    assert done.status_code == 200 and done.json()["showNSFW"] is True
    row = db.scalar(select(AgeVerificationAttempt))
    assert row is not None and (row.status, row.method, row.provider) == (
        "success",
        "ondato:Passport",
        "ondato",
    )
    assert any(
        c.startswith("GET https://idvapi.ondato.com/v1/identity-verifications/idv-1") for c in ondato.calls
    )
    # One token for all the calls.
    assert sum("connect/token" in c for c in ondato.calls) == 1


def test_a_minor_or_a_rejection_does_not_count(client, ondato):
    client.post("/v1/age-verification/start", headers=GB)
    ondato.status["idv-1"] = {"id": "idv-1", "status": "Approved", "document": {"dateOfBirth": "2015-01-01"}}
    minor = client.post("/v1/ondato/success", json={"id": "idv-1"}, headers=GB)
    assert minor.status_code == 400 and minor.json()["message"].endswith("You must be 18 or older.")
    client.post("/v1/age-verification/start", headers=GB)
    ondato.status["idv-2"] = {"id": "idv-2", "status": "Rejected", "statusReason": "Face mismatch"}
    rejected = client.post("/v1/ondato/success", json={"id": "idv-2"}, headers=GB)
    assert (
        rejected.json()["message"] == "An error occurred during the age verification process: Face mismatch"
    )


def test_the_webhook_needs_its_credentials_and_still_asks_ondato(client, db, ondato):
    user, headers = member(db)
    client.post("/v1/age-verification/start", headers={**GB, **headers})
    payload = {"type": "IdentityVerification.StatusChanged", "payload": {"id": "idv-1", "status": "Approved"}}
    assert client.post("/v1/ondato/webhook", json=payload).status_code == 401
    assert client.post("/v1/ondato/webhook", json=payload, headers=_basic("hook", "wrong")).status_code == 401
    # Authentic, but Ondato itself still says pending: nothing changes.
    assert (
        client.post("/v1/ondato/webhook", json=payload, headers=_basic("hook", "hook-pass")).status_code
        == 204
    )
    db.expire_all()
    assert db.get(User, user.id).age_verified is False  # type: ignore[union-attr]
    ondato.status["idv-1"] = {"id": "idv-1", "status": "Approved", "document": {"dateOfBirth": "1980-01-01"}}
    assert (
        client.post("/v1/ondato/webhook", json=payload, headers=_basic("hook", "hook-pass")).status_code
        == 204
    )
    db.expire_all()
    assert db.get(User, user.id).age_verified is True  # type: ignore[union-attr]


def test_an_unreachable_provider_gives_the_loading_message(client, db, ondato):
    ondato.down = True
    r = client.post("/v1/age-verification/start", headers=GB)
    assert r.status_code == 503
    assert (
        r.json()["message"]
        == "An error occurred on loading the age verification process. Please contact support."
    )
    _, full = admin(db)
    check = client.post("/v1/admin/ondato/test", headers=full).json()
    assert check["provider"] == "ondato" and check["ok"] is False
    ondato.down = False
    assert client.post("/v1/admin/ondato/test", headers=full).json()["ok"] is True
