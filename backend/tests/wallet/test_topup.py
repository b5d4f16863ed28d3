from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from addme.accounts.models import User
from addme.core import clock
from addme.core.db import new_session
from addme.listings.models import Username
from addme.wallet import reconcile
from addme.wallet import service as wallet
from addme.wallet.models import LedgerEntry
from tests.conftest import IS_PG
from tests.factories.accounts import make_user
from tests.factories.listings import make_username
from tests.factories.wallet import give, member


def _topup(client, headers, username_id):
    return client.post(f"/v1/user/usernames/{username_id}/topup", headers=headers)


def test_topup_spends_one_and_moves_the_username_to_the_top(client, db):
    user, headers = member(db)
    give(db, user, top_ups=2)
    name = make_username(db, user=user)
    r = _topup(client, headers, name.id)
    assert r.status_code == 200
    assert r.json() == {"success": True, "message": "Username topped up.", "code": None, "next_at": None}
    db.refresh(user)
    db.refresh(name)
    assert user.top_ups_count == 1
    assert name.last_top_up is not None and abs(name.last_top_up - clock.now()) < timedelta(seconds=5)
    assert name.sort_at == name.last_top_up
    assert user.last_top_up == name.last_top_up


def test_topup_with_no_balance_says_not_enough(client, db):
    user, headers = member(db)
    name = make_username(db, user=user)
    r = _topup(client, headers, name.id)
    assert r.status_code == 200
    body = r.json()
    assert body["success"] is False
    assert body["message"] == "Not enough Top-Up"
    assert body["code"] == "not_enough_topups"
    db.refresh(name)
    assert name.last_top_up is None


def test_topup_of_someone_elses_username_is_404_and_changes_nothing(client, db):
    owner, _ = member(db)
    name = make_username(db, user=owner)
    other, headers = member(db)
    give(db, other, top_ups=1)
    r = _topup(client, headers, name.id)
    assert r.status_code == 404
    assert r.json()["message"] == "Username could not be found or connexion failed."
    db.refresh(other)
    assert other.top_ups_count == 1


def test_topup_of_a_pending_username_fails(client, db):
    user, headers = member(db)
    give(db, user, top_ups=1)
    name = make_username(db, user=user, status="pending")
    body = _topup(client, headers, name.id).json()
    assert (body["success"], body["message"]) == (False, "Top-Up Failed")
    db.refresh(user)
    assert user.top_ups_count == 1


def test_topup_needs_a_session(client, db):
    name = make_username(db)
    assert client.post(f"/v1/user/usernames/{name.id}/topup").status_code == 401


@pytest.mark.parametrize("perk", ["promotion_ending_at", "studio_ending_at"])
def test_vip_and_studio_use_five_free_daily_topups_first(client, db, perk):
    user, headers = member(db, **{perk: clock.now() + timedelta(days=30)})
    give(db, user, top_ups=1)
    name = make_username(db, user=user)
    for left in (4, 3, 2, 1, 0):
        body = _topup(client, headers, name.id).json()
        assert body["success"] is True
        assert f"({left} left today)" in body["message"]
    db.refresh(user)
    assert user.top_ups_count == 1
    assert client.get("/v1/user/wallet", headers=headers).json()["vip_daily"]["remaining"] == 0
    # The sixth is a paid one, the seventh finds no balance.
    assert _topup(client, headers, name.id).json()["message"] == "Username topped up."
    assert _topup(client, headers, name.id).json()["code"] == "not_enough_topups"
    free = db.scalar(
        select(func.count())
        .select_from(LedgerEntry)
        .where(LedgerEntry.reason == "vip_daily", LedgerEntry.delta == 0)
    )
    assert free == 5


def test_vip_daily_window_resets_24_hours_after_the_first_use(client, db):
    user, headers = member(db, promotion_ending_at=clock.now() + timedelta(days=30))
    name = make_username(db, user=user)
    assert _topup(client, headers, name.id).json()["success"]
    clock.travel(3600)
    for _ in range(4):
        assert _topup(client, headers, name.id).json()["success"]
    assert _topup(client, headers, name.id).json()["code"] == "not_enough_topups"
    wallet_page = client.get("/v1/user/wallet", headers=headers).json()
    assert wallet_page["vip_daily"]["remaining"] == 0
    assert wallet_page["vip_daily"]["resets_at"] is not None
    clock.travel(23 * 3600 + 1)
    body = _topup(client, headers, name.id).json()
    assert body["success"] and "(4 left today)" in body["message"]


def test_expired_vip_pays_like_everyone(client, db):
    user, headers = member(db, promotion_ending_at=clock.now() - timedelta(minutes=1))
    name = make_username(db, user=user)
    assert _topup(client, headers, name.id).json()["code"] == "not_enough_topups"


def test_fire_pin_holds_the_username_for_15_minutes(client, db):
    user, headers = member(db)
    give(db, user, fire_pins=2)
    name = make_username(db, user=user)
    r = client.post(f"/v1/user/usernames/{name.id}/fire-pin", headers=headers)
    assert r.json()["success"] is True
    assert "15 minutes" in r.json()["message"]
    db.refresh(name)
    first = name.fire_pinned_until
    assert first is not None and abs(first - (clock.now() + timedelta(minutes=15))) < timedelta(seconds=5)
    # A second pin while the first runs extends it rather than wasting it.
    client.post(f"/v1/user/usernames/{name.id}/fire-pin", headers=headers)
    db.refresh(name)
    assert name.fire_pinned_until == first + timedelta(minutes=15)
    r = client.post(f"/v1/user/usernames/{name.id}/fire-pin", headers=headers)
    # Not one of the spec's {success, message} calls: the refusal is an error status.
    assert r.status_code == 400
    assert (r.json()["message"], r.json()["code"]) == ("Not enough Fire Pins", "not_enough_fire_pins")
    db.refresh(user)
    assert user.fire_pins_count == 0


def test_unexpected_failure_answers_sorry_and_changes_nothing(client, db, monkeypatch):
    user, headers = member(db)
    give(db, user, top_ups=1)
    name = make_username(db, user=user)

    def boom(*_args, **_kwargs):
        raise RuntimeError("unexpected")

    monkeypatch.setattr("addme.wallet.ledger.spend", boom)
    body = _topup(client, headers, name.id).json()
    assert body == {
        "success": False,
        "message": "Sorry, something went wrong.",
        "code": "error",
        "next_at": None,
    }
    db.refresh(user)
    db.refresh(name)
    assert (user.top_ups_count, name.last_top_up) == (1, None)


@pytest.mark.skipif(not IS_PG, reason="real concurrency needs PostgreSQL")
def test_twenty_concurrent_spends_of_the_last_topup_make_one_success(db):
    user = give(db, make_user(db), top_ups=1)
    name = make_username(db, user=user)
    barrier = threading.Barrier(20)
    results: list[bool] = []
    lock = threading.Lock()

    def attempt() -> None:
        with new_session() as session:
            me = session.get(User, user.id)
            assert me is not None
            barrier.wait()
            answer = wallet.topup(session, user=me, username_id=name.id)
            with lock:
                results.append(answer.success)

    threads = [threading.Thread(target=attempt) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count(True) == 1
    db.refresh(user)
    assert user.top_ups_count == 0
    spends = db.scalar(
        select(func.count()).select_from(LedgerEntry).where(LedgerEntry.reason == "spend_topup")
    )
    assert spends == 1
    assert reconcile.balance_mismatches(db) == []
    assert db.get(Username, name.id) is not None
