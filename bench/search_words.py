"""Time text searches by how common their word is (issue #14: rare words), on the bench database.

Runs the statements one uncached search response runs (through listings.queries, as the app does),
each word several rounds, and prints the median per word: with the probe (the app's way) and with
the index walk forced (how every search was read before #14's rare-word fix).

    cd backend && nice .venv/bin/python ../bench/search_words.py --rounds 5
"""

from __future__ import annotations

import argparse
import statistics
import time

from sqlalchemy import create_engine

from addme.core import clock
from addme.listings import queries
from addme.listings.schemas import ListParams

WORDS = ["angel12345", "xylophone", "gamer", "panda"]


def run(conn, p: ListParams, *, forced_walk: bool) -> tuple[float, int]:
    now = clock.now()
    start = time.perf_counter()
    if forced_walk:
        plan = queries.plan_list(p, now=now, dialect="postgresql", hits=queries.PROBE_COMMON)
    else:
        plan = queries.plan_list(p, now=now, dialect="postgresql")
        [(hits,)] = conn.execute(*plan.queries[0]).all()
        plan = queries.plan_list(p, now=now, dialect="postgresql", hits=int(hits))
    results = [conn.execute(stmt, values).all() for stmt, values in plan.queries]
    rows, _more, _total = queries.read_list(p, plan, results)
    return (time.perf_counter() - start) * 1000, len(rows)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dsn", default="postgresql+psycopg:///addme_bench_1000000")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--words", nargs="*", default=WORDS)
    ap.add_argument("--walk-only", action="store_true", help="only the forced walk (the old way)")
    ap.add_argument("--timeout-ms", type=int, default=10_000)
    args = ap.parse_args()
    engine = create_engine(args.dsn)
    with engine.connect() as conn:
        conn.exec_driver_sql(f"SET statement_timeout = {int(args.timeout_ms)}")
        for word in args.words:
            p = ListParams(q=word)
            for forced in (False, True) if not args.walk_only else (True,):
                times, n = [], 0
                for _ in range(args.rounds):
                    try:
                        ms, n = run(conn, p, forced_walk=forced)
                    except Exception as exc:  # the statement timeout: what a 503 would be
                        conn.rollback()
                        conn.exec_driver_sql(f"SET statement_timeout = {int(args.timeout_ms)}")
                        ms, n = float(args.timeout_ms), -1
                        print(f"  {word}: {type(exc).__name__}")
                    times.append(ms)
                label = "walk (before)" if forced else "probe (after)"
                print(
                    f"{word:>12} {label:>14}: median {statistics.median(times):8.1f} ms "
                    f"min {min(times):8.1f} rows {n}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
