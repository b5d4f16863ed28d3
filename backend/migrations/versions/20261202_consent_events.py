"""consent_events: each change of a member's consents with its time (issue 31: orientation ads)

Revision ID: 5c0a1e7d3b21
Revises: 5b7e0c1ea531
Create Date: 2026-12-02 02:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "5c0a1e7d3b21"
down_revision: str | None = "5b7e0c1ea531"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "consent_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("granted", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("ip_address", sa.String(length=45), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_consent_events_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_consent_events")),
    )
    with op.batch_alter_table("consent_events", schema=None) as batch_op:
        batch_op.create_index("ix_consent_events_user_kind", ["user_id", "kind", "id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("consent_events", schema=None) as batch_op:
        batch_op.drop_index("ix_consent_events_user_kind")
    op.drop_table("consent_events")
