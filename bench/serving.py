"""`addme serve` for a benchmark: started, waited for on /v1/health, stopped; and the machine's one
benchmark lock. Shared by the bench scripts that measure their own server (lighthouse.py,
htmlpages.py)."""

from __future__ import annotations

import contextlib
import fcntl
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ADDME = Path(__file__).resolve().parents[1] / "backend" / ".venv" / "bin" / "addme"
# Held while measuring, so two benchmarks never share the two cores (`flock` in a shell takes it too).
LOCK = Path("/tmp/addme-bench.lock")  # noqa: S108 - the machine's one benchmark lock


@contextlib.contextmanager
def bench_lock(enabled: bool = True) -> Iterator[None]:
    """The benchmark lock for the block (nothing when not `enabled`)."""
    if not enabled:
        yield
        return
    with open(LOCK, "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


@contextlib.contextmanager
def addme_server(
    port: int, *, env: dict[str, str], cwd: Path | str, log_path: Path, extra: tuple[str, ...] = ()
) -> Iterator[str]:
    """Serves on 127.0.0.1:`port` until the block ends; yields the base URL. The server's output goes
    to `log_path`, which an error names."""
    with open(log_path, "w") as logf:
        proc = subprocess.Popen([str(ADDME), "serve", "--port", str(port), *extra], cwd=cwd, env=env,  # noqa: S603
                                stdout=logf, stderr=subprocess.STDOUT)  # fmt: skip
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(120):
                try:
                    urllib.request.urlopen(f"{base}/v1/health", timeout=1).read()  # noqa: S310 - ours
                    break
                except OSError:
                    if proc.poll() is not None:
                        raise SystemExit(f"the server stopped: see {log_path}") from None
                    time.sleep(0.5)
            else:
                raise SystemExit("the server did not answer /v1/health in 60 s")
            yield base
        finally:
            proc.terminate()
            proc.wait(timeout=20)
