"""Print the query plans of the listing scenarios on a benchmark database (run bench/run.py first).

Usage: python3 -m uv run --project backend python bench/explain.py --db postgresql --rows 1000000
Every statement a list response issues is captured and explained: none may scan the table.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import db_url  # noqa: E402

SCENARIOS = {
    "first page": {},
    "one filter (gender)": {"gender": "Female"},
    "two filters (gender+country)": {"gender": "Female", "country": "US"},
    "page 50": {"page": 50},
    "app + orientation": {"app": "kik", "orientation": "Gay"},
    "vip": {"vip": True},
    "popular": {"order": "popular"},
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", choices=["sqlite", "postgresql"], default="postgresql")
    ap.add_argument("--rows", type=int, default=100_000)
    args = ap.parse_args()
    os.environ["DATABASE_URL"] = db_url(args.db, args.rows)
    os.environ["LISTING_CACHE_SECONDS"] = "0"

    from sqlalchemy import event, text

    from addme.core.db import get_engine
    from addme.listings.public import build_list
    from addme.listings.schemas import ListParams

    engine = get_engine()
    captured: list[tuple[str, Any]] = []

    @event.listens_for(engine, "before_cursor_execute")
    def _capture(_conn: Any, _cur: Any, statement: str, params: Any, _ctx: Any, _many: bool) -> None:
        if not statement.lstrip().upper().startswith("EXPLAIN"):
            captured.append((statement, params))

    pg = engine.dialect.name == "postgresql"
    for name, query in SCENARIOS.items():
        captured.clear()
        build_list(ListParams(**query))
        print(f"\n### {name} ({len(captured)} statements)\n")
        for statement, params in list(captured):
            prefix = "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) " if pg else "EXPLAIN QUERY PLAN "
            with engine.connect() as conn:
                raw = conn.exec_driver_sql(prefix + statement, params).all()
            print("```")
            for row in raw:
                print(row[0] if pg else f"{row[3]}")
            print("```")
    del text


if __name__ == "__main__":
    main()
