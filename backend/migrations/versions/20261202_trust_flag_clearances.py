"""A moderator's clearance of a false high-risk or account-hopping flag (issue 31)

`users.high_risk_cleared_until`: the risk check leaves the flag off until then.
`users.hopping_cleared_at`: account-hopping links made before it no longer count.

Revision ID: 5b7e0c1ea531
Revises: 5b1e2a7c9d30
Create Date: 2026-12-02 02:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "5b7e0c1ea531"
down_revision: str | None = "5b1e2a7c9d30"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("high_risk_cleared_until", sa.DateTime(), nullable=True))
        batch.add_column(sa.Column("hopping_cleared_at", sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.drop_column("hopping_cleared_at")
        batch.drop_column("high_risk_cleared_until")
