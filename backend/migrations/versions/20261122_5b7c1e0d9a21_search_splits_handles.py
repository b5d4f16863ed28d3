"""search splits handles into words

Handles are words joined by "_", "." and "-": the full-text objects now cut them there, so a
search for "kitty" finds "blue_kitty912" and "shy.kitty". The objects are rebuilt from
listings.search (they live outside the models).

Revision ID: 5b7c1e0d9a21
Revises: 18549fc60cd4
Create Date: 2026-11-22 18:10:00
"""

from collections.abc import Sequence

from alembic import op

from addme.listings import search

revision: str = "5b7c1e0d9a21"
down_revision: str | None = "18549fc60cd4"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    search.uninstall_search(op.get_bind())
    search.install_search(op.get_bind())


def downgrade() -> None:
    # The older objects found fewer matches but no other behaviour depends on them: keep these.
    pass
