"""The migrations build exactly the schema the models describe, on this test run's database kind."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import psycopg
import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text

from addme.cli import run_migrations
from addme.core.db import Base, make_engine
from addme.listings import search
from tests.conftest import IS_PG, PG_URL


def _admin(*statements: str) -> None:
    """Create or drop a database on a plain connection: the app's engine sets statement and
    per-round-trip deadlines meant for web requests, and a DROP DATABASE on a busy shared server
    can take longer than those."""
    with psycopg.connect(PG_URL, autocommit=True, connect_timeout=10) as conn:
        for statement in statements:
            conn.execute(statement)  # type: ignore[arg-type]


def _fresh_url() -> str:
    if IS_PG:
        # A name of this process's own: several test runs may share one server.
        name = f"addme_migcheck_{os.getpid()}"
        _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', f'CREATE DATABASE "{name}"')
        base = PG_URL.replace("postgresql://", "postgresql+psycopg://")
        return base.rsplit("/", 1)[0] + "/" + name
    return f"sqlite:///{Path(tempfile.mkdtemp()) / 'mig.db'}"


def test_migrations_match_models() -> None:
    url = _fresh_url()
    run_migrations(url)
    engine = make_engine(url)
    with engine.connect() as conn:
        ctx = MigrationContext.configure(
            conn, opts={"include_name": lambda name, _t, _p: not search.is_search_object(name)}
        )
        diff = compare_metadata(ctx, Base.metadata)
    engine.dispose()
    if IS_PG:
        _admin(f'DROP DATABASE IF EXISTS "{url.rsplit("/", 1)[1]}" WITH (FORCE)')
    assert diff == [], f"models and migrations differ: {diff}"


# -- the wallet's move into its own table (#10) ---------------------------------------------------

BEFORE_WALLET = "a1e27c0de001"
WALLET = "3a11e70c0de1"


def _alembic(url: str, action: str, revision: str) -> None:
    from alembic import command
    from alembic.config import Config

    from addme.cli import BACKEND_DIR

    cfg = Config(str(BACKEND_DIR / "alembic.ini"))
    cfg.set_main_option("script_location", str(BACKEND_DIR / "migrations"))
    cfg.attributes["url"] = url
    getattr(command, action)(cfg, revision)


def _drop(url: str) -> None:
    if IS_PG:
        _admin(f'DROP DATABASE IF EXISTS "{url.rsplit("/", 1)[1]}" WITH (FORCE)')


def _accounts(url: str, balances: dict[int, tuple[int, int]], ledger: dict[int, tuple[int, int]]) -> None:
    """Accounts with these (top_ups, fire_pins) balances on users, and ledger rows summing to `ledger`."""
    engine = make_engine(url)
    now = "2026-11-20 10:00:00"
    with engine.begin() as conn:
        for user_id, (top_ups, fire_pins) in balances.items():
            conn.execute(
                text(
                    "INSERT INTO users (id, email, email_normalized, password_hash, age_verified, high_risk,"
                    " max_usernames, username_slots, top_ups_count, fire_pins_count, promotion_ending_at,"
                    " studio_ending_at, last_free_topup, created_at, updated_at) VALUES (:id, :e, :e, 'x',"
                    " false, false, :slots, :bought, :t, :f, :vip, NULL, :free, :now, :now)"
                ),
                {
                    "id": user_id,
                    "e": f"m{user_id}@example.com",
                    "slots": 1 + user_id % 3,
                    "bought": user_id % 3,
                    "t": top_ups,
                    "f": fire_pins,
                    "vip": "2026-12-24 08:00:00" if user_id % 2 else None,
                    "free": now,
                    "now": now,
                },
            )
            for kind, total in zip(("top_up", "fire_pin"), ledger[user_id], strict=True):
                # Two rows a balance (a credit and a spend), so the check sums, not copies.
                for delta in (total + 1, -1) if total else ():
                    conn.execute(
                        text(
                            "INSERT INTO ledger_entries (user_id, kind, delta, reason, created_at)"
                            " VALUES (:u, :k, :d, 'admin', :now)"
                        ),
                        {"u": user_id, "k": kind, "d": delta, "now": now},
                    )
    engine.dispose()


WALLET_COLUMNS = "max_usernames, username_slots, top_ups_count, fire_pins_count, promotion_ending_at"


def _rows(url: str, sql: str) -> list[tuple[object, ...]]:
    engine = make_engine(url)
    with engine.connect() as conn:
        rows = [tuple(r) for r in conn.execute(text(sql))]
    engine.dispose()
    return rows


def test_the_wallet_moves_every_balance_into_its_own_table_and_back() -> None:
    url = _fresh_url()
    try:
        _alembic(url, "upgrade", BEFORE_WALLET)
        balances = {1: (5, 0), 2: (0, 3), 3: (12, 2), 4: (0, 0)}
        _accounts(url, balances, balances)
        before = _rows(url, f"SELECT id, {WALLET_COLUMNS} FROM users ORDER BY id")
        ledger_rows = _rows(url, "SELECT count(*) FROM ledger_entries")

        _alembic(url, "upgrade", WALLET)
        assert _rows(url, f"SELECT user_id, {WALLET_COLUMNS} FROM wallets ORDER BY user_id") == before
        user_columns = {c["name"] for c in inspect(make_engine(url)).get_columns("users")}
        assert "top_ups_count" not in user_columns and "promotion_ending_at" not in user_columns
        # Rebuilding users on SQLite must not cascade into the tables that point at it.
        assert _rows(url, "SELECT count(*) FROM ledger_entries") == ledger_rows

        _alembic(url, "downgrade", BEFORE_WALLET)
        assert _rows(url, f"SELECT id, {WALLET_COLUMNS} FROM users ORDER BY id") == before
        assert _rows(url, "SELECT count(*) FROM ledger_entries") == ledger_rows
        assert "wallets" not in inspect(make_engine(url)).get_table_names()
    finally:
        _drop(url)


def test_the_wallet_migration_refuses_a_balance_that_differs_from_its_ledger() -> None:
    url = _fresh_url()
    try:
        _alembic(url, "upgrade", BEFORE_WALLET)
        _accounts(url, {1: (5, 0), 2: (7, 1)}, {1: (5, 0), 2: (4, 1)})
        with pytest.raises(RuntimeError, match="user 2: top_ups 7 vs ledger 4") as refused:
            _alembic(url, "upgrade", WALLET)
        assert "user 1:" not in str(refused.value)
        # Nothing moved: the balances are still on users, and there is no wallets table.
        assert _rows(url, "SELECT id, top_ups_count FROM users ORDER BY id") == [(1, 5), (2, 7)]
        assert "wallets" not in inspect(make_engine(url)).get_table_names()
    finally:
        _drop(url)


# -- search indexes without a pending list (#14) -----------------------------------------------------


@pytest.mark.skipif(not IS_PG, reason="GIN indexes are PostgreSQL's; SQLite keeps FTS5 tables")
def test_the_search_indexes_take_each_write_at_once_and_back() -> None:
    """Every Top-Up writes search index entries: without a pending list no search scans one and
    no writer flushes one. Built at the latest migration, off; down to before #14, back on. The
    parts of handles are indexed by their suffixes since b3f1d2e4a6c8, by trigrams before."""
    url = _fresh_url()
    options = (
        "SELECT c.relname, coalesce(array_to_string(c.reloptions, ','), '') FROM pg_class c "
        "WHERE c.relname IN ('ix_usernames_search_vector', 'ix_usernames_handle_trgm', "
        "'ix_usernames_handle_suffixes') ORDER BY 1"
    )
    try:
        _alembic(url, "upgrade", "head")
        assert _rows(url, options) == [
            ("ix_usernames_handle_suffixes", "fastupdate=off"),
            ("ix_usernames_search_vector", "fastupdate=off"),
        ]
        _alembic(url, "downgrade", "7c4e1a9b2d58")
        assert _rows(url, options) == [
            ("ix_usernames_handle_trgm", "fastupdate=off"),
            ("ix_usernames_search_vector", "fastupdate=off"),
        ]
        _alembic(url, "downgrade", "6a7d0e55c0de")
        assert _rows(url, options) == [("ix_usernames_handle_trgm", ""), ("ix_usernames_search_vector", "")]
        _alembic(url, "upgrade", "head")
        assert {r[1] for r in _rows(url, options)} == {"fastupdate=off"}
        assert [r[0] for r in _rows(url, options)] == [
            "ix_usernames_handle_suffixes",
            "ix_usernames_search_vector",
        ]
    finally:
        _drop(url)


# -- the daily figures' indexes (2026-11-28) -------------------------------------------------------

BEFORE_STATS_INDEXES = "9e4d1c0f5a01"
STATS_INDEXES = {
    "usernames": "ix_usernames_created",
    "ledger_entries": "ix_ledger_entries_created",
    "shop_orders": "ix_shop_orders_confirmed",
}


def _indexes(url: str) -> dict[str, set[str]]:
    engine = make_engine(url)
    found = {table: {ix["name"] for ix in inspect(engine).get_indexes(table)} for table in STATS_INDEXES}
    engine.dispose()
    return found


def test_the_daily_figures_indexes_go_with_a_downgrade_and_come_back() -> None:
    url = _fresh_url()
    try:
        _alembic(url, "upgrade", "head")
        assert all(name in _indexes(url)[table] for table, name in STATS_INDEXES.items())
        _alembic(url, "downgrade", BEFORE_STATS_INDEXES)
        assert all(name not in _indexes(url)[table] for table, name in STATS_INDEXES.items())
        _alembic(url, "upgrade", "head")
        assert all(name in _indexes(url)[table] for table, name in STATS_INDEXES.items())
    finally:
        _drop(url)


# -- the tag words in the type's list index (2026-11-29) --------------------------------------------


@pytest.mark.skipif(not IS_PG, reason="INCLUDE columns are PostgreSQL's; SQLite's index is unchanged")
def test_the_type_list_index_carries_the_tag_words_and_gives_them_back() -> None:
    url = _fresh_url()
    definition = "SELECT pg_get_indexdef('ix_usernames_l_type'::regclass)"
    try:
        _alembic(url, "upgrade", "head")
        [(at_head,)] = _rows(url, definition)
        assert "INCLUDE (fire_pinned_until, tags_text)" in at_head and "WHERE listed" in at_head
        _alembic(url, "downgrade", "5e1ec7ed0a7e")
        [(before,)] = _rows(url, definition)
        assert "INCLUDE (fire_pinned_until)" in before and "WHERE listed" in before
        _alembic(url, "upgrade", "head")
        assert _rows(url, definition) == [(at_head,)]
    finally:
        _drop(url)


# -- image bans from pHash to PDQ (#29) -------------------------------------------------------------

BEFORE_PDQ = "7a9c0de5b0c1"
PDQ = "4d0c5e11a029"


def test_image_bans_carry_over_through_their_stored_copies() -> None:
    from addme.listings.models import Username
    from addme.media import pdq, pipeline
    from addme.media.storage import get_storage
    from tests.factories.media import picture

    url = _fresh_url()
    storage = get_storage()
    stored = pipeline.process(picture(21))
    storage.put("gallery/mig-copy.webp", stored.data, content_type="image/webp")
    try:
        _alembic(url, "upgrade", BEFORE_PDQ)
        engine = make_engine(url)
        with engine.begin() as conn:
            # Written as that revision's users table was (the models' has lost columns since).
            conn.execute(
                text(
                    "INSERT INTO users (id, email, email_normalized, password_hash, age_verified, high_risk,"
                    " created_at, updated_at) VALUES (1, 'm@example.com', 'm@example.com', 'x', false, false,"
                    " '2026-12-01 10:00:00', '2026-12-01 10:00:00')"
                )
            )
            conn.execute(
                Username.__table__.insert().values(
                    id=1,
                    user_id=1,
                    username="mig_member",
                    username_normalized="mig_member",
                    app="snapchat",
                    age=30,
                    gender="Female",
                    orientation="Straight",
                    type="Clean",
                    country_code="FR",
                    status="approved",
                )
            )
            for media_id, key, phash in (
                (1, "gallery/mig-copy.webp", "a0a0a0a0a0a0a0a0"),
                (2, "gallery/gone.webp", "ffff0000ffff0000"),
            ):
                conn.execute(
                    text(
                        "INSERT INTO media (id, user_id, username_id, kind, storage_key, thumb_key, width, height,"
                        " content_type, size_bytes, phash, created_at) VALUES (:id, 1, 1, 'gallery', :k, :k, 10, 10,"
                        " 'image/webp', 1, :p, '2026-11-01 10:00:00')"
                    ),
                    {"id": media_id, "k": key, "p": phash},
                )
            for ban_id, phash, reason in (
                (1, "a0a0a0a0a0a0a0a3", "copy still stored"),
                (2, "0f0f0f0f0f0f0f0f", "no copy left"),
            ):
                conn.execute(
                    text(
                        "INSERT INTO media_image_bans (id, phash, reason, created_by, created_at)"
                        " VALUES (:id, :p, :r, NULL, '2026-11-02 10:00:00')"
                    ),
                    {"id": ban_id, "p": phash, "r": reason},
                )
        engine.dispose()

        _alembic(url, "upgrade", PDQ)
        blocked = _rows(url, "SELECT pdq, quality, source, reason, subject FROM media_blocked_hashes")
        assert [b[2:] for b in blocked] == [("admin_ban", "copy still stored", "ban:1 via media:1")]
        # The stored file's hash: the upload's own, within the few bits its WebP encoding moves.
        assert pdq.distance(str(blocked[0][0]), stored.pdq) <= 4 and blocked[0][1] == stored.quality
        retired = _rows(url, "SELECT action, target, reason FROM admin_audit")
        assert retired == [("media.ban_retired", "image-ban:2", "no copy left")]
        columns = {c["name"] for c in inspect(make_engine(url)).get_columns("media")}
        assert "phash" not in columns and _rows(url, "SELECT count(*) FROM media") == [(2,)]

        _alembic(url, "downgrade", BEFORE_PDQ)
        assert _rows(url, "SELECT count(*) FROM media_image_bans") == [(0,)]
        _alembic(url, "upgrade", "head")
    finally:
        storage.delete("gallery/mig-copy.webp")
        _drop(url)


# -- one name per product (2026-12-02) --------------------------------------------------------------

BEFORE_PRODUCT_NAMES = "3b9d2f61c0a7"


def _order_products(url: str, rows: list[str] | None = None) -> list[str]:
    engine = make_engine(url)
    try:
        with engine.begin() as conn:
            for i, product in enumerate(rows or []):
                conn.execute(
                    text(
                        "INSERT INTO shop_orders (order_number, source, status, email, email_normalized, product,"
                        " price_cents, fee_cents, currency, top_ups, created_at, updated_at) VALUES (:n, 'card',"
                        " 'paid', 'a@example.com', 'a@example.com', :p, 599, 0, 'USD', 0, :t, :t)"
                    ),
                    {"n": f"9{i:04d}", "p": product, "t": "2026-11-20 10:00:00"},
                )
            return list(conn.execute(text("SELECT product FROM shop_orders ORDER BY order_number")).scalars())
    finally:
        engine.dispose()


def test_orders_written_with_the_old_pack_names_read_as_the_shop_says_and_back() -> None:
    url = _fresh_url()
    old = ["20X Top-Ups", "VIP (1 month) + 100X Top-Ups", "50X Top-Ups x2, Fire Pin", "Auto Top-Up (1 month)"]
    new = ["20 Top-Ups", "VIP (1 month) + 100 Top-Ups", "50 Top-Ups x2, Fire Pin", "Auto Top-Up (1 month)"]
    try:
        _alembic(url, "upgrade", BEFORE_PRODUCT_NAMES)
        _order_products(url, old)
        _alembic(url, "upgrade", "head")
        assert _order_products(url) == new
        _alembic(url, "downgrade", BEFORE_PRODUCT_NAMES)
        assert _order_products(url) == old
    finally:
        _drop(url)


# -- account bans into moderation's own table (issue 35) -------------------------------------------

BEFORE_BANS = "b3f1d2e4a6c8"
BANS = "c4d2e6f8a0b1"
BAN_COLUMNS = "banned_at, banned_until, ban_reason"


def test_account_bans_move_into_member_bans_and_back() -> None:
    url = _fresh_url()
    try:
        _alembic(url, "upgrade", BEFORE_BANS)
        engine = make_engine(url)
        now = "2026-12-01 10:00:00"
        # 1: banned until a date, with a reason; 2: banned for good, no reason; 3: never banned.
        bans = {1: ("2026-11-30 09:00:00", "2026-12-24 08:00:00", "spam"), 2: (now, None, None), 3: None}
        with engine.begin() as conn:
            for user_id, ban in bans.items():
                at, until, reason = ban or (None, None, None)
                conn.execute(
                    text(
                        "INSERT INTO users (id, email, email_normalized, password_hash, age_verified,"
                        " high_risk, banned_at, banned_until, ban_reason, created_at, updated_at)"
                        " VALUES (:id, :e, :e, 'x', false, false, :at, :until, :reason, :now, :now)"
                    ),
                    {
                        "id": user_id,
                        "e": f"m{user_id}@example.com",
                        "at": at,
                        "until": until,
                        "reason": reason,
                        "now": now,
                    },
                )
                conn.execute(text("INSERT INTO wallets (user_id) VALUES (:id)"), {"id": user_id})
        engine.dispose()
        before = _rows(url, f"SELECT id, {BAN_COLUMNS} FROM users ORDER BY id")

        _alembic(url, "upgrade", BANS)
        moved = _rows(
            url, "SELECT user_id, banned_at, banned_until, reason FROM member_bans ORDER BY user_id"
        )
        assert moved == [row for row in before if row[1] is not None]
        assert [row[0] for row in moved] == [1, 2]
        user_columns = {c["name"] for c in inspect(make_engine(url)).get_columns("users")}
        assert not user_columns & {"banned_at", "banned_until", "ban_reason"}
        # Rebuilding users on SQLite must not cascade into the tables that point at it.
        assert _rows(url, "SELECT count(*) FROM wallets") == [(3,)]

        _alembic(url, "downgrade", BEFORE_BANS)
        assert _rows(url, f"SELECT id, {BAN_COLUMNS} FROM users ORDER BY id") == before
        assert _rows(url, "SELECT count(*) FROM wallets") == [(3,)]
        assert "member_bans" not in inspect(make_engine(url)).get_table_names()
    finally:
        _drop(url)


# -- the trust flags into trust's own table (issue 35) ---------------------------------------------

TRUST = "d1a3c5e7f9b2"
TRUST_COLUMNS = (
    "age_verified, high_risk, hopping_restricted_until, high_risk_cleared_until, hopping_cleared_at"
)


def _members(url: str, users: dict[int, dict[str, object]], now: str) -> None:
    """Accounts written straight into users, with the given columns, and their wallets."""
    engine = make_engine(url)
    with engine.begin() as conn:
        for user_id, columns in users.items():
            names = ", ".join(columns)
            marks = ", ".join(f":{name}" for name in columns)
            conn.execute(
                text(
                    f"INSERT INTO users (id, email, email_normalized, password_hash, created_at, updated_at,"
                    f" {names}) VALUES (:id, :e, :e, 'x', :now, :now, {marks})"
                ),
                {"id": user_id, "e": f"m{user_id}@example.com", "now": now, **columns},
            )
            conn.execute(text("INSERT INTO wallets (user_id) VALUES (:id)"), {"id": user_id})
    engine.dispose()


def test_the_trust_flags_move_into_member_trust_and_back() -> None:
    url = _fresh_url()
    try:
        _alembic(url, "upgrade", BANS)
        now = "2026-12-01 10:00:00"
        plain = {"age_verified": False, "high_risk": False}
        users: dict[int, dict[str, object]] = {
            1: {"age_verified": True, "high_risk": False},  # verified only
            2: {"age_verified": False, "high_risk": True, "hopping_restricted_until": "2026-12-20 08:00:00"},
            3: {**plain, "high_risk_cleared_until": "2027-03-01 00:00:00", "hopping_cleared_at": now},
            4: plain,  # nothing set: no row
        }
        _members(url, users, now)
        before = _rows(url, f"SELECT id, {TRUST_COLUMNS} FROM users ORDER BY id")

        _alembic(url, "upgrade", TRUST)
        moved = _rows(url, f"SELECT user_id, {TRUST_COLUMNS} FROM member_trust ORDER BY user_id")
        assert moved == before[:3]
        user_columns = {c["name"] for c in inspect(make_engine(url)).get_columns("users")}
        assert not user_columns & set(TRUST_COLUMNS.split(", "))
        assert _rows(url, "SELECT count(*) FROM wallets") == [(4,)]  # the rebuild cascaded nothing

        _alembic(url, "downgrade", BANS)
        assert _rows(url, f"SELECT id, {TRUST_COLUMNS} FROM users ORDER BY id") == before
        assert "member_trust" not in inspect(make_engine(url)).get_table_names()
        _alembic(url, "upgrade", TRUST)
        assert _rows(url, f"SELECT user_id, {TRUST_COLUMNS} FROM member_trust ORDER BY user_id") == moved
        assert _rows(url, "SELECT count(*) FROM wallets") == [(4,)]
    finally:
        _drop(url)


# -- the submit cool-downs into listings' own table, last_group_top_up dropped (issue 35) ----------

CLOCKS = "d2b4d6f8a1c3"
CLOCK_COLUMNS = "latest_username, last_username_deleted_at"


def test_the_submit_cool_downs_move_into_submit_clocks_and_back() -> None:
    url = _fresh_url()
    try:
        _alembic(url, "upgrade", TRUST)
        now = "2026-12-01 10:00:00"
        users: dict[int, dict[str, object]] = {
            1: {"latest_username": "2026-11-30 09:00:00", "last_username_deleted_at": None},
            2: {"latest_username": "2026-11-02 09:00:00", "last_username_deleted_at": now},
            3: {"latest_username": None, "last_username_deleted_at": None},  # never added one: no row
        }
        _members(url, users, now)
        before = _rows(url, f"SELECT id, {CLOCK_COLUMNS} FROM users ORDER BY id")

        _alembic(url, "upgrade", CLOCKS)
        moved = _rows(url, f"SELECT user_id, {CLOCK_COLUMNS} FROM submit_clocks ORDER BY user_id")
        assert moved == before[:2]
        user_columns = {c["name"] for c in inspect(make_engine(url)).get_columns("users")}
        assert not user_columns & {"latest_username", "last_username_deleted_at", "last_group_top_up"}
        assert _rows(url, "SELECT count(*) FROM wallets") == [(3,)]

        _alembic(url, "downgrade", TRUST)
        assert _rows(url, f"SELECT id, {CLOCK_COLUMNS} FROM users ORDER BY id") == before
        assert _rows(url, "SELECT count(*) FROM users WHERE last_group_top_up IS NULL") == [(3,)]
        assert "submit_clocks" not in inspect(make_engine(url)).get_table_names()
        _alembic(url, "upgrade", CLOCKS)
        assert _rows(url, f"SELECT user_id, {CLOCK_COLUMNS} FROM submit_clocks ORDER BY user_id") == moved
        assert _rows(url, "SELECT count(*) FROM wallets") == [(3,)]
    finally:
        _drop(url)
