"""A cached public HTML page against a cached JSON list and the bare ping, in one run, as ratios.

    cd backend && .venv/bin/python ../bench/htmlpages.py                       # the default setup
    cd backend && .venv/bin/python ../bench/htmlpages.py --profile production  # Redis + PostgreSQL

A page of the web app (`/help`, `/snapchat-usernames`: index.html with the page's head and, for a
list, its first answers) is served from the same response cache as the public JSON list
(core/respcache.py), so a cached page should cost about what a cached list costs. This drives each
with wrk (`-t2 -c32 -d10s` by default, no cookie, no Accept-Encoding unless --encoding) against one
`addme serve`, and prints req/s, p50 and p99 for each, with each page's ratio to the list and to
`/v1/ping`. The machine is shared and noisy: only the ratios of one run mean much.

Setups:
- default: SQLite, the response cache in the process (what `make run` gives);
- production: what deploy/profile.py runs (PostgreSQL, the response cache in Redis, the access log
  on, nginx's address a trusted proxy), without nginx in front: the app is what is measured.

It seeds its database once (60 demo members, bench/data/htmlpages/), serves a copy of web/dist made
at the start (a rebuild during the run changes nothing here), and holds /tmp/addme-bench.lock during
each wrk run, so it never measures at the same moment as another benchmark on the machine.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import statistics
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from serving import addme_server, bench_lock

ROOT = Path(__file__).resolve().parents[1]
BACKEND = ROOT / "backend"
DATA = ROOT / "bench" / "data" / "htmlpages"
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
PG_URL = "postgresql://postgres@127.0.0.1:5432/addme_htmlpages"

PAGES = ["/help", "/snapchat-usernames"]
LIST = "/v1/usernames?app=snapchat"
PING = "/v1/ping"


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def server_env(args: argparse.Namespace, dist: Path) -> dict[str, str]:
    env = {
        **os.environ,
        "ENV": "development",
        "MEDIA_DIR": str(DATA / "media"),
        "PRIVATE_DIR": str(DATA / "private"),
        "WEB_DIST": str(dist),
        "SITE_URL": f"http://127.0.0.1:{args.port}",
        "RUN_JOBS_IN_WEB": "false",
        "RATE_LIMITS_ENABLED": "false",
        # Ahead of the venv's editable install: --backend serves another checkout's code.
        "PYTHONPATH": str(args.backend),
    }
    if args.profile == "production":
        env.update(
            {
                "DATABASE_URL": PG_URL,
                "REDIS_URL": args.redis_url,
                "ACCESS_LOG": "true",
                "TRUSTED_PROXIES": '["127.0.0.1"]',
                "PUBLIC_SOURCE_MAPS": "false",
                "PUBLIC_DOCS": "false",
            }
        )
    else:
        env.update({"DATABASE_URL": f"sqlite:///{DATA / 'db.sqlite'}", "REDIS_URL": ""})
    return env


def addme(*argv: str, env: dict[str, str]) -> None:
    subprocess.run([str(BACKEND / ".venv" / "bin" / "addme"), *argv], cwd=env["PYTHONPATH"], env=env,  # noqa: S603
                   check=True, stdout=subprocess.DEVNULL)  # fmt: skip


def ensure_db(args: argparse.Namespace, env: dict[str, str]) -> None:
    """Migrated and seeded once per setup (a marker file says so)."""
    marker = DATA / f"seeded-{args.profile}"
    if args.profile == "production":
        import psycopg

        with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
            found = conn.execute("SELECT 1 FROM pg_database WHERE datname = 'addme_htmlpages'").fetchone()
            if found is None:
                conn.execute('CREATE DATABASE "addme_htmlpages"')
                marker.unlink(missing_ok=True)
    elif not (DATA / "db.sqlite").exists():
        marker.unlink(missing_ok=True)
    addme("migrate", env=env)
    if not marker.exists():
        log(f"seeding the {args.profile} setup's database (60 demo members)...")
        addme("seed", "--members", "60", env=env)
        marker.write_text("seeded\n")


@contextlib.contextmanager
def server(args: argparse.Namespace, env: dict[str, str]) -> Iterator[str]:
    extra = ("--workers", str(args.workers))
    log_path = DATA / f"server-{args.profile}.log"
    with addme_server(args.port, env=env, cwd=env["PYTHONPATH"], log_path=log_path, extra=extra) as base:
        yield base


def check(base: str, path: str, content_type: str) -> None:
    """The answer is what it should be (and is in the response cache from now on)."""
    with urllib.request.urlopen(base + path, timeout=10) as r:  # noqa: S310 - ours
        got = r.headers.get("content-type", "")
        if r.status != 200 or not got.startswith(content_type):
            raise SystemExit(f"{path}: {r.status} {got}, not 200 {content_type}")
        if content_type == "text/html" and "public" not in r.headers.get("cache-control", ""):
            raise SystemExit(f"{path}: not a public (cached) page")


def _ms(value: str) -> float:
    m = re.match(r"([\d.]+)(us|ms|s)", value)
    assert m, value
    n = float(m.group(1))
    return n / 1000 if m.group(2) == "us" else n * 1000 if m.group(2) == "s" else n


def wrk(url: str, args: argparse.Namespace) -> dict[str, float]:
    argv = ["wrk", "-t2", f"-c{args.connections}", f"-d{args.seconds}s", "--latency"]
    if args.encoding:
        argv += ["-H", f"Accept-Encoding: {args.encoding}"]
    with bench_lock():
        load = os.getloadavg()[0]
        out = subprocess.run([*argv, url], check=True, capture_output=True, text=True).stdout  # noqa: S603
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    p50 = _ms(re.search(r"\s50%\s+(\S+)", out).group(1))  # type: ignore[union-attr]
    p99 = _ms(re.search(r"\s99%\s+(\S+)", out).group(1))  # type: ignore[union-attr]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {
        "rps": rps,
        "p50": p50,
        "p99": p99,
        "non2xx": float(errors.group(1)) if errors else 0.0,
        "load": load,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--profile", choices=("default", "production"), default="default")
    ap.add_argument("--seconds", type=int, default=10)
    ap.add_argument("--connections", type=int, default=32)
    ap.add_argument("--rounds", type=int, default=1, help="each path this many times, interleaved; medians")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--port", type=int, default=8157)
    ap.add_argument("--encoding", default="", help="an Accept-Encoding to send (br, gzip), none by default")
    ap.add_argument("--redis-url", default="redis://127.0.0.1:6379/5", help="the production setup's cache")
    ap.add_argument("--dist", type=Path, default=ROOT / "web" / "dist", help="the web build to serve")
    ap.add_argument("--backend", type=Path, default=BACKEND,
                    help="the backend whose code is served, e.g. an older commit's for a before/after: "
                    "git archive COMMIT backend | tar -x -C /tmp/before; --backend /tmp/before/backend")  # fmt: skip
    args = ap.parse_args()
    args.backend = args.backend.resolve()
    if not (args.dist / "index.html").exists():
        raise SystemExit(f"{args.dist} has no index.html: build the web app (npm --prefix web run build)")
    DATA.mkdir(parents=True, exist_ok=True)
    dist = DATA / "dist"
    shutil.rmtree(dist, ignore_errors=True)
    shutil.copytree(args.dist, dist)
    env = server_env(args, dist)
    ensure_db(args, env)
    paths = [*PAGES, LIST, PING]
    results: dict[str, list[dict[str, float]]] = {p: [] for p in paths}
    with server(args, env) as base:
        for path in PAGES:
            check(base, path, "text/html")
        check(base, LIST, "application/json")
        for n in range(args.rounds):
            for path in paths:
                r = wrk(base + path, args)
                results[path].append(r)
                log(
                    f"round {n + 1}: {path:28} {r['rps']:8.0f} req/s  p99 {r['p99']:7.1f} ms  load {r['load']:.1f}"
                )

    def median(path: str, key: str) -> float:
        return statistics.median(r[key] for r in results[path])

    enc = f", Accept-Encoding: {args.encoding}" if args.encoding else ""
    code = "" if args.backend == BACKEND else f", code from {args.backend}"
    print(f"\n{args.profile} setup{code}, {args.workers} worker(s), wrk -t2 -c{args.connections} -d{args.seconds}s{enc}, "
          f"{args.rounds} round(s), medians")  # fmt: skip
    print(f"{'path':28} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'non-2xx':>7} {'/ list':>7} {'/ ping':>7}")
    for path in paths:
        rps = median(path, "rps")
        print(
            f"{path:28} {rps:8.0f} {median(path, 'p50'):7.2f} {median(path, 'p99'):7.1f} "
            f"{median(path, 'non2xx'):7.0f} {rps / median(LIST, 'rps'):7.2f} {rps / median(PING, 'rps'):7.2f}"
        )
    loads = [r["load"] for rs in results.values() for r in rs]
    print(f"load average (1 min) at the runs: {min(loads):.1f}-{max(loads):.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
