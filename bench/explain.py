"""Print the query plans of the listing scenarios on a benchmark database (run bench/run.py first).

Usage: python3 -m uv run --project backend python bench/explain.py --db postgresql --rows 1000000

Every statement a list response issues is explained as the app runs it. On PostgreSQL that is a
prepared statement's generic plan, in a session with the read pool's settings
(core/reads.py READ_SESSION_OPTIONS): the plan used for every execution, planned once. None may
scan the table.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
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
    "tag": {"tag": "gamer"},
    "vip": {"vip": True},
    "popular": {"order": "popular"},
}


def _numbered(sql: str) -> tuple[str, list[str]]:
    """psycopg's %(name)s placeholders as PostgreSQL's $n, and the names in order."""
    names: list[str] = []

    def number(m: re.Match[str]) -> str:
        if m.group(1) not in names:
            names.append(m.group(1))
        return f"${names.index(m.group(1)) + 1}"

    return re.sub(r"%\((\w+)\)s", number, sql), names


def explain_pg(statements: list[tuple[Any, dict[str, Any]]], conninfo: str) -> list[list[str]]:
    import psycopg
    from psycopg import sql

    from addme.core.reads import READ_SESSION_OPTIONS, PgReader

    reader = PgReader(conninfo, max_size=1, timeout=5)
    plans = []
    with psycopg.connect(conninfo, autocommit=True, options=READ_SESSION_OPTIONS) as conn:
        for i, (stmt, values) in enumerate(statements):
            text, defaults = reader.compiled(stmt)
            numbered, names = _numbered(text)
            params = {**defaults, **values}
            conn.execute(f"PREPARE q{i} AS {numbered}")
            args = ", ".join(sql.Literal(params[n]).as_string(conn) for n in names)
            call = f"EXECUTE q{i}({args})" if names else f"EXECUTE q{i}"
            rows = conn.execute(f"EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF, SUMMARY ON) {call}").fetchall()
            plans.append([r[0] for r in rows])
    return plans


def explain_sqlite(statements: list[tuple[Any, dict[str, Any]]]) -> list[list[str]]:
    from addme.core.db import get_engine

    engine = get_engine()
    plans = []
    with engine.connect() as conn:
        for stmt, values in statements:
            compiled = stmt.compile(dialect=engine.dialect)
            named = {**compiled.params, **values}
            params = tuple(named[name] for name in compiled.positiontup or ())
            raw = conn.exec_driver_sql("EXPLAIN QUERY PLAN " + compiled.string, params).all()
            plans.append([str(r[3]) for r in raw])
    return plans


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", choices=["sqlite", "postgresql"], default="postgresql")
    ap.add_argument("--rows", type=int, default=100_000)
    args = ap.parse_args()
    os.environ["DATABASE_URL"] = db_url(args.db, args.rows)

    from addme import models  # noqa: F401
    from addme.core import clock
    from addme.core.config import get_settings
    from addme.core.reads import pg_conninfo
    from addme.listings.schemas import ListParams
    from addme.listings.search import count, parse, read

    conninfo = pg_conninfo(get_settings())
    for name, query in SCENARIOS.items():
        # A list's statements as pipeline.read_page sends them uncounted: its page and capped count.
        p = ListParams(**query)
        shape, values = parse.shape_of(p), parse.bound_values(p, clock.now())
        _print(name, [(read.list_page(shape, p.per_page), values), (count.list_count(shape), values)], conninfo)
    for name, query, path in SEARCHES:
        _print(name, asyncio.run(_search_statements(ListParams(**query), path, args.db)), conninfo)


def _print(name: str, statements: list[tuple[Any, dict[str, Any]]], conninfo: str | None) -> None:
    plans = explain_pg(statements, conninfo) if conninfo else explain_sqlite(statements)
    print(f"\n#### {name} ({len(plans)} statements)\n")
    for lines in plans:
        print("```")
        print("\n".join(lines))
        print("```")


# A search's statements with each way of reading its matches (listings/search/read.py): "walk"
# (a window of the list's index), "index" (the search indexes), or the one its word's frequency
# picks (None). The probe is the first statement when the word is new to the process.
SEARCHES = [
    ("search gamer (common word), chosen", {"q": "gamer"}, None),
    ("search gamer + gender + country, chosen", {"q": "gamer", "gender": "Female", "country": "US"}, None),
    ("search panda, popular, page 5, chosen", {"q": "panda", "order": "popular", "page": 5}, None),
    ("search angel12345 (rare), chosen", {"q": "angel12345"}, None),
    ("search cosmic_angel12345 (a whole handle), chosen", {"q": "cosmic_angel12345"}, None),
    ("search tter452 (a partial handle: no word starts with it), chosen", {"q": "tter452"}, None),
    ("search gamer, index forced", {"q": "gamer", "tag": "art", "country": "FR"}, "index"),
    ("search angel12345, walk forced", {"q": "angel12345", "app": "kik"}, "walk"),
]


async def _search_statements(p: Any, path: str | None, dialect: str) -> list[tuple[Any, dict[str, Any]]]:
    """The statements one uncached search runs (its probe included), recorded instead of run."""
    from addme.core import clock, reads
    from addme.listings.search import pipeline, plan, totals

    totals.forget_counts()
    plan.forget_words()
    chosen = plan.choose
    if path is not None:
        forced = plan.INDEX if path == "index" else plan.Path(plan.WALK_MIN)
        plan.choose = lambda *_a, **_k: forced  # type: ignore[assignment]
    reader = reads.create_reader()
    await reader.open()
    seen: list[tuple[Any, dict[str, Any]]] = []
    stop = reads.listen(lambda stmt, params: seen.append((stmt, dict(params))))
    try:
        await pipeline.read_page(p, now=clock.now(), dialect=dialect, fetch=reader.fetch)
    finally:
        stop()
        plan.choose = chosen  # type: ignore[assignment]
        await reader.close()
    return seen


if __name__ == "__main__":
    main()
