"""Translation cache (issue 37): translations per text hash and target language

Revision ID: 9a1f3c7e5d20
Revises: 7c4d1e9a2b60
Create Date: 2026-12-02 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "9a1f3c7e5d20"
down_revision: str | None = "7c4d1e9a2b60"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "translation_cache",
        sa.Column("text_hash", sa.String(64), primary_key=True),
        sa.Column("target", sa.String(8), primary_key=True),
        sa.Column("translated", sa.Text(), nullable=False),
        sa.Column("source", sa.String(8), nullable=False),
        sa.Column("provider", sa.String(20), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_translation_cache_created_at", "translation_cache", ["created_at"])


def downgrade() -> None:
    op.drop_index("ix_translation_cache_created_at", table_name="translation_cache")
    op.drop_table("translation_cache")
