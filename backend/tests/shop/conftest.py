from __future__ import annotations

from collections.abc import Iterator

import pytest

from addme.core.db import new_session
from addme.wallet import reconcile


@pytest.fixture(autouse=True)
def _ledger_agrees() -> Iterator[None]:
    """After every scenario, each balance equals the sum of its ledger rows."""
    yield
    with new_session() as session:
        assert reconcile.balance_mismatches(session) == []
