"""The job runner: idempotent jobs on intervals, each behind a database lease."""

from __future__ import annotations

import logging
import os
import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from addme.core import clock
from addme.core.db import session_scope
from addme.jobs.models import JobLease

log = logging.getLogger("addme.jobs")
OWNER = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"


@dataclass(frozen=True)
class Job:
    name: str
    every: timedelta
    run: Callable[[Session], object]


_jobs: dict[str, Job] = {}


def register(
    name: str, *, every: timedelta
) -> Callable[[Callable[[Session], object]], Callable[[Session], object]]:
    """Decorator: run `fn(session)` every `every`; it must be safe to run twice."""

    def _wrap(fn: Callable[[Session], object]) -> Callable[[Session], object]:
        _jobs[name] = Job(name=name, every=every, run=fn)
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


def run_due(*, only: str | None = None, force: bool = False) -> list[str]:
    """Run every job whose lease is free; returns the names that ran."""
    ran: list[str] = []
    for job in list(_jobs.values()):
        if only and job.name != only:
            continue
        with session_scope() as session:
            if force:
                session.execute(update(JobLease).where(JobLease.name == job.name).values(owner=None))
                session.commit()
            if not _acquire(session, job):
                continue
        error: str | None = None
        try:
            with session_scope() as session:
                job.run(session)
        except Exception as exc:  # one failing job must not stop the others
            log.exception("job %s failed", job.name)
            error = f"{exc.__class__.__name__}: {exc}"[:500]
        with session_scope() as session:
            session.execute(
                update(JobLease)
                .where(JobLease.name == job.name)
                .values(last_run_at=clock.now(), last_error=error)
            )
        ran.append(job.name)
    return ran


def lease_rows(session: Session) -> list[JobLease]:
    """Lease rows for the admin's health view."""
    return list(session.scalars(select(JobLease).order_by(JobLease.name)))


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
                run_due()
            except Exception:  # the database may be down; try again next tick
                log.warning("job tick failed", exc_info=True)

    def stop(self) -> None:
        self._stop.set()
