"""mail outbox: retries with growing waits for 3 days, claims, and giving up

New nullable columns on mail_outbox (nothing rewritten on PostgreSQL): next_attempt_at, claim_token,
claimed_until, gave_up_at, and the sender's partial index on (next_attempt_at, id) over the
messages still to send. Every unsent row becomes due now: the messages the old sender abandoned
after 8 quick attempts are tried again (those queued more than 3 days ago are given up on at the
first look, with their last error kept).

Revision ID: 5b1e2a7c9d30
Revises: 5a7e0d1c2b33
Create Date: 2026-12-02 02:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "5b1e2a7c9d30"
down_revision: str | None = "5a7e0d1c2b33"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_UNSENT = "sent_at IS NULL AND gave_up_at IS NULL"


def upgrade() -> None:
    with op.batch_alter_table("mail_outbox", schema=None) as batch_op:
        batch_op.add_column(sa.Column("next_attempt_at", sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column("claim_token", sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column("claimed_until", sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column("gave_up_at", sa.DateTime(), nullable=True))
    op.create_index(
        "ix_mail_outbox_due",
        "mail_outbox",
        ["next_attempt_at", "id"],
        unique=False,
        postgresql_where=sa.text(_UNSENT),
        sqlite_where=sa.text(_UNSENT),
    )
    op.execute("UPDATE mail_outbox SET next_attempt_at = created_at WHERE sent_at IS NULL")


def downgrade() -> None:
    op.drop_index("ix_mail_outbox_due", table_name="mail_outbox")
    with op.batch_alter_table("mail_outbox", schema=None) as batch_op:
        batch_op.drop_column("gave_up_at")
        batch_op.drop_column("claimed_until")
        batch_op.drop_column("claim_token")
        batch_op.drop_column("next_attempt_at")
