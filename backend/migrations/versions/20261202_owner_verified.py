"""Owner verified (issue 34): proof that the lister owns the listed handle

`usernames.owner_verified_at` / `owner_verified_via`: when and how (telegram, code) the owner proved
it; `ownership_code` / `ownership_code_until`: the one-time code to put in the app's public bio.

Revision ID: 7c4d1e9a2b60
Revises: 6e2b9f4a8c13
Create Date: 2026-12-02 02:45:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "7c4d1e9a2b60"
down_revision: str | None = "6e2b9f4a8c13"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("usernames") as batch:
        batch.add_column(sa.Column("owner_verified_at", sa.DateTime(), nullable=True))
        batch.add_column(sa.Column("owner_verified_via", sa.String(10), nullable=True))
        batch.add_column(sa.Column("ownership_code", sa.String(8), nullable=True))
        batch.add_column(sa.Column("ownership_code_until", sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("usernames") as batch:
        batch.drop_column("ownership_code_until")
        batch.drop_column("ownership_code")
        batch.drop_column("owner_verified_via")
        batch.drop_column("owner_verified_at")
