"""ASGI servers side by side: a bare FastAPI app (13 bytes) and AddMe's uncached first page, each on
uvicorn (httptools + uvloop, what `uvicorn[standard]` picks; no proxy headers, as `addme serve`)
and on granian, one worker each (granian and py-spy are dev dependencies).

    cd backend && flock /tmp/addme-bench.lock .venv/bin/python ../bench/servers.py \
        --database-url postgresql://postgres@127.0.0.1:5432/addme_bench_1000000 [--flame DIR]

Rounds are interleaved (server A, server B, A, B ...) so a noisy moment hits both; the figure kept is
the median of the rounds. The ratio that matters is AddMe / bare on the same server: it is what the
app costs on top of the server. `--flame DIR` records a py-spy flame graph of AddMe's uvicorn worker
under the same load (DIR/first-page.svg) and its top frames (DIR/first-page.txt). Ports 8260-8263.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from yardsticks import wait_for, wrk  # noqa: E402

BARE_APP = """
from fastapi import FastAPI
from fastapi.responses import Response
app = FastAPI()

@app.get("/bytes")
async def constant() -> Response:
    return Response(b"Hello, world!", media_type="text/plain")
"""

PORTS = {("uvicorn", "bare"): 8260, ("granian", "bare"): 8261, ("uvicorn", "addme"): 8262, ("granian", "addme"): 8263}


def command(server: str, app: str, port: int) -> list[str]:
    """The command a user would type to serve `app` on `server` with one worker."""
    target, factory = ("bare_app:app", False) if app == "bare" else ("addme.main:create_app", True)
    if server == "uvicorn":
        return [sys.executable, "-m", "uvicorn", target, "--port", str(port), "--no-access-log",
                "--log-level", "warning", "--loop", "uvloop", "--http", "httptools", "--no-proxy-headers",
                *(["--factory"] if factory else [])]  # fmt: skip
    return [sys.executable, "-m", "granian", "--interface", "asgi", "--port", str(port), "--workers", "1",
            "--loop", "uvloop", "--no-ws", "--log-level", "warning", *(["--factory"] if factory else []),
            target]  # fmt: skip


def flame(pid: int, url: str, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    rec = subprocess.Popen(  # noqa: S603
        [spy, "record", "--pid", str(pid), "--duration", "8", "--rate", "250", "--nonblocking", "--gil",
         "--output", str(out / "first-page.svg")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    wrk(url, seconds=8)
    rec.wait(30)
    raw = subprocess.Popen(  # noqa: S603
        [spy, "record", "--pid", str(pid), "--duration", "8", "--rate", "250", "--nonblocking", "--gil", "--format", "raw",
         "--output", str(out / "first-page.folded")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    wrk(url, seconds=8)
    raw.wait(30)
    # Own time per function (the leaf of each stack), the 40 largest: where a request's CPU goes.
    own: dict[str, int] = {}
    total = 0
    for line in (out / "first-page.folded").read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        leaf = stack.split(";")[-1]
        own[leaf] = own.get(leaf, 0) + int(count)
        total += int(count)
    rows = sorted(own.items(), key=lambda kv: -kv[1])[:40]
    (out / "first-page.txt").write_text("".join(f"{100 * n / total:5.1f}%  {name}\n" for name, n in rows))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--database-url", required=True)
    ap.add_argument("--seconds", type=int, default=8)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--path", default="/v1/usernames", help="AddMe's path under load")
    ap.add_argument("--flame", type=Path, help="a folder for py-spy's flame graph of AddMe on uvicorn")
    ap.add_argument("--servers", default="uvicorn,granian")
    args = ap.parse_args()
    servers = args.servers.split(",")
    tmp = Path(tempfile.mkdtemp(prefix="addme-servers-"))
    (tmp / "bare_app.py").write_text(BARE_APP)
    env = {**os.environ, "DATABASE_URL": args.database_url, "RUN_JOBS_IN_WEB": "false", "RATE_LIMITS_ENABLED": "false",
           "LISTING_CACHE_SECONDS": "0", "ENV": "development", "REDIS_URL": "",
           "PYTHONPATH": f"{ROOT / 'backend'}:{tmp}"}  # fmt: skip
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    procs: dict[tuple[str, str], subprocess.Popen[bytes]] = {}
    try:
        for (server, app), port in PORTS.items():
            if server in servers:
                procs[server, app] = subprocess.Popen(  # noqa: S603
                    command(server, app, port), cwd=tmp, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
                )
        urls = {key: f"http://127.0.0.1:{PORTS[key]}" + ("/bytes" if key[1] == "bare" else args.path) for key in procs}
        for url in urls.values():
            wait_for(url)
        for url in urls.values():
            wrk(url, seconds=2)  # warm-up
        runs: dict[tuple[str, str], list[dict[str, float]]] = {key: [] for key in procs}
        for _ in range(args.rounds):
            for key, url in urls.items():
                runs[key].append(wrk(url, seconds=args.seconds))
        print(f"{'server':9} {'app':6} {'req/s':>8} {'p99 ms':>7} {'non2xx':>6}   rounds (req/s)")
        median: dict[tuple[str, str], float] = {}
        for key, rs in runs.items():
            median[key] = statistics.median(r["rps"] for r in rs)
            p99 = statistics.median(r["p99"] for r in rs)
            errs = sum(r["non2xx"] for r in rs)
            rounds = " ".join(f"{r['rps']:.0f}" for r in rs)
            print(f"{key[0]:9} {key[1]:6} {median[key]:8.0f} {p99:7.1f} {errs:6.0f}   {rounds}")
        for server in servers:
            print(f"{server}: AddMe {args.path} / bare = {median[server, 'addme'] / median[server, 'bare']:.2f}x")
        if "granian" in servers and "uvicorn" in servers:
            for app in ("bare", "addme"):
                print(f"granian / uvicorn, {app}: {median['granian', app] / median['uvicorn', app]:.2f}x")
        if args.flame and ("uvicorn", "addme") in procs:
            flame(procs["uvicorn", "addme"].pid, urls["uvicorn", "addme"], args.flame)
            print(f"flame graph: {args.flame / 'first-page.svg'}; own time: {args.flame / 'first-page.txt'}")
    finally:
        for proc in procs.values():
            proc.terminate()
        for proc in procs.values():
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
