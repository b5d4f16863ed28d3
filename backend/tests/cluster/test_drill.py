"""The cluster drill: two web nodes, two job runners, a PostgreSQL primary and its streaming replica,
a private Redis, moto's S3 and the project's own nginx configuration in front, all started here from
Debian's packages in a temporary folder, under a bounded crowd of mixed requests.

It checks what several nodes must agree on (issue 33): a ban on node A gone from node B and from
nginx within the cache TTL; a member's own change visible at once wherever the next request lands
(read-your-writes); the replica stopped, public reads still answered by the primary, and back on
the replica when it returns; node A killed, nginx sending everything to B with no GET failing and
nothing written lost; each job once per period across two runners; one login throttle across both
nodes; uploads in S3, served by every node. The replica applies WAL 2 s late
(recovery_min_apply_delay), so a read that should have gone to the primary shows.

Runs in the PostgreSQL pass (with the fault drills); without the Debian binaries it is skipped, and
fails on CI. The figures it prints are in docs/operations.md ("Several nodes").
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select, text
from sqlalchemy.orm import Session

from addme.cli import run_migrations
from addme.core import clock
from addme.core.db import make_engine
from tests.conftest import IS_PG
from tests.factories.accounts import PASSWORD, make_user, token_for
from tests.factories.listings import make_username
from tests.factories.media import picture
from tests.faults.conftest import PrivatePg, _pg_bin

BACKEND = Path(__file__).resolve().parents[2]
ROOT = BACKEND.parent
TTL = 30  # the nodes' LISTING_CACHE_SECONDS: a ban must vanish well within it
BAN_BOUND = 8.0  # seconds: replica lag bound (5) + nginx's micro-cache (1) + a margin

pytestmark = [
    pytest.mark.faults,
    pytest.mark.skipif(not IS_PG, reason="the cluster drill runs in the PostgreSQL pass"),
]


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _need(binary: str) -> str:
    found = shutil.which(binary) or next(
        (p for p in (f"/usr/sbin/{binary}", f"/usr/bin/{binary}") if Path(p).exists()), None
    )
    if found is None:
        message = f"{binary} not installed (Debian's package): the cluster drill needs it"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return found


def _wait(check, seconds: float, what: str) -> float:  # type: ignore[no-untyped-def]
    """Poll `check()` until true; the seconds it took."""
    start = time.monotonic()
    last: object = None
    while time.monotonic() - start < seconds:
        try:
            if check():
                return time.monotonic() - start
        except Exception as exc:
            last = exc
        time.sleep(0.1)
    raise AssertionError(f"{what}: not within {seconds:.0f} s (last error: {last!r})")


@dataclass
class Proc:
    name: str
    proc: subprocess.Popen[bytes]
    log: Path

    def tail(self) -> str:
        return f"--- {self.name}\n" + self.log.read_text(errors="replace")[-3000:]


@dataclass
class Cluster:
    tmp: Path
    primary: PrivatePg
    replica: PrivatePg
    nodes: dict[str, str] = field(default_factory=dict)  # name -> base URL
    nginx: str = ""
    procs: dict[str, Proc] = field(default_factory=dict)
    s3: str = ""

    def start(self, name: str, args: list[str], env: dict[str, str]) -> Proc:
        log = self.tmp / f"{name}.log"
        with log.open("wb") as out:
            proc = subprocess.Popen(args, cwd=BACKEND, env=env, stdout=out, stderr=subprocess.STDOUT)  # noqa: S603
        self.procs[name] = Proc(name, proc, log)
        return self.procs[name]

    def logs(self) -> str:
        return "\n".join(p.tail() for p in self.procs.values())


def _replica_of(primary: PrivatePg, root: Path, port: int) -> PrivatePg:
    rep = PrivatePg(root=root, port=port, bin=primary.bin)
    root.mkdir(parents=True, exist_ok=True)
    if rep.as_root:
        shutil.chown(root, "postgres", "postgres")
    rep._run(
        "pg_basebackup", "-h", "127.0.0.1", "-p", str(primary.port), "-U", "postgres",
        "-D", str(rep.data), "-R", "-X", "stream", "--no-sync", "--checkpoint=fast",
    )  # fmt: skip
    with (rep.data / "postgresql.auto.conf").open("a") as conf:
        # The replica applies WAL 2 s late: a read sent there that should have gone to the primary
        # shows (the machine's replication is otherwise too fast to see).
        conf.write("recovery_min_apply_delay = '2s'\nhot_standby = on\n")
    return rep


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    import boto3
    from moto.server import ThreadedMotoServer

    pg_bin = _pg_bin()
    nginx_bin = _need("nginx")
    redis_bin = _need("redis-server")
    _need("pg_basebackup") if not (pg_bin / "pg_basebackup").exists() else None
    tmp = Path(tempfile.mkdtemp(prefix="addme-cluster-"))
    tmp.chmod(0o755)  # the clusters' folders inside belong to the postgres user (when run as root)
    primary = PrivatePg(root=tmp / "primary", port=_port(), bin=pg_bin)
    primary.init()
    primary.start()
    c = Cluster(tmp=tmp, primary=primary, replica=primary)
    moto = ThreadedMotoServer(ip_address="127.0.0.1", port=_port(), verbose=False)
    try:
        import psycopg

        with psycopg.connect(primary.url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
            conn.execute("CREATE DATABASE addme")
        run_migrations(primary.url.replace("postgresql://", "postgresql+psycopg://"))
        c.replica = _replica_of(primary, tmp / "replica", _port())
        c.replica.start()

        redis_port = _port()
        c.start("redis", [redis_bin, "--port", str(redis_port), "--bind", "127.0.0.1", "--save", "",
                          "--appendonly", "no"], dict(os.environ))  # fmt: skip
        moto.start()
        c.s3 = f"http://127.0.0.1:{moto._server.server_port}"  # type: ignore[union-attr]
        keys = {"aws_access_key_id": "drill", "aws_secret_access_key": "drill"}
        boto3.client("s3", endpoint_url=c.s3, region_name="us-east-1", **keys).create_bucket(Bucket="drill")

        ports = {"a": _port(), "b": _port()}
        nginx_port = _port()
        site = f"http://127.0.0.1:{nginx_port}"
        env = {
            **os.environ,
            "ENV": "development",
            "DATABASE_URL": primary.url,
            "DATABASE_READ_URL": c.replica.url,
            "READ_REPLICA_MAX_LAG_S": "5",
            "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
            "SECRET_KEY": "drill-secret-key-shared-by-every-node-0123456789",
            "SITE_URL": site,
            "MEDIA_DIR": str(tmp / "media"),
            "PRIVATE_DIR": str(tmp / "private"),
            "WEB_DIST": str(tmp / "dist"),
            "RUN_JOBS_IN_WEB": "false",
            "RATE_LIMITS_ENABLED": "true",
            "LISTING_CACHE_SECONDS": str(TTL),
            "TRUSTED_PROXIES": '["127.0.0.1/32"]',
            "STORAGE_PROVIDER": "s3",
            "S3_BUCKET": "drill",
            "S3_ENDPOINT_URL": c.s3,
            "S3_ACCESS_KEY_ID": "drill",
            "S3_SECRET_ACCESS_KEY": "drill",
            "DB_POOL_SIZE": "5",
            "DB_READ_POOL_SIZE": "3",
        }
        (tmp / "dist").mkdir()
        (tmp / "dist" / "index.html").write_text("<!doctype html><title>AddMe</title><div id=root></div>")
        addme = str(Path(sys.executable).with_name("addme"))
        for name, port in ports.items():
            c.start(f"web-{name}", [addme, "serve", "--port", str(port)], env)
            c.nodes[name] = f"http://127.0.0.1:{port}"
        for n in (1, 2):
            c.start(f"jobs-{n}", [addme, "run-jobs", "--loop", "--tick", "1"], env)

        import importlib.util

        spec = importlib.util.spec_from_file_location("addme_deploy_profile", ROOT / "deploy" / "profile.py")
        assert spec and spec.loader
        deploy_profile = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(deploy_profile)

        conf = deploy_profile.render(
            tmp / "nginx",
            listen=f"127.0.0.1:{nginx_port}",
            app_addr=[f"127.0.0.1:{p}" for p in ports.values()],
            web_dist=tmp / "dist",
            media_dir=tmp / "media",
        )
        conf.write_text(conf.read_text().replace("worker_processes auto;", "worker_processes 1;"))
        c.start("nginx", [nginx_bin, "-p", str(conf.parent), "-c", str(conf), "-e",
                          str(conf.parent / "log" / "nginx-error.log"), "-g", "daemon off;"], env)  # fmt: skip
        c.nginx = site
        for url in [*c.nodes.values(), c.nginx]:
            _wait(lambda u=url: httpx.get(u + "/v1/ping", timeout=5).status_code == 200, 240, f"{url} up")
        yield c
    except BaseException:
        print(c.logs())
        raise
    finally:
        for p in c.procs.values():
            if p.proc.poll() is None:
                p.proc.terminate()
        for p in c.procs.values():
            try:
                p.proc.wait(10)
            except subprocess.TimeoutExpired:
                p.proc.kill()
        with contextlib.suppress(Exception):
            moto.stop()
        c.replica.stop()
        primary.stop()
        shutil.rmtree(tmp, ignore_errors=True)


@contextlib.contextmanager
def heartbeat(url: str, every: float = 0.3) -> Iterator[None]:
    """Commits on the primary every `every` seconds, as a busy site does: the replica's measured lag
    (now - its last replayed commit) then stays near its 2 s apply delay, under the 5 s bound, so the
    nodes keep reading from it and only read-your-writes sends an owner's read to the primary. (On an
    idle primary the last replayed commit is old, the lag reads as large, and every read goes to
    the primary: the rule under test would never be needed.)"""
    import psycopg

    stop = threading.Event()

    def beat() -> None:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE TABLE IF NOT EXISTS drill_heartbeat (id int PRIMARY KEY, at timestamptz)")
            while not stop.is_set():
                conn.execute(
                    "INSERT INTO drill_heartbeat VALUES (1, now()) ON CONFLICT (id) DO UPDATE SET at = now()"
                )
                stop.wait(every)

    thread = threading.Thread(target=beat, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(5)


class Crowd:
    """A bounded crowd through nginx: 6 threads of mixed public GETs, until stopped."""

    def __init__(self, base: str, paths: list[str]) -> None:
        self.base, self.paths = base, paths
        self.statuses: Counter[int] = Counter()
        self.failures: list[str] = []
        self._stop = threading.Event()
        self._go = threading.Event()
        self._go.set()
        self._threads = [threading.Thread(target=self._run, args=(i,), daemon=True) for i in range(6)]

    def _run(self, i: int) -> None:
        with httpx.Client(base_url=self.base, timeout=10) as client:
            n = i
            while not self._stop.is_set():
                self._go.wait()
                path = self.paths[n % len(self.paths)]
                n += 1
                try:
                    status = client.get(path).status_code
                except httpx.HTTPError as exc:
                    status = 0
                    self.failures.append(f"{path}: {exc.__class__.__name__}")
                self.statuses[status] += 1
                if status >= 500 or status == 0:
                    self.failures.append(f"{path}: {status}")
                time.sleep(0.01)

    def pause(self) -> None:
        self._go.clear()
        time.sleep(0.5)  # the requests in flight finish

    def resume(self) -> None:
        self._go.set()

    def __enter__(self) -> Crowd:
        for t in self._threads:
            t.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._go.set()
        for t in self._threads:
            t.join(15)


def _metric(node: str, name: str) -> float | None:
    body = httpx.get(node + "/metrics", timeout=5).text
    found = re.search(rf"^{name} ([0-9.e+-]+)$", body, re.M)
    return float(found.group(1)) if found else None


def _listed(base: str, username_id: int, headers: dict[str, str] | None = None) -> bool:
    r = httpx.get(f"{base}/v1/usernames/{username_id}", headers=headers or {}, timeout=10)
    assert r.status_code in (200, 404), (r.status_code, r.text[:200])
    return r.status_code == 200


def test_the_cluster_drill(cluster: Cluster) -> None:
    c = cluster
    a, b, front = c.nodes["a"], c.nodes["b"], c.nginx
    engine = make_engine(c.primary.url.replace("postgresql://", "postgresql+psycopg://"))
    figures: dict[str, object] = {}
    with Session(engine, expire_on_commit=False) as db:
        boss = make_user(db, admin_level="Full")
        # VIP: edits without the daily limit.
        owner = make_user(
            db, email="owner@drill.example", promotion_ending_at=clock.now() + timedelta(days=30)
        )
        banned = make_username(db, user=make_user(db), username="to_be_banned")
        mine = make_username(db, user=owner, username="owners_own")
        others = [make_username(db, user=make_user(db)) for _ in range(12)]
        boss_h = {"Authorization": f"Bearer {token_for(db, boss)}"}
    paths = ["/v1/usernames", "/v1/usernames?gender=Female", f"/v1/usernames/{others[0].id}",
             "/v1/usernames?q=member", "/sitemap.xml", f"/v1/usernames/{others[3].id}/similar",
             f"/v1/usernames/{banned.id}"]  # fmt: skip
    # The replica has the rows (2 s late) before the crowd starts.
    _wait(lambda: _listed(a, others[-1].id) and _metric(a, "addme_read_replica_in_use") == 1, 30, "replica")
    started = time.monotonic()
    with Crowd(front, paths) as crowd:
        # 1. A ban on node A: gone from node B and through nginx within the bound (B's cache warm).
        assert _listed(b, banned.id) and _listed(front, banned.id)
        r = httpx.post(f"{a}/v1/admin/usernames/{banned.id}/ban", json={"hours": 24, "reason": "The drill: a ban node B must see"},
                       headers=boss_h, timeout=10)  # fmt: skip
        assert r.status_code == 200, r.text
        t_b = _wait(lambda: not _listed(b, banned.id), BAN_BOUND, "the ban on node B")
        t_front = _wait(lambda: not _listed(front, banned.id), BAN_BOUND, "the ban through nginx")
        figures["ban gone on node B (s)"] = round(t_b, 2)
        figures["ban gone through nginx (s)"] = round(t_front, 2)

        # 2. The owner's own change, seen at once on the other node and through nginx. The crowd
        # pauses: its cached reads would make each node notice the edit's new listings generation
        # (and read from the primary for a while) before the owner's next request, standing in for
        # read-your-writes. Alone, a node knows of the write only from the owner's cookie.
        crowd.pause()
        with heartbeat(c.primary.url):
            # The nodes read from the replica (its lag under the bound) before the owner writes.
            _wait(
                lambda: all(_metric(n, "addme_read_replica_in_use") == 1 for n in (a, b)),
                15,
                "replica in use",
            )
            time.sleep(6)  # past the window in which the ban's generation change sends reads to the primary
            member = httpx.Client(timeout=10)
            login = member.post(
                f"{a}/v1/auth/login", json={"email": "owner@drill.example", "password": PASSWORD}
            )
            assert login.status_code == 200, login.text
            for n in range(4):
                writer, reader = [(a, b), (b, front), (front, a), (b, a)][n]
                csrf = member.cookies.get("addme_csrf") or ""
                words = f"Drill edit number {n}, say hi."
                r = member.patch(f"{writer}/v1/user/usernames/{mine.id}", json={"description": words},
                                 headers={"X-CSRF-Token": csrf})  # fmt: skip
                assert r.status_code == 200, r.text
                seen = member.get(f"{reader}/v1/usernames/{mine.id}")
                assert seen.status_code == 200 and seen.json()["description"] == words, (
                    f"own edit {n} written on {writer}, read on {reader}: {seen.text[:300]}"
                )
            own_reads = r'addme_public_reads_total\{target="primary",why="own_write"\}'
            figures["owner's reads sent to the primary (read-your-writes)"] = sum(
                int(_metric(n, own_reads) or 0) for n in (a, b)
            )

        crowd.resume()

        # 3. The replica stopped: public reads still answer (from the primary); back, they return to it.
        before = crowd.statuses.copy()
        t0 = time.monotonic()
        c.replica._run("pg_ctl", "-D", str(c.replica.data), "-m", "fast", "-w", "stop")
        _wait(lambda: _metric(a, "addme_read_replica_in_use") == 0, 10, "fail-over to the primary")
        figures["replica down -> primary (s)"] = round(time.monotonic() - t0, 2)
        for _ in range(20):
            assert httpx.get(f"{b}/v1/usernames", timeout=10).status_code == 200
            assert _listed(a, others[1].id)
        t0 = time.monotonic()
        c.replica.start()
        _wait(
            lambda: all(_metric(n, "addme_read_replica_in_use") == 1 for n in (a, b)),
            40,
            "back on the replica",
        )
        figures["replica back -> used again (s)"] = round(time.monotonic() - t0, 2)
        key = r'addme_public_reads_total\{target="replica",why="replica"\}'

        def used_again() -> bool:  # signed in: past both caches, to the reader
            start = _metric(b, key) or 0
            for _ in range(10):
                assert (
                    httpx.get(f"{b}/v1/usernames/{others[2].id}", headers=boss_h, timeout=10).status_code
                    == 200
                )
            return (_metric(b, key) or 0) >= start + 10

        # (Past the 5 s after the last listings change, when every node reads from the primary.)
        _wait(used_again, 20, "node B reading from the replica again")
        during = crowd.statuses - before
        assert sum(v for k, v in during.items() if k >= 500) == 0, during

        # 4. Node A killed: nginx sends everything to B, no GET fails, nothing written is lost.
        written = []
        for n in range(5):
            r = httpx.post(f"{front}/v1/admin/usernames/{others[4 + n].id}/ban",
                           json={"hours": 1, "reason": f"before the kill {n}"}, headers=boss_h, timeout=10)  # fmt: skip
            assert r.status_code == 200, r.text
            written.append(others[4 + n].id)
        c.procs["web-a"].proc.send_signal(signal.SIGKILL)
        c.procs["web-a"].proc.wait(10)
        killed_at = sum(crowd.statuses.values())
        for _ in range(30):
            assert httpx.get(f"{front}/v1/usernames", timeout=10).status_code == 200
        time.sleep(2)
        figures["requests after the kill"] = sum(crowd.statuses.values()) - killed_at

    figures["crowd requests"] = sum(crowd.statuses.values())
    figures["crowd errors (5xx, dropped)"] = len(crowd.failures)
    figures["crowd statuses"] = dict(crowd.statuses)
    figures["drill seconds"] = round(time.monotonic() - started, 1)
    assert crowd.failures == [], crowd.failures[:10]
    with Session(engine) as db:
        from addme.listings.models import Username

        states = db.execute(select(Username.id, Username.banned_until).where(Username.id.in_(written))).all()
        assert len(states) == 5 and all(until is not None for _, until in states), states

        # 5. Each job once per period across two runners: no logged job ran twice within its period.
        from addme.jobs import registry  # noqa: F401 - registers the jobs
        from addme.jobs.models import JobRun
        from addme.jobs.service import registered

        periods = {name: job.every.total_seconds() for name, job in registered().items()}
        starts: dict[str, list[Any]] = {}
        for name, at in db.execute(select(JobRun.name, JobRun.started_at).order_by(JobRun.started_at)).all():
            starts.setdefault(name, []).append(at)
        assert starts, "no job ran"
        for name, times in starts.items():
            gaps = [(later - earlier).total_seconds() for earlier, later in itertools.pairwise(times)]
            assert all(gap >= periods[name] - 1 for gap in gaps), (name, gaps)
        figures["job runs (two runners)"] = {name: len(times) for name, times in starts.items()}

    # 6. One login throttle through both nodes (B and nginx; A is gone): 10 failures, then 429.
    with Session(engine) as db:
        make_user(db, email="target@drill.example")
    for n in range(10):
        via = b if n % 2 else front
        r = httpx.post(
            f"{via}/v1/auth/login", json={"email": "target@drill.example", "password": "wrong-pass-1"}
        )
        assert r.status_code == 422, (n, r.status_code)
    r = httpx.post(f"{b}/v1/auth/login", json={"email": "target@drill.example", "password": "wrong-pass-1"})
    assert r.status_code == 429 and int(r.headers["Retry-After"]) > 500, r.text

    # 7. An upload lands in S3 and every node (B, nginx) serves its URL; no node names its server.
    member = httpx.Client(timeout=20)
    login = member.post(f"{b}/v1/auth/login", json={"email": "owner@drill.example", "password": PASSWORD})
    csrf = member.cookies.get("addme_csrf") or ""
    r = member.post(f"{front}/v1/user/usernames/{mine.id}/media", files=[("files", ("p.png", picture(), "image/png"))],
                    headers={"X-CSRF-Token": csrf})  # fmt: skip
    assert r.status_code in (200, 201), r.text
    import boto3

    keys = boto3.client("s3", endpoint_url=c.s3, region_name="us-east-1", aws_access_key_id="drill",
                        aws_secret_access_key="drill").list_objects_v2(Bucket="drill").get("Contents", [])  # fmt: skip
    stored = {k["Key"] for k in keys}
    assert stored, "nothing in the bucket"
    for base in (b, front):
        # Every node names the same objects, all in the bucket (which a CDN or MEDIA_HOST_URL serves).
        page = member.get(f"{base}/v1/user/usernames/{mine.id}/media")
        assert page.status_code == 200, page.text
        urls = re.findall(r'"(http[^"]+/drill/[^"]+)"', page.text)
        assert urls and {u.split("/drill/", 1)[1] for u in urls} <= stored, (urls, stored)
    assert "server" not in httpx.get(f"{b}/v1/ping").headers
    assert httpx.get(f"{front}/v1/ping").headers.get("server") == "nginx"

    print("\n=== cluster drill figures ===")
    for key, value in figures.items():
        print(f"{key}: {value}")
    with engine.connect() as conn:
        conn.execute(text("SELECT 1"))
    engine.dispose()
