"""CPU per request of an endpoint: the web process and the database, from /proc (Linux).

Usage (from the repository root, after bench/run.py has seeded the database):
    python3 -m uv run --project backend python bench/cpu.py --db postgresql --rows 1000000
    ... bench/cpu.py --port 8145 --paths /v1/ping "/v1/usernames?q=gamer"   # other endpoints

It starts `addme serve` (one worker, no response cache) on the benchmark database, drives each
endpoint with wrk for 10 s, and divides the CPU time (utime + stime) that the web process and the
PostgreSQL server processes used during the run by the requests served.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run
from run import clean_profile_id, ensure_db, start_server, wrk

TICKS = os.sysconf("SC_CLK_TCK")


def _times(pid: int) -> tuple[float, float]:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) / TICKS, int(fields[12]) / TICKS  # utime, stime


def _cpu_seconds(pid: int) -> float:
    return sum(_times(pid))


def _pids(name: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == name:
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def _total(pids: list[int]) -> dict[int, float]:
    seen = {}
    for pid in pids:
        try:
            seen[pid] = _cpu_seconds(pid)
        except OSError:
            continue
    return seen


def measure(path: str, server_pid: int, seconds: int) -> tuple[float, float, float, float, float]:
    """(req/s, web ms per request, of which in the kernel, database ms per request, p99 ms)."""
    wrk(path, seconds=2, connections=32)  # warm-up
    (u0, s0), db0 = _times(server_pid), _total(_pids("postgres"))
    result = wrk(path, seconds=seconds, connections=32)
    (u1, s1), db1 = _times(server_pid), _total(_pids("postgres"))
    requests = result["rps"] * seconds
    db = sum(db1[p] - db0.get(p, 0.0) for p in db1)
    web, kernel = (u1 - u0 + s1 - s0) / requests * 1e3, (s1 - s0) / requests * 1e3
    return result["rps"], web, kernel, db / requests * 1e3, result["p99"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", choices=["sqlite", "postgresql"], default="postgresql")
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--seconds", type=int, default=10)
    ap.add_argument("--port", type=int, default=run.PORT)
    ap.add_argument("--paths", nargs="*", help="endpoints (default: ping, the first page, a profile)")
    args = ap.parse_args()
    run.PORT = args.port
    ensure_db(args.db, args.rows, reseed=False)
    server = start_server(args.db, args.rows, cache=False, workers=1)
    try:
        paths = args.paths or ["/v1/ping", "/v1/usernames", f"/v1/usernames/{clean_profile_id(args.db, args.rows)}"]
        print(f"\n{args.db}, {args.rows:,} usernames, one worker, uncached, wrk -t2 -c32 -d{args.seconds}s\n")
        print("| endpoint | req/s | p99 ms | web process ms/request (kernel) | database ms/request | load1 |")
        print("|---|---:|---:|---:|---:|---:|")
        for path in paths:
            rps, web, kernel, db, p99 = measure(path, server.pid, args.seconds)
            load = os.getloadavg()[0]
            print(f"| `{path}` | {rps:.0f} | {p99:.1f} | {web:.2f} ({kernel:.2f}) | {db:.2f} | {load:.1f} |", flush=True)
    finally:
        server.terminate()
        server.wait(timeout=20)


if __name__ == "__main__":
    main()
