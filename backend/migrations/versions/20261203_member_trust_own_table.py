"""the trust flags in trust's own table (issue 35): age_verified, high_risk,
hopping_restricted_until, high_risk_cleared_until and hopping_cleared_at move from users to
member_trust, one row per account with any of them set

An account with every flag at its default (not verified, not high-risk, no restriction and no
clearance, the great majority) gets no row, and reads the same without one.

Revision ID: d1a3c5e7f9b2
Revises: c4d2e6f8a0b1
Create Date: 2026-12-03 15:00:00
"""

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import sqlalchemy as sa
from alembic import op

revision: str = "d1a3c5e7f9b2"
down_revision: str | None = "c4d2e6f8a0b1"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_FLAGS = ("age_verified", "high_risk")
_DATES = ("hopping_restricted_until", "high_risk_cleared_until", "hopping_cleared_at")
_COLUMNS = ", ".join(_FLAGS + _DATES)
_ANY_SET = " OR ".join([*_FLAGS, *(f"{d} IS NOT NULL" for d in _DATES)])


@contextmanager
def _users_rebuilt() -> Iterator[None]:
    """Around a change of `users` that SQLite makes by copying the table (as in c4d2e6f8a0b1).

    SQLite drops the old table, and with foreign keys on, DROP TABLE deletes every row first, whose
    ON DELETE CASCADE would empty the ledger, usernames, sessions... So on SQLite the copy runs with
    foreign keys off (a pragma that only works outside a transaction) in a transaction of its own.
    """
    if op.get_bind().dialect.name != "sqlite":
        yield
        return
    with op.get_context().autocommit_block():
        op.execute("PRAGMA foreign_keys=OFF")
        op.execute("BEGIN")
        try:
            yield
        except BaseException:
            op.execute("ROLLBACK")
            op.execute("PRAGMA foreign_keys=ON")
            raise
        op.execute("COMMIT")
        op.execute("PRAGMA foreign_keys=ON")


def upgrade() -> None:
    op.create_table(
        "member_trust",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("age_verified", sa.Boolean(), nullable=False),
        sa.Column("high_risk", sa.Boolean(), nullable=False),
        sa.Column("hopping_restricted_until", sa.DateTime(), nullable=True),
        sa.Column("high_risk_cleared_until", sa.DateTime(), nullable=True),
        sa.Column("hopping_cleared_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_member_trust_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_member_trust")),
    )
    op.create_index(
        "ix_member_trust_high_risk",
        "member_trust",
        ["user_id"],
        postgresql_where=sa.text("high_risk"),
        sqlite_where=sa.text("high_risk = 1"),
    )
    op.execute(
        f"INSERT INTO member_trust (user_id, {_COLUMNS})"  # noqa: S608 - constants
        f" SELECT id, {_COLUMNS} FROM users WHERE {_ANY_SET}"
    )
    op.drop_index("ix_users_f_high_risk", table_name="users")
    with _users_rebuilt(), op.batch_alter_table("users") as batch:
        for name in _FLAGS + _DATES:
            batch.drop_column(name)


def downgrade() -> None:
    with _users_rebuilt(), op.batch_alter_table("users") as batch:
        # A server default fills the rows already there (the old column had none: the models gave
        # it; left in place, as a second rebuild of users to drop it would buy nothing).
        for name in _FLAGS:
            batch.add_column(sa.Column(name, sa.Boolean(), nullable=False, server_default=sa.false()))
        for name in _DATES:
            batch.add_column(sa.Column(name, sa.DateTime(), nullable=True))
    for name in _FLAGS + _DATES:
        op.execute(
            f"UPDATE users SET {name} = (SELECT t.{name} FROM member_trust t WHERE t.user_id = users.id)"  # noqa: S608 - constants
            " WHERE EXISTS (SELECT 1 FROM member_trust t WHERE t.user_id = users.id)"
        )
    op.create_index(
        "ix_users_f_high_risk",
        "users",
        ["created_at", "id"],
        postgresql_where=sa.text("high_risk"),
        sqlite_where=sa.text("high_risk = 1"),
    )
    op.drop_index("ix_member_trust_high_risk", table_name="member_trust")
    op.drop_table("member_trust")
