"""Five minutes of a mixed crowd on the 1,000,000-username PostgreSQL database: visitors browsing lists
and pages, opening profiles and searching, while members sign in and spend Top-Ups, all at once.

    python3 -m uv run --project backend python bench/mixed.py                 # make -C bench mixed
    python3 -m uv run --project backend python bench/mixed.py --target app --seconds 60

`--target profile` (the default) runs the production profile (`deploy/profile.py run`: nginx with its
micro-cache, two web processes, the job runner, Redis); `--target app` one web process alone with its
own 15 s cache of anonymous answers. Each kind of request is its own wrk process with its own
connections and think time, so each gets its own latency figures while all run together; the run
fails (exit 1) on any error or any p99 over the limit. Every figure is one run's: compare within it.
The same crowd runs `--warmup` seconds first (30): a new deploy's first seconds (pools opening,
empty caches) are printed apart; an error during them still fails the run.

Rate limits are off for the run: every request comes from 127.0.0.1, which a real crowd never does.
It runs on a database of its own (`addme_bench_mixed_1000000`, seeded like the shared one the first
time), since it writes. The members it signs in are made once (`mixed{N}@bench.addme.local`, each
with one listed username and a Top-Up balance granted through the ledger, so balances stay equal to
their ledgers). Ports 8260-8262.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from run import db_url, ensure_db  # noqa: E402

NGINX_PORT, APP_PORT = 8260, 8261  # the profile's web processes listen on NGINX_PORT + 1
MEMBERS = 40
PASSWORD = "mixed-bench-passphrase-2026"  # noqa: S105 - bench accounts on a local database only
BALANCE = 1_000_000
LIMIT_P99_MS = 200.0

# Words visitors search for: common and rare description and handle words, a whole handle, a prefix.
SEARCHES = ["gamer", "panda", "angel12345", "cosmic_angel12345", "shy", "kitty", "night", "xylophone", "wolf",
            "sweet_peach", "fox", "tiny_ninja1234"]  # fmt: skip
LIST_FILTERS = ["", "app=snapchat", "app=kik", "app=telegram", "gender=Female", "gender=Male", "order=popular",
                "country=US", "country=GB&gender=Female", "tag=gamer", "tag=music", "app=snapchat&page=2",
                "page=3", "page=10", "orientation=Gay", "app=kik&gender=Male"]  # fmt: skip


def prepare_members(url: str) -> None:
    """The bench's members, once: confirmed, one approved username each, a Top-Up balance."""
    os.environ["DATABASE_URL"] = url
    from sqlalchemy import select

    from addme.accounts.models import User
    from addme.core import clock, options, security
    from addme.core.db import session_scope
    from addme.listings import constants as c
    from addme.listings import service, validation
    from addme.listings.models import Username
    from addme.wallet import ledger
    from addme.wallet.models import Kind, Reason

    with session_scope() as session:
        emails = [f"mixed{i}@bench.addme.local" for i in range(MEMBERS)]
        have = set(session.scalars(select(User.email).where(User.email.in_(emails))))
        if len(have) == MEMBERS:
            return
        shared_hash = security.hash_password(PASSWORD)
        now = clock.now()
        for i, email in enumerate(emails):
            if email in have:
                continue
            user = User(email=email, email_normalized=email, password_hash=shared_hash, first_name="Bench",
                        email_confirmed_at=now, created_at=now, updated_at=now)  # fmt: skip
            session.add(user)
            session.flush()
            handle = f"mixed_bench{i}"
            about = "Here for the mixed benchmark, an adult like everyone listed."
            username = Username(
                user_id=user.id, app=options.App.SNAPCHAT, username=handle,
                username_normalized=validation.normalize_handle(handle), description=about,
                short_description=validation.short_description(about), gender="Female", orientation="Straight",
                type=options.UsernameType.CLEAN, age=21 + i % 30, country_code="US", tags_text="fun",
                status=c.Status.APPROVED, approved_at=now, sort_at=now, created_at=now, updated_at=now,
            )  # fmt: skip
            session.add(username)
            session.flush()
            service.set_tags(session, username=username, tags=["fun"])
            service.refresh_listed(username, user)
            ledger.credit(session, user_id=user.id, kind=Kind.TOP_UP, amount=BALANCE, reason=Reason.ADMIN,
                          unique_key=f"mixed-bench-{i}", note="bench/mixed.py")  # fmt: skip


def _get(url: str, token: str | None = None) -> object:
    req = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"} if token else {})  # noqa: S310
    with urllib.request.urlopen(req, timeout=30) as resp:  # noqa: S310 - local
        return json.loads(resp.read())


def _login(base: str, email: str) -> str:
    body = json.dumps({"email": email, "password": PASSWORD}).encode()
    headers = {"Content-Type": "application/json"}
    req = urllib.request.Request(f"{base}/v1/auth/login", data=body, headers=headers)  # noqa: S310 - local
    with urllib.request.urlopen(req, timeout=30) as resp:  # noqa: S310 - local
        return str(json.loads(resp.read())["token"])


def wait_for(url: str, seconds: float = 120) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            urllib.request.urlopen(url, timeout=2)  # noqa: S310 - local
            return
        except OSError:
            time.sleep(0.5)
    raise SystemExit(f"{url} did not answer within {seconds:.0f} s")


def lua_table(items: list[str]) -> str:
    return "{" + ", ".join(json.dumps(i) for i in items) + "}"


def scripts(base: str) -> dict[str, tuple[int, int, str]]:
    """Each kind of request: (connections, think time in ms, wrk Lua script)."""
    profiles: list[str] = []
    pages: list[str] = []
    for filters in ("", "app=kik", "app=telegram", "page=5", "order=popular"):
        data = _get(f"{base}/v1/usernames?per_page=60&{filters}")["data"]  # type: ignore[index]
        for card in data:
            profiles.append(f"/v1/usernames/{card['id']}")
            pages.append(f"/username/{card['username']}/{card['id']}")
    browse = [f"/v1/usernames?{f}" for f in LIST_FILTERS] + ["/v1/tags", "/v1/countries", "/v1/alerts",
              "/v1/config", "/", "/snapchat-usernames", "/kik-usernames/gender/Female", "/tags", "/shop"]  # fmt: skip
    search = [f"/v1/usernames?q={w}" for w in SEARCHES] + [
        f"/v1/usernames?q={w}&app=snapchat" for w in SEARCHES[:4]
    ]
    tokens: list[str] = []
    topups: list[str] = []
    for i in range(MEMBERS):
        token = _login(base, f"mixed{i}@bench.addme.local")
        mine = _get(f"{base}/v1/user/usernames", token)
        rows = mine["data"] if isinstance(mine, dict) else mine  # type: ignore[index]
        tokens.append(token)
        topups.append(str(rows[0]["id"]))  # type: ignore[index]
    gets = """
local headers = {["Accept-Encoding"] = "br, gzip", ["Accept"] = "application/json, text/html"}
request = function()
  return wrk.format("GET", paths[math.random(#paths)], headers)
end
"""
    think = "delay = function() return math.random(%d, %d) end\n"
    login = f"""
local n = {MEMBERS}
request = function()
  local body = '{{"email":"mixed' .. math.random(0, n - 1) .. '@bench.addme.local","password":"{PASSWORD}"}}'
  return wrk.format("POST", "/v1/auth/login", {{["Content-Type"] = "application/json"}}, body)
end
"""
    topup = f"""
local tokens = {lua_table(tokens)}
local ids = {lua_table(topups)}
request = function()
  local i = math.random(#tokens)
  return wrk.format("POST", "/v1/user/usernames/" .. ids[i] .. "/topup",
    {{["Authorization"] = "Bearer " .. tokens[i], ["Content-Type"] = "application/json"}}, "")
end
"""
    return {
        # A visitor reads a page, then the next after a few hundred milliseconds.
        "browse (lists, pages, tags)": (24, 100, f"paths = {lua_table(browse)}\n{gets}{think % (50, 150)}"),
        "profile": (12, 100, f"paths = {lua_table(profiles + pages)}\n{gets}{think % (50, 150)}"),
        "search": (8, 200, f"paths = {lua_table(search)}\n{gets}{think % (100, 300)}"),
        "login": (2, 500, login + think % (400, 600)),
        "Top-Up": (4, 250, topup + think % (150, 350)),
    }


def parse_wrk(out: str) -> dict[str, float]:
    def ms(value: str) -> float:
        m = re.match(r"([\d.]+)(us|ms|s)", value)
        assert m, value
        n = float(m.group(1))
        return n / 1000 if m.group(2) == "us" else n * 1000 if m.group(2) == "s" else n

    total = re.search(r"(\d+) requests in", out)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    return {
        "requests": float(total.group(1)) if total else 0.0,
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),  # type: ignore[union-attr]
        "p50": ms(re.search(r"\s50%\s+(\S+)", out).group(1)),  # type: ignore[union-attr]
        "p99": ms(re.search(r"\s99%\s+(\S+)", out).group(1)),  # type: ignore[union-attr]
        "max": ms(re.search(r"Latency\s+\S+\s+\S+\s+(\S+)", out).group(1)),  # type: ignore[union-attr]
        "non2xx": float(errors.group(1)) if errors else 0.0,
        "socket_errors": float(sum(int(x) for x in socket.groups())) if socket else 0.0,
    }


def ledger_mismatches(base: str) -> str:
    with urllib.request.urlopen(f"{base}/metrics", timeout=30) as resp:  # noqa: S310 - local
        text = resp.read().decode()
    m = re.search(r"^addme_ledger_mismatched_accounts(?:\{[^}]*\})? (\S+)$", text, re.M)
    return m.group(1) if m else "not reported"


def crowd(
    plan: dict[str, tuple[int, int, str]], *, base: str, seconds: int, tmp: Path
) -> tuple[list[dict[str, object]], list[float]]:
    """Every kind at once for `seconds`, each its own wrk process; their figures and the load seen."""
    procs = []
    for name, (connections, _think, lua) in plan.items():
        script = tmp / f"{len(procs)}.lua"
        script.write_text(lua)
        cmd = ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "--latency",
               "-s", str(script), base]  # fmt: skip
        procs.append((name, connections, subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)))  # noqa: S603
    loads = []
    ticks = 0
    # Polled often: the counted crowd starts the moment the warm-up's ends. Polled every 5 s, the
    # site sat idle up to 5 s in between, and the counted run began with a cold start of its own
    # (every connection's first request at once after a pause), the tail the warm-up is there for.
    while any(p.poll() is None for _, _, p in procs):
        if ticks % 25 == 0:
            loads.append(os.getloadavg()[0])
        ticks += 1
        time.sleep(0.2)
    results: list[dict[str, object]] = []
    for name, connections, proc in procs:
        out = proc.communicate()[0]
        results.append({"kind": name, "connections": connections, **parse_wrk(out)})
    return results, loads


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--target", choices=["profile", "app"], default="profile")
    ap.add_argument("--seconds", type=int, default=300)
    ap.add_argument("--warmup", type=int, default=30, help="seconds of the same crowd first, reported apart")
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--workers", type=int, default=2, help="web processes of the profile")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--reseed", action="store_true", help="seed its database again first")
    ap.add_argument("--server-log", type=Path, help="keep the app's log (one JSON line per request) here")
    ap.add_argument("--only", nargs="*", help="run only these kinds (a prefix of each name), to find a cause")
    args = ap.parse_args()
    # A database of its own: the run writes (sessions, Top-Ups that reorder the lists, ledger rows).
    ensure_db("postgresql", args.rows, reseed=args.reseed, name="mixed")
    url = db_url("postgresql", args.rows, name="mixed")
    subprocess.run([sys.executable, __file__, "--prepare-only", url], check=True)  # noqa: S603
    env = {**os.environ, "RATE_LIMITS_ENABLED": "false", "ENV": "development"}
    log = open(args.server_log, "w") if args.server_log else subprocess.DEVNULL  # noqa: SIM115
    if args.server_log:
        env["ACCESS_LOG"] = "true"
    backend = ROOT / "backend"
    if args.target == "profile":
        base = f"http://127.0.0.1:{NGINX_PORT}"
        cmd = [sys.executable, str(ROOT / "deploy" / "profile.py"), "run", "--port", str(NGINX_PORT),
               "--workers", str(args.workers), "--database-url", url]  # fmt: skip
        server = subprocess.Popen(cmd, cwd=backend, env=env, stdout=log, stderr=log)  # noqa: S603
    else:
        base = f"http://127.0.0.1:{APP_PORT}"
        # One process as `make run` serves: its jobs (the facet recount among them) in a thread of it.
        env |= {"DATABASE_URL": url, "REDIS_URL": ""}
        cmd = [sys.executable, "-m", "addme.cli", "serve", "--port", str(APP_PORT), "--workers", "1"]
        server = subprocess.Popen(cmd, cwd=backend, env=env, stdout=log, stderr=log)  # noqa: S603
    tmp = Path(tempfile.mkdtemp(prefix="addme-mixed-"))
    results: list[dict[str, object]] = []
    warm: list[dict[str, object]] = []
    try:
        wait_for(f"{base}/v1/health", 180)
        plan = {name: kind for name, kind in scripts(base).items()
                if not args.only or any(name.startswith(o) for o in args.only)}  # fmt: skip
        if args.warmup:
            # A new deploy's first seconds (connection pools opening, prepared statements, empty
            # caches) are measured apart and printed, not mixed into the five minutes.
            warm, _ = crowd(plan, base=base, seconds=args.warmup, tmp=tmp)
            print(f"warm-up, {args.warmup} s (not counted): " + ", ".join(
                f"{r['kind'].split(' ')[0]} p99 {float(r['p99']):.0f} ms" for r in warm), flush=True)  # type: ignore[union-attr]  # fmt: skip
        results, loads = crowd(plan, base=base, seconds=args.seconds, tmp=tmp)
        mismatched = ledger_mismatches(base)
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    total = sum(float(r["rps"]) for r in results)  # type: ignore[arg-type]
    print(
        f"\n{args.target}, {args.seconds} s, all kinds at once; load average {min(loads):.1f}-{max(loads):.1f}"
    )
    print(
        f"{'kind':30} {'conns':>5} {'requests':>9} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>8} {'errors':>6}"
    )
    # An error in the warm-up still fails the run: only its latencies are set apart.
    warm_errors = sum(float(r["non2xx"]) + float(r["socket_errors"]) for r in warm)  # type: ignore[arg-type]
    if warm:
        print(f"errors during the warm-up: {warm_errors:.0f}")
    failed = warm_errors > 0
    for r in results:
        errors = float(r["non2xx"]) + float(r["socket_errors"])  # type: ignore[arg-type]
        failed |= errors > 0 or float(r["p99"]) > LIMIT_P99_MS  # type: ignore[arg-type]
        print(f"{r['kind']:30} {r['connections']:5} {r['requests']:9.0f} {r['rps']:8.1f} {r['p50']:7.1f} "
              f"{r['p99']:7.1f} {r['max']:8.1f} {errors:6.0f}")  # fmt: skip
    print(f"{'all':30} {'':5} {'':9} {total:8.1f}")
    print(f"accounts whose balances differ from their ledger after the run: {mismatched}")
    failed |= mismatched not in ("0", "0.0")
    if args.json:
        args.json.write_text(json.dumps({"target": args.target, "seconds": args.seconds, "results": results, "warmup": warm,
                                         "load": [min(loads), max(loads)], "ledger_mismatched": mismatched}, indent=2))  # fmt: skip
    print(
        "FAILED: an error, a p99 over 200 ms or a ledger mismatch"
        if failed
        else "passed: no error, every p99 under 200 ms"
    )
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--prepare-only":
        prepare_members(sys.argv[2])
    else:
        main()
