"""Uncached: the HTML listing page against the JSON list's first page, in one run, as a ratio.

    cd backend && .venv/bin/python ../bench/htmlpage.py --database-url postgresql://postgres@127.0.0.1:5432/addme_bench_1000000
    cd backend && .venv/bin/python ../bench/htmlpage.py --before main   # the same, against main's code too

With the response cache off (LISTING_CACHE_SECONDS=0) every request does its whole work: the JSON
list reads the database, the page of `/snapchat-usernames` writes its head and boot data (issue
36: the page should cost less than the list, 1.2x its req/s). Two one-worker servers on the same
database, 8320 this checkout's code and 8321 `--before`'s (a git revision, exported to a temporary
folder; none: 8321 is not started), each driven with wrk -t2 -c32 on `/v1/usernames` then
`/snapchat-usernames` (and `/v1/ping` with --ping), the servers and the paths interleaved, `--rounds` times, each run after a `--warmup` one; medians. Each wrk
run holds /tmp/addme-bench.lock. The database is only read.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from htmlpages import wrk
from serving import addme_server

ROOT = Path(__file__).resolve().parents[1]
LIST, PAGE, PING = "/v1/usernames", "/snapchat-usernames", "/v1/ping"
PORTS = {"after": 8320, "before": 8321}


def env_for(backend: Path, url: str) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": url,
        "LISTING_CACHE_SECONDS": "0",
        "RATE_LIMITS_ENABLED": "false",
        "RUN_JOBS_IN_WEB": "false",
        "ENV": "development",
        "REDIS_URL": "",
        "WEB_DIST": str((ROOT / "web" / "dist").resolve()),
        # Ahead of the venv's editable install, which may be another checkout's.
        "PYTHONPATH": str(backend),
    }


def export(rev: str, into: Path) -> Path:
    argv = ["git", "-C", str(ROOT), "archive", rev, "backend"]
    archive = subprocess.run(argv, check=True, capture_output=True)  # noqa: S603
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)  # noqa: S603, S607
    return into / "backend"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--database-url", default="postgresql://postgres@127.0.0.1:5432/addme_bench_htmlpage")
    ap.add_argument("--before", help="a git revision to serve on 8321 beside this checkout (e.g. main)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=int, default=8)
    ap.add_argument(
        "--warmup", type=int, default=2, help="seconds of wrk before each measured run (yardsticks')"
    )
    ap.add_argument("--connections", type=int, default=32)
    ap.add_argument("--ping", action="store_true", help="also /v1/ping: the framework's floor, for scale")
    args = ap.parse_args()
    args.encoding = ""  # htmlpages.wrk's option: no Accept-Encoding, as a crawler or wrk sends
    tmp = Path(tempfile.mkdtemp(prefix="addme-htmlpage-"))
    backends = {"after": ROOT / "backend"}
    if args.before:
        backends["before"] = export(args.before, tmp)
    paths = (LIST, PAGE, PING) if args.ping else (LIST, PAGE)
    results: dict[tuple[str, str], list[dict[str, float]]] = {(s, p): [] for s in backends for p in paths}
    with contextlib.ExitStack() as stack:
        bases = {}
        for name, backend in backends.items():
            env = env_for(backend, args.database_url)
            log_path = tmp / f"{name}.log"
            server = addme_server(
                PORTS[name], env=env, cwd=backend, log_path=log_path, extra=("--workers", "1")
            )
            bases[name] = stack.enter_context(server)
        for base in bases.values():  # warm: the first page builds what it keeps
            for path in (LIST, PAGE):
                subprocess.run(["curl", "-sf", "-o", "/dev/null", base + path], check=True)  # noqa: S603, S607
        for n in range(args.rounds):
            for name, base in bases.items():
                for path in paths:
                    if args.warmup:
                        wrk(base + path, argparse.Namespace(**{**vars(args), "seconds": args.warmup}))
                    r = wrk(base + path, args)
                    results[(name, path)].append(r)
                    print(f"round {n + 1} {name:6} {path:20} {r['rps']:7.0f} req/s  p99 {r['p99']:6.1f} ms  "
                          f"non-2xx {r['non2xx']:.0f}  load {r['load']:.1f}", file=sys.stderr, flush=True)  # fmt: skip

    def median(name: str, path: str, key: str) -> float:
        return statistics.median(r[key] for r in results[(name, path)])

    print(f"\nwrk -t2 -c{args.connections} -d{args.seconds}s, one worker each, LISTING_CACHE_SECONDS=0, "
          f"{args.rounds} interleaved rounds, medians; {args.database_url.rsplit('/', 1)[-1]}")  # fmt: skip
    print(f"{'code':8} {'path':20} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7}")
    for name in backends:
        for path in paths:
            print(f"{name:8} {path:20} {median(name, path, 'rps'):8.0f} {median(name, path, 'p50'):7.2f} "
                  f"{median(name, path, 'p99'):7.1f}")  # fmt: skip
        ratios = [
            p["rps"] / j["rps"] for j, p in zip(results[(name, LIST)], results[(name, PAGE)], strict=True)
        ]
        print(f"{name:8} page / list, per round: {', '.join(f'{x:.2f}' for x in ratios)}; "
              f"median {statistics.median(ratios):.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
