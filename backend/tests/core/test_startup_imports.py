"""Start-up cost: modules only a few requests need are not imported when a worker starts.

Each of these costs tens of milliseconds at every start of every worker (issue 36: cold start under
2.5 s); they are imported inside the function that uses them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BACKEND = Path(__file__).resolve().parents[2]
DEFERRED = ("httpx", "limits", "markdown", "click")


def test_starting_the_app_does_not_import_what_only_some_requests_need() -> None:
    code = f"import sys, addme.main\nprint(','.join(m for m in {DEFERRED!r} if m in sys.modules))"
    out = subprocess.run(  # noqa: S603 - our own interpreter
        [sys.executable, "-c", code], cwd=BACKEND, capture_output=True, text=True, check=True, timeout=60
    ).stdout.strip()
    assert out == "", f"imported at start-up: {out}"
