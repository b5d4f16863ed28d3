"""The member's language (issue 32): `users.language`, "en" or "fr", the language their mails use

Accounts created before it keep None, so their mails follow their country as before.

Revision ID: 5d2f7a9c3e14
Revises: 3b7e9c1d4a26
Create Date: 2026-12-02 14:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "5d2f7a9c3e14"
down_revision: str | None = "3b7e9c1d4a26"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("language", sa.String(length=2), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.drop_column("language")
