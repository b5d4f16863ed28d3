"""The admin's figures at a million usernames (issue #13): a year of rollups, the job and the API.

Usage (from the repository root; a database of its own, dropped at the end unless --keep):
  cd backend && nice -n 10 .venv/bin/python ../bench/stats.py
  ... --usernames 1000000 --users 200000 --rounds 20 --keep
  ... --keep --job-only --rounds 10      # only the job, on a kept database
  ... --keep --explain [--plans]          # each of the job's statements under EXPLAIN ANALYZE

Seeding is SQL only (INSERT ... SELECT FROM generate_series), spread evenly over the last 365 days:
users (60 countries), usernames (3 apps, 60 countries), wallet ledger rows (Top-Ups bought, VIP
daily, slots, Fire Pins), paid and pending orders (8 products), swipe day counters and page views
(80 route templates, 100 referrers). Then the year's daily figures are built from those rows the way
`addme stats-backfill` builds them (timed), the job's recount of today and yesterday is timed, and
each stats page is called over 365 days through the ASGI app with a Full admin's bearer token,
`rounds` times, warm: fastest, median and 95th percentile in milliseconds (no network).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import Any

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432"
PAGES = ("users", "usernames", "sales", "topups", "pins", "swipes", "countries", "pages")

# Seconds in a year, so row i of n lands on day i * 365 / n (most recent last).
SEED_SQL = [
    """
    INSERT INTO users (id, email, email_normalized, password_hash, first_name, country_code,
        age_verified, high_risk, created_at, updated_at)
    SELECT i, 'member' || i || '@bench.local', 'member' || i || '@bench.local', '!', 'M' || i,
        CASE WHEN i % 7 = 0 THEN NULL ELSE chr(65 + i % 6) || chr(65 + (i / 6) % 10) END,
        false, false,
        now() - make_interval(secs => (:users - i) * 31536000.0 / :users), now()
    FROM generate_series(1, :users) AS i
    """,
    """
    INSERT INTO usernames (id, user_id, app, username, username_normalized, description,
        short_description, gender, orientation, type, age, country_code, paid_content, tags_text,
        status, is_hidden, approved_at, sort_at, listed, popularity, reputation, edits_in_window,
        created_at, updated_at)
    SELECT i, 1 + i % :users, (ARRAY['snapchat','telegram','kik'])[1 + i % 3],
        'bench_user_' || i, 'bench_user_' || i, 'Say hi.', 'Say hi.', 'Female', 'Straight', 'Clean',
        25, chr(65 + i % 6) || chr(65 + (i / 6) % 10), false, '', 'approved', false,
        now() - make_interval(secs => (:usernames - i) * 31536000.0 / :usernames),
        now() - make_interval(secs => (:usernames - i) * 31536000.0 / :usernames), true, 0, 0, 0,
        now() - make_interval(secs => (:usernames - i) * 31536000.0 / :usernames), now()
    FROM generate_series(1, :usernames) AS i
    """,
    """
    INSERT INTO ledger_entries (user_id, kind, delta, reason, created_at)
    SELECT 1 + i % :users,
        CASE WHEN i % 10 = 9 THEN 'fire_pin' ELSE 'top_up' END,
        CASE i % 10 WHEN 0 THEN 20 WHEN 1 THEN 0 WHEN 2 THEN -5 WHEN 9 THEN -1 ELSE -1 END,
        CASE i % 10 WHEN 0 THEN 'key' WHEN 1 THEN 'vip_daily' WHEN 2 THEN 'slot'
            WHEN 9 THEN 'spend_fire_pin' ELSE 'spend_topup' END,
        now() - make_interval(secs => (:usernames - i) * 31536000.0 / :usernames)
    FROM generate_series(1, :usernames) AS i
    """,
    """
    INSERT INTO shop_orders (order_number, source, status, email, email_normalized, product,
        price_cents, fee_cents, currency, top_ups, confirmed_at, created_at, updated_at)
    SELECT lpad(i::text, 5, '0'), 'card', CASE WHEN i % 5 = 0 THEN 'pending' ELSE 'paid' END,
        'b@bench.local', 'b@bench.local',
        (ARRAY['20 Top-Ups','50 Top-Ups','100 Top-Ups','VIP','Fire Pin','Auto Top-Up','Studio','VIP + Top-Up'])[1 + i % 8],
        599 + (i % 8) * 100, 0, 'USD', 0,
        CASE WHEN i % 5 = 0 THEN NULL ELSE now() - make_interval(secs => (:orders - i) * 31536000.0 / :orders) END,
        now() - make_interval(secs => (:orders - i) * 31536000.0 / :orders), now()
    FROM generate_series(1, :orders) AS i
    """,
    """
    INSERT INTO swipe_daily_stats (day, likes, passes)
    SELECT current_date - d, 2000 + d, 3000 + d FROM generate_series(0, 364) AS d
    """,
    """
    INSERT INTO page_views (day, path, referrer_host, country_code, created_at)
    SELECT current_date - (i % 365), '/page' || (i % 80),
        CASE WHEN i % 3 = 0 THEN 'ref' || (i % 100) || '.example' ELSE '' END, 'US', now()
    FROM generate_series(1, :views) AS i
    """,
    "SELECT setval(pg_get_serial_sequence('users', 'id'), :users)",
    "SELECT setval(pg_get_serial_sequence('usernames', 'id'), :usernames)",
]


def _admin_db(base: str) -> Any:
    import psycopg

    return psycopg.connect(base + "/postgres", autocommit=True)


def seed(url: str, params: dict[str, int]) -> float:
    from sqlalchemy import create_engine, text

    from addme import models  # noqa: F401
    from addme.core.db import Base

    started = time.perf_counter()
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    Base.metadata.create_all(engine)
    with engine.begin() as conn:
        conn.execute(text("SET LOCAL synchronous_commit = off"))
        for sql in SEED_SQL:
            step = time.perf_counter()
            conn.execute(text(sql), params)
            print(f"  {sql.split()[2]:18} {time.perf_counter() - step:6.1f}s", file=sys.stderr)
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.execute(text("VACUUM ANALYZE"))
    engine.dispose()
    return time.perf_counter() - started


def _timed(fn: Any) -> tuple[Any, float]:
    started = time.perf_counter()
    out = fn()
    return out, (time.perf_counter() - started) * 1000


def measure_job(rounds: int) -> None:
    """Only the job's recount of today and yesterday, `rounds` times (the rollups need no backfill)."""
    from addme.core.db import new_session
    from addme.stats import rollup

    db = new_session()
    rollup.refresh_recent(db)  # warm: plans and pages
    runs = sorted(_timed(lambda: rollup.refresh_recent(db))[1] for _ in range(rounds))
    db.close()
    print(
        f"job (today and yesterday), {rounds} runs: min {runs[0]:,.1f} ms, median {statistics.median(runs):,.1f} ms,"
        f" max {runs[-1]:,.1f} ms; load average {os.getloadavg()[0]:.1f}"
    )


def explain_job(url: str, *, plans: bool) -> None:
    """EXPLAIN (ANALYZE, BUFFERS) each SELECT the job sends, with its parameters: time per statement."""
    import psycopg
    from sqlalchemy import event

    from addme.core.db import get_engine, new_session
    from addme.stats import rollup

    seen: list[tuple[str, Any]] = []

    def grab(_conn: Any, _cur: Any, statement: str, params: Any, *_args: Any) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            seen.append((statement, params))

    event.listen(get_engine(), "before_cursor_execute", grab)
    db = new_session()
    rollup.refresh_recent(db, commit=False)
    db.rollback()
    db.close()
    event.remove(get_engine(), "before_cursor_execute", grab)
    total = 0.0
    with psycopg.connect(url) as conn:
        for statement, params in seen:
            for _ in range(2):  # the second, warm
                rows = [r[0] for r in conn.execute("EXPLAIN (ANALYZE, BUFFERS) " + statement, params)]  # type: ignore[call-overload]
            took = float(rows[-1].split()[-2])
            total += took
            print(f"{took:8.2f} ms  {' '.join(statement.split())[:110]}")
            if plans:
                print("\n".join(rows))
    print(f"total {total:.1f} ms in the database; load average {os.getloadavg()[0]:.1f}")


def measure(rounds: int) -> None:
    from datetime import timedelta

    from fastapi.testclient import TestClient
    from sqlalchemy import func, select

    from addme.accounts import service as accounts
    from addme.accounts.models import User
    from addme.core import clock
    from addme.core.db import new_session
    from addme.main import create_app
    from addme.stats import rollup
    from addme.stats.models import DailyFigure

    db = new_session()
    rows, backfill_ms = _timed(lambda: rollup.backfill(db))
    stored = db.scalar(select(func.count()).select_from(DailyFigure))
    print(f"backfill (365 days from the source tables): {backfill_ms:,.0f} ms, {rows:,} rows ({stored:,} stored)")
    job = [(_timed(lambda: rollup.refresh_recent(db)))[1] for _ in range(3)]
    print(f"job (today and yesterday): min {min(job):,.0f} ms, median {statistics.median(job):,.0f} ms")
    admin = db.get(User, 1)
    assert admin is not None
    admin.admin_level = "Full"
    token = accounts.open_session(db, user=admin, ip="127.0.0.1", user_agent="bench")
    db.commit()
    db.close()
    client = TestClient(create_app())
    headers = {"Authorization": f"Bearer {token}"}
    end = clock.now().date()
    start = end - timedelta(days=364)
    print(f"\n{rounds} rounds, load average {os.getloadavg()[0]:.1f}")
    print("| GET (365 days) | min ms | median ms | p95 ms | bytes |\n|---|---:|---:|---:|---:|")
    paths = [(f"/v1/admin/stats/{p}?start={start}&end={end}") for p in PAGES] + ["/v1/admin/overview"]
    for path in paths:
        first = client.get(path, headers=headers)
        assert first.status_code == 200, (path, first.status_code, first.text[:300])
        samples = sorted(_timed(lambda p=path: client.get(p, headers=headers))[1] for _ in range(rounds))
        p95 = samples[min(len(samples) - 1, round(0.95 * (len(samples) - 1)))]
        label = path.split("?")[0].removeprefix("/v1/admin/")
        print(f"| {label} | {samples[0]:.1f} | {statistics.median(samples):.1f} | {p95:.1f} | {len(first.content):,} |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default=DEFAULT_URL, help="PostgreSQL server URL, no database")
    ap.add_argument("--users", type=int, default=200_000)
    ap.add_argument("--usernames", type=int, default=1_000_000)
    ap.add_argument("--orders", type=int, default=50_000)
    ap.add_argument("--views", type=int, default=500_000)
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--keep", action="store_true", help="keep the database (and reuse it next time)")
    ap.add_argument("--job-only", action="store_true", help="time only the job, `rounds` runs (no backfill)")
    ap.add_argument("--explain", action="store_true", help="EXPLAIN ANALYZE the job's statements (no backfill)")
    ap.add_argument("--plans", action="store_true", help="with --explain: print each plan too")
    args = ap.parse_args()
    name = f"addme_bench_stats_{args.usernames}"
    url = f"{args.server}/{name}"
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("ENV", "development")
    os.environ.setdefault("RUN_JOBS_IN_WEB", "false")
    os.environ.setdefault("RATE_LIMITS_ENABLED", "false")
    with _admin_db(args.server) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')
    try:
        if exists:
            # A kept database: tables added since are created (a changed one is dropped first).
            from sqlalchemy import create_engine

            from addme import models  # noqa: F401
            from addme.core.db import Base

            engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
            Base.metadata.create_all(engine)
            engine.dispose()
        if not exists:
            params = {"users": args.users, "usernames": args.usernames, "orders": args.orders, "views": args.views}
            print(f"seeded in {seed(url, params):.0f}s")
        if args.explain:
            explain_job(url, plans=args.plans)
        elif args.job_only:
            measure_job(args.rounds)
        else:
            measure(args.rounds)
    finally:
        if not args.keep:
            from addme.core.db import get_engine

            get_engine().dispose()
            with _admin_db(args.server) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    main()
