"""wallet in its own table (#10): balances, slots and entitlement end dates move from users to
wallets, one row per user; every copied balance must equal its ledger

Revision ID: 3a11e70c0de1
Revises: 0b5e7c1ea9e0
Create Date: 2026-11-25 04:00:00
"""

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import sqlalchemy as sa
from alembic import op

revision: str = "3a11e70c0de1"
down_revision: str | None = "0b5e7c1ea9e0"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# (column, type, server default): the wallet's columns, in users before and in wallets after.
_COLUMNS: tuple[tuple[str, sa.types.TypeEngine[object], str | None], ...] = (
    ("max_usernames", sa.Integer(), "1"),
    ("username_slots", sa.Integer(), "0"),
    ("top_ups_count", sa.Integer(), "0"),
    ("fire_pins_count", sa.Integer(), "0"),
    ("promotion_ending_at", sa.DateTime(), None),
    ("studio_ending_at", sa.DateTime(), None),
    ("automation_topup_ending_at", sa.DateTime(), None),
    ("last_top_up", sa.DateTime(), None),
    ("last_free_topup", sa.DateTime(), None),
)
_NAMES = ", ".join(name for name, _t, _d in _COLUMNS)
_CHECKS = (("top_ups_non_negative", "top_ups_count >= 0"), ("fire_pins_non_negative", "fire_pins_count >= 0"))
# The admin's VIP and Studio filters: partial indexes on users before, on wallets after.
_USER_FILTERS = (("ix_users_f_vip", "promotion_ending_at"), ("ix_users_f_studio", "studio_ending_at"))
_WALLET_FILTERS = (("ix_wallets_f_vip", "promotion_ending_at"), ("ix_wallets_f_studio", "studio_ending_at"))

# Accounts whose balance is not the sum of their ledger rows: the copy would carry a wrong balance.
_MISMATCHES = """
SELECT b.user_id, b.top_ups_count, COALESCE(l.top_ups, 0), b.fire_pins_count, COALESCE(l.fire_pins, 0)
FROM {table} b
LEFT JOIN (
    SELECT user_id,
           SUM(CASE WHEN kind = 'top_up' THEN delta ELSE 0 END) AS top_ups,
           SUM(CASE WHEN kind = 'fire_pin' THEN delta ELSE 0 END) AS fire_pins
    FROM ledger_entries GROUP BY user_id
) l ON l.user_id = b.{key}
WHERE b.top_ups_count <> COALESCE(l.top_ups, 0) OR b.fire_pins_count <> COALESCE(l.fire_pins, 0)
ORDER BY b.user_id
"""


def _verify(table: str, key: str) -> None:
    """Fail the migration, naming the accounts, if any balance differs from its ledger."""
    sql = _MISMATCHES.format(table=table, key=key).replace("b.user_id", f"b.{key}")
    rows = op.get_bind().execute(sa.text(sql)).all()
    if rows:
        shown = "; ".join(
            f"user {r[0]}: top_ups {r[1]} vs ledger {r[2]}, fire_pins {r[3]} vs ledger {r[4]}"
            for r in rows[:50]
        )
        raise RuntimeError(
            f"{len(rows)} account(s) have a balance that is not the sum of their ledger rows; "
            f"fix them (or add the missing ledger rows) and migrate again: {shown}"
        )


@contextmanager
def _users_rebuilt() -> Iterator[None]:
    """Around a change of `users` that SQLite makes by copying the table.

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
    # First, before anything changes: a refused migration leaves the database as it was.
    _verify("users", "id")
    op.create_table(
        "wallets",
        sa.Column("user_id", sa.Integer(), nullable=False),
        *(
            sa.Column(
                name, kind, nullable=default is None, server_default=sa.text(default) if default else None
            )
            for name, kind, default in _COLUMNS
        ),
        *(sa.CheckConstraint(sql, name=op.f(f"ck_wallets_{name}")) for name, sql in _CHECKS),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_wallets_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_wallets")),
    )
    for name, column in _WALLET_FILTERS:
        op.create_index(
            name,
            "wallets",
            [column, "user_id"],
            postgresql_where=sa.text(f"{column} IS NOT NULL"),
            sqlite_where=sa.text(f"{column} IS NOT NULL"),
        )
    op.execute(f"INSERT INTO wallets (user_id, {_NAMES}) SELECT id, {_NAMES} FROM users")  # noqa: S608 - constants
    _verify("wallets", "user_id")
    for name, _column in _USER_FILTERS:
        op.drop_index(name, table_name="users")
    with _users_rebuilt(), op.batch_alter_table("users") as batch:
        for name, _sql in _CHECKS:
            batch.drop_constraint(op.f(f"ck_users_{name}"), type_="check")
        for name, _kind, _default in _COLUMNS:
            batch.drop_column(name)


def downgrade() -> None:
    _verify("wallets", "user_id")
    with _users_rebuilt(), op.batch_alter_table("users") as batch:
        for name, kind, default in _COLUMNS:
            batch.add_column(
                sa.Column(
                    name, kind, nullable=default is None, server_default=sa.text(default) if default else None
                )
            )
        for name, sql in _CHECKS:
            batch.create_check_constraint(op.f(f"ck_users_{name}"), sa.text(sql))
    # Accounts without a wallet row keep the defaults above.
    for name, _kind, _default in _COLUMNS:
        op.execute(
            f"UPDATE users SET {name} = (SELECT w.{name} FROM wallets w WHERE w.user_id = users.id) "  # noqa: S608
            "WHERE EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = users.id)"
        )
    # The models of this revision carry no server defaults on users' columns.
    with _users_rebuilt(), op.batch_alter_table("users") as batch:
        for name, kind, default in _COLUMNS:
            if default is not None:
                batch.alter_column(name, existing_type=kind, existing_nullable=False, server_default=None)
    _verify("users", "id")
    for name, column in _USER_FILTERS:
        op.create_index(
            name,
            "users",
            ["created_at", "id"],
            postgresql_include=[column],
            postgresql_where=sa.text(f"{column} IS NOT NULL"),
            sqlite_where=sa.text(f"{column} IS NOT NULL"),
        )
    for name, _column in _WALLET_FILTERS:
        op.drop_index(name, table_name="wallets")
    op.drop_table("wallets")
