"""Translation behind one small interface: a local default that says it is not configured, and
LibreTranslate's HTTP API (self-hostable). Only the text is sent: no user, listing, IP or cookie.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from addme.core.config import Settings, get_settings

# httpx (with click and rich behind it) is imported where a request is made: at module level it
# cost ~0.1 s of every worker's start (bench/coldstart.py), for calls most workers never make.
if TYPE_CHECKING:
    import httpx

log = logging.getLogger("addme.translation")


class NotConfigured(Exception):
    """No translation service is configured on this site."""


class ProviderError(Exception):
    """The service could not be reached or refused (its message, when it gave one)."""


@dataclass(frozen=True)
class Translated:
    text: str
    # The language the service detected ("" when it did not say).
    source: str = ""


class TranslationProvider(Protocol):
    name: str

    def translate(self, text: str, *, target: str) -> Translated:
        """The text in the target language; NotConfigured or ProviderError otherwise."""


class LocalTranslation:
    """The default: nothing is sent anywhere, the visitor is told translation is not configured."""

    name = "local"

    def translate(self, text: str, *, target: str) -> Translated:
        raise NotConfigured


class LibreTranslate:
    """POST {url}/translate with q, source "auto", target, format "text" (and api_key when set).

    Its answers: 200 {"translatedText": ..., "detectedLanguage": {"language": ..., "confidence": ...}};
    errors 400/403/429/500 {"error": "..."} (a bad language, a missing or wrong key, its own limit).
    """

    name = "libretranslate"

    def __init__(
        self,
        *,
        url: str,
        api_key: str = "",
        timeout: float = 8.0,
        transport: httpx.BaseTransport | None = None,
    ):
        self.url = url.rstrip("/") + "/translate"
        self.api_key = api_key
        self.timeout = timeout
        self.transport = transport

    def translate(self, text: str, *, target: str) -> Translated:
        import httpx

        body: dict[str, str] = {"q": text, "source": "auto", "target": target, "format": "text"}
        if self.api_key:
            body["api_key"] = self.api_key
        try:
            with httpx.Client(
                timeout=httpx.Timeout(self.timeout, connect=3.0), transport=self.transport
            ) as client:
                response = client.post(self.url, json=body)
        except httpx.TimeoutException as exc:
            log.warning("libretranslate timed out")
            raise ProviderError("The translation service did not answer in time.") from exc
        except httpx.HTTPError as exc:
            log.warning("libretranslate unreachable: %s", exc.__class__.__name__)
            raise ProviderError("The translation service could not be reached.") from exc
        try:
            data = response.json()
        except ValueError:
            data = None
        if response.status_code != 200 or not isinstance(data, dict):
            message = data.get("error") if isinstance(data, dict) else None
            log.warning("libretranslate refused: %s %s", response.status_code, message)
            raise ProviderError(
                str(message) if message else f"The translation service answered {response.status_code}."
            )
        translated = data.get("translatedText")
        if not isinstance(translated, str):
            raise ProviderError("The translation service gave no translation.")
        detected = data.get("detectedLanguage")
        source = detected.get("language", "") if isinstance(detected, dict) else ""
        return Translated(translated, str(source or ""))


_override: TranslationProvider | None = None


def set_provider(provider: TranslationProvider | None) -> None:
    """Tests (and the browser tests' fake) swap the provider."""
    global _override
    _override = provider


def provider_for(settings: Settings | None = None) -> TranslationProvider:
    if _override is not None:
        return _override
    s = settings or get_settings()
    if s.translation_provider == "libretranslate" and s.libretranslate_url:
        return LibreTranslate(
            url=s.libretranslate_url, api_key=s.libretranslate_api_key, timeout=s.translation_timeout_seconds
        )
    return LocalTranslation()
