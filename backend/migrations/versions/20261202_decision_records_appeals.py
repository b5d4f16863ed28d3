"""decisions: a statement of reasons for every restriction, and members' appeals

statements_of_reasons moves to the new `decisions` domain (the same table, its rows kept) and gains
the fields the DSA transparency database asks and the member it concerns; the new `appeals` table
holds members' complaints (DSA Art. 20) and the spec's unban requests in one queue.

Revision ID: 3b9d2f61c0a7
Revises: 5c0a1e7d3b21
Create Date: 2026-12-02 02:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "3b9d2f61c0a7"
down_revision: str | None = "5c0a1e7d3b21"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("statements_of_reasons", schema=None) as batch_op:
        batch_op.add_column(sa.Column("decision_account", sa.String(length=40), nullable=True))
        batch_op.add_column(sa.Column("account_type", sa.String(length=20), nullable=True))
        batch_op.add_column(
            sa.Column("ground_reference", sa.String(length=200), nullable=False, server_default="")
        )
        batch_op.add_column(
            sa.Column("territorial_scope", sa.JSON(), nullable=False, server_default=sa.text("'[]'"))
        )
        batch_op.add_column(sa.Column("subject_type", sa.String(length=20), nullable=True))
        batch_op.add_column(sa.Column("subject_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("about", sa.String(length=200), nullable=False, server_default=""))
        batch_op.add_column(sa.Column("user_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("appeal_of_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f("fk_statements_of_reasons_user_id_users"),
            "users",
            ["user_id"],
            ["id"],
            ondelete="SET NULL",
        )
        batch_op.create_foreign_key(
            batch_op.f("fk_statements_of_reasons_appeal_of_id_statements_of_reasons"),
            "statements_of_reasons",
            ["appeal_of_id"],
            ["id"],
            ondelete="SET NULL",
        )
        batch_op.create_index("ix_statements_of_reasons_user", ["user_id", "decided_at"], unique=False)
        batch_op.create_index(
            "ix_statements_of_reasons_subject", ["subject_type", "subject_id"], unique=False
        )
    # The notices' statements written before: what they are about.
    op.execute(
        "UPDATE statements_of_reasons SET subject_type = 'notice', subject_id = notice_id "
        "WHERE notice_id IS NOT NULL"
    )
    op.create_table(
        "appeals",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("statement_id", sa.Integer(), nullable=True),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("unban_request_id", sa.Integer(), nullable=True),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("due_at", sa.DateTime(), nullable=False),
        sa.Column("decided_at", sa.DateTime(), nullable=True),
        sa.Column("decided_by", sa.Integer(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["decided_by"], ["users.id"], name=op.f("fk_appeals_decided_by_users"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["statement_id"],
            ["statements_of_reasons.id"],
            name=op.f("fk_appeals_statement_id_statements_of_reasons"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["unban_request_id"],
            ["unban_requests.id"],
            name=op.f("fk_appeals_unban_request_id_unban_requests"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_appeals_user_id_users"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_appeals")),
        sa.UniqueConstraint("unban_request_id", name=op.f("uq_appeals_unban_request_id")),
    )
    with op.batch_alter_table("appeals", schema=None) as batch_op:
        batch_op.create_index("ix_appeals_status_due", ["status", "due_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_appeals_statement_id"), ["statement_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_appeals_user_id"), ["user_id"], unique=False)
        batch_op.create_index(
            "uq_appeals_open_statement",
            ["statement_id"],
            unique=True,
            postgresql_where=sa.text("status = 'open'"),
            sqlite_where=sa.text("status = 'open'"),
        )


def downgrade() -> None:
    op.drop_table("appeals")
    with op.batch_alter_table("statements_of_reasons", schema=None) as batch_op:
        batch_op.drop_index("ix_statements_of_reasons_subject")
        batch_op.drop_index("ix_statements_of_reasons_user")
        batch_op.drop_constraint(
            batch_op.f("fk_statements_of_reasons_appeal_of_id_statements_of_reasons"), type_="foreignkey"
        )
        batch_op.drop_constraint(batch_op.f("fk_statements_of_reasons_user_id_users"), type_="foreignkey")
        batch_op.drop_column("appeal_of_id")
        batch_op.drop_column("user_id")
        batch_op.drop_column("about")
        batch_op.drop_column("subject_id")
        batch_op.drop_column("subject_type")
        batch_op.drop_column("territorial_scope")
        batch_op.drop_column("ground_reference")
        batch_op.drop_column("account_type")
        batch_op.drop_column("decision_account")
