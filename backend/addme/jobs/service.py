"""The job runner: idempotent jobs on intervals, each behind a database lease."""

from __future__ import annotations

import logging
import os
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from addme.core import clock
from addme.core.db import session_scope
from addme.core.paging import exact_page
from addme.core.schemas import PageMeta
from addme.jobs.models import JobLease, JobRun

log = logging.getLogger("addme.jobs")
OWNER = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"


# Logged runs are kept this long: long enough to compare a month of cleanups, short enough to stay small.
RUNS_KEPT = timedelta(days=90)


@dataclass(frozen=True)
class Job:
    name: str
    every: timedelta
    run: Callable[[Session], object]
    # Logged jobs return their counts ({"users": 3}) and each run is kept as a job_runs row.
    logged: bool = False


_jobs: dict[str, Job] = {}


def register(
    name: str, *, every: timedelta, logged: bool = False
) -> Callable[[Callable[[Session], object]], Callable[[Session], object]]:
    """Decorator: run `fn(session)` every `every`; it must be safe to run twice.

    With `logged`, `fn` returns a dict of counts and every run is recorded (the admin's job runs).
    """

    def _wrap(fn: Callable[[Session], object]) -> Callable[[Session], object]:
        _jobs[name] = Job(name=name, every=every, run=fn, logged=logged)
        return fn

    return _wrap


def registered() -> dict[str, Job]:
    """Every known job, by name."""
    return dict(_jobs)


def _acquire(session: Session, job: Job) -> bool:
    """Take the lease if it is free or expired: one conditional update, so only one process wins."""
    now = clock.now()
    lease_until = now + job.every
    if session.get(JobLease, job.name) is None:
        try:
            session.add(JobLease(name=job.name, locked_until=now - timedelta(seconds=1)))
            session.commit()
        except IntegrityError:
            session.rollback()
    result = session.execute(
        update(JobLease)
        .where(JobLease.name == job.name, or_(JobLease.locked_until <= now, JobLease.owner.is_(None)))
        .values(locked_until=lease_until, owner=OWNER)
    )
    session.commit()
    return bool(result.rowcount == 1)  # type: ignore[attr-defined]


# The runner's own clock for its tick budget (tests give it one that jobs move on).
_monotonic = time.monotonic


def _most_overdue_first(jobs: list[Job]) -> list[Job]:
    """Jobs by how late they are, in intervals (one missed run of a 30-second job before a
    15-minute job due for a minute); a job that never ran here counts as due now, the frequent
    (cheap) ones first."""
    now = clock.now()
    with session_scope() as session:
        due_at = {
            name: until for name, until in session.execute(select(JobLease.name, JobLease.locked_until))
        }

    def lateness(job: Job) -> tuple[float, float]:
        late = (now - due_at[job.name]) / job.every if job.name in due_at else 0.0
        return (-late, job.every.total_seconds())

    return sorted(jobs, key=lateness)


def run_due(
    *, only: str | None = None, force: bool = False, budget_seconds: float | None = None
) -> list[str]:
    """Run every job whose lease is free; returns the names that ran.

    With `budget_seconds` (the looping runner), no further job starts once the jobs of this call
    have run that long: the rest are still due on the next tick. A runner started on a new
    database, or after hours down, would otherwise run every job back to back on its first tick,
    and the site's requests would queue behind a minute of background work.
    """
    ran: list[str] = []
    began = _monotonic()
    for job in _most_overdue_first([j for j in _jobs.values() if not only or j.name == only]):
        if budget_seconds is not None and ran and _monotonic() - began >= budget_seconds:
            break
        with session_scope() as session:
            if force:
                session.execute(update(JobLease).where(JobLease.name == job.name).values(owner=None))
                session.commit()
            if not _acquire(session, job):
                continue
        error: str | None = None
        started = clock.now()
        result: object = None
        try:
            with session_scope() as session:
                result = job.run(session)
        except Exception as exc:  # one failing job must not stop the others
            log.exception("job %s failed", job.name)
            error = f"{exc.__class__.__name__}: {exc}"[:500]
        if job.logged:
            with session_scope() as session:
                record_run(session, name=job.name, started_at=started, counts=_counts(result), error=error)
        with session_scope() as session:
            session.execute(
                update(JobLease)
                .where(JobLease.name == job.name)
                .values(last_run_at=clock.now(), last_error=error)
            )
        ran.append(job.name)
    return ran


def _counts(result: object) -> dict[str, int]:
    if isinstance(result, dict):
        return {str(k): int(v) for k, v in result.items()}
    if isinstance(result, int):
        return {"done": result}
    return {}


def record_run(
    session: Session, *, name: str, started_at: datetime, counts: dict[str, int], error: str | None = None
) -> JobRun:
    """Keep one run of a logged job (and drop the runs older than RUNS_KEPT)."""
    now = clock.now()
    run = JobRun(name=name, started_at=started_at, finished_at=now, counts=counts, error=error)
    session.add(run)
    session.execute(delete(JobRun).where(JobRun.started_at < now - RUNS_KEPT))
    session.commit()
    return run


def recent_runs(
    session: Session, *, name: str | None, page: int, per_page: int
) -> tuple[list[JobRun], PageMeta]:
    """Logged runs, latest first (the admin's job runs), optionally of one job."""
    stmt = select(JobRun)
    if name:
        stmt = stmt.where(JobRun.name == name)
    return exact_page(
        session, stmt, order=(JobRun.started_at.desc(), JobRun.id.desc()), page=page, per_page=per_page
    )


def logged_job_names() -> list[str]:
    """The jobs whose runs are recorded."""
    return sorted(name for name, job in _jobs.items() if job.logged)


def lease_rows(session: Session) -> list[JobLease]:
    """Lease rows for the admin's health view."""
    return list(session.scalars(select(JobLease).order_by(JobLease.name)))


# The looping runner's work per tick: enough for every cheap job at once, while a catch-up of heavy
# ones (a fresh database, a runner back after downtime) spreads over the following ticks.
TICK_BUDGET_SECONDS = 10.0


class Scheduler:
    """Runs due jobs every `tick` seconds in a daemon thread, inside the web process by default."""

    def __init__(self, tick: float = 30.0) -> None:
        self.tick = tick
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._loop, name="addme-jobs", daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        while not self._stop.wait(self.tick):
            try:
                run_due(budget_seconds=TICK_BUDGET_SECONDS)
            except Exception:  # the database may be down; try again next tick
                log.warning("job tick failed", exc_info=True)

    def stop(self) -> None:
        self._stop.set()
