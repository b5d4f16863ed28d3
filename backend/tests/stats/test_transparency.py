"""The transparency report: the figures a reader of /transparency or the monthly CSV would check."""

from __future__ import annotations

import csv
import io
import secrets
from datetime import datetime, timedelta

import pytest

from addme.core import clock
from addme.decisions.models import Appeal, StatementOfReasons
from addme.moderation.models import Notice, Report
from addme.moderation.requests import UnbanRequest
from addme.stats import transparency
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.listings import make_username

H = timedelta(hours=1)


@pytest.fixture(autouse=True)
def _fresh_cache():
    transparency.forget()
    yield
    transparency.forget()


def _month_start(months_ago: int) -> datetime:
    return transparency._months_back(transparency._month_start(clock.now()), months_ago)


def _notice(db, *, kind: str, created: datetime, decided: datetime | None = None) -> Notice:
    row = Notice(
        reference=secrets.token_hex(6),
        kind=kind,
        urls=["https://addme.example/profile/1"],
        status="removed" if decided else "open",
        created_at=created,
        due_at=created + 48 * H,
        warn_at=created + 24 * H,
        decided_at=decided,
    )
    db.add(row)
    db.flush()
    return row


def _statement(db, *, decided: datetime, notice: Notice | None = None, **fields: object) -> None:
    values: dict[str, object] = {
        "decision": "remove",
        "ground": "law",
        "category": "non_consensual_behaviour",
        "source_type": "notice",
        "automated_decision": "not_automated",
        "facts": "The person shown did not consent.",
    }
    values.update(fields)
    db.add(StatementOfReasons(notice_id=notice.id if notice else None, decided_at=decided, **values))


@pytest.fixture
def last_month(db) -> datetime:
    """Last month's figures: two ncii notices decided in 10 h and 60 h, reports decided in 1, 2 and
    4 hours, an unban request in 5 hours, an automated decision on the terms, two appeals."""
    base = _month_start(1) + timedelta(days=1)
    fast = _notice(db, kind="ncii", created=base, decided=base + 10 * H)
    slow = _notice(db, kind="ncii", created=base + H, decided=base + 61 * H)
    _notice(db, kind="minor", created=base + 2 * H)
    _statement(db, notice=fast, decided=base + 10 * H)
    _statement(db, notice=slow, decided=base + 61 * H)
    _statement(
        db,
        decided=base + 3 * H,
        ground="terms",
        category="pornography_or_sexualized_content",
        source_type="voluntary",
        automated_decision="fully",
        automated_detection=True,
    )
    # Two appeals lodged at base + 1 h: one reversed after 29 hours, one upheld after 30; their
    # outcomes are statements too, counted as appeals and not again as decisions.
    for hours, status in ((29, "reversed"), (30, "upheld")):
        db.add(
            Appeal(
                kind="appeal",
                status=status,
                message="This was a mistake.",
                created_at=base + H,
                due_at=base + H + timedelta(days=7),
                decided_at=base + (1 + hours) * H,
            )
        )
        _statement(db, decided=base + (1 + hours) * H, source_type="appeal", decision=f"appeal_{status}")
    # One lodged late in the month, still open.
    db.add(Appeal(kind="appeal", status="open", created_at=base + 100 * H, due_at=base + 268 * H))
    listing = make_username(db)
    for hours, kind in ((1, "fake"), (2, "fake"), (4, "underage")):
        db.add(
            Report(
                username_id=listing.id,
                type=kind,
                status="dismissed",
                created_at=base,
                resolved_at=base + hours * H,
            )
        )
    db.add(Report(username_id=listing.id, type="sell", created_at=base + H))  # still open
    db.add(
        UnbanRequest(
            username_id=listing.id,
            user_id=listing.user_id,
            status="refused",
            created_at=base,
            decided_at=base + 5 * H,
        )
    )
    db.commit()
    return base


def _row(data: dict, months_ago: int) -> dict:
    return data["months"][months_ago]


def test_last_months_row_holds_the_figures_a_reader_checks(client, db, last_month):
    h = auth(token_for(db, make_user(db, admin_level="Moderator")))
    data = client.get("/v1/admin/transparency", headers=h).json()
    assert len(data["months"]) == 12 and data["months"][0]["complete"] is False
    row = _row(data, 1)
    assert row["month"] == f"{last_month.year:04d}-{last_month.month:02d}" and row["complete"] is True
    assert row["notices"] == {"ncii": 2, "minor": 1, "impersonation": 0, "illegal": 0, "other": 0}
    assert row["notices_total"] == 3
    assert row["reports"] == {"underage": 1, "fake": 2, "removal": 0, "sell": 1, "other": 0}
    assert row["unban_requests"] == 1
    # Two notice decisions on the law, one automated one on the terms; appeals are counted apart.
    assert row["decisions_total"] == 3
    assert row["decisions_by_ground"] == {"law": 2, "terms": 1}
    assert row["decisions_by_category"]["non_consensual_behaviour"] == 2
    assert row["decisions_by_category"]["pornography_or_sexualized_content"] == 1
    assert row["automated_decisions"] == 1 and row["automated_share"] == pytest.approx(0.3333)
    # Decided: reports in 1, 2 and 4 h, the unban request in 5 h, the notices in 10 and 60 h, the
    # appeals in 29 and 30 h: the median is between 5 and 10, 95% within 60.
    assert row["decided_items"] == 8
    assert row["median_hours_to_decision"] == 7.5
    assert row["p95_hours_to_decision"] == 60.0
    # One ncii notice in 10 hours, one in 60: half decided within 48 hours.
    assert (row["ncii_counted"], row["ncii_within_48h"]) == (2, 1)
    assert row["ncii_within_48h_share"] == 0.5
    assert (row["appeals"], row["appeals_decided"], row["appeals_reversed"]) == (3, 2, 1)
    # The month before: nothing at all, and no share made up from nothing.
    empty = _row(data, 2)
    assert empty["notices_total"] == 0 and empty["decisions_total"] == 0
    assert empty["automated_share"] is None and empty["median_hours_to_decision"] is None
    assert empty["ncii_within_48h_share"] is None


def test_an_ncii_notice_open_past_48_hours_is_late_and_one_inside_them_is_not_counted_yet(client, db):
    two_months = _month_start(2) + timedelta(days=3)
    _notice(db, kind="ncii", created=two_months)  # never decided: late
    _notice(db, kind="ncii", created=clock.now() - H)  # this month, 1 hour old: not counted yet
    db.commit()
    data = client.get("/v1/transparency").json()
    assert (_row(data, 2)["ncii_counted"], _row(data, 2)["ncii_within_48h_share"]) == (1, 0.0)
    assert _row(data, 0)["notices"]["ncii"] == 1
    assert (_row(data, 0)["ncii_counted"], _row(data, 0)["ncii_within_48h_share"]) == (0, None)


def test_the_public_report_needs_no_account_and_is_kept_briefly(client, db, last_month):
    first = client.get("/v1/transparency")
    assert first.status_code == 200 and "max-age" in first.headers["cache-control"]
    assert _row(first.json(), 1)["ncii_within_48h_share"] == 0.5
    _notice(db, kind="illegal", created=last_month + 3 * H)
    db.commit()
    # The same answer while it is kept; the admin view reads the tables every time.
    assert _row(client.get("/v1/transparency").json(), 1)["notices"]["illegal"] == 0
    h = auth(token_for(db, make_user(db, admin_level="Full")))
    assert _row(client.get("/v1/admin/transparency", headers=h).json(), 1)["notices"]["illegal"] == 1
    transparency.forget()
    assert _row(client.get("/v1/transparency").json(), 1)["notices"]["illegal"] == 1


def test_the_csv_has_one_line_per_month_oldest_first(client, db, last_month):
    h = auth(token_for(db, make_user(db, admin_level="Moderator")))
    for url in ("/v1/admin/transparency.csv?months=3", "/v1/admin/transparency?format=csv&months=3"):
        r = client.get(url, headers=h)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
        assert "attachment" in r.headers["content-disposition"]
        rows = list(csv.DictReader(io.StringIO(r.text)))
        assert [row["complete"] for row in rows] == ["True", "True", "False"]
        last = rows[1]
        assert last["month"] == f"{last_month.year:04d}-{last_month.month:02d}"
        assert last["notices_ncii"] == "2" and last["reports_fake"] == "2"
        assert (
            last["decisions_ground_law"] == "2" and last["decisions_category_non_consensual_behaviour"] == "2"
        )
        assert last["median_hours_to_decision"] == "7.5" and last["p95_hours_to_decision"] == "60.0"
        assert last["ncii_within_48h_share"] == "0.5" and last["appeals_reversed"] == "1"
        assert rows[0]["median_hours_to_decision"] == ""  # no decision: empty, not zero


def test_members_and_visitors_get_no_admin_report(client, db):
    assert client.get("/v1/admin/transparency").status_code == 401
    h = auth(token_for(db, make_user(db)))
    assert client.get("/v1/admin/transparency", headers=h).status_code == 403
    assert client.get("/v1/admin/transparency.csv", headers=h).status_code == 403
    full = auth(token_for(db, make_user(db, admin_level="Full")))
    assert client.get("/v1/admin/transparency", params={"months": 37}, headers=full).status_code == 422


def test_percentiles_by_nearest_rank():
    assert transparency.percentile([], 0.95) is None
    assert transparency.percentile([3.0], 0.95) == 3.0
    assert transparency.percentile([float(h) for h in range(1, 101)], 0.95) == 95.0
    assert transparency.median([1.0, 2.0, 4.0, 5.0, 10.0, 60.0]) == 4.5
    assert transparency.median([7.0, 1.0, 3.0]) == 3.0
