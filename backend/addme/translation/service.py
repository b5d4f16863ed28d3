"""Translate a text the site shows (a listing's description, a comment), by kind and id."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core.errors import AppError, Conflict, NotFound
from addme.translation.codes import TranslationCode
from addme.translation.models import CachedTranslation
from addme.translation.providers import NotConfigured, ProviderError, Translated, provider_for

# Rows kept in the cache; past it the oldest go first.
CACHE_MAX = 20_000
NOT_CONFIGURED = "Translation is not configured on this site."
TEXT_NOT_FOUND = "This text could not be found."

# kind -> (session, id, viewer) -> the text, read through the owning domain with its visibility rule.
TextSource = Callable[[Session, int, User | None], str]
_SOURCES: dict[str, TextSource] = {}


def register_source(kind: str, source: TextSource) -> None:
    _SOURCES[kind] = source


def _description(session: Session, item_id: int, viewer: User | None) -> str:
    from addme.listings import service as listings

    return listings.get_listed(session, username_id=item_id, viewer=viewer).description or ""


def _comment(session: Session, item_id: int, viewer: User | None) -> str:
    from addme.comments import service as comments

    return comments.readable_text(session, comment_id=item_id, viewer=viewer)


register_source("description", _description)
register_source("comment", _comment)


class TranslationUnavailable(AppError):
    status_code = 503
    code = TranslationCode.UNAVAILABLE


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def translate(
    session: Session, *, kind: str, item_id: int, target: str, viewer: User | None
) -> tuple[Translated, bool]:
    """(the translation, whether it came from the cache)."""
    source = _SOURCES.get(kind)
    if source is None:
        raise NotFound(TEXT_NOT_FOUND, code=TranslationCode.TEXT_NOT_FOUND)
    text = source(session, item_id, viewer).strip()
    if not text:
        raise NotFound(TEXT_NOT_FOUND, code=TranslationCode.TEXT_NOT_FOUND)
    key = text_hash(text)
    cached = session.get(CachedTranslation, (key, target))
    if cached is not None:
        return Translated(cached.translated, cached.source), True
    provider = provider_for()
    try:
        result = provider.translate(text, target=target)
    except NotConfigured as exc:
        # A 4xx, not 501: nothing failed, the site runs without the service (the answer is final).
        raise Conflict(NOT_CONFIGURED, code=TranslationCode.NOT_CONFIGURED) from exc
    except ProviderError as exc:
        raise TranslationUnavailable(f"The translation could not be made: {exc}") from exc
    session.add(
        CachedTranslation(
            text_hash=key,
            target=target,
            translated=result.text,
            source=result.source[:8],
            provider=provider.name,
        )
    )
    session.flush()
    _bound(session)
    session.commit()
    return result, False


def _bound(session: Session) -> None:
    count = session.scalar(select(func.count()).select_from(CachedTranslation)) or 0
    if count <= CACHE_MAX:
        return
    oldest = (
        select(CachedTranslation.created_at)
        .order_by(CachedTranslation.created_at)
        .offset(count - CACHE_MAX)
        .limit(1)
    )
    cutoff = session.scalar(oldest)
    if cutoff is not None:
        session.execute(delete(CachedTranslation).where(CachedTranslation.created_at < cutoff))
