"""Fault drills: the real server process against a PostgreSQL cluster of the drill's own.

The machine's shared PostgreSQL (5432) and Redis (6379) are never stopped or frozen: each drill that
breaks the database starts a private cluster with initdb/pg_ctl in a temporary folder, on a free port the
system gives (so two runs on one machine never collide), as the postgres OS user when run as root. The drills run in the PostgreSQL pass of
`make test`; on CI a missing PostgreSQL install fails them instead of skipping them.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from addme.cli import run_migrations
from tests.conftest import IS_PG

BACKEND = Path(__file__).resolve().parents[2]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/faults/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.faults)
            if not IS_PG:
                item.add_marker(pytest.mark.skip(reason="fault drills run in the PostgreSQL pass"))


def free_port() -> int:
    """A port no one listens on, as the system gives it (bind to port 0).

    Fixed ranges collided as soon as two test runs shared a machine (two worktrees, CI beside a
    developer); the system's ephemeral ports are handed out in turn, so the moment between this
    check and the server binding the port is the only window, and nobody else is given it meanwhile.
    """
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _pg_bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        message = "PostgreSQL server binaries (initdb, pg_ctl) not found under /usr/lib/postgresql"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return Path(found[-1]).parent


@dataclass
class PrivatePg:
    """A throwaway PostgreSQL cluster: start, stop, freeze and thaw it."""

    root: Path
    port: int
    bin: Path
    as_root: bool = field(default_factory=lambda: os.geteuid() == 0)

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/addme"

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        cmd = [str(self.bin / args[0]), *args[1:]]
        if self.as_root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        return subprocess.run(cmd, check=check, capture_output=True, text=True, timeout=60)  # noqa: S603

    def init(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        if self.as_root:
            shutil.chown(self.root, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")

    def start(self) -> None:
        opts = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.root} "
            "-c fsync=off -c full_page_writes=off -c max_connections=60 -c shared_buffers=32MB"
        )
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "log"), "-o", opts, "-w", "start")

    def stop(self) -> None:
        self.thaw()
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop", check=False)

    def pids(self) -> list[int]:
        """The postmaster and every backend of this cluster (and nothing else)."""
        pidfile = self.data / "postmaster.pid"
        if not pidfile.exists():
            return []
        postmaster = int(pidfile.read_text().split()[0])
        children = []
        for stat in glob.glob("/proc/[0-9]*/stat"):
            with contextlib.suppress(OSError, IndexError, ValueError):
                # Field 4 of /proc/PID/stat is the parent's pid (after the parenthesised name).
                if int(Path(stat).read_text().rsplit(")", 1)[1].split()[1]) == postmaster:
                    children.append(int(Path(stat).parent.name))
        return [postmaster, *children]

    def freeze(self) -> None:
        for pid in self.pids():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGSTOP)

    def thaw(self) -> None:
        for pid in self.pids():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)


@pytest.fixture(scope="module")
def private_pg() -> Iterator[PrivatePg]:
    import psycopg

    root = Path(tempfile.mkdtemp(prefix="addme-drill-pg-"))
    pg = PrivatePg(root=root, port=free_port(), bin=_pg_bin())
    pg.init()
    pg.start()
    try:
        with psycopg.connect(pg.url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
            conn.execute("CREATE DATABASE addme")
        run_migrations(pg.url.replace("postgresql://", "postgresql+psycopg://"))
        yield pg
    finally:
        pg.stop()
        shutil.rmtree(root, ignore_errors=True)


@dataclass
class Server:
    """`addme serve` in a subprocess, on a port of its own."""

    url: str
    proc: subprocess.Popen[bytes]
    log: Path

    def client(self, timeout: float = 20.0) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=timeout)

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-4000:]


def start_server(database_url: str, tmp: Path, *, max_file_bytes: int | None = None, **env: str) -> Server:
    """Start the server; `max_file_bytes` caps every file it writes (RLIMIT_FSIZE: a full disk)."""
    port = free_port()
    log = tmp / f"server-{port}.log"
    full_env = {
        **os.environ,
        "ENV": "development",
        "DATABASE_URL": database_url,
        "MEDIA_DIR": str(tmp / "media"),
        "PRIVATE_DIR": str(tmp / "private"),
        "WEB_DIST": str(tmp / "no-dist"),
        "SITE_URL": f"http://127.0.0.1:{port}",
        "RUN_JOBS_IN_WEB": "false",
        "RATE_LIMITS_ENABLED": "false",
        "LISTING_CACHE_SECONDS": "0",
        "REDIS_URL": "",
        **env,
    }

    def limit_files() -> None:
        import resource

        # Python ignores SIGXFSZ: a write past the limit fails with EFBIG, as on a full disk.
        resource.setrlimit(resource.RLIMIT_FSIZE, (max_file_bytes, max_file_bytes))

    with log.open("wb") as out:
        proc = subprocess.Popen(  # noqa: S603
            [sys.executable, "-m", "addme.cli", "serve", "--port", str(port)],
            cwd=BACKEND,
            env=full_env,
            stdout=out,
            stderr=subprocess.STDOUT,
            preexec_fn=limit_files if max_file_bytes is not None else None,
        )
    server = Server(url=f"http://127.0.0.1:{port}", proc=proc, log=log)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("server exited:\n" + server.output())
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(server.url + "/v1/ping", timeout=1).status_code == 200:
                return server
        time.sleep(0.2)
    stop_server(server)
    raise RuntimeError("server did not start:\n" + server.output())


def stop_server(server: Server) -> None:
    if server.proc.poll() is None:
        server.proc.terminate()
        try:
            server.proc.wait(10)
        except subprocess.TimeoutExpired:
            server.proc.kill()
            server.proc.wait(10)


@pytest.fixture(scope="module")
def server_factory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """Starts servers that live until the module's drills are done (an app takes seconds to import)."""
    started: list[Server] = []
    tmp = tmp_path_factory.mktemp("servers")

    def make(database_url: str, **env: str) -> Server:
        server = start_server(database_url, tmp, **env)
        started.append(server)
        return server

    yield make
    for server in started:
        stop_server(server)
