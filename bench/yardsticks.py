"""One run, side by side: nginx serving a static file, a bare FastAPI app, AddMe, and AddMe behind
the production profile's nginx micro-cache, on the 1,000,000-username PostgreSQL database.

    python3 -m uv run --project backend python bench/yardsticks.py          # make -C bench yardsticks

Every figure is wrk -t2 -c32 over loopback after a 2 s warm-up. The machine is shared and noisy:
compare ratios within one run only (the load average is printed beside each figure). Ports
8250-8256 (AddMe's perf helper's range).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from run import db_url, ensure_db  # noqa: E402


def _load_deploy_profile():  # type: ignore[no-untyped-def]
    """deploy/profile.py (its name would clash with the standard library's `profile`)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("addme_deploy_profile", ROOT / "deploy" / "profile.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


deploy_profile = _load_deploy_profile()

STATIC_PORT, BARE_PORT, APP_PORT, CACHED_APP_PORT, MICRO_PORT = 8252, 8253, 8254, 8255, 8256
PAYLOAD = json.dumps({"data": [{"id": i, "username": f"user_{i:06d}", "about": "x" * 60} for i in range(105)]})

BARE_APP = '''
from fastapi import FastAPI
from fastapi.responses import Response
BODY = open(__file__.replace("bare_app.py", "static.json"), "rb").read()
app = FastAPI()

@app.get("/bytes")
async def constant() -> Response:
    return Response(BODY, media_type="application/json")
'''

STATIC_NGINX = """
worker_processes 1;
pid {run}/static.pid;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {run}/cb; proxy_temp_path {run}/p; fastcgi_temp_path {run}/f;
    uwsgi_temp_path {run}/u; scgi_temp_path {run}/s;
    server {{
        listen 127.0.0.1:{port};
        location / {{ root {root}; default_type application/json; }}
    }}
}}
"""


def _ms(value: str) -> float:
    m = re.match(r"([\d.]+)(us|ms|s)", value)
    assert m, value
    n = float(m.group(1))
    return n / 1000 if m.group(2) == "us" else n * 1000 if m.group(2) == "s" else n


# Each request a whole handle of the seeded shape ("shy_otter12345", bench/seed.py) chosen at
# random among the million: a word new to the process nearly every time, so each search pays its
# probe and its count, as a crowd of different searches would.
NEW_WORDS_LUA = """
local a = {"shy","blue","sunny","night","wild","sweet","lazy","happy","dark","cosmic","tiny","bold"}
local b = {"otter","kitty","fox","gamer","rider","dreamer","panda","wolf","angel","ninja","storm","peach"}
local n = 0
function setup(thread) n = n + 1; thread:set("seed", n) end
function init(args) math.randomseed(seed * 7919 + os.time()) end
function request()
  local i = math.random(1, 1000000)
  local q = a[i % 12 + 1] .. "_" .. b[math.floor(i / 12) % 12 + 1] .. i
  return wrk.format("GET", wrk.path .. "?q=" .. q)
end
"""


def wrk(url: str, *, seconds: int, headers: tuple[str, ...] = (), script: Path | None = None) -> dict[str, float]:
    args = ["wrk", "-t2", "-c32", f"-d{seconds}s", "--latency"]
    for h in headers:
        args += ["-H", h]
    if script is not None:
        args += ["-s", str(script)]
    out = subprocess.run([*args, url], check=True, capture_output=True, text=True).stdout  # noqa: S603
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    p50 = _ms(re.search(r"\s50%\s+(\S+)", out).group(1))  # type: ignore[union-attr]
    p99 = _ms(re.search(r"\s99%\s+(\S+)", out).group(1))  # type: ignore[union-attr]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {"rps": rps, "p50": p50, "p99": p99, "non2xx": float(errors.group(1)) if errors else 0.0}


def wait_for(url: str) -> None:
    for _ in range(240):
        try:
            urllib.request.urlopen(url, timeout=2)  # noqa: S310 - local
            return
        except OSError:
            time.sleep(0.5)
    raise SystemExit(f"{url} did not answer")


def app_server(port: int, *, cache: bool, url: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "DATABASE_URL": url, "RUN_JOBS_IN_WEB": "false",
           "RATE_LIMITS_ENABLED": "false", "LISTING_CACHE_SECONDS": "15" if cache else "0", "ENV": "development",
           "REDIS_URL": ""}  # fmt: skip
    return subprocess.Popen(  # noqa: S603
        [sys.executable, "-m", "addme.cli", "serve", "--port", str(port), "--workers", "1"],
        cwd=ROOT / "backend", env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--seconds", type=int, default=8)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--database-url", help="an existing database instead of the seeded one (a dry run)")
    ap.add_argument("--only", help="run only the scenarios whose name contains this (plus the two yardsticks)")
    args = ap.parse_args()
    if args.database_url is None:
        ensure_db("postgresql", args.rows, reseed=False)
    url = args.database_url or db_url("postgresql", args.rows)
    tmp = Path(tempfile.mkdtemp(prefix="addme-yard-"))
    tmp.chmod(0o755)  # nginx's workers (user nobody) read the static file from here
    (tmp / "static.json").write_text(PAYLOAD)
    (tmp / "bare_app.py").write_text(BARE_APP)
    new_words = tmp / "new_words.lua"
    new_words.write_text(NEW_WORDS_LUA)
    run_dir = tmp / "run"
    run_dir.mkdir()
    (tmp / "static.conf").write_text(STATIC_NGINX.format(run=run_dir, port=STATIC_PORT, root=tmp))
    nginx = deploy_profile.nginx_binary()
    micro_conf = deploy_profile.render(
        tmp / "micro", listen=f"127.0.0.1:{MICRO_PORT}", app_addr=f"127.0.0.1:{CACHED_APP_PORT}",
        web_dist=ROOT / "web" / "dist", media_dir=tmp,
    )  # fmt: skip
    procs = [
        subprocess.Popen([nginx, "-p", str(tmp), "-c", str(tmp / "static.conf"), "-e", str(run_dir / "e.log"),  # noqa: S603
                          "-g", "daemon off;"]),  # fmt: skip
        subprocess.Popen([sys.executable, "-m", "uvicorn", "bare_app:app", "--port", str(BARE_PORT),  # noqa: S603
                          "--no-access-log", "--log-level", "warning"], cwd=tmp),  # fmt: skip
        app_server(APP_PORT, cache=False, url=url),
        app_server(CACHED_APP_PORT, cache=True, url=url),
        subprocess.Popen([*deploy_profile.nginx_args(micro_conf), "-g", "daemon off;"]),  # noqa: S603
    ]
    results: list[dict[str, object]] = []
    try:
        for url in (f"http://127.0.0.1:{STATIC_PORT}/static.json", f"http://127.0.0.1:{BARE_PORT}/bytes",
                    f"http://127.0.0.1:{APP_PORT}/v1/health", f"http://127.0.0.1:{CACHED_APP_PORT}/v1/health",
                    f"http://127.0.0.1:{MICRO_PORT}/v1/health"):  # fmt: skip
            wait_for(url)
        app, cached, micro = (f"http://127.0.0.1:{p}" for p in (APP_PORT, CACHED_APP_PORT, MICRO_PORT))
        scenarios = [
            ("nginx, static 9.9 kB JSON", f"http://127.0.0.1:{STATIC_PORT}/static.json"),
            ("bare FastAPI, constant bytes", f"http://127.0.0.1:{BARE_PORT}/bytes"),
            ("AddMe /v1/ping", f"{app}/v1/ping"),
            ("first page, uncached", f"{app}/v1/usernames"),
            ("search q=gamer (common word), uncached", f"{app}/v1/usernames?q=gamer"),
            ("search q=panda (a handle word), uncached", f"{app}/v1/usernames?q=panda"),
            ("search q=angel12345 (a rare handle part: 1 match), uncached", f"{app}/v1/usernames?q=angel12345"),
            ("search q=cosmic_angel12345 (a whole handle), uncached", f"{app}/v1/usernames?q=cosmic_angel12345"),
            ("search q=tter452 (a partial handle), uncached", f"{app}/v1/usernames?q=tter452"),
            ("search q=gamer + gender + country, uncached", f"{app}/v1/usernames?q=gamer&gender=Female&country=US"),
            ("search q=xylophone (no match), uncached", f"{app}/v1/usernames?q=xylophone"),
            ("search q=gamer, popular order, page 5, uncached", f"{app}/v1/usernames?q=gamer&order=popular&page=5"),
            ("search, a new whole handle each request, uncached", f"{app}/v1/usernames"),
            ("tag page, uncached", f"{app}/v1/usernames?tag=gamer"),
            ("tag page, a tag nobody carries, uncached", f"{app}/v1/usernames?tag=unheardof"),
            ("HTML listing page, uncached", f"{app}/snapchat-usernames"),
            ("first page, app cache", f"{cached}/v1/usernames"),
            ("search q=gamer, app cache", f"{cached}/v1/usernames?q=gamer"),
            ("HTML listing page, app cache", f"{cached}/snapchat-usernames"),
            ("first page, nginx micro-cache", f"{micro}/v1/usernames"),
            ("HTML listing page, nginx micro-cache", f"{micro}/snapchat-usernames"),
            # A crowd of different searches: nothing for the micro-cache to hold.
            ("search, a new whole handle each request, through nginx", f"{micro}/v1/usernames"),
        ]
        if args.only:
            keep = ("nginx, static", "bare FastAPI", "first page, uncached")
            scenarios = [(n, u) for n, u in scenarios if args.only in n or n.startswith(keep)]
        print(f"{'scenario':52} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'non2xx':>6} {'load1':>6}", flush=True)
        for name, url in scenarios:
            script = new_words if "new whole handle" in name else None
            wrk(url, seconds=2, script=script)  # warm-up
            r = wrk(url, seconds=args.seconds, script=script)
            load = os.getloadavg()[0]
            results.append({"scenario": name, "url": url, **r, "load1": load})
            print(f"{name:52} {r['rps']:8.0f} {r['p50']:7.1f} {r['p99']:7.1f} {r['non2xx']:6.0f} {load:6.1f}", flush=True)
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
        shutil.rmtree(tmp, ignore_errors=True)
    bare = next(r["rps"] for r in results if str(r["scenario"]).startswith("bare"))
    static = next(r["rps"] for r in results if str(r["scenario"]).startswith("nginx, static"))
    first = next(r["rps"] for r in results if r["scenario"] == "first page, uncached")
    print("\nratios (this run): x bare FastAPI / x nginx static / x uncached first page")
    for r in results:
        rps = float(r["rps"])  # type: ignore[arg-type]
        print(f"{r['scenario']:52} {rps / bare:6.2f} {rps / static:6.3f} {rps / first:6.2f}")  # type: ignore[operator]
    if args.json:
        args.json.write_text(json.dumps({"results": results, "median_load1": statistics.median(
            float(r["load1"]) for r in results)}, indent=2))  # type: ignore[arg-type]  # fmt: skip


if __name__ == "__main__":
    main()
