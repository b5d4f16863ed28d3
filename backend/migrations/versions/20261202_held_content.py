"""Held content (issue 31): media and groups removed by moderation are kept for the appeal period

`held_content`: the removed row's snapshot and its files' private keys, so a reversed appeal restores
them; purged after six months (DSA Art. 20) by the `purge-held-content` job.

Revision ID: 8d5e2f0b3c71
Revises: 9d3c2a7e5f41
Create Date: 2026-12-02 08:50:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "8d5e2f0b3c71"
down_revision: str | None = "9d3c2a7e5f41"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "held_content",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("subject_id", sa.Integer(), nullable=False),
        sa.Column(
            "statement_id",
            sa.Integer(),
            sa.ForeignKey("statements_of_reasons.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=True),
        sa.Column("snapshot", sa.JSON(), nullable=False),
        sa.Column("held_keys", sa.JSON(), nullable=False),
        sa.Column("removed_at", sa.DateTime(), nullable=False),
        sa.Column("purge_after", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_held_content_subject", "held_content", ["kind", "subject_id"])
    op.create_index("ix_held_content_purge", "held_content", ["purge_after"])
    op.create_index("ix_held_content_statement_id", "held_content", ["statement_id"])
    op.create_index("ix_held_content_user_id", "held_content", ["user_id"])


def downgrade() -> None:
    op.drop_table("held_content")
