"""The transparency report over a year of moderation (issue 31): the admin view's query time.

Usage (from the repository root; a database of its own, dropped at the end):
  cd backend && nice -n 10 .venv/bin/python ../bench/transparency.py                 # PostgreSQL
  ... --sqlite                                                                       # a SQLite file
  ... --reports 200000 --notices 20000 --requests 20000 --rounds 10

Seeds, spread evenly over the last 365 days: notices (a fifth ncii, 9 in 10 decided within 1 to 90
hours), members' reports (9 in 10 resolved within 1 to 48 hours), unban and removal requests, and
a statement of reasons per decided notice plus one per tenth report (a third automated), and a few
appeal outcomes. Then `transparency.report(months=12)` is timed warm, `rounds` times: fastest,
median and 95th percentile in milliseconds, in this process (no HTTP), and the CSV's build.
BENCH_PROFILE=1 adds a profile of one report (which part of it takes the time).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432"
KINDS = ("ncii", "minor", "impersonation", "illegal", "other")
TYPES = ("underage", "fake", "removal", "sell", "other")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sqlite", action="store_true")
    parser.add_argument("--pg", default=os.environ.get("BENCH_PG", DEFAULT_URL))
    parser.add_argument("--reports", type=int, default=200_000)
    parser.add_argument("--notices", type=int, default=20_000)
    parser.add_argument("--requests", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()

    name = f"addme_bench_transparency_{os.getpid()}"
    if args.sqlite:
        url = f"sqlite:///{Path(tempfile.mkdtemp()) / 'bench.db'}"
    else:
        import psycopg

        with psycopg.connect(args.pg + "/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            conn.execute(f'CREATE DATABASE "{name}"')
        url = args.pg.replace("postgresql://", "postgresql+psycopg://") + "/" + name
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("ENV", "test")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))

    from sqlalchemy import insert, text
    from sqlalchemy.orm import Session

    from addme import models  # noqa: F401 - every table
    from addme.core import clock
    from addme.core.db import Base, make_engine
    from addme.moderation.models import Notice, Report, StatementOfReasons
    from addme.moderation.requests import RemovalRequest, UnbanRequest
    from addme.stats import transparency

    engine = make_engine(url)
    Base.metadata.create_all(engine)
    now = clock.now()
    year = timedelta(days=365).total_seconds()

    def at(i: int, n: int) -> Any:
        return now - timedelta(seconds=year * (n - i) / n)

    started = time.perf_counter()
    with engine.begin() as conn:
        # No users or usernames to seed: the report never joins them.
        if args.sqlite:
            conn.execute(text("PRAGMA foreign_keys = OFF"))
        else:
            conn.execute(text("SET session_replication_role = replica"))
        notices = []
        for i in range(args.notices):
            created = at(i, args.notices)
            decided = created + timedelta(hours=1 + (i * 7) % 90) if i % 10 else None
            notices.append(
                {"reference": f"b{i:012d}", "kind": KINDS[i % 5], "urls": ["/profile/1"], "status":
                 "removed" if decided else "open", "created_at": created, "due_at": created +
                 timedelta(hours=48), "warn_at": created + timedelta(hours=24), "decided_at": decided}
            )  # fmt: skip
        conn.execute(insert(Notice), notices)
        conn.execute(
            insert(StatementOfReasons),
            [
                {"notice_id": i + 1, "decision": "remove", "ground": "law" if i % 2 else "terms",
                 "category": "non_consensual_behaviour", "source_type": "notice", "automated_decision":
                 "not_automated", "facts": "bench", "content": [], "decided_at": n["decided_at"]}
                for i, n in enumerate(notices) if n["decided_at"] is not None
            ],
        )  # fmt: skip
        reports = []
        for i in range(args.reports):
            created = at(i, args.reports)
            resolved = created + timedelta(hours=1 + i % 48) if i % 10 else None
            reports.append({"username_id": 1 + i % 1000, "type": TYPES[i % 5], "message": "",
                            "status": "dismissed" if resolved else "open", "created_at": created,
                            "resolved_at": resolved})  # fmt: skip
        conn.execute(insert(Report), reports)
        conn.execute(
            insert(StatementOfReasons),
            [
                {"decision": "ban", "ground": "terms", "category": "scope_of_platform_service",
                 "source_type": "voluntary" if i % 3 else "automated", "automated_decision":
                 "fully" if i % 3 == 0 else "not_automated", "automated_detection": i % 3 == 0,
                 "facts": "bench", "content": [], "decided_at": r["resolved_at"]}
                for i, r in enumerate(reports) if r["resolved_at"] is not None and i % 10 == 1
            ] + [
                {"decision": "appeal_reversed" if i % 4 == 0 else "appeal_upheld", "ground": "terms",
                 "category": "scope_of_platform_service", "source_type": "appeal", "automated_detection": False, "automated_decision":
                 "not_automated", "facts": "bench", "content": [], "decided_at": at(i, 2000)}
                for i in range(2000)
            ],
        )  # fmt: skip
        half = args.requests // 2
        conn.execute(
            insert(UnbanRequest),
            [{"username_id": 1 + i % 1000, "user_id": 1 + i % 1000, "message": "", "status": "accepted",
              "created_at": at(i, half), "decided_at": at(i, half) + timedelta(hours=i % 72)}
             for i in range(half)],
        )  # fmt: skip
        conn.execute(
            insert(RemovalRequest),
            [{"app": "snapchat", "username": f"h{i}", "reason": "mine", "email": "a@b.c", "proof_path": "x",
              "status": "removed", "created_at": at(i, half), "decided_at": at(i, half) + timedelta(hours=i % 40)}
             for i in range(half)],
        )  # fmt: skip
    print(f"seeded in {time.perf_counter() - started:.1f} s: {args.notices} notices, {args.reports} reports, "
          f"{args.requests} requests")  # fmt: skip

    times = []
    with Session(engine) as session:
        data = transparency.report(session, months=12)
        for _ in range(args.rounds):
            t0 = time.perf_counter()
            data = transparency.report(session, months=12)
            times.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        csv = transparency.to_csv(data)
        csv_ms = (time.perf_counter() - t0) * 1000
    if os.environ.get("BENCH_PROFILE"):
        import cProfile
        import pstats

        profile_path = str(Path(tempfile.mkdtemp()) / "report.prof")

        with Session(engine) as session:
            cProfile.runctx("transparency.report(session, months=12)", globals(), locals(), profile_path)
        pstats.Stats(profile_path).sort_stats("cumulative").print_stats(18)
    times.sort()
    p95 = times[max(0, round(0.95 * len(times)) - 1)]
    kind = "SQLite" if args.sqlite else "PostgreSQL"
    print(f"{kind} report(months=12): fastest {times[0]:.0f} ms, median {statistics.median(times):.0f} ms, "
          f"p95 {p95:.0f} ms over {args.rounds} rounds; CSV {csv_ms:.1f} ms, {len(csv)} bytes")  # fmt: skip
    row = data.months[1]
    print(f"last month: {row.notices_total} notices, {row.decisions_total} decisions, median "
          f"{row.median_hours_to_decision} h, p95 {row.p95_hours_to_decision} h, ncii in 48 h "
          f"{row.ncii_within_48h_share}")  # fmt: skip
    engine.dispose()
    if not args.sqlite:
        import psycopg

        with psycopg.connect(args.pg + "/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    main()
