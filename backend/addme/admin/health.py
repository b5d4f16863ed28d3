"""Health figures for the admin home: money, mail and jobs, each one number an admin can act on."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from addme.core.schemas import PageMeta, Schema, UtcDatetime
from addme.jobs import service as jobs
from addme.mail.models import OutboxMessage
from addme.wallet import ledger


class JobHealth(Schema):
    name: str
    last_run_at: UtcDatetime | None
    last_error: str | None


class HealthFigures(Schema):
    # Accounts whose balance differs from the sum of their ledger rows: always 0 unless a bug. From
    # the check-ledger job's last run (a scan of every account: never on a request).
    ledger_mismatches: int
    mismatched_user_ids: list[int]
    ledger_checked_at: UtcDatetime | None = None
    # Mail waiting for delivery (SMTP) or kept in the outbox (no SMTP configured).
    outbox_unsent: int
    jobs: list[JobHealth]


def figures(session: Session) -> HealthFigures:
    """The numbers the admin home shows."""
    check = ledger.last_check(session)
    unsent = session.scalar(
        select(func.count()).select_from(OutboxMessage).where(OutboxMessage.sent_at.is_(None))
    )
    return HealthFigures(
        ledger_mismatches=check.mismatches if check else 0,
        mismatched_user_ids=list(check.user_ids) if check else [],
        ledger_checked_at=check.checked_at if check else None,
        outbox_unsent=int(unsent or 0),
        jobs=[JobHealth.model_validate(j) for j in jobs.lease_rows(session)],
    )


class JobRunRead(Schema):
    id: int
    name: str
    started_at: UtcDatetime
    finished_at: UtcDatetime
    counts: dict[str, int]
    error: str | None


class JobRunsPage(Schema):
    data: list[JobRunRead]
    meta: PageMeta
    # Every logged job's name, for the filter.
    jobs: list[str]


def job_runs(session: Session, *, name: str | None, page: int, per_page: int) -> JobRunsPage:
    """The logged jobs' recent runs, latest first (the admin's /admin/jobs)."""
    rows, meta = jobs.recent_runs(session, name=name, page=page, per_page=per_page)
    return JobRunsPage(
        data=[JobRunRead.model_validate(r) for r in rows], meta=meta, jobs=jobs.logged_job_names()
    )
