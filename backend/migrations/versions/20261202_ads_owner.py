"""ads: who made each ad (an AdPartner changes only its own)

ads.created_by_id, nullable (ads made before it are left to Full admins): adding it rewrites
nothing on PostgreSQL.

Revision ID: 5a7e0d1c2b33
Revises: 7c6268fbb220
Create Date: 2026-12-02 02:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "5a7e0d1c2b33"
down_revision: str | None = "7c6268fbb220"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("ads") as batch:
        batch.add_column(sa.Column("created_by_id", sa.Integer(), nullable=True))
        batch.create_foreign_key(
            "fk_ads_created_by_id_users", "users", ["created_by_id"], ["id"], ondelete="SET NULL"
        )
        batch.create_index("ix_ads_created_by_id", ["created_by_id"])


def downgrade() -> None:
    with op.batch_alter_table("ads") as batch:
        batch.drop_index("ix_ads_created_by_id")
        batch.drop_constraint("fk_ads_created_by_id_users", type_="foreignkey")
        batch.drop_column("created_by_id")
