"""Listing benchmark: each endpoint beside a bare constant-JSON endpoint of the same app, one run.

Usage (from the repository root):
    python3 -m uv run --project backend python bench/run.py --db postgresql --rows 1000000

It seeds the database once per (kind, size), starts `addme serve` on it, and drives it with wrk over
loopback. Figures are ratios to /v1/ping measured in the same run: the machines are noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench" / "data"
PORT = 8199
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/test"


def db_url(kind: str, rows: int, name: str = "") -> str:
    """`name` gives a benchmark that writes (bench/mixed.py) a database of its own, apart from the
    shared read-only one every other benchmark reuses."""
    tag = f"{name}_" if name else ""
    if kind == "sqlite":
        return f"sqlite:///{DATA / f'bench-{tag}{rows}.db'}"
    return f"postgresql://postgres@127.0.0.1:5432/addme_bench_{tag}{rows}"


def _seeded_rows(kind: str, rows: int, name: str = "") -> int:
    """Usernames in the benchmark database, 0 when it is missing (a new machine, a dropped one)."""
    from sqlalchemy import create_engine, text

    url = db_url(kind, rows).replace("postgresql://", "postgresql+psycopg://")
    try:
        engine = create_engine(url)
        with engine.connect() as conn:
            return int(conn.execute(text("SELECT count(*) FROM usernames")).scalar_one())
    except Exception:
        return 0
    finally:
        engine.dispose()


def _seed_complete(kind: str, rows: int, name: str = "") -> bool:
    """Whether seed.py finished on this database (it writes bench_seeded last)."""
    from sqlalchemy import create_engine, text

    url = db_url(kind, rows).replace("postgresql://", "postgresql+psycopg://")
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return conn.execute(text("SELECT rows FROM bench_seeded")).scalar() == rows
    except Exception:
        return False
    finally:
        engine.dispose()


def ensure_db(kind: str, rows: int, reseed: bool, name: str = "") -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    tag = f"{name}_" if name else ""
    marker = DATA / f"{kind}-{tag}{rows}.seeded"
    # PostgreSQL's benchmark database is shared by every checkout on the machine (git worktrees
    # included): the seed's own completion row says it is whole, not a file in this checkout.
    done = marker.exists() or (kind == "postgresql" and _seed_complete(kind, rows, name))
    # At least: a benchmark that writes may add rows of its own (bench/mixed.py's members).
    if done and not reseed and _seeded_rows(kind, rows, name) >= rows:
        return
    if kind == "postgresql":
        import psycopg

        with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS addme_bench_{tag}{rows} WITH (FORCE)")
            conn.execute(f"CREATE DATABASE addme_bench_{tag}{rows}")
    subprocess.run(
        [sys.executable, str(ROOT / "bench" / "seed.py"), db_url(kind, rows, name), str(rows)],
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "backend")},
    )
    marker.touch()


def start_server(kind: str, rows: int, *, cache: bool, workers: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "DATABASE_URL": db_url(kind, rows),
        "RUN_JOBS_IN_WEB": "false",
        "RATE_LIMITS_ENABLED": "false",
        "LISTING_CACHE_SECONDS": "15" if cache else "0",
        "ENV": "development",
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "addme.cli", "serve", "--port", str(PORT), "--workers", str(workers)],
        cwd=ROOT / "backend",
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(120):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{PORT}/v1/health", timeout=1)  # noqa: S310
            return proc
        except OSError:
            time.sleep(0.5)
    proc.kill()
    raise SystemExit("server did not start")


def _ms(value: str) -> float:
    m = re.match(r"([\d.]+)(us|ms|s)", value)
    assert m, value
    n = float(m.group(1))
    return n / 1000 if m.group(2) == "us" else n * 1000 if m.group(2) == "s" else n


def wrk(path: str, *, seconds: int, connections: int) -> dict[str, float]:
    out = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", f"http://127.0.0.1:{PORT}{path}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    p50 = _ms(re.search(r"\s50%\s+(\S+)", out).group(1))  # type: ignore[union-attr]
    p99 = _ms(re.search(r"\s99%\s+(\S+)", out).group(1))  # type: ignore[union-attr]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {"rps": rps, "p50": p50, "p99": p99, "non2xx": float(errors.group(1)) if errors else 0.0}


def clean_profile_id(kind: str, rows: int) -> int:
    """A listed Clean username near the middle: what a visitor's profile view reads."""
    from sqlalchemy import create_engine, text

    url = db_url(kind, rows).replace("postgresql://", "postgresql+psycopg://")
    engine = create_engine(url)
    with engine.connect() as conn:
        found = conn.execute(
            text("SELECT id FROM usernames WHERE listed AND type = 'Clean' AND id >= :mid ORDER BY id LIMIT 1"),
            {"mid": rows // 2},
        ).scalar_one()
    engine.dispose()
    return int(found)


def scenarios(profile_id: int) -> list[tuple[str, str]]:
    return [
        ("first page", "/v1/usernames"),
        ("one filter (gender)", "/v1/usernames?gender=Female"),
        ("two filters (gender+country)", "/v1/usernames?gender=Female&country=US"),
        ("page 50", "/v1/usernames?page=50"),
        ("profile", f"/v1/usernames/{profile_id}"),
    ]


def main() -> None:
    global PORT
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", choices=["sqlite", "postgresql"], default="postgresql")
    ap.add_argument("--rows", type=int, default=100_000)
    ap.add_argument("--seconds", type=int, default=8)
    ap.add_argument("--connections", type=int, default=32)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--reseed", action="store_true")
    ap.add_argument("--json", type=Path)
    # Several people bench on one machine: each on their own port.
    ap.add_argument("--port", type=int, default=PORT)
    args = ap.parse_args()
    PORT = args.port

    ensure_db(args.db, args.rows, args.reseed)
    results: dict[str, dict[str, dict[str, float]]] = {}
    for cache in (False, True):
        label = "cached" if cache else "uncached"
        server = start_server(args.db, args.rows, cache=cache, workers=args.workers)
        try:
            results[label] = {}
            for name, path in scenarios(profile_id=clean_profile_id(args.db, args.rows)):
                wrk(path, seconds=2, connections=args.connections)  # warm-up
                # The bare endpoint is measured right before each scenario: the ratio compares two
                # runs seconds apart on the same server, which cancels most of the machine's noise.
                bare = wrk("/v1/ping", seconds=max(3, args.seconds // 2), connections=args.connections)
                result = wrk(path, seconds=args.seconds, connections=args.connections)
                result["bare_rps"] = bare["rps"]
                results[label][name] = result
        finally:
            server.terminate()
            server.wait(timeout=20)

    print(f"\n{args.db}, {args.rows:,} usernames, wrk -t2 -c{args.connections} -d{args.seconds}s, "
          f"{args.workers} server workers\n")
    print("| scenario | cache | req/s | bare req/s (just before) | x bare | x first page | p50 ms | p99 ms | non-2xx |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for label, rows in results.items():
        first = rows["first page"]["rps"] / rows["first page"]["bare_rps"]
        for name, r in rows.items():
            ratio = r["rps"] / r["bare_rps"]
            print(
                f"| {name} | {label} | {r['rps']:.0f} | {r['bare_rps']:.0f} | {ratio:.2f} | {ratio / first:.2f} "
                f"| {r['p50']:.1f} | {r['p99']:.1f} | {r['non2xx']:.0f} |"
            )
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
