"""Age verification behind one small interface: Ondato (hosted flow) and an offline simulator.

The app never believes the browser: after the flow ends (the visitor's return, or the provider's
signed webhook) it asks the provider for the session's result and computes the age itself from the
date of birth the provider read from the document. Nothing but the outcome and method is kept.
"""

from __future__ import annotations

import base64
import hmac
import logging
import secrets
import threading
import time
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Protocol
from urllib.parse import quote

from sqlalchemy.orm import Session

from addme.core.config import Settings, get_settings
from addme.core.returns import safe_return
from addme.trust.models import SimulatedVerification

# httpx (with click and rich behind it) is imported where a request is made: at module level it
# cost ~0.1 s of every worker's start (bench/coldstart.py), for calls most workers never make.
if TYPE_CHECKING:
    import httpx

log = logging.getLogger("addme.age_verification")


class ProviderError(Exception):
    """The provider could not be reached or answered something unusable."""


@dataclass(frozen=True)
class StartedFlow:
    ref: str
    url: str


@dataclass(frozen=True)
class ProviderResult:
    # pending, success, failure, abandoned
    status: str
    date_of_birth: date | None = None
    method: str = ""
    reason: str = ""


class AgeProvider(Protocol):
    name: str

    def start(self, session: Session, *, return_url: str) -> StartedFlow:
        """Create a verification session at the provider and return where the visitor goes."""

    def result(self, session: Session, *, ref: str) -> ProviderResult:
        """The provider's own word on a session (never the browser's)."""

    def callback_ref(self, *, body: dict[str, object], authorization: str | None) -> str | None:
        """The session a webhook call is about, or None when the call is not authentic."""

    def check(self) -> str:
        """A round trip proving the configuration works; raises ProviderError otherwise."""


# -- the offline simulator --------------------------------------------------------------------------


class LocalSimulator:
    """The same states as the real flow (success, failure, abandon) on a page of our own."""

    name = "local"

    def start(self, session: Session, *, return_url: str) -> StartedFlow:
        ref = "sim_" + secrets.token_urlsafe(18)
        session.add(SimulatedVerification(ref=ref))
        # The simulator page follows `return` in the browser: a path of ours only (the page checks
        # it again, with the web's twin of safe_return).
        back = safe_return(return_url, site_url=get_settings().site_url) or "/age-verification/return"
        return StartedFlow(ref=ref, url=f"/age-verification/simulator?session={ref}&return={quote(back)}")

    def result(self, session: Session, *, ref: str) -> ProviderResult:
        row = session.get(SimulatedVerification, ref)
        if row is None:
            raise ProviderError("unknown simulator session")
        return ProviderResult(
            row.outcome, row.date_of_birth, "simulator" if row.outcome == "success" else "", row.reason
        )

    def callback_ref(self, *, body: dict[str, object], authorization: str | None) -> str | None:
        return None  # the simulator sends no webhooks

    def check(self) -> str:
        return "The offline simulator is in use: nothing to reach."


# -- Ondato -----------------------------------------------------------------------------------------

# Ondato's verification statuses that end a flow, and what they mean here.
_ONDATO_DONE = {
    "Approved": "success",
    "Rejected": "failure",
    "Expired": "abandoned",
    "Cancelled": "abandoned",
}


class Ondato:
    """Ondato's IDV: OAuth2 client credentials, a session per visitor, its hosted flow, its webhooks."""

    name = "ondato"

    def __init__(self, settings: Settings, transport: httpx.BaseTransport | None = None):
        self.s = settings
        self.transport = transport
        self._token: tuple[str, float] | None = None
        self._lock = threading.Lock()

    def _client(self) -> httpx.Client:
        import httpx

        return httpx.Client(timeout=10, transport=self.transport)

    def _access_token(self) -> str:
        import httpx

        with self._lock:
            if self._token and self._token[1] > time.monotonic() + 30:
                return self._token[0]
            try:
                with self._client() as client:
                    r = client.post(
                        self.s.ondato_token_url,
                        data={
                            "grant_type": "client_credentials",
                            "client_id": self.s.ondato_client_id,
                            "client_secret": self.s.ondato_client_secret,
                            "scope": "idv_api",
                        },
                    )
                r.raise_for_status()
                body = r.json()
                token = str(body["access_token"])
                self._token = (token, time.monotonic() + float(body.get("expires_in", 300)))
                return token
            except (httpx.HTTPError, ValueError, KeyError, TypeError) as exc:
                raise ProviderError(f"Ondato token: {type(exc).__name__}") from exc

    def _call(self, method: str, path: str, json: dict[str, object] | None = None) -> dict[str, object]:
        import httpx

        headers = {"Authorization": f"Bearer {self._access_token()}"}
        try:
            with self._client() as client:
                r = client.request(
                    method, self.s.ondato_api_url.rstrip("/") + path, json=json, headers=headers
                )
            r.raise_for_status()
            body = r.json()
        except (httpx.HTTPError, ValueError) as exc:
            raise ProviderError(f"Ondato {path}: {type(exc).__name__}") from exc
        if not isinstance(body, dict):
            raise ProviderError(f"Ondato {path}: not an object")
        return body

    def start(self, session: Session, *, return_url: str) -> StartedFlow:
        body = self._call(
            "POST",
            "/v1/identity-verifications",
            {"setupId": self.s.ondato_setup_id, "successUrl": return_url},
        )
        ref = body.get("id")
        if not isinstance(ref, str) or not ref or len(ref) > 80:
            raise ProviderError("Ondato returned no verification id")
        return StartedFlow(ref=ref, url=f"{self.s.ondato_flow_url.rstrip('/')}/?id={quote(ref)}")

    def result(self, session: Session, *, ref: str) -> ProviderResult:
        body = self._call("GET", f"/v1/identity-verifications/{quote(ref, safe='')}")
        status = str(body.get("status") or "")
        outcome = _ONDATO_DONE.get(status, "pending")
        if outcome != "success":
            return ProviderResult(outcome, reason=str(body.get("statusReason") or status or "")[:200])
        dob = _date(_dig(body, "document", "dateOfBirth") or _dig(body, "kyc", "document", "dateOfBirth"))
        method = str(_dig(body, "document", "type") or "document")[:40]
        return ProviderResult("success", dob, f"ondato:{method}")

    def callback_ref(self, *, body: dict[str, object], authorization: str | None) -> str | None:
        if not (self.s.ondato_webhook_username and self.s.ondato_webhook_password):
            return None  # webhooks are off until credentials are set: an open one would be trusted
        expected = (
            "Basic "
            + base64.b64encode(
                f"{self.s.ondato_webhook_username}:{self.s.ondato_webhook_password}".encode()
            ).decode()
        )
        if not authorization or not hmac.compare_digest(authorization.encode(), expected.encode()):
            return None
        ref = _dig(body, "payload", "id") or body.get("id")
        return ref if isinstance(ref, str) and 0 < len(ref) <= 80 else None

    def check(self) -> str:
        self._access_token()
        return "Ondato answered: the client credentials work."


def _dig(body: object, *keys: str) -> object:
    for key in keys:
        if not isinstance(body, dict):
            return None
        body = body.get(key)
    return body


def _date(value: object) -> date | None:
    if not isinstance(value, str):
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None


_ondato: Ondato | None = None


def provider(transport: httpx.BaseTransport | None = None) -> AgeProvider:
    """The configured provider (Ondato keeps its access token between calls)."""
    global _ondato
    settings = get_settings()
    if settings.age_verification_provider == "ondato":
        if transport is not None:
            return Ondato(settings, transport)
        if _ondato is None or _ondato.s is not settings:
            _ondato = Ondato(settings)
        return _ondato
    return LocalSimulator()
