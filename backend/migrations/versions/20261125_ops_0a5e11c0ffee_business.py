"""ops: the shop sells offline (direct crypto token, states and ledger), maintenance, blog, stats

Revision ID: 0a5e11c0ffee
Revises: 20261125perf
Create Date: 2026-11-25 00:18:07.885433
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0a5e11c0ffee"
down_revision: str | None = "20261125perf"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "site_settings",
        sa.Column("key", sa.String(length=40), nullable=False),
        sa.Column("value", sa.JSON(), nullable=False),
        sa.Column("updated_by", sa.Integer(), nullable=True),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["updated_by"], ["users.id"], name=op.f("fk_site_settings_updated_by_users"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_site_settings")),
    )

    op.create_table(
        "shop_order_ledger",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("order_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("amount_cents", sa.Integer(), nullable=False),
        sa.Column("note", sa.String(length=300), nullable=False),
        sa.Column("admin_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["admin_id"], ["users.id"], name=op.f("fk_shop_order_ledger_admin_id_users"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["order_id"],
            ["shop_orders.id"],
            name=op.f("fk_shop_order_ledger_order_id_shop_orders"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shop_order_ledger")),
    )
    with op.batch_alter_table("shop_order_ledger", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_shop_order_ledger_order_id"), ["order_id"], unique=False)

    with op.batch_alter_table("shop_orders", schema=None) as batch_op:
        batch_op.add_column(sa.Column("token", sa.String(length=43), nullable=True))
        batch_op.add_column(sa.Column("transaction_sent_at", sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column("frozen_at", sa.DateTime(), nullable=True))
        batch_op.create_unique_constraint(batch_op.f("uq_shop_orders_token"), ["token"])


def downgrade() -> None:

    with op.batch_alter_table("shop_orders", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_shop_orders_token"), type_="unique")
        batch_op.drop_column("frozen_at")
        batch_op.drop_column("transaction_sent_at")
        batch_op.drop_column("token")

    with op.batch_alter_table("shop_order_ledger", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_shop_order_ledger_order_id"))

    op.drop_table("shop_order_ledger")
    op.drop_table("site_settings")
