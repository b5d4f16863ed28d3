"""The wallet's own table (#10): one row per account, read with the user, written by the wallet only."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import delete, event, insert, text

from addme.accounts import people
from addme.accounts import service as accounts
from addme.accounts.models import User
from addme.core import clock
from addme.core.db import get_engine
from addme.wallet import ledger, reconcile
from addme.wallet.models import Wallet
from tests.conftest import IS_PG
from tests.factories.accounts import make_user
from tests.factories.wallet import admin, give, member


def test_a_new_account_starts_with_an_empty_wallet_of_one_slot(db):
    user = accounts.create_user(db, email="fresh@example.com", password="correct horse battery staple")
    db.commit()
    wallet = db.get(Wallet, user.id)
    assert wallet is not None
    assert (wallet.top_ups_count, wallet.fire_pins_count, wallet.max_usernames) == (0, 0, 1)
    assert wallet.promotion_ending_at is None and not user.is_vip


def test_an_account_without_a_wallet_row_reads_empty_and_gets_one_with_its_first_credit(client, db):
    user, headers = member(db)
    db.execute(delete(Wallet).where(Wallet.user_id == user.id))
    db.commit()
    me = client.get("/v1/auth/user", headers=headers).json()
    assert (me["top_ups_count"], me["fire_pins_count"], me["max_usernames"]) == (0, 0, 1)
    assert me["is_promoted"] is False and me["is_studio"] is False
    assert client.get("/v1/user/wallet", headers=headers).json()["top_ups_count"] == 0

    give(db, user, top_ups=3, fire_pins=1)
    me = client.get("/v1/auth/user", headers=headers).json()
    assert (me["top_ups_count"], me["fire_pins_count"]) == (3, 1)
    assert db.get(Wallet, user.id) is not None
    assert reconcile.balance_mismatches(db) == []


def test_the_admin_filters_vip_and_studio_accounts_by_their_wallet(client, db):
    _, headers = admin(db)
    now = clock.now()
    vip = make_user(db, promotion_ending_at=now + timedelta(days=3))
    lapsed = make_user(db, promotion_ending_at=now - timedelta(minutes=1))
    studio = make_user(db, studio_ending_at=now + timedelta(days=3))
    plain = make_user(db)

    def ids(**params: object) -> set[int]:
        r = client.get("/v1/admin/users", params={"per_page": 100, **params}, headers=headers)
        assert r.status_code == 200
        return {row["id"] for row in r.json()["data"]}

    assert ids(vip="true") == {vip.id}
    assert {lapsed.id, studio.id, plain.id} <= ids(vip="false") and vip.id not in ids(vip="false")
    assert ids(studio="true") == {studio.id}
    assert ids(vip="true", studio="true") == set()
    rows = client.get("/v1/admin/users", params={"vip": "true"}, headers=headers).json()["data"]
    assert rows[0]["is_promoted"] is True and rows[0]["is_studio"] is False


def test_a_page_of_accounts_reads_their_wallets_in_the_same_query(client, db):
    _, headers = admin(db)
    for n in range(3):
        give(db, make_user(db), top_ups=n + 1)

    def statements(per_page: int) -> tuple[int, list[int]]:
        seen: list[str] = []

        def _count(_conn, _cur, statement, *_args):  # type: ignore[no-untyped-def]
            seen.append(statement)

        event.listen(get_engine(), "before_cursor_execute", _count)
        try:
            r = client.get("/v1/admin/users", params={"per_page": per_page}, headers=headers)
        finally:
            event.remove(get_engine(), "before_cursor_execute", _count)
        wallets = [s for s in seen if "FROM wallets" in s and "JOIN" not in s]
        assert wallets == [], "a wallet read on its own: one query per account"
        return len(seen), [row["top_ups_count"] for row in r.json()["data"]]

    few, _ = statements(per_page=2)
    many, balances = statements(per_page=10)
    assert few == many
    assert sorted(balances) == [0, 1, 2, 3]


@pytest.mark.parametrize("sort", ["newest", "oldest", "last_login", "email"])
@pytest.mark.parametrize("read", ["whole", "walked"])
def test_the_admin_pages_through_vip_and_studio_accounts_in_the_tables_order(
    client, db, monkeypatch, sort, read
):
    # Few matches are read whole and sorted, many walked in the order's index: the same pages.
    if read == "walked":
        monkeypatch.setattr(people, "FEW_MATCHES", 0)
    _, headers = admin(db)
    now = clock.now()
    made = []
    for n in range(9):
        made.append(
            make_user(
                db,
                email=f"m{(n * 5) % 9}@example.com",
                created_at=now - timedelta(days=n),
                last_login_at=now - timedelta(hours=(n * 7) % 9),
                banned_at=now if n == 4 else None,
                promotion_ending_at=now + timedelta(days=1) if n % 2 == 0 else None,
                studio_ending_at=now + timedelta(days=1) if n % 3 == 0 else None,
            )
        )
    keys = {
        "newest": lambda u: (-u.created_at.timestamp(), -u.id),
        "oldest": lambda u: (u.created_at.timestamp(), u.id),
        "last_login": lambda u: (-u.last_login_at.timestamp(), -u.id),
        "email": lambda u: u.email_normalized,
    }

    def pages(**params: object) -> tuple[list[int], int]:
        seen, total = [], None
        for page in (1, 2, 3):
            body = client.get(
                "/v1/admin/users",
                params={"per_page": 2, "page": page, "sort": sort, **params},
                headers=headers,
            ).json()
            seen += [row["id"] for row in body["data"]]
            assert total in (None, body["meta"]["total"])
            total = body["meta"]["total"]
        return seen, total

    vip = {u.id for u in made if u.promotion_ending_at is not None}
    studio = {u.id for u in made if u.studio_ending_at is not None}
    for params, wanted in (
        ({"vip": "true"}, lambda u: u.id in vip),
        ({"studio": "true"}, lambda u: u.id in studio),
        ({"vip": "true", "banned": "false"}, lambda u: u.id in vip and u.banned_at is None),
        ({"vip": "true", "studio": "false"}, lambda u: u.id in vip and u.id not in studio),
    ):
        expected = [u.id for u in sorted((u for u in made if wanted(u)), key=keys[sort])]
        assert pages(**params) == (expected, len(expected)), params
    # Not VIP: the others and the admin herself.
    assert pages(vip="false")[1] == 1 + len(made) - len(vip)


@pytest.mark.skipif(not IS_PG, reason="PostgreSQL's planner")
def test_postgresql_expects_as_many_vip_wallets_as_there_are(db):
    # The planner's estimate decides how a page of VIP accounts is read: it once expected 1 in 30
    # of the VIPs (207 of 6,666 at 200,000 accounts) and read them all for every page.
    now = clock.now()
    db.execute(
        insert(User),
        [
            {
                "id": i,
                "email": f"v{i}@x.test",
                "email_normalized": f"v{i}@x.test",
                "password_hash": "!",
                "age_verified": False,
                "high_risk": False,
                "created_at": now,
                "updated_at": now,
            }
            for i in range(1, 3001)
        ],
    )
    db.execute(
        insert(Wallet),
        [
            {"user_id": i, "promotion_ending_at": now + timedelta(days=i % 7 + 1) if i % 30 == 0 else None}
            for i in range(1, 3001)
        ],
    )
    db.commit()
    db.execute(text("ANALYZE users, wallets"))
    (vip,) = ledger.entitlement_filters(vip=True, studio=None)
    stmt = vip.ids.compile(dialect=db.get_bind().dialect)
    plan = db.connection().exec_driver_sql(f"EXPLAIN (FORMAT JSON) {stmt}", stmt.params).scalar_one()
    expected = plan[0]["Plan"]["Plan Rows"]
    assert 50 <= expected <= 200, f"estimated {expected} VIP wallets, there are 100"
