"""account bans carry an end and a reason; IP and CIDR range bans; indexes for the admin user list

Revision ID: b7e0a11ce0b1
Revises: c0ffee11a001
Create Date: 2026-11-23 23:50:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "b7e0a11ce0b1"
down_revision: str | None = "c0ffee11a001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(sa.Column("banned_until", sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column("ban_reason", sa.String(length=300), nullable=True))
        batch_op.create_index("ix_users_created", ["created_at", "id"], unique=False)
        batch_op.create_index("ix_users_ip_address", ["ip_address"], unique=False)
        batch_op.create_index("ix_users_last_login", ["last_login_at", "id"], unique=False)
        batch_op.create_index(
            "ix_users_email_prefix",
            ["email_normalized"],
            unique=False,
            postgresql_ops={"email_normalized": "text_pattern_ops"},
        )
    op.create_index("ix_auth_tokens_ip_address", "auth_tokens", ["ip_address"], unique=False)
    op.create_index(
        "ix_usernames_handle_prefix",
        "usernames",
        ["username_normalized"],
        unique=False,
        postgresql_ops={"username_normalized": "text_pattern_ops"},
    )
    op.create_table(
        "ip_bans",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("cidr", sa.String(length=50), nullable=False),
        sa.Column("reason", sa.String(length=300), nullable=False),
        sa.Column("banned_until", sa.DateTime(), nullable=True),
        sa.Column("admin_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("lifted_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["admin_id"], ["users.id"], name=op.f("fk_ip_bans_admin_id_users"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ip_bans")),
    )
    op.create_index("ix_ip_bans_active", "ip_bans", ["lifted_at", "banned_until"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_ip_bans_active", table_name="ip_bans")
    op.drop_table("ip_bans")
    op.drop_index("ix_usernames_handle_prefix", table_name="usernames")
    op.drop_index("ix_auth_tokens_ip_address", table_name="auth_tokens")
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_index("ix_users_email_prefix")
        batch_op.drop_index("ix_users_last_login")
        batch_op.drop_index("ix_users_ip_address")
        batch_op.drop_index("ix_users_created")
        batch_op.drop_column("ban_reason")
        batch_op.drop_column("banned_until")
