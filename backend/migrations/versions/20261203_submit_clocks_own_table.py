"""the submit cool-downs in listings' own table (issue 35): latest_username and
last_username_deleted_at move from users to submit_clocks, one row per member who ever added or
deleted a username; users.last_group_top_up is dropped

Nothing ever wrote last_group_top_up and the spec gives it no rule (a group costs one Top-Up when
it is made; nothing tops a group up), so it goes rather than move: the user object still carries
the spec's field, always null. A downgrade brings the column back empty, as it always was.

Revision ID: d2b4d6f8a1c3
Revises: d1a3c5e7f9b2
Create Date: 2026-12-03 15:30:00
"""

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import sqlalchemy as sa
from alembic import op

revision: str = "d2b4d6f8a1c3"
down_revision: str | None = "d1a3c5e7f9b2"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_MOVED = ("latest_username", "last_username_deleted_at")


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
        "submit_clocks",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("latest_username", sa.DateTime(), nullable=True),
        sa.Column("last_username_deleted_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_submit_clocks_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_submit_clocks")),
    )
    op.execute(
        "INSERT INTO submit_clocks (user_id, latest_username, last_username_deleted_at)"
        " SELECT id, latest_username, last_username_deleted_at FROM users"
        " WHERE latest_username IS NOT NULL OR last_username_deleted_at IS NOT NULL"
    )
    with _users_rebuilt(), op.batch_alter_table("users") as batch:
        for name in (*_MOVED, "last_group_top_up"):
            batch.drop_column(name)


def downgrade() -> None:
    with _users_rebuilt(), op.batch_alter_table("users") as batch:
        for name in ("last_group_top_up", *_MOVED):
            batch.add_column(sa.Column(name, sa.DateTime(), nullable=True))
    for name in _MOVED:
        op.execute(
            f"UPDATE users SET {name} = (SELECT s.{name} FROM submit_clocks s WHERE s.user_id = users.id)"  # noqa: S608 - constants
            " WHERE EXISTS (SELECT 1 FROM submit_clocks s WHERE s.user_id = users.id)"
        )
    op.drop_table("submit_clocks")
