"""The stable error codes of translation: clients key their own texts on these."""

from __future__ import annotations

from enum import StrEnum


class TranslationCode(StrEnum):
    """The stable error codes of translation."""

    NOT_CONFIGURED = "translation_not_configured"
    UNAVAILABLE = "translation_unavailable"
    TEXT_NOT_FOUND = "translation_text_not_found"
