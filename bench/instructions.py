"""Instructions per request of one path, counted by callgrind inside the web process, with the ASGI
app called directly (no server, no socket): a figure the other sessions on a shared machine do not
move, where wrk's req/s swing by a third from one round to the next.

    cd backend && .venv/bin/python ../bench/instructions.py \
        --database-url postgresql://postgres@127.0.0.1:5432/addme_bench_1000000 [--path /v1/usernames]

Start-up runs uninstrumented (`--instr-atstart=no`); after 30 warm-up requests the script turns
callgrind on for `--requests` more (`callgrind_control -i on`) and dumps. The count still moves by
1-2% with the database's timing (how many times the event loop wakes before an answer is whole),
so compare trees in one sitting, each more than once. SHA-256 is slower under valgrind (no SHA
instructions): the ETag weighs more here than on the CPU. Needs valgrind (Debian's package).
"""

from __future__ import annotations

import argparse
import glob
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WARM_UP = 30


def _scope(path: str) -> dict[str, object]:
    path, _, query = path.partition("?")
    return {
        "type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"}, "http_version": "1.1",
        "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
        "query_string": query.encode(), "root_path": "",
        "headers": [(b"host", b"127.0.0.1:8000"), (b"user-agent", b"wrk"), (b"accept", b"*/*")],
        "client": ("127.0.0.1", 5555), "server": ("127.0.0.1", 8000),
    }  # fmt: skip


def _control(*args: str) -> None:
    """Tell this process's callgrind to start counting (`-i on`) or to write its counts (`-d`)."""
    subprocess.run(["callgrind_control", *args, str(os.getpid())], check=True, capture_output=True)  # noqa: S603, S607


async def _serve(path: str, requests: int, counted: bool) -> None:
    """Inside valgrind: the app, its lifespan, the requests; callgrind on only around the counted ones."""
    from addme.main import create_app

    app = create_app()
    statuses: list[int] = []

    async def receive() -> dict[str, object]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, object]) -> None:
        if message["type"] == "http.response.start":
            statuses.append(int(message["status"]))  # type: ignore[call-overload]

    async with app.router.lifespan_context(app) as state:
        for i in range(WARM_UP + requests):
            if counted and i == WARM_UP:
                _control("-i", "on")
            scope = _scope(path)
            scope["state"] = dict(state or {})
            await app(scope, receive, send)  # type: ignore[arg-type]
        if counted:
            _control("-d")
    if set(statuses) != {200}:
        raise SystemExit(f"{path} answered {sorted(set(statuses))}, not only 200")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--database-url", required=True)
    ap.add_argument("--path", default="/v1/usernames")
    ap.add_argument("--requests", type=int, default=200)
    ap.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    env = {"DATABASE_URL": args.database_url, "RUN_JOBS_IN_WEB": "false", "RATE_LIMITS_ENABLED": "false",
           "LISTING_CACHE_SECONDS": "0", "ENV": "development", "REDIS_URL": ""}  # fmt: skip
    if args.inside:
        import uvloop

        uvloop.run(_serve(args.path, args.requests, counted=True))
        return
    out = Path(tempfile.mkdtemp(prefix="addme-cg-"))
    subprocess.run(  # noqa: S603 - our own script under valgrind
        ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}/cg.%p",  # noqa: S607
         sys.executable, __file__, "--inside", "--database-url", args.database_url, "--path", args.path,
         "--requests", str(args.requests)],
        check=True, capture_output=True,
        env={**os.environ, **env, "PYTHONPATH": str(ROOT / "backend")},
    )  # fmt: skip
    [dump] = glob.glob(f"{out}/cg.*.1")
    total = next(
        int(line.split()[1]) for line in Path(dump).read_text().splitlines() if line.startswith("summary:")
    )
    print(
        f"{args.path}: {total // args.requests:,} instructions a request ({args.requests} requests; {dump})"
    )


if __name__ == "__main__":
    main()
