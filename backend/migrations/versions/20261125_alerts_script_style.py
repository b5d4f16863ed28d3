"""alerts: an admin's script and custom style per alert

Revision ID: a1e27c0de001
Revises: 7a5e0c1d2b01
Create Date: 2026-11-25 01:50:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "a1e27c0de001"
down_revision: str | None = "7a5e0c1d2b01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("alerts") as batch:
        batch.add_column(sa.Column("script", sa.Text(), nullable=False, server_default=""))
        batch.add_column(sa.Column("style", sa.String(length=300), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("alerts") as batch:
        batch.drop_column("style")
        batch.drop_column("script")
