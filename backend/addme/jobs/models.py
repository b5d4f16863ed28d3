"""Job leases: N processes may run the scheduler, but each job runs in one of them at a time."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from addme.core.db import Base


class JobLease(Base):
    __tablename__ = "job_leases"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    locked_until: Mapped[datetime]
    owner: Mapped[str | None] = mapped_column(String(64))
    last_run_at: Mapped[datetime | None]
    last_error: Mapped[str | None] = mapped_column(String(500))


class JobRun(Base):
    """One run of a logged job (the cleanups, the reminders) with what it did, for the admin."""

    __tablename__ = "job_runs"
    __table_args__ = (Index("ix_job_runs_name_started", "name", "started_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    started_at: Mapped[datetime] = mapped_column(index=True)
    finished_at: Mapped[datetime]
    # What the run did, e.g. {"users": 12, "usernames": 30}: every figure a count.
    counts: Mapped[dict[str, int]] = mapped_column(JSON, default=dict)
    error: Mapped[str | None] = mapped_column(String(500))
