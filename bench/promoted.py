"""What `promoted_reason` costs the list route (issue 31): the list body built with and without it.

Builds the body of GET /v1/usernames as the route does (listings/public.py `build_list`: the
statements through the app's read path, the cards, orjson), with the card function of before
(no `promoted_reason`) and the current one, alternated in rounds in one process on one database,
and prints the median time per body and the ratio. The card function alone is timed the same way.

    cd backend && nice .venv/bin/python ../bench/promoted.py --rows 20000 --rounds 9
    (add --dsn postgresql://... to read the shared PostgreSQL bench database instead)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))


def make_card_before() -> Any:
    """listings/cards.py `card` as it was before issue 31 (no promoted_reason), for the comparison;
    made after the settings are in place (the imports read them), with its names bound once."""
    from addme.listings import cards
    from addme.listings import constants as c
    from addme.listings.countries import country_name

    card_tags, minute, time_ago = c.CARD_TAGS, cards._MINUTE, cards._time_ago

    def card_before(row: Sequence[Any], now: datetime, *, all_tags: bool = False) -> dict[str, Any]:
        (id_, username, app, age, gender, orientation, type_, country_code, tags_text, short_description,
         profile_picture, last_top_up, sort_at, vip, pin, created_at) = row[:16]  # fmt: skip
        tags = tags_text.split() if tags_text else []
        return {
            "id": id_,
            "username": username,
            "app": app,
            "age": age,
            "gender": gender,
            "orientation": orientation,
            "type": type_,
            "country_code": country_code,
            "country": country_name(country_code),
            "tags": tags if all_tags else tags[:card_tags],
            "short_description": short_description,
            "profile_picture": profile_picture,
            "last_top_up": last_top_up,
            "time_ago": time_ago((now - (sort_at or created_at)) // minute),
            "is_promoted": vip is not None and vip > now,
            "is_fire_pinned": pin is not None and pin > now,
            "created_at": created_at,
        }

    return card_before


async def _bodies(params: Any, calls: int) -> float:
    from addme.listings import public

    start = time.perf_counter()
    for _ in range(calls):
        await public.build_list(params)
    return (time.perf_counter() - start) / calls * 1e6


def _cards(fn: Any, rows: Sequence[Any], now: datetime, calls: int) -> float:
    start = time.perf_counter()
    for _ in range(calls):
        [fn(r, now) for r in rows]
    return (time.perf_counter() - start) / calls * 1e6


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=20_000)
    ap.add_argument("--dsn", default=None, help="a seeded database; default: a SQLite file seeded here")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--calls", type=int, default=400)
    args = ap.parse_args()
    url = args.dsn
    if url is None:
        path = Path(tempfile.gettempdir()) / f"addme-bench-promoted-{args.rows}.db"
        url = f"sqlite:///{path}"
        if not path.exists():
            import seed

            seed.seed(url, args.rows)
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("ENV", "development")

    from addme import models  # noqa: F401
    from addme.core import clock, reads
    from addme.core.db import get_engine
    from addme.listings import cards
    from addme.listings.schemas import ListParams
    from addme.listings.search import pipeline

    reader = reads.create_reader()
    await reader.open()
    reads.install(reader)
    current = cards.card
    card_before = make_card_before()
    lists = {
        "first page (24)": ListParams(),
        "snapchat, 60 a page": ListParams(app="snapchat", per_page=60),
    }
    try:
        now = clock.now()
        p = lists["snapchat, 60 a page"]
        dialect = get_engine().dialect.name
        rows = (await pipeline.read_page(p, now=now, dialect=dialect, fetch=reader.fetch))[0]
        promoted = sum(1 for r in rows if current(r, now)["promoted_reason"])
        print(f"database: {url.split('@')[-1]}; {len(rows)} cards on the 60 page, {promoted} promoted")
        print(f"{'body':>22} {'before us':>10} {'after us':>10} {'after/before':>13}")
        for fn in (card_before, current):  # warm-up: statement caches, the time-ago texts
            cards.card = fn  # type: ignore[assignment]
            for params in lists.values():
                await _bodies(params, args.calls // 4 + 1)
        for name, params in lists.items():
            before, after = [], []
            for i in range(args.rounds):
                # Alternate which goes first, so neither side always runs on a warmer process.
                order = ((card_before, before), (current, after))
                for fn, sink in order if i % 2 == 0 else reversed(order):
                    cards.card = fn  # type: ignore[assignment]
                    sink.append(await _bodies(params, args.calls))
            b, a = statistics.median(before), statistics.median(after)
            print(f"{name:>22} {b:10.1f} {a:10.1f} {a / b:13.3f}", flush=True)
        before, after = [], []
        for i in range(args.rounds):
            order = ((card_before, before), (current, after))
            for fn, sink in order if i % 2 == 0 else reversed(order):
                sink.append(_cards(fn, rows, now, args.calls * 5))
        b, a = statistics.median(before), statistics.median(after)
        print(f"{'60 cards, cards only':>22} {b:10.1f} {a:10.1f} {a / b:13.3f}", flush=True)
    finally:
        cards.card = current  # type: ignore[assignment]
        await reader.close()


if __name__ == "__main__":
    asyncio.run(main())
