"""Fixtures the listings' cache tests share."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from addme.listings import public, service


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every list body actually built (a slow build, so a crowd's requests overlap it)."""
    seen: list[str] = []
    real = public.build_list

    async def counted(p: Any, **kw: Any) -> bytes:
        seen.append(p.cache_key())
        await asyncio.sleep(0.05)
        return await real(p, **kw)

    monkeypatch.setattr(public, "build_list", counted)
    service.invalidate_listings()
    return seen
