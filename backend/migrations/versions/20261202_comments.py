"""Comments on profiles (issue 37): `comments` (one per member per listing per day) and `comment_reports`

Revision ID: 9d3c2a7e5f41
Revises: 9a1f3c7e5d20
Create Date: 2026-12-02 08:45:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "9d3c2a7e5f41"
down_revision: str | None = "9a1f3c7e5d20"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "comments",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "username_id", sa.Integer(), sa.ForeignKey("usernames.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("day", sa.String(10), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("thumb", sa.String(4), nullable=True),
        sa.Column("thumb_counted", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("held_reason", sa.String(200), nullable=True),
        sa.Column("hidden_at", sa.DateTime(), nullable=True),
        sa.Column("owner_answer", sa.Text(), nullable=True),
        sa.Column("answered_at", sa.DateTime(), nullable=True),
        sa.Column("removed_at", sa.DateTime(), nullable=True),
        sa.Column("removed_reason", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("username_id", "user_id", "day", name="uq_comments_one_a_day"),
    )
    op.create_index("ix_comments_listing_created", "comments", ["username_id", "created_at"])
    op.create_index("ix_comments_user_created", "comments", ["user_id", "created_at"])
    op.create_table(
        "comment_reports",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "comment_id", sa.Integer(), sa.ForeignKey("comments.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("reporter_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="SET NULL"), nullable=True),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("decided_at", sa.DateTime(), nullable=True),
        sa.UniqueConstraint("comment_id", "reporter_id", name="uq_comment_reports_once"),
    )
    op.create_index("ix_comment_reports_comment_id", "comment_reports", ["comment_id"])


def downgrade() -> None:
    op.drop_index("ix_comment_reports_comment_id", table_name="comment_reports")
    op.drop_table("comment_reports")
    op.drop_index("ix_comments_user_created", table_name="comments")
    op.drop_index("ix_comments_listing_created", table_name="comments")
    op.drop_table("comments")
