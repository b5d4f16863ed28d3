"""Time the admin's people tables on a large database: the user list (search, filters, sorts, pages),
a user's page and the list of bans. Figures go in docs/performance.md.

Usage (from the repository root):
  python3 -m uv run --project backend --frozen python bench/admin_people.py --db postgresql --rows 1000000
  python3 -m uv run --project backend --frozen python bench/admin_people.py --db sqlite --rows 1000000

It seeds its own database (bench/seed.py: N usernames owned by N/4 accounts; 1,000,000 usernames
give 250,000 accounts), then marks some accounts as admins, banned, high-risk and VIP, gives them IPs
and sessions, and times each service call as the route makes it (median and worst of 15 runs, warm).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "bench" / "data"
sys.path.insert(0, str(Path(__file__).resolve().parent))


def db_url(kind: str, rows: int) -> str:
    # A database of its own: the listing bench's databases stay untouched.
    if kind == "sqlite":
        return f"sqlite:///{DATA / f'bench-people-{rows}.db'}"
    return f"postgresql://postgres@127.0.0.1:5432/addme_bench_people_{rows}"


def _ensure_pg_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone() is None:
            conn.execute(f'CREATE DATABASE "{name}"')


def _seeded(url: str) -> int:
    from sqlalchemy import create_engine, text

    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with engine.connect() as conn:
            return int(
                conn.execute(text("SELECT count(*) FROM users WHERE ip_address IS NOT NULL")).scalar_one()
            )
    except Exception:
        return 0
    finally:
        engine.dispose()


def _shape(url: str) -> None:
    """Give the seeded accounts what the admin filters on: levels, bans, risk, VIP, IPs, sessions."""
    from sqlalchemy import text

    from addme.core.db import make_engine

    engine = make_engine(url)
    pg = engine.dialect.name == "postgresql"
    concat = "'198.51.' || (id % 256) || '.' || ((id / 256) % 256)"
    with engine.begin() as conn:
        conn.execute(
            text(
                f"UPDATE users SET ip_address = {concat}, last_login_at = created_at, "  # noqa: S608 - constant SQL
                "created_at = created_at - (id % 5000) * INTERVAL '1 minute'"
                if pg
                else f"UPDATE users SET ip_address = {concat}, last_login_at = created_at, "  # noqa: S608 - constant SQL
                "created_at = datetime(created_at, '-' || (id % 5000) || ' minutes')"
            )
        )
        conn.execute(
            text(
                "UPDATE users SET high_risk = TRUE WHERE id % 50 = 0"
                if pg
                else "UPDATE users SET high_risk = 1 WHERE id % 50 = 0"
            )
        )
        conn.execute(text("UPDATE users SET banned_at = created_at WHERE id % 97 = 0"))
        conn.execute(text("UPDATE users SET admin_level = 'Moderator' WHERE id % 20000 = 0"))
        conn.execute(
            text(
                "UPDATE users SET promotion_ending_at = created_at + INTERVAL '400 days' WHERE id % 30 = 0"
                if pg
                else "UPDATE users SET promotion_ending_at = datetime(created_at, '+400 days') WHERE id % 30 = 0"
            )
        )
        # One session per account for a fifth of them: the IP search also reads sessions.
        conn.execute(
            text(
                "INSERT INTO auth_tokens (user_id, token_hash, created_at, last_used_at, expires_at, "  # noqa: S608 - constant SQL
                "idle_seconds, ip_address) SELECT id, "
                + ("md5(id::text) || md5((id + 1)::text)" if pg else "printf('%064d', id)")
                + ", created_at, created_at, created_at, 60, ip_address FROM users WHERE id % 5 = 0"
            )
        )
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.execute(text("VACUUM ANALYZE" if pg else "ANALYZE"))
    engine.dispose()


def _time(fn: Callable[[], Any], runs: int = 15) -> tuple[float, float]:
    fn()  # warm: plans cached, pages in memory, as on a running server
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - started) * 1000)
    return statistics.median(samples), max(samples)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", choices=["sqlite", "postgresql"], default="postgresql")
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--reseed", action="store_true")
    args = ap.parse_args()
    url = db_url(args.db, args.rows)
    # Before anything imports the app: its settings (and engine) are read once.
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("ENV", "development")
    if args.db == "postgresql":
        _ensure_pg_database(url)
    else:
        DATA.mkdir(parents=True, exist_ok=True)
    if args.reseed or _seeded(url) == 0:
        from seed import seed

        seed(url, args.rows)
        _shape(url)

    from addme import models  # noqa: F401
    from addme.admin import people
    from addme.core.db import new_session
    from addme.moderation import banlist

    session = new_session()
    users = args.rows // 4
    base: dict[str, Any] = dict(
        q=None,
        level=None,
        banned=None,
        high_risk=None,
        vip=None,
        studio=None,
        sort="newest",
        page=1,
        per_page=25,
    )
    scenarios: list[tuple[str, dict[str, Any]]] = [
        ("first page (newest)", {}),
        ("page 50", {"page": 50}),
        ("page 2000 (deep)", {"page": 2000}),
        ("sort by e-mail", {"sort": "email"}),
        ("sort by last login", {"sort": "last_login"}),
        ("filter banned", {"banned": True}),
        ("filter high-risk", {"high_risk": True}),
        ("filter VIP", {"vip": True}),
        ("filter admins", {"level": "any"}),
        ("banned + high-risk", {"banned": True, "high_risk": True}),
        ("search e-mail prefix", {"q": "bench12345@"}),
        ("search username", {"q": f"bench_user_{args.rows // 2}"}),
        ("search IP", {"q": "198.51.7.40"}),
        ("search id", {"q": str(users // 3)}),
    ]
    print(f"{args.db}, {args.rows:,} usernames, {users:,} accounts")
    print(f"{'scenario':28} {'median ms':>10} {'worst ms':>9} {'total':>8}")
    for name, params in scenarios:
        call = {**base, **params}
        total = people.search(session, **call).meta.total
        med, worst = _time(lambda call=call: people.search(session, **call))
        session.rollback()
        print(f"{name:28} {med:10.1f} {worst:9.1f} {total:8,}")
    med, worst = _time(lambda: people.detail(session, user_id=users // 2))
    print(f"{'user page':28} {med:10.1f} {worst:9.1f}")
    med, worst = _time(lambda: banlist.active_bans(session))
    print(f"{'list of bans':28} {med:10.1f} {worst:9.1f}")
    session.close()


if __name__ == "__main__":
    main()
