"""Job leases: N processes may run the scheduler, but each job runs in one of them at a time."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from addme.core.db import Base


class JobLease(Base):
    __tablename__ = "job_leases"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    locked_until: Mapped[datetime]
    owner: Mapped[str | None] = mapped_column(String(64))
    last_run_at: Mapped[datetime | None]
    last_error: Mapped[str | None] = mapped_column(String(500))
