"""account bans in moderation's own table (issue 35): banned_at, banned_until and ban_reason move
from users to member_bans, one row per account banned now (none once the ban is lifted)

An account without banned_at was not banned, whatever its other two columns said (the ban's verbs
set and cleared the three together), so only banned accounts get a row.

Revision ID: c4d2e6f8a0b1
Revises: b3f1d2e4a6c8
Create Date: 2026-12-03 12:00:00
"""

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import sqlalchemy as sa
from alembic import op

revision: str = "c4d2e6f8a0b1"
down_revision: str | None = "b3f1d2e4a6c8"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# users' partial indexes that read banned_at: the admin's banned filter and the list of bans.
_USER_INDEXES = ("ix_users_f_banned", "ix_users_banned_at")


@contextmanager
def _users_rebuilt() -> Iterator[None]:
    """Around a change of `users` that SQLite makes by copying the table (as in 3a11e70c0de1).

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
        "member_bans",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("banned_at", sa.DateTime(), nullable=False),
        sa.Column("banned_until", sa.DateTime(), nullable=True),
        sa.Column("reason", sa.String(length=300), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_member_bans_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_member_bans")),
    )
    op.create_index("ix_member_bans_banned_at", "member_bans", ["banned_at"])
    op.execute(
        "INSERT INTO member_bans (user_id, banned_at, banned_until, reason)"
        " SELECT id, banned_at, banned_until, ban_reason FROM users WHERE banned_at IS NOT NULL"
    )
    for name in _USER_INDEXES:
        op.drop_index(name, table_name="users")
    with _users_rebuilt(), op.batch_alter_table("users") as batch:
        for name in ("banned_at", "banned_until", "ban_reason"):
            batch.drop_column(name)


def downgrade() -> None:
    with _users_rebuilt(), op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("banned_at", sa.DateTime(), nullable=True))
        batch.add_column(sa.Column("banned_until", sa.DateTime(), nullable=True))
        batch.add_column(sa.Column("ban_reason", sa.String(length=300), nullable=True))
    for name, column in (
        ("banned_at", "banned_at"),
        ("banned_until", "banned_until"),
        ("ban_reason", "reason"),
    ):
        op.execute(
            f"UPDATE users SET {name} = (SELECT b.{column} FROM member_bans b WHERE b.user_id = users.id)"  # noqa: S608 - constants
            " WHERE EXISTS (SELECT 1 FROM member_bans b WHERE b.user_id = users.id)"
        )
    op.create_index(
        "ix_users_f_banned",
        "users",
        ["created_at", "id"],
        postgresql_where=sa.text("banned_at IS NOT NULL"),
        sqlite_where=sa.text("banned_at IS NOT NULL"),
    )
    op.create_index(
        "ix_users_banned_at",
        "users",
        ["banned_at"],
        postgresql_where=sa.text("banned_at IS NOT NULL"),
        sqlite_where=sa.text("banned_at IS NOT NULL"),
    )
    op.drop_index("ix_member_bans_banned_at", table_name="member_bans")
    op.drop_table("member_bans")
