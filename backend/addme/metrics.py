"""GET /metrics: Prometheus figures for the private network only.

Requests and latencies per route come from core/observe.py; at each scrape this adds the
database pools, the jobs (seconds since each last ran, whether its last run failed), the open
and overdue notices (the 48-hour clock, issue 29) and the ledger invariant (accounts whose balance differs from their ledger rows: always 0 when healthy).
With N web processes, set PROMETHEUS_MULTIPROC_DIR (an empty folder each start) and the request
figures of every process are summed (prometheus-client's multiprocess mode).
"""

from __future__ import annotations

import ipaddress
import logging
import os
import time
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector
from sqlalchemy import select
from starlette.concurrency import run_in_threadpool

from addme.core import clock, net, reads, replica
from addme.core.config import get_settings
from addme.core.db import get_engine, new_session
from addme.jobs.models import JobLease
from addme.mail import service as mail
from addme.moderation import notice_decisions
from addme.trust import trackers
from addme.wallet import reconcile

log = logging.getLogger("addme.metrics")
router = APIRouter(include_in_schema=False)
LEDGER_EVERY = 60.0  # the invariant reads every ledger row: once a minute is plenty


@lru_cache
def _networks() -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    return tuple(ipaddress.ip_network(n, strict=False) for n in get_settings().metrics_networks)


def is_private_caller(request: Request) -> bool:
    """The caller (through trusted proxies only) is on loopback or a private network."""
    try:
        addr = ipaddress.ip_address(net.client_ip(request))
    except ValueError:
        return False
    return any(addr in network for network in _networks())


def _replica_figures(reader: reads.RoutedReader) -> Iterator[GaugeMetricFamily | CounterMetricFamily]:
    """The read replica (DATABASE_READ_URL): up, its lag, whether public reads use it now, and
    where each public read went and why (core/replica.py)."""
    state = reader.state
    max_lag = get_settings().read_replica_max_lag_s
    up = GaugeMetricFamily("addme_read_replica_up", "1 when the replica answered its last check")
    up.add_metric([], 1.0 if state.up else 0.0)
    yield up
    lag = GaugeMetricFamily("addme_read_replica_lag_seconds", "The replica's replay lag (-1: unknown)")
    lag.add_metric([], state.lag if state.lag is not None else -1.0)
    yield lag
    use = GaugeMetricFamily(
        "addme_read_replica_in_use", "1 when public reads go to the replica, 0 when to the primary"
    )
    use.add_metric([], 1.0 if state.up and state.lag is not None and state.lag <= max_lag else 0.0)
    yield use
    by = CounterMetricFamily(
        "addme_public_reads", "Public reads by target and reason", labels=["target", "why"]
    )
    for target, why, n in replica.reads_by_target(state):
        by.add_metric([target, why], float(n))
    yield by


class StateCollector(Collector):
    """Figures read at scrape time: pools, jobs, the ledger invariant."""

    def __init__(self) -> None:
        self._ledger: tuple[float, int] | None = None

    def collect(self) -> Iterator[GaugeMetricFamily | CounterMetricFamily]:
        pool: Any = get_engine().pool
        g = GaugeMetricFamily("addme_db_pool_connections", "The ORM engine's pool", labels=["state"])
        for state, fn in (("size", "size"), ("checked_out", "checkedout"), ("overflow", "overflow")):
            if hasattr(pool, fn):
                g.add_metric([state], float(getattr(pool, fn)()))
        yield g
        reader = reads.current()
        if isinstance(reader, reads.RoutedReader):
            yield from _replica_figures(reader)
        if isinstance(reader, (reads.PgReader, reads.RoutedReader)):
            stats = reader.pool_stats()
            r = GaugeMetricFamily("addme_db_read_pool", "The async read pool (psycopg)", labels=["stat"])
            for key in ("pool_size", "pool_available", "requests_waiting"):
                r.add_metric([key], float(stats.get(key, 0)))
            yield r
        t = GaugeMetricFamily("addme_trackers", "The visit log's queue in this process", labels=["stat"])
        t.add_metric(["pending"], float(trackers.pending()))
        t.add_metric(["dropped"], float(trackers.dropped()))
        yield t
        try:
            yield from self._jobs_and_ledger()
        except Exception:  # a scrape during a database outage still answers the process figures
            log.warning("metrics: database figures unavailable", exc_info=True)
            down = GaugeMetricFamily("addme_db_up", "Whether the database answered this scrape")
            down.add_metric([], 0.0)
            yield down

    def _jobs_and_ledger(self) -> Iterator[GaugeMetricFamily]:
        now = clock.now()
        with new_session() as session:
            leases = session.execute(select(JobLease.name, JobLease.last_run_at, JobLease.last_error)).all()
            notices_open, notices_overdue = notice_decisions.open_summary(session)
            outbox = mail.outbox_figures(session)
            if self._ledger is None or self._ledger[0] < time.monotonic():
                mismatches = len({m.user_id for m in reconcile.balance_mismatches(session)})
                self._ledger = (time.monotonic() + LEDGER_EVERY, mismatches)
        ago = GaugeMetricFamily(
            "addme_job_last_run_age_seconds", "Seconds since a job last ran", labels=["job"]
        )
        failed = GaugeMetricFamily(
            "addme_job_last_run_failed", "1 when a job's last run raised", labels=["job"]
        )
        for name, last_run, error in leases:
            ago.add_metric([name], (now - last_run).total_seconds() if last_run else float("inf"))
            failed.add_metric([name], 1.0 if error else 0.0)
        yield ago
        yield failed
        notices = GaugeMetricFamily(
            "addme_notices", "Notices from anyone awaiting a decision, and those past due", labels=["state"]
        )
        notices.add_metric(["open"], float(notices_open))
        notices.add_metric(["overdue"], float(notices_overdue))
        yield notices
        mails = GaugeMetricFamily(
            "addme_mail_outbox",
            "Outbox messages: pending (to send), retrying (pending that failed at least once), given up",
            labels=["state"],
        )
        mails.add_metric(["pending"], float(outbox.pending))
        mails.add_metric(["retrying"], float(outbox.retrying))
        mails.add_metric(["given_up"], float(outbox.given_up))
        yield mails
        oldest = GaugeMetricFamily(
            "addme_mail_outbox_oldest_pending_age_seconds",
            "Seconds since the oldest pending message was queued",
        )
        oldest.add_metric([], float(outbox.oldest_pending_seconds))
        yield oldest
        invariant = GaugeMetricFamily(
            "addme_ledger_mismatched_accounts", "Accounts whose balances differ from their ledger (want 0)"
        )
        invariant.add_metric([], float(self._ledger[1]))
        yield invariant
        up = GaugeMetricFamily("addme_db_up", "Whether the database answered this scrape")
        up.add_metric([], 1.0)
        yield up


_state = StateCollector()


def _render() -> bytes:
    registry: CollectorRegistry = REGISTRY
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    state = CollectorRegistry()
    state.register(_state)
    return generate_latest(registry) + generate_latest(state)


@router.get("/metrics")
async def metrics(request: Request) -> Response:
    if not is_private_caller(request):
        # As if it did not exist: the public has no business knowing it is there.
        return PlainTextResponse("Not Found", status_code=404)
    return Response(await run_in_threadpool(_render), media_type=CONTENT_TYPE_LATEST)
