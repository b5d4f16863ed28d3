"""Time text searches by how common their words are, on the bench database (issue #14).

Runs one search response's statements as the app runs them (listings/search/pipeline.py, through the
app's async read pool), each word several rounds, and prints the median per word and path:

- "cold": the word new to the process and its total not memoized (probe, page and count);
- "warm": what every later request for the same word runs (the page alone);

with the path the word's frequency picks ("chosen"), and with each path forced ("walk", the list's
index walked in a window sized for the word; "index", the search indexes then a sort).

    cd backend && nice .venv/bin/python ../bench/search_words.py --rounds 5
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time
from typing import Any

WORDS = ["angel12345", "cosmic_angel12345", "xylophone", "gamer", "panda", "lazy_panda8"]


async def _time(p: Any, path: str, *, cold: bool, reader: Any) -> tuple[float, int]:
    from addme.core import clock
    from addme.listings.search import pipeline, plan, totals

    if cold:
        totals.forget_counts()
        plan.forget_words()
    chosen = plan.choose
    if path == "index":
        plan.choose = lambda *_a, **_k: plan.INDEX  # type: ignore[assignment]
    elif path == "walk":
        plan.choose = lambda *a, **k: chosen(*a, **k) if chosen(*a, **k).walk else plan.Path(  # type: ignore[assignment]
            plan.WALK_MAX
        )
    try:
        start = time.perf_counter()
        found = await pipeline.read_page(p, now=clock.now(), dialect="postgresql", fetch=reader.fetch)
        elapsed = (time.perf_counter() - start) * 1000
    finally:
        plan.choose = chosen  # type: ignore[assignment]
    assert found is not None
    return elapsed, len(found[0])


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dsn", default="postgresql://postgres@127.0.0.1:5432/addme_bench_1000000")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--words", nargs="*", default=WORDS)
    ap.add_argument("--paths", nargs="*", default=["chosen", "walk", "index"])
    args = ap.parse_args()
    os.environ["DATABASE_URL"] = args.dsn

    from addme import models  # noqa: F401
    from addme.core import reads
    from addme.listings.schemas import ListParams

    reader = reads.create_reader()
    await reader.open()
    try:
        print(f"{'word':>18} {'path':>7} {'cold ms':>9} {'warm ms':>9} {'rows':>5}")
        for word in args.words:
            p = ListParams(q=word)
            for path in args.paths:
                cold, warm, n = [], [], 0
                for _ in range(args.rounds):
                    ms, n = await _time(p, path, cold=True, reader=reader)
                    cold.append(ms)
                    ms, n = await _time(p, path, cold=False, reader=reader)
                    warm.append(ms)
                print(
                    f"{word:>18} {path:>7} {statistics.median(cold):9.1f} {statistics.median(warm):9.1f} {n:5d}",
                    flush=True,
                )
    finally:
        await reader.close()


if __name__ == "__main__":
    asyncio.run(main())
