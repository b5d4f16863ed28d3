"""Translations already made, per text hash and target language (bounded: see service.CACHE_MAX)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from addme.core import clock
from addme.core.db import Base


class CachedTranslation(Base):
    __tablename__ = "translation_cache"
    __table_args__ = (Index("ix_translation_cache_created_at", "created_at"),)

    # SHA-256 of the exact text sent; the text itself is not kept here, only its translation.
    text_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    target: Mapped[str] = mapped_column(String(8), primary_key=True)
    translated: Mapped[str] = mapped_column(Text)
    source: Mapped[str] = mapped_column(String(8), default="")
    provider: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[datetime] = mapped_column(default=clock.now)
