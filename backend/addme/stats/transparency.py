"""The transparency report: one row per month of what was received and decided (issue 31).

What it counts, per calendar month (UTC):
- received: notices from anyone by kind, members' reports on usernames by type, unban requests and
  removal requests, by the month they arrived;
- decisions: the statements of reasons (every restriction writes one) by ground and category, and
  how many were automated (a screening rule, a hash match: `automated_decision` other than
  `not_automated`), by the month they were decided;
- time to decision: median and 95th percentile, in hours, over everything decided that month
  (notices, reports, unban and removal requests, appeals), from arrival to decision;
- non-consensual images: of the `ncii` notices that arrived that month and whose 48 hours have run
  (or that were decided sooner), the share decided within 48 hours; one still open past 48 hours
  counts as late, one still inside its 48 hours is not counted yet;
- appeals (the appeals table: complaints against a decision, and unban requests, which are appeals
  too): those lodged that month, those decided that month and how many of those reversed it.

Counts are aggregate SQL grouped by month (the same query on SQLite and PostgreSQL); percentiles
are taken in Python over each month's durations, which the database hands back grouped to the
tenth of an hour (the precision shown). The public page's answer is kept
for PUBLIC_TTL seconds per process.
"""

from __future__ import annotations

import csv
import io
import math
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any, get_args

from sqlalchemy import ColumnElement, Numeric, Select, case, cast, func, or_, select
from sqlalchemy.orm import Session

from addme.core import clock
from addme.core.options import ReportType
from addme.decisions.models import Appeal, AppealStatus, StatementOfReasons
from addme.moderation.models import Notice, Report
from addme.moderation.notice_schemas import Category, NoticeKind
from addme.moderation.requests import RemovalRequest, UnbanRequest
from addme.stats.schemas import TransparencyMonth, TransparencyReport

NCII_LIMIT = timedelta(hours=48)
MONTHS_DEFAULT = 12
MONTHS_MAX = 36
PUBLIC_TTL = 300.0
NOTICE_KINDS: tuple[str, ...] = get_args(NoticeKind)
REPORT_TYPES: tuple[str, ...] = tuple(ReportType)
GROUNDS: tuple[str, ...] = ("law", "terms")
CATEGORIES: tuple[str, ...] = get_args(Category)
NOT_AUTOMATED = "not_automated"


def _month_start(day: datetime) -> datetime:
    return day.replace(day=1, hour=0, minute=0, second=0, microsecond=0)


def _months_back(start: datetime, count: int) -> datetime:
    year, month = start.year, start.month - count
    while month < 1:
        month += 12
        year -= 1
    return start.replace(year=year, month=month)


def _label(day: datetime) -> str:
    return f"{day.year:04d}-{day.month:02d}"


def _month_of(session: Session, column: Any) -> ColumnElement[str]:
    """The column's month as "YYYY-MM", in this database's dialect."""
    if session.get_bind().dialect.name == "postgresql":
        return func.to_char(column, "YYYY-MM")
    # SQLite keeps a datetime as ISO text ("2026-11-02 10:00:00.000000"): its first 7 characters
    # are the month, read without parsing the date (strftime took twice as long at 200,000 rows).
    return func.substr(column, 1, 7)


def _counts(session: Session, stmt: Select[Any]) -> dict[tuple[str, ...], int]:
    """(month, key...) -> count, from a SELECT month, keys..., count(*) ... GROUP BY."""
    return {tuple(str(v) for v in row[:-1]): int(row[-1]) for row in session.execute(stmt)}


def _grouped(session: Session, when: Any, since: datetime, *keys: Any) -> dict[tuple[str, ...], int]:
    month = _month_of(session, when)
    stmt = select(month, *keys, func.count()).where(when >= since).group_by(month, *keys)
    return _counts(session, stmt)


Histogram = Mapping[float, int]


def _ranked(values: Sequence[float] | Histogram) -> list[tuple[float, int]]:
    counts = values if isinstance(values, Mapping) else Counter(values)
    return sorted((v, n) for v, n in counts.items() if n > 0)


def _at_rank(ranked: list[tuple[float, int]], rank: int) -> float:
    seen = 0
    for value, count in ranked:
        seen += count
        if seen >= rank:
            return value
    return ranked[-1][0]


def percentile(values: Sequence[float] | Histogram, share: float) -> float | None:
    """The nearest-rank percentile: the smallest value at or above `share` of the sorted values
    (a list of values, or a histogram value -> count)."""
    ranked = _ranked(values)
    total = sum(n for _, n in ranked)
    if not total:
        return None
    return _at_rank(ranked, max(1, math.ceil(share * total)))


def median(values: Sequence[float] | Histogram) -> float | None:
    """The middle value (the mean of the two middle ones for an even count)."""
    ranked = _ranked(values)
    total = sum(n for _, n in ranked)
    if not total:
        return None
    if total % 2:
        return _at_rank(ranked, total // 2 + 1)
    return (_at_rank(ranked, total // 2) + _at_rank(ranked, total // 2 + 1)) / 2


def _hours_between(session: Session, start: Any, end: Any) -> ColumnElement[Any]:
    """end - start in hours, computed by the database (no datetimes parsed in Python)."""
    if session.get_bind().dialect.name == "postgresql":
        return func.extract("epoch", end - start) / 3600
    return (func.julianday(end) - func.julianday(start)) * 24


def _durations(session: Session, since: datetime) -> dict[str, Counter[float]]:
    """Hours from arrival to decision of everything decided since `since`, by decision month, as a
    histogram to the tenth of an hour (the report's precision): the database groups the rows, so
    a year of 200,000 decisions comes back as a few thousand (value, count) pairs."""
    out: dict[str, Counter[float]] = defaultdict(Counter)
    sources: list[tuple[Any, ...]] = [
        (Notice.created_at, Notice.decided_at),
        (Report.created_at, Report.resolved_at),
        (UnbanRequest.created_at, UnbanRequest.decided_at),
        (RemovalRequest.created_at, RemovalRequest.decided_at),
        *_appeal_durations(),
    ]
    for received, decided, *only in sources:
        month = _month_of(session, decided)
        hours = func.round(cast(_hours_between(session, received, decided), Numeric), 1)
        rows = session.execute(
            select(month, hours, func.count())
            .where(decided.is_not(None), decided >= since, *only)
            .group_by(month, hours)
        )
        for label, value, count in rows:
            out[str(label)][max(0.0, float(value))] += int(count)
    return out


def _ncii(session: Session, since: datetime, now: datetime) -> dict[str, tuple[int, int]]:
    """(counted, within 48 h) of the ncii notices received each month (see the module's note)."""
    out: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    rows = session.execute(
        select(Notice.created_at, Notice.decided_at).where(Notice.kind == "ncii", Notice.created_at >= since)
    )
    for created, decided in rows:
        within = decided is not None and decided - created <= NCII_LIMIT
        if within or decided is not None or now - created > NCII_LIMIT:
            counts = out[_label(created)]
            counts[0] += 1
            counts[1] += int(within)
    return {k: (v[0], v[1]) for k, v in out.items()}


# -- appeals ----------------------------------------------------------------------------------------


def _appeal_durations() -> list[tuple[Any, ...]]:
    # Appeals against a decision; an unban request's appeal row shares its request's clock, which
    # the unban requests already count.
    return [(Appeal.created_at, Appeal.decided_at, Appeal.kind == "appeal")]


def _appeals(session: Session, since: datetime) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """(lodged, decided, reversed) per month, from the appeals: complaints against a decision and
    the spec's unban requests, which are appeals too (they also have their own column)."""
    lodged = _grouped(session, Appeal.created_at, since)
    decided_at = _month_of(session, Appeal.decided_at)
    decided: dict[str, int] = defaultdict(int)
    reversals: dict[str, int] = defaultdict(int)
    rows = session.execute(
        select(decided_at, Appeal.status, func.count())
        .where(Appeal.decided_at.is_not(None), Appeal.decided_at >= since)
        .group_by(decided_at, Appeal.status)
    )
    for label, status, count in rows:
        decided[str(label)] += int(count)
        if status == AppealStatus.REVERSED:
            reversals[str(label)] += int(count)
    return {k[0]: v for k, v in lodged.items()}, dict(decided), dict(reversals)


# -- the report -------------------------------------------------------------------------------------


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def _hours(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


def report(session: Session, *, months: int = MONTHS_DEFAULT) -> TransparencyReport:
    """The last `months` calendar months, the current one (still running) first."""
    now = clock.now()
    current = _month_start(now)
    since = _months_back(current, months - 1)
    labels = [_label(_months_back(current, i)) for i in range(months)]

    notices = _grouped(session, Notice.created_at, since, Notice.kind)
    reports = _grouped(session, Report.created_at, since, Report.type)
    unbans = _grouped(session, UnbanRequest.created_at, since)
    removals = _grouped(session, RemovalRequest.created_at, since)
    sor = StatementOfReasons
    automated = func.sum(case((sor.automated_decision != NOT_AUTOMATED, 1), else_=0))
    decisions: dict[tuple[str, str, str], tuple[int, int]] = {}
    month = _month_of(session, sor.decided_at)
    for m, ground, category, count, auto in session.execute(
        select(month, sor.ground, sor.category, func.count(), automated)
        .where(
            sor.decided_at >= since,
            sor.source_type != "appeal",
            # A notice's decision is counted once, by its own statement, not again by the statements
            # its removal sent each owner.
            or_(sor.source_type != "notice", sor.subject_type.is_(None), sor.subject_type == "notice"),
        )
        .group_by(month, sor.ground, sor.category)
    ):
        decisions[(str(m), str(ground), str(category))] = (int(count), int(auto or 0))
    durations = _durations(session, since)
    ncii = _ncii(session, since, now)
    lodged, decided_appeals, reversals = _appeals(session, since)

    rows: list[TransparencyMonth] = []
    for label in labels:
        by_kind = {k: notices.get((label, k), 0) for k in NOTICE_KINDS}
        by_type = {t: reports.get((label, t), 0) for t in REPORT_TYPES}
        by_ground = dict.fromkeys(GROUNDS, 0)
        by_category = dict.fromkeys(CATEGORIES, 0)
        total = auto_total = 0
        for (m, ground, category), (count, auto) in decisions.items():
            if m != label:
                continue
            by_ground[ground] = by_ground.get(ground, 0) + count
            by_category[category] = by_category.get(category, 0) + count
            total += count
            auto_total += auto
        hours = durations.get(label, Counter())
        counted, within = ncii.get(label, (0, 0))
        rows.append(
            TransparencyMonth(
                month=label,
                complete=label != labels[0],
                notices=by_kind,
                notices_total=sum(by_kind.values()),
                reports=by_type,
                reports_total=sum(by_type.values()),
                unban_requests=unbans.get((label,), 0),
                removal_requests=removals.get((label,), 0),
                decisions_total=total,
                decisions_by_ground=by_ground,
                decisions_by_category=by_category,
                automated_decisions=auto_total,
                automated_share=_share(auto_total, total),
                decided_items=sum(hours.values()),
                median_hours_to_decision=_hours(median(hours)),
                p95_hours_to_decision=_hours(percentile(hours, 0.95)),
                ncii_counted=counted,
                ncii_within_48h=within,
                ncii_within_48h_share=_share(within, counted),
                appeals=lodged.get(label, 0),
                appeals_decided=decided_appeals.get(label, 0),
                appeals_reversed=reversals.get(label, 0),
            )
        )
    return TransparencyReport(generated_at=now, months=rows)


_cache: dict[int, tuple[float, TransparencyReport]] = {}
_cache_lock = threading.Lock()


def public_report(session: Session, *, months: int = MONTHS_DEFAULT) -> TransparencyReport:
    """The public page's report, kept PUBLIC_TTL seconds per process (it is the same for everyone)."""
    now = time.monotonic()
    with _cache_lock:
        hit = _cache.get(months)
        if hit is not None and now - hit[0] < PUBLIC_TTL:
            return hit[1]
    fresh = report(session, months=months)
    with _cache_lock:
        _cache[months] = (now, fresh)
    return fresh


def forget() -> None:
    """Drop the public page's kept answer (tests)."""
    with _cache_lock:
        _cache.clear()


# -- CSV --------------------------------------------------------------------------------------------


def _columns(rows: Iterable[TransparencyMonth]) -> list[str]:
    rows = list(rows)
    categories = list(CATEGORIES) + sorted(
        {c for r in rows for c in r.decisions_by_category} - set(CATEGORIES)
    )
    grounds = list(GROUNDS) + sorted({g for r in rows for g in r.decisions_by_ground} - set(GROUNDS))
    return [
        "month",
        "complete",
        "notices_total",
        *(f"notices_{k}" for k in NOTICE_KINDS),
        "reports_total",
        *(f"reports_{t}" for t in REPORT_TYPES),
        "unban_requests",
        "removal_requests",
        "decisions_total",
        *(f"decisions_ground_{g}" for g in grounds),
        *(f"decisions_category_{c}" for c in categories),
        "automated_decisions",
        "automated_share",
        "decided_items",
        "median_hours_to_decision",
        "p95_hours_to_decision",
        "ncii_counted",
        "ncii_within_48h",
        "ncii_within_48h_share",
        "appeals",
        "appeals_decided",
        "appeals_reversed",
    ]


def _flat(row: TransparencyMonth) -> dict[str, object]:
    out: dict[str, object] = {k: v for k, v in row.model_dump().items() if not isinstance(v, dict)}
    out.update({f"notices_{k}": v for k, v in row.notices.items()})
    out.update({f"reports_{k}": v for k, v in row.reports.items()})
    out.update({f"decisions_ground_{k}": v for k, v in row.decisions_by_ground.items()})
    out.update({f"decisions_category_{k}": v for k, v in row.decisions_by_category.items()})
    return {k: ("" if v is None else v) for k, v in out.items()}


def to_csv(data: TransparencyReport) -> str:
    """One line per month, oldest first (as a monthly report is read), every count in its column."""
    rows = list(reversed(data.months))
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=_columns(rows), extrasaction="ignore", restval=0)
    writer.writeheader()
    for row in rows:
        writer.writerow(_flat(row))
    return buffer.getvalue()
