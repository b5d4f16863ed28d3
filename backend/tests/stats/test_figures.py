"""The admin's figures: rollups equal a recount of the source tables, and the pages read them."""

from __future__ import annotations

import random
from collections import Counter
from datetime import date, datetime, time, timedelta

import pytest
from sqlalchemy import event, select

from addme.accounts.models import User
from addme.core import clock
from addme.core.db import get_engine
from addme.listings.models import Username
from addme.shop.models import Order
from addme.stats import rollup
from addme.stats.models import DailyFigure, PageView
from addme.swipes.models import SwipeDailyStat
from addme.wallet.models import LedgerEntry
from tests.conftest import IS_PG
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.listings import make_username

TODAY = clock.now().date()
_orders = iter(range(10000, 99999))
DAYS = [TODAY - timedelta(days=n) for n in (0, 1, 2, 5, 9)]


def _at(day: date, hour: int) -> datetime:
    return datetime.combine(day, time(hour, 17))


def _build(db) -> None:  # type: ignore[no-untyped-def]
    """Several days of signups, listings, sales, Top-Ups, Fire Pins, swipes and page views."""
    rnd = random.Random(7)
    for i, day in enumerate(DAYS):
        for n in range(rnd.randint(1, 4)):
            user = make_user(db, created_at=_at(day, n), country_code=rnd.choice(["FR", "DE", None]))
            make_username(
                db,
                user=user,
                app=rnd.choice(["kik", "snapchat"]),
                country_code=rnd.choice(["FR", "US"]),
                approved_at=_at(day, 23 if n == 0 else n),
            )
            db.add(
                LedgerEntry(
                    user_id=user.id, kind="top_up", delta=-1, reason="spend_topup", created_at=_at(day, 3)
                )
            )
            db.add(
                LedgerEntry(
                    user_id=user.id, kind="top_up", delta=0, reason="vip_daily", created_at=_at(day, 4)
                )
            )
            # Credits and slot purchases are not Top-Ups of a listing.
            db.add(
                LedgerEntry(user_id=user.id, kind="top_up", delta=20, reason="key", created_at=_at(day, 5))
            )
            db.add(
                LedgerEntry(user_id=user.id, kind="top_up", delta=-5, reason="slot", created_at=_at(day, 5))
            )
            if n % 2 == 0:
                db.add(
                    LedgerEntry(
                        user_id=user.id,
                        kind="fire_pin",
                        delta=-1,
                        reason="spend_fire_pin",
                        created_at=_at(day, 6),
                    )
                )
            for status, product, cents in (
                ("paid", "20 Top-Ups", 599),
                ("paid", "Fire Pin", 499),
                ("pending", "VIP", 1499),
            ):
                db.add(
                    Order(
                        order_number=f"{next(_orders):05d}",
                        source="card",
                        status=status,
                        email="buyer@example.com",
                        email_normalized="buyer@example.com",
                        product=product,
                        price_cents=cents,
                        confirmed_at=_at(day, 7) if status == "paid" else None,
                    )
                )
        db.add(SwipeDailyStat(day=day, likes=i + 3, passes=2 * i))
        db.add(PageView(day=day, path="/u/:handle", referrer_host="example.org", country_code="FR"))
        db.add(PageView(day=day, path="/", referrer_host="", country_code=None))
    db.commit()


def _recount(db) -> Counter[tuple[str, date, str]]:  # type: ignore[no-untyped-def]
    """The same figures counted row by row in Python, straight from the source tables."""
    out: Counter[tuple[str, date, str]] = Counter()
    for u in db.scalars(select(User)):
        d = u.created_at.date()
        out[("signups", d, "")] += 1
        if u.country_code:
            out[("signups", d, f"country:{u.country_code}")] += 1
    for n in db.scalars(select(Username)):
        d = n.created_at.date()
        out[("listings", d, "")] += 1
        out[("listings", d, f"app:{n.app}")] += 1
        if n.country_code:
            out[("listings", d, f"country:{n.country_code}")] += 1
    for o in db.scalars(select(Order).where(Order.status == "paid")):
        d = o.confirmed_at.date()
        for dim in ("", f"product:{o.product}"):
            out[("sales", d, dim)] += 1
            out[("sales_cents", d, dim)] += o.price_cents
    for e in db.scalars(select(LedgerEntry)):
        d = e.created_at.date()
        if e.kind == "top_up" and e.reason in ("spend_topup", "vip_daily", "auto_topup", "free_topup"):
            out[("topups", d, "")] += 1
            out[("topups", d, f"reason:{e.reason}")] += 1
        if e.reason == "spend_fire_pin":
            out[("pins", d, "")] += -e.delta
    for s in db.scalars(select(SwipeDailyStat)):
        out[("likes", s.day, "")] += s.likes
        out[("passes", s.day, "")] += s.passes
    for v in db.scalars(select(PageView)):
        out[("pageviews", v.day, "")] += 1
        out[("pageviews", v.day, f"path:{v.path}")] += 1
        if v.referrer_host:
            out[("pageviews", v.day, f"referrer:{v.referrer_host}")] += 1
    return Counter({k: v for k, v in out.items() if v})


def _stored(db) -> Counter[tuple[str, date, str]]:  # type: ignore[no-untyped-def]
    return Counter({(f.metric, f.day, f.dimension): f.value for f in db.scalars(select(DailyFigure))})


def test_the_rollups_equal_a_recount_of_the_source_tables(db):
    _build(db)
    assert rollup.backfill(db) > 0
    expected = _recount(db)
    assert _stored(db) == expected
    # Every metric shows up: a source left out would pass an empty comparison.
    assert {m for m, _, _ in expected} == set(rollup.METRICS)
    # Rerunning changes nothing.
    rollup.backfill(db)
    rollup.refresh_recent(db)
    assert _stored(db) == expected


def test_the_job_recounts_today_and_yesterday_and_leaves_older_days(db):
    _build(db)
    rollup.backfill(db)
    old = TODAY - timedelta(days=5)
    before = _stored(db)
    make_user(db, created_at=_at(TODAY, 1))
    make_user(db, created_at=_at(TODAY - timedelta(days=1), 1))
    # A row backdated into an old day is not picked up by the job (only by a backfill).
    make_user(db, created_at=_at(old, 1))
    rollup.refresh_recent(db)
    after = _stored(db)
    assert after[("signups", TODAY, "")] == before[("signups", TODAY, "")] + 1
    assert (
        after[("signups", TODAY - timedelta(days=1), "")]
        == before[("signups", TODAY - timedelta(days=1), "")] + 1
    )
    assert after[("signups", old, "")] == before[("signups", old, "")]
    rollup.backfill(db)
    assert _stored(db)[("signups", old, "")] == before[("signups", old, "")] + 1


def _full(db) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return auth(
        token_for(db, make_user(db, admin_level="Full", created_at=_at(TODAY - timedelta(days=400), 1)))
    )


def test_a_full_admin_reads_each_page_as_daily_series_and_totals(client, db):
    _build(db)
    headers = _full(db)
    rollup.backfill(db)
    expected = _recount(db)
    start, end = TODAY - timedelta(days=9), TODAY
    body = client.get(f"/v1/admin/stats/users?start={start}&end={end}", headers=headers).json()
    assert body["days"][0] == str(start) and body["days"][-1] == str(end) and len(body["days"]) == 10
    [signups] = body["series"]
    assert signups["metric"] == "signups"
    assert signups["values"] == [expected[("signups", start + timedelta(days=i), "")] for i in range(10)]
    assert signups["total"] == sum(signups["values"]) > 0
    fr = next(p for p in body["parts"] if p["dimension"] == "country:FR")
    assert fr["total"] == sum(v for (m, _, d), v in expected.items() if m == "signups" and d == "country:FR")

    sales = client.get(f"/v1/admin/stats/sales?start={start}&end={end}", headers=headers).json()
    totals = {s["metric"]: s["total"] for s in sales["series"]}
    assert totals == {"sales": 2 * signups["total"], "sales_cents": (599 + 499) * signups["total"]}
    assert {p["dimension"] for p in sales["parts"]} == {"product:20 Top-Ups", "product:Fire Pin"}

    for name in ("countries", "pins", "swipes", "topups", "usernames", "pages"):
        page = client.get(f"/v1/admin/stats/{name}?start={start}&end={end}", headers=headers)
        assert page.status_code == 200, name
        assert page.json()["series"], name

    # A range ending before it starts, or over 400 days, is refused with the envelope.
    bad = client.get(f"/v1/admin/stats/users?start={end}&end={start}", headers=headers)
    assert bad.status_code == 422 and bad.json()["code"] == "stats_bad_range"
    assert client.get("/v1/admin/stats/nothing", headers=headers).status_code == 422


def test_the_default_range_is_the_last_30_days_and_stats_are_full_only(client, db):
    headers = _full(db)
    body = client.get("/v1/admin/stats/swipes", headers=headers).json()
    assert len(body["days"]) == 30 and body["end"] == str(TODAY)
    moderator = auth(token_for(db, make_user(db, admin_level="Moderator")))
    assert client.get("/v1/admin/stats/swipes", headers=moderator).status_code == 403


def test_the_admin_home_shows_today_against_the_last_7_days(client, db):
    headers = _full(db)
    for n in range(3):
        make_user(db, created_at=_at(TODAY, n))
    for d in range(1, 8):
        make_user(db, created_at=_at(TODAY - timedelta(days=d), 2))
    make_user(db, created_at=_at(TODAY - timedelta(days=1), 3))
    rollup.backfill(db)
    today = {f["metric"]: f for f in client.get("/v1/admin/overview", headers=headers).json()["today"]}
    assert list(today) == ["signups", "listings", "sales", "topups"]
    # The admin's own account counts too (created 400 days ago: outside the week).
    assert today["signups"]["today"] == 3
    assert today["signups"]["average_7d"] == round(8 / 7, 1) and today["signups"]["history_days"] == 7
    moderator = auth(token_for(db, make_user(db, admin_level="Moderator")))
    assert client.get("/v1/admin/overview", headers=moderator).json()["today"] is None


def test_a_new_sites_first_day_has_nothing_to_compare_with(client, db):
    boss = make_user(db, admin_level="Full", created_at=_at(TODAY, 1))
    make_user(db, created_at=_at(TODAY, 2))
    rollup.backfill(db)
    today = {
        f["metric"]: f
        for f in client.get("/v1/admin/overview", headers=auth(token_for(db, boss))).json()["today"]
    }
    assert today["signups"]["today"] == 2
    assert today["signups"]["history_days"] == 0 and today["signups"]["average_7d"] == 0


def test_a_full_admin_recounts_today_at_once_and_it_is_audited(client, db):
    headers = _full(db)
    make_user(db, created_at=_at(TODAY, 0), country_code="TV")
    before = client.get(f"/v1/admin/stats/users?start={TODAY}&end={TODAY}", headers=headers).json()
    assert before["series"][0]["total"] == 0  # the job has not run yet
    res = client.post("/v1/admin/stats/refresh", json={"reason": "checking a campaign"}, headers=headers)
    assert res.status_code == 200 and res.json()["rows"] > 0
    after = client.get(f"/v1/admin/stats/users?start={TODAY}&end={TODAY}", headers=headers).json()
    assert after["series"][0]["total"] == 1
    assert after["parts"] == [{"metric": "signups", "dimension": "country:TV", "total": 1}]
    log = client.get("/v1/admin/audit?action=stats.", headers=headers).json()["data"]
    assert [(r["action"], r["reason"]) for r in log] == [("stats.refresh", "checking a campaign")]


@pytest.mark.skipif(IS_PG, reason="SQLite's plans; PostgreSQL's at a million rows: docs/performance.md")
def test_the_job_reads_a_day_range_of_each_big_source_table_by_index(db):
    # Every five minutes: a scan of every username, ledger row or order would grow with the site
    # (0.4 s at a million usernames and ledger rows on PostgreSQL) for a couple of days' rows.
    _build(db)
    selects: list[tuple[str, object]] = []

    def grab(_conn, _cur, statement, params, *_args):  # type: ignore[no-untyped-def]
        if statement.lstrip().upper().startswith("SELECT"):
            selects.append((statement, params))

    event.listen(get_engine(), "before_cursor_execute", grab)
    try:
        rollup.refresh_recent(db)
    finally:
        event.remove(get_engine(), "before_cursor_execute", grab)
    read = set()
    for statement, params in selects:
        plan = " ".join(
            row[-1] for row in db.connection().exec_driver_sql(f"EXPLAIN QUERY PLAN {statement}", params)
        )
        for table in ("usernames", "ledger_entries", "shop_orders"):
            if f" {table}" in statement.split("FROM", 1)[1].split("WHERE", 1)[0]:
                read.add(table)
                assert f"SCAN {table}" not in plan, plan
    assert read == {"usernames", "ledger_entries", "shop_orders"}
