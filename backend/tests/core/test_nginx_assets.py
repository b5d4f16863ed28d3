"""The production profile's nginx sends the build's precompressed assets: brotli to a browser that
takes it (what the page-weight budget counts), gzip to one that does not, and the file as it is
to neither."""

from __future__ import annotations

import contextlib
import http.server
import importlib.util
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)

pytestmark = pytest.mark.skipif(
    NGINX is None and os.environ.get("CI") != "true", reason="nginx is not installed (make nginx)"
)


def _profile():
    spec = importlib.util.spec_from_file_location("addme_profile", ROOT / "deploy" / "profile.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str, encoding: str | None) -> tuple[str | None, bytes]:
    headers = {"Accept-Encoding": encoding} if encoding else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=5) as r:  # noqa: S310
        return r.headers.get("Content-Encoding"), r.read()


@contextlib.contextmanager
def _profile_nginx(
    prefix: str, *, ready: str, app_addr: str | None = None, assets: dict[str, bytes] | None = None
) -> Iterator[tuple[Path, str]]:
    """The production profile's nginx on a free port, before `app_addr` (else nothing), with the
    build's `assets`, once `ready` (a path) answers: its folder (the cache in nginx/) and base URL."""
    profile = _profile()
    # nginx's workers drop root for an unprivileged user: the files sit where any user may read them
    # (pytest's own folder is private to root).
    tmp_path = Path(tempfile.mkdtemp(prefix=prefix))
    tmp_path.chmod(0o755)
    (tmp_path / "dist" / "assets").mkdir(parents=True)
    for name, body in (assets or {}).items():
        (tmp_path / "dist" / "assets" / name).write_bytes(body)
    port = _free_port()
    conf = profile.render(
        tmp_path / "nginx",
        listen=f"127.0.0.1:{port}",
        app_addr=app_addr or f"127.0.0.1:{_free_port()}",
        web_dist=tmp_path / "dist",
        media_dir=tmp_path / "media",
    )
    proc = subprocess.Popen([*profile.nginx_args(conf), "-g", "daemon off;"])  # noqa: S603
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 10
        while True:
            try:
                _get(base + ready, None)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        yield tmp_path, base
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        shutil.rmtree(tmp_path, ignore_errors=True)


ASSETS = {
    "app-1a2b.js": b"console.log('plain')",
    "app-1a2b.js.br": b"brotli bytes",
    "app-1a2b.js.gz": b"gzip bytes",
}


def test_assets_go_out_as_brotli_or_gzip_as_the_browser_takes_them():
    with _profile_nginx("addme-nginx-assets-", ready="/assets/app-1a2b.js", assets=ASSETS) as (_, base):
        url = f"{base}/assets/app-1a2b.js"
        if _profile().BROTLI_MODULE.exists():
            assert _get(url, "gzip, deflate, br") == ("br", b"brotli bytes")
        elif os.environ.get("CI") == "true":
            pytest.fail("Debian's libnginx-mod-http-brotli-static is missing (make nginx installs it)")
        assert _get(url, "gzip") == ("gzip", b"gzip bytes")
        assert _get(url, None) == (None, b"console.log('plain')")


class _Counting(http.server.BaseHTTPRequestHandler):
    """The app behind nginx: a public answer naming how many requests reached it."""

    hits = 0

    def do_GET(self) -> None:
        type(self).hits += 1
        body = f'{{"hits": {type(self).hits}}}'.encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Cache-Control", "public, max-age=0, s-maxage=15")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def test_a_search_nobody_repeats_is_not_kept_and_a_repeated_one_is_answered_from_the_cache():
    app = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Counting)
    threading.Thread(target=app.serve_forever, daemon=True).start()
    try:
        addr = f"127.0.0.1:{app.server_address[1]}"
        with _profile_nginx("addme-nginx-micro-", app_addr=addr, ready="/v1/usernames?q=warmup") as (
            tmp,
            base,
        ):
            cache_dir = tmp / "nginx"
            files_before = sum(1 for f in cache_dir.rglob("*") if f.is_file())
            for word in ("otter1", "otter2", "otter3"):
                _get(f"{base}/v1/usernames?q={word}", None)
            # Three different searches, each asked once: nothing more written to the micro-cache.
            assert sum(1 for f in cache_dir.rglob("*") if f.is_file()) == files_before
            hits = [_get(f"{base}/v1/usernames?q=gamer", None)[1] for _ in range(4)]
            # The second request is kept; the third and fourth are the cache's copy of it.
            assert hits[2] == hits[3] == hits[1]
            assert _Counting.hits == 1 + 3 + 2
    finally:
        app.shutdown()
