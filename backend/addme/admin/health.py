"""Health figures for the admin home: money, mail and jobs, each one number an admin can act on."""

from __future__ import annotations

from sqlalchemy.orm import Session

from addme.core.schemas import PageMeta, Schema, UtcDatetime, from_row
from addme.jobs import service as jobs
from addme.mail import service as mail
from addme.wallet import reconcile


class JobHealth(Schema):
    name: str
    last_run_at: UtcDatetime | None
    last_error: str | None


class OutboxHealth(Schema):
    # Not sent yet and still tried: waiting for a first try or a retry.
    pending: int
    # Of the pending, those that failed at least once (the mail server refused or was down).
    retrying: int
    # Seconds since the oldest pending message was queued; 0 when nothing waits.
    oldest_pending_seconds: int
    # Failed for 3 days and no longer tried (`addme mail-retry` tries them again).
    given_up: int


class HealthFigures(Schema):
    # Accounts whose balance differs from the sum of their ledger rows: always 0 unless a bug. From
    # the check-ledger job's last run (a scan of every account: never on a request).
    ledger_mismatches: int
    mismatched_user_ids: list[int]
    ledger_checked_at: UtcDatetime | None = None
    # Mail waiting for delivery (SMTP) or kept in the outbox (no SMTP configured).
    outbox_unsent: int
    outbox: OutboxHealth
    jobs: list[JobHealth]


def figures(session: Session) -> HealthFigures:
    """The numbers the admin home shows."""
    check = reconcile.last_check(session)
    outbox = mail.outbox_figures(session)
    return HealthFigures(
        ledger_mismatches=check.mismatches if check else 0,
        mismatched_user_ids=list(check.user_ids) if check else [],
        ledger_checked_at=check.checked_at if check else None,
        outbox_unsent=outbox.pending + outbox.given_up,
        outbox=from_row(OutboxHealth, outbox),
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
