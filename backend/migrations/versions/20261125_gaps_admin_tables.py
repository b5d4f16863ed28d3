"""admin tables at 1M usernames / 200k users (#11): partial indexes for the user filters, the
review queue, banned usernames and accounts, and decided reports; the stored ledger check

Revision ID: 9a95c0de0011
Revises: 1d3a7c0ffee5
Create Date: 2026-11-25 00:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "9a95c0de0011"
down_revision: str | None = "1d3a7c0ffee5"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# (index, PostgreSQL predicate, SQLite predicate): as in accounts/models.py.
_FILTERED: tuple[tuple[str, str, str, list[str]], ...] = (
    ("ix_users_f_banned", "banned_at IS NOT NULL", "banned_at IS NOT NULL", []),
    ("ix_users_f_high_risk", "high_risk", "high_risk = 1", []),
    ("ix_users_f_admin", "admin_level IS NOT NULL", "admin_level IS NOT NULL", ["admin_level"]),
    (
        "ix_users_f_vip",
        "promotion_ending_at IS NOT NULL",
        "promotion_ending_at IS NOT NULL",
        ["promotion_ending_at"],
    ),
    (
        "ix_users_f_studio",
        "studio_ending_at IS NOT NULL",
        "studio_ending_at IS NOT NULL",
        ["studio_ending_at"],
    ),
)


def upgrade() -> None:
    op.create_table(
        "ledger_checks",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("checked_at", sa.DateTime(), nullable=False),
        sa.Column("mismatches", sa.Integer(), nullable=False),
        sa.Column("user_ids", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    for name, pg, lite, carried in _FILTERED:
        op.create_index(
            name,
            "users",
            ["created_at", "id"],
            postgresql_include=carried,
            postgresql_where=sa.text(pg),
            sqlite_where=sa.text(lite),
        )
    op.create_index(
        "ix_users_banned_at",
        "users",
        ["banned_at"],
        postgresql_where=sa.text("banned_at IS NOT NULL"),
        sqlite_where=sa.text("banned_at IS NOT NULL"),
    )
    op.create_index(
        "ix_usernames_pending",
        "usernames",
        ["created_at", "id"],
        postgresql_include=["username_normalized", "review_reason"],
        postgresql_where=sa.text("status = 'pending'"),
        sqlite_where=sa.text("status = 'pending'"),
    )
    op.create_index(
        "ix_usernames_banned",
        "usernames",
        ["updated_at", "id"],
        postgresql_where=sa.text("status = 'banned'"),
        sqlite_where=sa.text("status = 'banned'"),
    )
    op.create_index(
        "ix_username_reports_resolved",
        "username_reports",
        ["resolved_at", "id"],
        postgresql_where=sa.text("status <> 'open'"),
        sqlite_where=sa.text("status <> 'open'"),
    )
    op.create_index(
        "ix_username_reports_open_type",
        "username_reports",
        ["type", "username_id", "created_at"],
        postgresql_where=sa.text("status = 'open'"),
        sqlite_where=sa.text("status = 'open'"),
    )
    op.create_index("ix_contact_requests_created", "contact_requests", ["created_at", "id"])
    op.create_index("ix_unban_requests_decided", "unban_requests", ["decided_at", "id"])


def downgrade() -> None:
    op.drop_index("ix_unban_requests_decided", table_name="unban_requests")
    op.drop_index("ix_contact_requests_created", table_name="contact_requests")
    op.drop_index("ix_username_reports_resolved", table_name="username_reports")
    op.drop_index("ix_username_reports_open_type", table_name="username_reports")
    op.drop_index("ix_usernames_banned", table_name="usernames")
    op.drop_index("ix_usernames_pending", table_name="usernames")
    op.drop_index("ix_users_banned_at", table_name="users")
    for name, *_ in reversed(_FILTERED):
        op.drop_index(name, table_name="users")
    op.drop_table("ledger_checks")
