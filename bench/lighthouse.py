"""Lighthouse (mobile, default simulated throttling) on the four pages of issue 14, as a first-time
visitor: median of N runs per page, one table, optionally JSON.

    python3 bench/lighthouse.py                       # make -C bench lighthouse
    python3 bench/lighthouse.py --runs 5 --json /tmp/lh.json --pages listing,profile

What it does, and what it skips when it can:
- builds the web app (`npm run build` in web/) only when web/dist is missing or older than a file
  it is built from (src/, public/, index.html, vite.config.ts, package-lock.json);
- seeds a SQLite database of demo members (`addme seed --members 60`) in bench/data/lighthouse/
  once, and reuses it;
- installs Lighthouse into bench/lighthouse/ from its committed package-lock.json (`npm ci`) when
  it is not there;
- starts `addme serve` on that database (port 8135 by default), or measures `--url` instead;
- runs Lighthouse N times per page in Debian's Chromium (`CHROME_PATH`, /usr/bin/chromium by
  default), each run with a fresh browser profile: no cookie, so the age gate shows where the spec
  says (every page but home and terms). Each run holds /tmp/addme-bench.lock (the machine's one
  measurement at a time) and notes the load average.

The profile page is the first demo member of the Snapchat list, `/username/{handle}/{id}`.

The CPU: Lighthouse slows the CPU down 4x by default, a factor meant for a high-end desktop host
(benchmark index 1500-2000) to land in a mid-tier phone's bracket. Every run's benchmark index is
reported. `--cpu-slowdown calibrated` applies the multiplier Lighthouse's docs give for the host's
index (docs/throttling.md, "Calibrating the CPU slowdown", and its calculator), read from a first
run of each page; `--cpu-slowdown 4` (the default) keeps Lighthouse's constant.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from serving import addme_server, bench_lock

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
BACKEND = ROOT / "backend"
LH_DIR = ROOT / "bench" / "lighthouse"
LH_BIN = LH_DIR / "node_modules" / ".bin" / "lighthouse"
DATA = ROOT / "bench" / "data" / "lighthouse"
CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-background-networking "
    "--disable-component-update --disable-sync --no-first-run"
)
PAGES = ("home", "listing", "profile", "shop")
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
# Lighthouse audit id -> (column, unit divisor, format)
METRICS = {
    "first-contentful-paint": ("FCP s", 1000, "{:.2f}"),
    "largest-contentful-paint": ("LCP s", 1000, "{:.2f}"),
    "total-blocking-time": ("TBT ms", 1, "{:.0f}"),
    "cumulative-layout-shift": ("CLS", 1, "{:.3f}"),
    "speed-index": ("SI s", 1000, "{:.2f}"),
    "total-byte-weight": ("bytes kB", 1000, "{:.0f}"),
}
# Transferred JavaScript and CSS, from the network-requests audit (what the 150 kB budget counts).
SCRIPT_CSS = ("JS+CSS kB", "{:.0f}")


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def newest_source(paths: list[Path]) -> float:
    newest = 0.0
    for p in paths:
        if p.is_dir():
            for f in p.rglob("*"):
                if f.is_file():
                    newest = max(newest, f.stat().st_mtime)
        elif p.exists():
            newest = max(newest, p.stat().st_mtime)
    return newest


def ensure_build(dist: Path) -> None:
    index = dist / "index.html"
    sources = [
        WEB / "src",
        WEB / "public",
        WEB / "index.html",
        WEB / "vite.config.ts",
        WEB / "package-lock.json",
    ]
    if index.exists() and index.stat().st_mtime >= newest_source(sources):
        log(f"web build is up to date ({dist})")
        return
    log("building the web app (web/dist is missing or older than its sources)...")
    subprocess.run(["make", "web-build"], cwd=ROOT, check=True)


def ensure_lighthouse() -> None:
    if LH_BIN.exists():
        return
    log("installing Lighthouse into bench/lighthouse/ (npm ci)...")
    env = {**os.environ, "PUPPETEER_SKIP_DOWNLOAD": "1"}
    subprocess.run(
        ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=LH_DIR, check=True, env=env
    )


def server_env(port: int, dist: Path) -> dict[str, str]:
    return {
        **os.environ,
        "ENV": "development",
        "DATABASE_URL": f"sqlite:///{DATA / 'db.sqlite'}",
        "MEDIA_DIR": str(DATA / "media"),
        "PRIVATE_DIR": str(DATA / "private"),
        "WEB_DIST": str(dist),
        "SITE_URL": f"http://127.0.0.1:{port}",
        "RUN_JOBS_IN_WEB": "false",
        "RATE_LIMITS_ENABLED": "false",
    }


def addme(*args: str, env: dict[str, str]) -> None:
    subprocess.run(
        [str(BACKEND / ".venv" / "bin" / "addme"), *args],
        cwd=BACKEND,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )


def ensure_db(env: dict[str, str]) -> None:
    marker = DATA / "seeded"
    if marker.exists():
        return
    log("seeding bench/data/lighthouse/ (60 demo members)...")
    DATA.mkdir(parents=True, exist_ok=True)
    (DATA / "db.sqlite").unlink(missing_ok=True)
    addme("migrate", env=env)
    addme("seed", "--members", "60", env=env)
    marker.write_text("seeded\n")


@contextlib.contextmanager
def server(port: int, dist: Path) -> Iterator[str]:
    env = server_env(port, dist)
    ensure_db(env)
    addme("migrate", env=env)
    with addme_server(port, env=env, cwd=BACKEND, log_path=DATA / "server.log") as base:
        yield base


def page_paths(base: str) -> dict[str, str]:
    with urllib.request.urlopen(f"{base}/v1/usernames?app=snapchat&per_page=1", timeout=10) as r:
        first = json.load(r)["data"][0]
    return {
        "home": "/",
        "listing": "/snapchat-usernames",
        "profile": f"/username/{first['username']}/{first['id']}",
        "shop": "/shop",
    }


def calibrated_multiplier(benchmark_index: float) -> float:
    """The CPU slowdown that takes a host of this benchmark index to a mid-tier phone: the formula of
    Lighthouse's CPU throttling calculator, which its docs/throttling.md points to (1300 -> 3x,
    800 -> 2x, 150 -> 1x, linear in between; 233 points per step above 1300)."""
    if benchmark_index >= 1300:
        return 3 + (benchmark_index - 1300) / 233
    if benchmark_index >= 800:
        return 2 + (benchmark_index - 800) / 500
    return max(1.0, 1 + (benchmark_index - 150) / 650)


def lighthouse(url: str, lock: bool, keep: Path | None, slowdown: float | None = None) -> tuple[dict, str]:
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        cmd = [
            str(LH_BIN),
            url,
            "--output=json",
            f"--output-path={out}",
            "--quiet",
            f"--only-categories={','.join(CATEGORIES)}",
            f"--chrome-flags={CHROME_FLAGS}",
        ]
        if slowdown is not None:
            cmd.append(f"--throttling.cpuSlowdownMultiplier={slowdown:.2f}")
        with bench_lock(lock):
            before = load()
            # Headless Chromium now and then reports NO_FCP on a busy host (its page is taken for a
            # background tab); such a run measured nothing, so it is tried again, at most twice.
            for attempt in range(3):
                done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                if done.returncode == 0 or attempt == 2:
                    break
                print(f"lighthouse failed on {url} ({done.stderr.strip().splitlines()[-1:]}), again", file=sys.stderr)
            if done.returncode != 0:
                sys.stderr.write(done.stderr)
                raise subprocess.CalledProcessError(done.returncode, cmd)
            after = load()
        if keep is not None:
            keep.parent.mkdir(parents=True, exist_ok=True)
            keep.write_bytes(out.read_bytes())
        return json.loads(out.read_text()), f"{before} / {after}"


def summarize(report: dict) -> dict[str, float | None]:
    row: dict[str, float | None] = {}
    for cat in CATEGORIES:
        score = report["categories"][cat]["score"]
        row[cat] = None if score is None else round(score * 100)
    for audit, (col, div, _) in METRICS.items():
        value = report["audits"].get(audit, {}).get("numericValue")
        row[col] = None if value is None else value / div
    requests = report["audits"].get("network-requests", {}).get("details", {}).get("items", [])
    env = report.get("environment", {})
    row["benchmark index"] = env.get("benchmarkIndex")
    row["cpu slowdown"] = report.get("configSettings", {}).get("throttling", {}).get("cpuSlowdownMultiplier")
    row[SCRIPT_CSS[0]] = (
        sum(r.get("transferSize", 0) for r in requests if r.get("resourceType") in ("Script", "Stylesheet"))
        / 1000
    )
    failed = [
        a
        for cat in ("accessibility", "best-practices", "seo")
        for ref in report["categories"][cat]["auditRefs"]
        if ref["weight"] and (a := report["audits"][ref["id"]])["score"] is not None and a["score"] < 1
    ]
    row["failed audits"] = [a["id"] for a in failed]  # type: ignore[assignment]
    return row


def median(values: list[float | None]) -> float | None:
    vals = [v for v in values if v is not None]
    return statistics.median(vals) if vals else None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--pages", default=",".join(PAGES), help="comma list of: " + ", ".join(PAGES))
    ap.add_argument("--port", type=int, default=8135)
    ap.add_argument("--dist", type=Path, default=WEB / "dist", help="the build to serve (default web/dist)")
    ap.add_argument("--url", help="measure this running server instead of starting one")
    ap.add_argument("--json", type=Path, help="write every run and the medians here")
    ap.add_argument("--reports", type=Path, help="keep each run's Lighthouse JSON report in this folder")
    ap.add_argument(
        "--cpu-slowdown",
        default="4",
        help="Lighthouse's CPU multiplier: a number (default 4, Lighthouse's own) or 'calibrated' "
        "(from the host's benchmark index, as Lighthouse's docs/throttling.md describes)",
    )
    ap.add_argument(
        "--serve",
        action="store_true",
        help="only serve --dist on --port until interrupted (to measure two builds side by side)",
    )
    ap.add_argument("--no-lock", action="store_true", help="do not take /tmp/addme-bench.lock per run")
    args = ap.parse_args()
    pages = [p.strip() for p in args.pages.split(",") if p.strip()]
    calibrate = args.cpu_slowdown == "calibrated"
    try:
        slowdown = None if calibrate else float(args.cpu_slowdown)
    except ValueError:
        ap.error("--cpu-slowdown takes a number or 'calibrated'")
    unknown = set(pages) - set(PAGES)
    if unknown:
        ap.error(f"unknown pages: {', '.join(sorted(unknown))}")

    if args.serve:
        with server(args.port, args.dist.resolve()) as base:
            log(f"serving {args.dist} at {base} (Ctrl-C stops)")
            with contextlib.suppress(KeyboardInterrupt):
                while True:
                    time.sleep(3600)
        return
    ensure_lighthouse()
    ctx: contextlib.AbstractContextManager[str]
    if args.url:
        ctx = contextlib.nullcontext(args.url.rstrip("/"))
    else:
        if args.dist == WEB / "dist":
            ensure_build(args.dist)
        ctx = server(args.port, args.dist.resolve())

    results: dict[str, dict] = {}
    with ctx as base:
        paths = page_paths(base)
        for name in pages:
            runs = []
            page_slowdown = slowdown
            if calibrate:
                # A first run reads the host's benchmark index (at Lighthouse's default 4x); only
                # the calibrated runs after it are counted.
                first, _ = lighthouse(base + paths[name], lock=not args.no_lock, keep=None)
                page_slowdown = round(calibrated_multiplier(first["environment"]["benchmarkIndex"]), 2)
                log(
                    f"{name}: benchmark index {first['environment']['benchmarkIndex']:.0f} -> {page_slowdown}x"
                )
            for i in range(args.runs):
                keep = args.reports / f"{name}-{i + 1}.json" if args.reports else None
                report, loads = lighthouse(
                    base + paths[name], lock=not args.no_lock, keep=keep, slowdown=page_slowdown
                )
                row = summarize(report)
                row["load average"] = loads  # type: ignore[assignment]
                runs.append(row)
                log(
                    f"{name} run {i + 1}: perf {row['performance']} a11y {row['accessibility']} "
                    f"bp {row['best-practices']} seo {row['seo']} LCP {row['LCP s']:.2f} s "
                    f"TBT {row['TBT ms']:.0f} ms (load {loads}; benchmark index "
                    f"{row['benchmark index']:.0f}, CPU {row['cpu slowdown']}x) {row['failed audits'] or ''}"
                )
            cols = [
                *CATEGORIES,
                *(c for c, _, _ in METRICS.values()),
                SCRIPT_CSS[0],
                "benchmark index",
                "cpu slowdown",
            ]
            results[name] = {
                "path": paths[name],
                "median": {c: median([r[c] for r in runs]) for c in cols},
                "runs": runs,
            }

    header = [
        "page",
        "perf",
        "a11y",
        "BP",
        "SEO",
        *(c for c, _, _ in METRICS.values()),
        SCRIPT_CSS[0],
        "bench index",
        "CPU x",
    ]
    print(f"Lighthouse {args.runs} runs per page, medians ({base}; load average now {load()})")
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|")
    for name, res in results.items():
        med = res["median"]
        cells = [f"{name} `{res['path']}`"]
        cells += ["-" if med[c] is None else f"{med[c]:.0f}" for c in CATEGORIES]
        cells += ["-" if med[c] is None else fmt.format(med[c]) for c, _, fmt in METRICS.values()]
        cells.append("-" if med[SCRIPT_CSS[0]] is None else SCRIPT_CSS[1].format(med[SCRIPT_CSS[0]]))
        cells.append("-" if med["benchmark index"] is None else f"{med['benchmark index']:.0f}")
        cells.append("-" if med["cpu slowdown"] is None else f"{med['cpu slowdown']:g}")
        print("| " + " | ".join(cells) + " |")
    failed = {n: sorted({a for r in res["runs"] for a in r["failed audits"]}) for n, res in results.items()}
    for name, ids in failed.items():
        if ids:
            print(f"{name}: audits not passed in some run: {', '.join(ids)}")
    if args.json:
        args.json.write_text(
            json.dumps({"base": base, "runs_per_page": args.runs, "pages": results}, indent=2)
        )
        log(f"wrote {args.json}")


if __name__ == "__main__":
    main()
