"""The job runner's ticks: a backlog of due jobs (a new database, a runner back after downtime) is
spread over ticks, the latest first, instead of running back to back while the site waits."""

from __future__ import annotations

from datetime import timedelta

import pytest

from addme.core import clock
from addme.jobs import service as jobs
from addme.jobs.models import JobLease

WORK_SECONDS = 6.0  # each job below "takes" this long on the runner's monotonic clock


@pytest.fixture
def backlog(db, monkeypatch):
    """Three jobs of their own (the real ones stay out), each overdue by a different share of its
    interval, and a monotonic clock that each run moves on by WORK_SECONDS."""
    ran: list[str] = []
    elapsed = [0.0]

    def job(name: str):
        def run(_session: object) -> None:
            ran.append(name)
            elapsed[0] += WORK_SECONDS

        return run

    registered = {
        "hourly": jobs.Job(name="hourly", every=timedelta(hours=1), run=job("hourly")),
        "minutely": jobs.Job(name="minutely", every=timedelta(minutes=1), run=job("minutely")),
        "daily": jobs.Job(name="daily", every=timedelta(days=1), run=job("daily")),
    }
    monkeypatch.setattr(jobs, "_jobs", registered)
    monkeypatch.setattr(jobs, "_monotonic", lambda: elapsed[0])
    now = clock.now()
    # Late by: hourly half its interval, minutely five intervals, daily a tenth of one.
    for name, late in (
        ("hourly", timedelta(minutes=30)),
        ("minutely", timedelta(minutes=5)),
        ("daily", timedelta(hours=2.4)),
    ):
        db.add(JobLease(name=name, locked_until=now - late, owner="a-runner-long-gone"))
    db.commit()
    return ran


def test_a_backlog_runs_most_overdue_first_and_spreads_over_ticks(backlog):
    # 10 s of work per tick: the first two jobs (12 s) fill it, the third waits for the next tick.
    assert jobs.run_due(budget_seconds=10) == ["minutely", "hourly"]
    assert jobs.run_due(budget_seconds=10) == ["daily"]
    assert jobs.run_due(budget_seconds=10) == []  # every lease taken for its interval
    assert backlog == ["minutely", "hourly", "daily"]


def test_one_job_longer_than_the_budget_still_runs(backlog):
    assert jobs.run_due(budget_seconds=1) == ["minutely"]


def test_the_command_run_once_runs_everything_due(backlog):
    assert jobs.run_due() == ["minutely", "hourly", "daily"]
