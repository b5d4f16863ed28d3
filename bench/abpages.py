"""Two web builds side by side on this machine: page weights, then Lighthouse on the production
profile behind nginx, A and B interleaved (A, B, A, B...) so both see the same load.

    python3 bench/abpages.py --a main --b react                  # two git refs of this repository
    python3 bench/abpages.py --a /tmp/dist-a --b web/dist --runs 5 # or two builds already made

Each side is a git ref (its `web/` is exported with `git archive` into --work, installed with
`npm ci` from its own lock file, built with `vite build`) or a folder holding a build (its
`.vite/manifest.json`). Only the web build differs between A and B: both are served by this
checkout's backend, each by its own production profile (deploy/profile.py: nginx, N web processes,
no job runner), on one PostgreSQL database (`addme_ab`, seeded once) and each on its own Redis
database (a cached page names its build's chunks). A on --port, B on --port + 2 (nginx's port; the
web processes take the next one).

Then `bench/pagesize.py` on both builds, and `--runs` rounds of Lighthouse (mobile, default
throttling, a fresh profile per run, bench/lighthouse.py) over the pages, each round A then B per
page. Prints one table of medians per side and page, with the load average before and after.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lighthouse as lh  # noqa: E402  (bench/lighthouse.py)

ROOT = Path(__file__).resolve().parents[1]
PY = ROOT / "backend" / ".venv" / "bin" / "python"
COLS = ("performance", "accessibility", "best-practices", "seo", "FCP s", "LCP s", "TBT ms", "CLS", "JS+CSS kB")


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def build(side: str, work: Path) -> Path:
    """The build for a side: a folder with a build as it is, else a git ref built into `work`."""
    given = Path(side)
    if (given / ".vite" / "manifest.json").exists():
        return given.resolve()
    commit = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", f"{side}^{{commit}}"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    tree = work / commit[:12]
    dist = tree / "dist"
    if (dist / ".vite" / "manifest.json").exists():
        log(f"{side} ({commit[:12]}): built already in {dist}")
        return dist
    shutil.rmtree(tree, ignore_errors=True)
    tree.mkdir(parents=True)
    log(f"{side} ({commit[:12]}): exporting web/, npm ci, vite build into {dist}...")
    archive = subprocess.Popen(["git", "-C", str(ROOT), "archive", commit, "web"], stdout=subprocess.PIPE)
    subprocess.run(["tar", "-x", "-C", str(tree)], stdin=archive.stdout, check=True)
    if archive.wait() != 0:
        sys.exit(f"git archive {commit} web failed")
    web = tree / "web"
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=web, check=True)
    subprocess.run(["npx", "vite", "build", "--outDir", str(dist), "--emptyOutDir"], cwd=web, check=True,
                   stdout=subprocess.DEVNULL)  # fmt: skip
    return dist


@contextlib.contextmanager
def profile(port: int, dist: Path, run_dir: Path, redis_db: int, database_url: str) -> Iterator[str]:
    """deploy/profile.py serving `dist` behind nginx on `port` until the block ends."""
    run_dir.mkdir(parents=True, exist_ok=True)
    cmd = [
        str(PY), str(ROOT / "deploy" / "profile.py"), "run", "--port", str(port), "--workers", "2",
        "--web-dist", str(dist), "--run-dir", str(run_dir), "--no-jobs",
        "--database-url", database_url, "--redis-url", f"redis://127.0.0.1:6379/{redis_db}",
    ]  # fmt: skip
    with open(run_dir / "profile.log", "w") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT / "backend", stdout=out, stderr=subprocess.STDOUT)  # noqa: S603
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(240):
                with contextlib.suppress(OSError):
                    urllib.request.urlopen(f"{base}/v1/health", timeout=1).read()  # noqa: S310 - ours
                    break
                if proc.poll() is not None:
                    sys.exit(f"the profile on {port} stopped: see {run_dir / 'profile.log'}")
                time.sleep(0.5)
            else:
                sys.exit(f"the profile on {port} did not answer in 120 s")
            yield base
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()


def weights(dists: dict[str, Path]) -> None:
    rows: dict[str, dict[str, str]] = {}
    for side, dist in dists.items():
        out = subprocess.run(
            [sys.executable, str(ROOT / "bench" / "pagesize.py"), str(dist)], check=True, capture_output=True,
            text=True,
        ).stdout  # fmt: skip
        for line in out.splitlines():
            parts = line.split()
            if len(parts) >= 5 and parts[0] in ("entry", "listing", "profile", "home", "shop"):
                rows.setdefault(parts[0], {})[side] = f"{parts[4]} ({' '.join(parts[5:]).strip('()')})"
            elif line.startswith("runtime"):
                rows.setdefault("runtime", {})[side] = line.split(":", 1)[1].strip()
    print("\nPage weight, a first visit's JS + CSS, kB brotli (JS / CSS), bench/pagesize.py\n")
    print("| page | " + " | ".join(dists) + " |")
    print("|---|" + "---:|" * len(dists))
    for page, by_side in rows.items():
        print(f"| {page} | " + " | ".join(by_side.get(s, "-") for s in dists) + " |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--a", required=True, help="git ref or build folder (the 'before')")
    ap.add_argument("--b", required=True, help="git ref or build folder (the 'after')")
    ap.add_argument("--runs", type=int, default=3, help="rounds of Lighthouse (each page, A then B)")
    ap.add_argument("--pages", default=",".join(lh.PAGES))
    ap.add_argument("--port", type=int, default=8164, help="A's nginx port; B's is this + 2")
    ap.add_argument("--work", type=Path, default=Path("/tmp/addme-ab"), help="where refs are built")
    ap.add_argument("--database-url", default="postgresql://postgres@127.0.0.1:5432/addme_ab")
    ap.add_argument("--redis-dbs", default="13,14", help="A's and B's Redis databases")
    ap.add_argument("--weights-only", action="store_true", help="page weights, no Lighthouse")
    args = ap.parse_args()
    pages = [p.strip() for p in args.pages.split(",") if p.strip()]
    redis_a, redis_b = (int(x) for x in args.redis_dbs.split(","))

    dists = {"A": build(args.a, args.work), "B": build(args.b, args.work)}
    print(f"A = {args.a} ({dists['A']})\nB = {args.b} ({dists['B']})")
    weights(dists)
    if args.weights_only:
        return
    lh.ensure_lighthouse()
    runs: dict[tuple[str, str], list[dict]] = {}
    loads: list[str] = []
    with (
        profile(args.port, dists["A"], args.work / "run-a", redis_a, args.database_url) as base_a,
        profile(args.port + 2, dists["B"], args.work / "run-b", redis_b, args.database_url) as base_b,
    ):
        bases = {"A": base_a, "B": base_b}
        paths = lh.page_paths(base_a)
        started = time.strftime("%H:%M UTC", time.gmtime())
        loads.append(lh.load())
        for i in range(args.runs):
            for page in pages:
                for side in ("A", "B"):
                    report, load = lh.lighthouse(bases[side] + paths[page], lock=True, keep=None)
                    row = lh.summarize(report)
                    runs.setdefault((page, side), []).append(row)
                    log(
                        f"round {i + 1} {page} {side}: perf {row['performance']} TBT {row['TBT ms']:.0f} ms "
                        f"LCP {row['LCP s']:.2f} s (load {load}) {row['failed audits'] or ''}"
                    )
        loads.append(lh.load())
    print(
        f"\nLighthouse (mobile, default throttling) on the production profile behind nginx, medians of "
        f"{args.runs} interleaved runs, {started}; load average (1, 5, 15 min) {loads[0]} at the start, "
        f"{loads[-1]} at the end\n"
    )
    print("| page | side | perf | a11y | BP | SEO | FCP s | LCP s | TBT ms | CLS | JS+CSS kB | perf per run |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for page in pages:
        for side in ("A", "B"):
            rs = runs[(page, side)]
            med = {c: lh.median([r[c] for r in rs]) for c in COLS}
            fmt = {"FCP s": "{:.2f}", "LCP s": "{:.2f}", "CLS": "{:.3f}", "JS+CSS kB": "{:.0f}"}
            cells = ["-" if med[c] is None else fmt.get(c, "{:.0f}").format(med[c]) for c in COLS]
            each = ", ".join(str(r["performance"]) for r in rs)
            print(f"| {page} `{paths[page]}` | {side} | " + " | ".join(cells) + f" | {each} |")
    failed = {k: sorted({a for r in rs for a in r["failed audits"]}) for k, rs in runs.items()}
    for (page, side), ids in failed.items():
        if ids:
            print(f"{page} {side}: audits not passed in some run: {', '.join(ids)}")


if __name__ == "__main__":
    os.environ.setdefault("CHROME_PATH", "/usr/bin/chromium")
    main()
