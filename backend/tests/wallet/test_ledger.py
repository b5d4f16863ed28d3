from __future__ import annotations

import pytest
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from addme.wallet import ledger, reconcile
from addme.wallet.models import Kind, LedgerEntry, Reason, Wallet
from tests.factories.accounts import make_user
from tests.factories.wallet import give


def test_credit_and_spend_keep_balance_equal_to_ledger(db):
    user = give(db, make_user(db), top_ups=3, fire_pins=1)
    assert (user.top_ups_count, user.fire_pins_count) == (3, 1)
    assert ledger.spend(db, user_id=user.id, kind=Kind.TOP_UP, reason=Reason.SPEND_TOPUP, amount=2)
    db.commit()
    db.refresh(user)
    assert user.top_ups_count == 1
    deltas = db.scalars(
        select(LedgerEntry.delta).where(LedgerEntry.user_id == user.id).order_by(LedgerEntry.id)
    )
    assert list(deltas) == [3, 1, -2]
    assert reconcile.balance_mismatches(db) == []


def test_spend_never_goes_below_zero_and_writes_nothing(db):
    user = give(db, make_user(db), top_ups=1)
    assert not ledger.spend(db, user_id=user.id, kind=Kind.TOP_UP, reason=Reason.SLOT, amount=2)
    assert not ledger.spend(db, user_id=user.id, kind=Kind.FIRE_PIN, reason=Reason.SPEND_FIRE_PIN)
    db.commit()
    db.refresh(user)
    assert (user.top_ups_count, user.fire_pins_count) == (1, 0)
    assert db.scalar(select(LedgerEntry.id).where(LedgerEntry.delta < 0)) is None


def test_a_unique_credit_happens_once(db):
    user = make_user(db)
    kw = {"user_id": user.id, "kind": Kind.TOP_UP, "amount": 20, "reason": Reason.KEY}
    assert ledger.credit(db, unique_key="key:1", **kw)
    assert not ledger.credit(db, unique_key="key:1", **kw)
    db.commit()
    db.refresh(user)
    assert user.top_ups_count == 20


def test_the_database_refuses_a_negative_balance(db):
    user = make_user(db)
    with pytest.raises(IntegrityError):
        db.execute(update(Wallet).where(Wallet.user_id == user.id).values(top_ups_count=-1))
        db.commit()
    db.rollback()


def test_balance_mismatches_finds_a_balance_changed_outside_the_ledger(db):
    user = give(db, make_user(db), top_ups=2)
    db.execute(update(Wallet).where(Wallet.user_id == user.id).values(top_ups_count=5, fire_pins_count=1))
    db.commit()
    found = {(m.kind, m.balance, m.ledger) for m in reconcile.balance_mismatches(db)}
    assert found == {("top_up", 5, 2), ("fire_pin", 1, 0)}
    # Put it back so the suite's own check passes.
    db.execute(update(Wallet).where(Wallet.user_id == user.id).values(top_ups_count=2, fire_pins_count=0))
    db.commit()
    assert reconcile.balance_mismatches(db) == []


def test_history_lists_my_rows_newest_first(client, db):
    from tests.factories.wallet import member

    user, headers = member(db)
    give(db, user, top_ups=4)
    give(db, user, fire_pins=1)
    rows = client.get("/v1/user/wallet/history", headers=headers).json()
    assert [(r["kind"], r["delta"], r["reason"]) for r in rows] == [
        ("fire_pin", 1, "admin"),
        ("top_up", 4, "admin"),
    ]
