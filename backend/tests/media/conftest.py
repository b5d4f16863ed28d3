from __future__ import annotations

from pathlib import Path

import pytest

from addme.core.config import get_settings
from tests.factories.listings import make_username
from tests.factories.wallet import member


def stored_files() -> set[Path]:
    """Every file under the local media directory (gallery and profile objects)."""
    root = get_settings().media_dir
    return {p for p in root.rglob("*") if p.is_file()} if root.exists() else set()


@pytest.fixture
def owner(db):
    """A signed-in member with one listed username: (user, headers, username)."""
    user, headers = member(db)
    username = make_username(db, user=user)
    return user, headers, username
