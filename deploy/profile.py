"""The production profile: render the nginx configuration, check it, or run the whole profile locally.

    python3 deploy/profile.py check            # render into a temporary folder and run `nginx -t` on it
    python3 deploy/profile.py render --out DIR # write DIR/nginx.conf (and its folders) for a server
    python3 deploy/profile.py run              # the whole profile on this machine (`make prod-local`)

`run` uses the machine's PostgreSQL (database `addme_profile`) and Redis (database 3), builds the
web app if it is not built, migrates, seeds the demo data once, then starts nginx (Debian's
package) on --port, N web processes on --port + 1 and the job runner as its own process, until
Ctrl-C. `--web-dist` serves another build and `--run-dir` keeps nginx's files elsewhere, so that two
profiles can serve two builds side by side (bench/abpages.py). Mail and media use their local adapters here (the outbox, data/media): a server sets
SMTP_* and STORAGE_PROVIDER=s3 instead (deploy/production.env.example).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "deploy" / "nginx" / "addme.conf.template"
# Debian's libnginx-mod-http-brotli-static (make nginx installs it): with it, nginx sends the
# build's .br files, about a fifth smaller than the .gz it falls back to without it.
BROTLI_MODULE = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")


def render(
    out: Path, *, listen: str, app_addr: str | list[str], web_dist: Path, media_dir: Path
) -> Path:
    """Write out/nginx.conf and the folders it names; returns the configuration's path."""
    run, logs, cache = out / "run", out / "log", out / "cache"
    for folder in (run, logs, cache):
        folder.mkdir(parents=True, exist_ok=True)
    values = {
        "RUN_DIR": str(run),
        "LOG_DIR": str(logs),
        "CACHE_DIR": str(cache),
        "MIME_TYPES": "/etc/nginx/mime.types",
        "APP_SERVERS": "\n".join(
            f"        server {addr} max_fails=1 fail_timeout=5s;"
            for addr in ([app_addr] if isinstance(app_addr, str) else app_addr)
        ),
        "LISTEN": listen,
        "WEB_DIST": str(web_dist),
        "MEDIA_DIR": str(media_dir),
        "LOAD_MODULES": f"load_module {BROTLI_MODULE};" if BROTLI_MODULE.exists() else "",
        "BROTLI_STATIC": "brotli_static on;" if BROTLI_MODULE.exists() else "",
    }
    text = TEMPLATE.read_text()
    # Only ${UPPER_CASE} names are ours; nginx's own variables ($host, $request_id) stay as they are.
    for key, value in values.items():
        text = text.replace("${" + key + "}", value)
    left = re.findall(r"\$\{[A-Z_]+\}", text)
    if left:
        raise SystemExit(f"{TEMPLATE}: no value for {', '.join(sorted(set(left)))}")
    conf = out / "nginx.conf"
    conf.write_text(text)
    return conf


def nginx_binary() -> str:
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if found is None:
        sys.exit("nginx is not installed: apt-get install -y nginx (make nginx-check installs it)")
    return found


def nginx_args(conf: Path) -> list[str]:
    out = conf.parent
    return [nginx_binary(), "-p", str(out), "-c", str(conf), "-e", str(out / "log" / "nginx-error.log")]


def check() -> None:
    with tempfile.TemporaryDirectory(prefix="addme-nginx-") as tmp:
        conf = render(
            Path(tmp),
            listen="127.0.0.1:8080",
            app_addr="127.0.0.1:8000",
            web_dist=ROOT / "web" / "dist",
            media_dir=ROOT / "data" / "media",
        )
        result = subprocess.run([*nginx_args(conf), "-t"], capture_output=True, text=True, check=False)  # noqa: S603
        print(result.stderr.strip())
        if result.returncode != 0:
            sys.exit(1)


def _wait_for(url: str, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=1)  # noqa: S310 - a local address we started
            return
        except OSError:
            time.sleep(0.5)
    sys.exit(f"{url} did not answer within {seconds:.0f} s")


def profile_env(args: argparse.Namespace) -> dict[str, str]:
    site = f"http://127.0.0.1:{args.port}"
    return {
        **os.environ,
        "ENV": os.environ.get("ENV", "development"),
        "DATABASE_URL": args.database_url,
        "REDIS_URL": args.redis_url,
        "SITE_URL": site,
        "WORKERS": str(args.workers),
        "RUN_JOBS_IN_WEB": "false",  # the job runner is its own process
        "ACCESS_LOG": "true",
        "TRUSTED_PROXIES": '["127.0.0.1"]',  # nginx: X-Forwarded-For from it is believed
        "PUBLIC_SOURCE_MAPS": "false",
        "PUBLIC_DOCS": "false",
    }


def _ensure_database(url: str) -> None:
    import psycopg

    base, name = url.rsplit("/", 1)
    with psycopg.connect(base + "/postgres", autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone() is None:
            conn.execute(f'CREATE DATABASE "{name}"')


def run(args: argparse.Namespace) -> None:
    env = profile_env(args)
    backend = ROOT / "backend"
    addme = str(backend / ".venv" / "bin" / "addme")
    if args.database_url.startswith("postgresql"):
        _ensure_database(args.database_url)
    dist = args.web_dist.resolve()
    if not (dist / "index.html").exists():
        if dist != (ROOT / "web" / "dist").resolve():
            sys.exit(f"{dist} has no build (index.html)")
        subprocess.run(["npm", "run", "build", "--silent"], cwd=ROOT / "web", check=True)  # noqa: S607
    # The web processes serve the same build as nginx (the pages name its chunks).
    env["WEB_DIST"] = str(dist)
    subprocess.run([addme, "migrate"], cwd=backend, env=env, check=True)  # noqa: S603
    subprocess.run([addme, "seed"], cwd=backend, env=env, check=True)  # noqa: S603
    out = args.run_dir.resolve()
    prom = out / "prometheus"
    shutil.rmtree(prom, ignore_errors=True)
    prom.mkdir(parents=True)
    env["PROMETHEUS_MULTIPROC_DIR"] = str(prom)
    conf = render(
        out,
        listen=f"127.0.0.1:{args.port}",
        app_addr=f"127.0.0.1:{args.port + 1}",
        web_dist=dist,
        media_dir=ROOT / "data" / "media",
    )
    procs = [
        subprocess.Popen(  # noqa: S603
            [addme, "serve", "--port", str(args.port + 1), "--workers", str(args.workers)], cwd=backend, env=env
        ),
        subprocess.Popen([*nginx_args(conf), "-g", "daemon off;"]),  # noqa: S603
    ]
    if args.jobs:
        procs.append(subprocess.Popen([addme, "run-jobs", "--loop", "--tick", "30"], cwd=backend, env=env))  # noqa: S603

    def stop(*_: object) -> None:
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            proc.wait(timeout=15)
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    _wait_for(f"http://127.0.0.1:{args.port}/v1/health", 90)
    print(
        f"AddMe's production profile: http://127.0.0.1:{args.port} (nginx) -> {args.workers} web processes "
        f"on :{args.port + 1}{', the job runner' if args.jobs else ''}, Redis {args.redis_url}, "
        f"{args.database_url}, serving {dist}.\n"
        f"Metrics: http://127.0.0.1:{args.port}/metrics  Logs: {out / 'log'} and this terminal. Ctrl-C stops.",
        flush=True,
    )
    while all(proc.poll() is None for proc in procs):
        time.sleep(1)
    stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    sub.add_parser("check", help="render the nginx configuration and run nginx -t on it")
    r = sub.add_parser("render", help="write the nginx configuration for a server")
    r.add_argument("--out", type=Path, required=True)
    r.add_argument("--listen", default="80")
    r.add_argument("--app", default="127.0.0.1:8000", help="the web processes' address")
    r.add_argument("--web-dist", type=Path, default=ROOT / "web" / "dist")
    r.add_argument("--media-dir", type=Path, default=ROOT / "data" / "media")
    p = sub.add_parser("run", help="run the whole profile on this machine")
    p.add_argument("--port", type=int, default=8080, help="nginx's port; the web processes use the next one")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--database-url", default="postgresql://postgres@127.0.0.1:5432/addme_profile")
    p.add_argument("--redis-url", default="redis://127.0.0.1:6379/3")
    p.add_argument("--web-dist", type=Path, default=ROOT / "web" / "dist", help="the web build to serve")
    p.add_argument("--run-dir", type=Path, default=ROOT / "deploy" / ".run", help="nginx's configuration, logs, cache")
    p.add_argument("--no-jobs", dest="jobs", action="store_false", help="no job runner (two profiles on one database)")
    args = ap.parse_args()
    if args.command == "check":
        check()
    elif args.command == "render":
        print(render(args.out, listen=args.listen, app_addr=args.app, web_dist=args.web_dist,
                     media_dir=args.media_dir))  # fmt: skip
    else:
        run(args)


if __name__ == "__main__":
    main()
