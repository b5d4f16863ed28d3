"""moderation queues: decisions and reasons on reports and requests, macros, removed handles

Revision ID: c0ffee11a001
Revises: a1d17c0de001
Create Date: 2026-11-24 00:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "c0ffee11a001"
down_revision: str | None = "a1d17c0de001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "macros",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("type", sa.String(length=10), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_macros")),
    )
    op.create_index(op.f("ix_macros_type"), "macros", ["type"], unique=False)
    op.create_table(
        "removed_handles",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("app", sa.String(length=10), nullable=False),
        sa.Column("handle_normalized", sa.String(length=40), nullable=False),
        sa.Column("removal_request_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_removed_handles")),
        sa.UniqueConstraint(
            "app", "handle_normalized", name=op.f("uq_removed_handles_app_handle_normalized")
        ),
    )
    with op.batch_alter_table("username_reports", schema=None) as batch_op:
        batch_op.add_column(sa.Column("hid_listing", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column("decision", sa.String(length=20), nullable=True))
        batch_op.add_column(sa.Column("decision_reason", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("decided_by", sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f("fk_username_reports_decided_by_users"),
            "users",
            ["decided_by"],
            ["id"],
            ondelete="SET NULL",
        )
        batch_op.create_index("ix_username_reports_reporter", ["reporter_id", "status"], unique=False)
    # Reports filed before this revision that hid a listing: an underage report did, every time.
    op.execute("UPDATE username_reports SET hid_listing = (type = 'underage' AND status = 'open')")
    # Before one open report per member per username was the rule, a member could file several.
    op.execute(
        "UPDATE username_reports SET status = 'dismissed' WHERE status = 'open' AND reporter_id IS NOT NULL"
        " AND id NOT IN (SELECT MIN(id) FROM username_reports WHERE status = 'open'"
        " AND reporter_id IS NOT NULL GROUP BY username_id, reporter_id)"
    )
    op.create_index(
        "uq_username_reports_open_member",
        "username_reports",
        ["username_id", "reporter_id"],
        unique=True,
        postgresql_where=sa.text("status = 'open'"),
        sqlite_where=sa.text("status = 'open'"),
    )
    with op.batch_alter_table("username_reports", schema=None) as batch_op:
        batch_op.alter_column("hid_listing", server_default=None)
    with op.batch_alter_table("usernames", schema=None) as batch_op:
        batch_op.add_column(sa.Column("rejection_reason", sa.String(length=300), nullable=True))
    with op.batch_alter_table("unban_requests", schema=None) as batch_op:
        batch_op.add_column(sa.Column("decision_reason", sa.Text(), nullable=True))
    with op.batch_alter_table("removal_requests", schema=None) as batch_op:
        batch_op.add_column(sa.Column("decision_reason", sa.Text(), nullable=True))
    with op.batch_alter_table("contact_requests", schema=None) as batch_op:
        batch_op.add_column(sa.Column("answered_at", sa.DateTime(), nullable=True))
    op.execute("UPDATE contact_requests SET status = 'new' WHERE status = 'open'")


def downgrade() -> None:
    op.execute("UPDATE contact_requests SET status = 'open' WHERE status = 'new'")
    with op.batch_alter_table("contact_requests", schema=None) as batch_op:
        batch_op.drop_column("answered_at")
    with op.batch_alter_table("removal_requests", schema=None) as batch_op:
        batch_op.drop_column("decision_reason")
    with op.batch_alter_table("unban_requests", schema=None) as batch_op:
        batch_op.drop_column("decision_reason")
    with op.batch_alter_table("usernames", schema=None) as batch_op:
        batch_op.drop_column("rejection_reason")
    op.drop_index("uq_username_reports_open_member", table_name="username_reports")
    with op.batch_alter_table("username_reports", schema=None) as batch_op:
        batch_op.drop_index("ix_username_reports_reporter")
        batch_op.drop_constraint(batch_op.f("fk_username_reports_decided_by_users"), type_="foreignkey")
        batch_op.drop_column("decided_by")
        batch_op.drop_column("decision_reason")
        batch_op.drop_column("decision")
        batch_op.drop_column("hid_listing")
    op.drop_table("removed_handles")
    op.drop_index(op.f("ix_macros_type"), table_name="macros")
    op.drop_table("macros")
