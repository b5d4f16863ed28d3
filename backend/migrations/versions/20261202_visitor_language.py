"""The language of a visitor who files a notice or a removal request: their mails use it

A visitor without an account has no `users.language`; the locale cookie at filing time is kept on
the notice and the removal request so that the receipt and the later outcome speak it too.

Revision ID: 7c4e1a9b2d58
Revises: 5d2f7a9c3e14
Create Date: 2026-12-02 21:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "7c4e1a9b2d58"
down_revision: str | None = "5d2f7a9c3e14"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("notices", "removal_requests")


def upgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("language", sa.String(length=2), nullable=False, server_default="en"))


def downgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.drop_column("language")
