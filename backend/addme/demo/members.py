"""The demo accounts' shared secrets and names: local only, and the README says so."""

from __future__ import annotations

ADMIN_EMAIL = "admin@addme.local"
ADMIN_PASSWORD = "local-admin-passphrase-2026"  # noqa: S105 - local demo only; README says so
DEMO_PASSWORD = "demo-member-passphrase"  # noqa: S105 - every demo member shares it, local only

FIRST_NAMES = [
    "Alex", "Sam", "Jordan", "Taylor", "Morgan", "Casey", "Riley", "Jamie", "Avery", "Quinn",
    "Charlie", "Skyler", "Dakota", "Reese", "Rowan", "Emerson", "Finley", "Harper", "Hayden", "Jules",
    "Kai", "Logan", "Milan", "Noa", "Parker", "Remy", "Sasha", "Tatum", "Blake", "Eden",
]  # fmt: skip
