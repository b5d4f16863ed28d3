"""Cold start: seconds from `addme serve` to the first 200 on /v1/health, and the heaviest imports.

    python3 -m uv run --project backend python bench/coldstart.py --rounds 5

Each round starts a fresh one-worker server on a throwaway SQLite database (migrated once) and polls
`/v1/health` every 10 ms; the median of the rounds is printed with the load average. Then
`python -X importtime -c "import addme.main"` lists the 15 modules with the largest cumulative time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BACKEND = ROOT / "backend"


def first_200(env: dict[str, str], port: int) -> float:
    t0 = time.perf_counter()
    proc = subprocess.Popen(  # noqa: S603 - our own interpreter and arguments
        [sys.executable, "-m", "addme.cli", "serve", "--port", str(port), "--workers", "1"],
        cwd=BACKEND,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while time.perf_counter() - t0 < 60:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/health", timeout=1) as r:
                    if r.status == 200:
                        return time.perf_counter() - t0
            except OSError:
                time.sleep(0.01)
        raise SystemExit("server did not answer in 60 s")
    finally:
        proc.terminate()
        proc.wait(10)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--port", type=int, default=8271)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="addme-cold-"))
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp}/cold.db",
        "RUN_JOBS_IN_WEB": "false",
        "ENV": "development",
        "PYTHONPATH": str(BACKEND),
    }
    # As `make run` does (the Makefile unexports it): with it set, every start compiles the backend.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run(
        [sys.executable, "-m", "addme.cli", "migrate"],
        cwd=BACKEND,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    times = [first_200(env, args.port) for _ in range(args.rounds)]
    load = os.getloadavg()[0]
    print(
        f"time to first 200 on /v1/health: median {statistics.median(times):.2f} s "
        f"(min {min(times):.2f}, max {max(times):.2f}, {args.rounds} rounds, load {load:.2f})"
    )
    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import addme.main"],
        cwd=BACKEND,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stderr
    rows = []
    for line in out.splitlines():
        if line.startswith("import time:") and "|" in line:
            _, cum, name = line.split("|")
            if cum.strip().isdigit():
                rows.append((int(cum), name.rstrip()))
    print("largest cumulative imports (ms):")
    for cum, name in sorted(rows, reverse=True)[:15]:
        print(f"  {cum / 1000:8.1f}  {name}")


if __name__ == "__main__":
    main()
