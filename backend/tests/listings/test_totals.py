"""meta.total is never wrong for the page the user is on: exact on the last page and past the end,
"at least" (the capped count) only while more pages follow."""

from __future__ import annotations

from addme.listings.search import totals
from tests.factories.accounts import make_user
from tests.factories.listings import make_username


def _meta(client, **params):
    return client.get("/v1/usernames", params=params).json()["meta"]


def _list_of(db, n: int, start: int = 0) -> None:
    owner = make_user(db)
    for i in range(start, start + n):
        make_username(db, user=owner, username=f"total_{i:04d}")


def test_a_page_far_past_the_end_reports_the_true_total(client, db):
    _list_of(db, 190)
    totals.forget_counts()
    assert _meta(client, page=10_000, per_page=24) == {
        "page": 10_000,
        "per_page": 24,
        "total": 190,
        "has_next": False,
    }
    # The total comes from a memoized count now (first page, then past the end): still exact.
    assert _meta(client, page=1, per_page=24)["total"] == 190
    assert _meta(client, page=5_000, per_page=24)["total"] == 190
    # A page that ends the list counts the rows itself.
    assert _meta(client, page=8, per_page=24) == {"page": 8, "per_page": 24, "total": 190, "has_next": False}


def test_a_stale_memoized_count_never_reaches_the_answer_past_the_end(client, db):
    _list_of(db, 30)
    totals.forget_counts()
    assert _meta(client, page=1, per_page=10)["total"] == 30  # memoized for a few seconds
    _list_of(db, 5, start=30)  # rows added behind the memo's back
    assert _meta(client, page=400, per_page=10)["total"] == 35
    assert _meta(client, page=4, per_page=10) == {"page": 4, "per_page": 10, "total": 35, "has_next": False}


def test_an_empty_list_totals_zero(client, db):
    assert _meta(client, page=1)["total"] == 0
    assert _meta(client, page=9_999)["total"] == 0


def test_an_expired_total_is_recounted_by_one_request_while_the_others_keep_the_old_one(monkeypatch):
    clock = [1_000.0]
    monkeypatch.setattr(totals.time, "monotonic", lambda: clock[0])
    key = ("test", "expiry")
    totals.forget_counts()
    assert totals.memoized_count(key) is None  # never counted: this request counts
    totals.remember_count(key, 120)
    clock[0] += totals._COUNT_TTL + 0.1
    # Expired: the first request recounts, the ones in flight beside it answer with the old total
    # instead of each running the same count.
    assert totals.memoized_count(key) is None
    assert [totals.memoized_count(key) for _ in range(31)] == [120] * 31
    # A recount that never came back (a failed read) lapses, and the next request counts.
    clock[0] += totals._RECOUNT_SECONDS + 0.1
    assert totals.memoized_count(key) is None
    assert totals.memoized_count(key) == 120
    totals.remember_count(key, 130)
    assert totals.memoized_count(key) == 130
    # Too old to serve while recounting: every request counts, as with no total at all.
    clock[0] += totals._STALE_MAX + 1
    assert totals.memoized_count(key) is None
    assert totals.memoized_count(key) is None
