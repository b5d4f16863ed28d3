"""notices: the public notice form, its clock and decisions, trusted flaggers, moderator alerts

New tables (moderation's): notices, statements_of_reasons (a decision in the DSA transparency
database's fields), trusted_flaggers, moderator_alert_subscribers; and the one-hour clock of an
underage report left listed (username_reports.due_at, warn_at, warned_at: nullable, so adding
them rewrites nothing on PostgreSQL).

Revision ID: 7c6268fbb220
Revises: 4d0c5e11a029
Create Date: 2026-12-01 21:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "7c6268fbb220"
down_revision: str | None = "4d0c5e11a029"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "moderator_alert_subscribers",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_moderator_alert_subscribers_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_moderator_alert_subscribers")),
    )
    op.create_table(
        "notices",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("reference", sa.String(length=16), nullable=False),
        sa.Column("kind", sa.String(length=15), nullable=False),
        sa.Column("urls", sa.JSON(), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("good_faith", sa.Boolean(), nullable=False),
        sa.Column("signature", sa.String(length=200), nullable=False),
        sa.Column("contact_email", sa.String(length=254), nullable=False),
        sa.Column("picture_path", sa.String(length=120), nullable=True),
        sa.Column("picture_pdq", sa.String(length=64), nullable=True),
        sa.Column("reporter_id", sa.Integer(), nullable=True),
        sa.Column("ip_address", sa.String(length=45), nullable=True),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("due_at", sa.DateTime(), nullable=False),
        sa.Column("warn_at", sa.DateTime(), nullable=False),
        sa.Column("warned_at", sa.DateTime(), nullable=True),
        sa.Column("decided_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["reporter_id"], ["users.id"], name=op.f("fk_notices_reporter_id_users"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notices")),
        sa.UniqueConstraint("reference", name=op.f("uq_notices_reference")),
    )
    with op.batch_alter_table("notices", schema=None) as batch_op:
        batch_op.create_index("ix_notices_status_due", ["status", "due_at"], unique=False)
        batch_op.create_index("ix_notices_status_warn", ["status", "warn_at"], unique=False)

    op.create_table(
        "trusted_flaggers",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("reason", sa.String(length=300), nullable=False),
        sa.Column("added_by", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["added_by"], ["users.id"], name=op.f("fk_trusted_flaggers_added_by_users"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_trusted_flaggers_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_trusted_flaggers")),
    )
    op.create_table(
        "statements_of_reasons",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("notice_id", sa.Integer(), nullable=True),
        sa.Column("decision", sa.String(length=20), nullable=False),
        sa.Column("decision_visibility", sa.String(length=40), nullable=True),
        sa.Column("ground", sa.String(length=10), nullable=False),
        sa.Column("category", sa.String(length=60), nullable=False),
        sa.Column("source_type", sa.String(length=20), nullable=False),
        sa.Column("automated_detection", sa.Boolean(), nullable=False),
        sa.Column("automated_decision", sa.String(length=20), nullable=False),
        sa.Column("facts", sa.Text(), nullable=False),
        sa.Column("content", sa.JSON(), nullable=False),
        sa.Column("decided_by", sa.Integer(), nullable=True),
        sa.Column("decided_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["decided_by"],
            ["users.id"],
            name=op.f("fk_statements_of_reasons_decided_by_users"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["notice_id"],
            ["notices.id"],
            name=op.f("fk_statements_of_reasons_notice_id_notices"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_statements_of_reasons")),
        sa.UniqueConstraint("notice_id", name=op.f("uq_statements_of_reasons_notice_id")),
    )
    with op.batch_alter_table("username_reports", schema=None) as batch_op:
        batch_op.add_column(sa.Column("due_at", sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column("warn_at", sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column("warned_at", sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("username_reports", schema=None) as batch_op:
        batch_op.drop_column("warned_at")
        batch_op.drop_column("warn_at")
        batch_op.drop_column("due_at")

    op.drop_table("statements_of_reasons")
    op.drop_table("trusted_flaggers")
    with op.batch_alter_table("notices", schema=None) as batch_op:
        batch_op.drop_index("ix_notices_status_warn")
        batch_op.drop_index("ix_notices_status_due")

    op.drop_table("notices")
    op.drop_table("moderator_alert_subscribers")
