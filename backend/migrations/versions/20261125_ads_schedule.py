"""ads: a schedule (start and end dates) per ad

Revision ID: ad5c4ed01e01
Revises: a1e27c0de001
Create Date: 2026-11-25 03:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "ad5c4ed01e01"
down_revision: str | None = "a1e27c0de001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("ads") as batch:
        batch.add_column(sa.Column("starts_at", sa.DateTime(), nullable=True))
        batch.add_column(sa.Column("ends_at", sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("ads") as batch:
        batch.drop_column("ends_at")
        batch.drop_column("starts_at")
