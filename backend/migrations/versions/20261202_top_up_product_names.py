"""One name per product (#32): orders written as "20X Top-Ups" read "20 Top-Ups", as the shop says

The shop's catalogue calls its packs "20 Top-Ups" ... "400 Top-Ups" (and "VIP (1 month) + 100
Top-Ups"); orders, keys and their mails copied the product's name when they were written, so the
older ones kept the old "20X Top-Ups". Downgrade writes the old names back.

Revision ID: 5e2f7a9b1c32
Revises: 3b9d2f61c0a7
Create Date: 2026-12-02 02:45:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "5e2f7a9b1c32"
down_revision: str | None = "3b9d2f61c0a7"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _rename(old: str, new: str) -> None:
    # Only pack names end so ("20X Top-Ups", "+ 100X Top-Ups"); "Auto Top-Up" has no "s".
    op.get_bind().execute(
        sa.text("UPDATE shop_orders SET product = REPLACE(product, :old, :new) WHERE product LIKE :like"),
        {"old": old, "new": new, "like": f"%{old}%"},
    )


def upgrade() -> None:
    _rename("X Top-Ups", " Top-Ups")


def downgrade() -> None:
    for n in (20, 50, 100, 200, 400):
        _rename(f"{n} Top-Ups", f"{n}X Top-Ups")
