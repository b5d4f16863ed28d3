from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import func, select

from addme.core import clock
from addme.wallet import ledger
from addme.wallet.models import LedgerEntry
from tests.factories.accounts import make_user
from tests.factories.listings import make_username


def test_durations_extend_from_the_later_of_now_and_the_current_end(db):
    user = make_user(db)
    first = ledger.extend_entitlement(
        db, user=user, entitlement=ledger.Entitlement.VIP, duration=timedelta(days=7)
    )
    db.commit()
    assert abs(first - (clock.now() + timedelta(days=7))) < timedelta(seconds=5)
    second = ledger.extend_entitlement(
        db, user=user, entitlement=ledger.Entitlement.VIP, duration=timedelta(days=30)
    )
    db.commit()
    assert second == first + timedelta(days=30)
    # Once expired, a new period starts from now, not from the old end.
    clock.travel(60 * 86400)
    third = ledger.extend_entitlement(
        db, user=user, entitlement=ledger.Entitlement.VIP, duration=timedelta(days=7)
    )
    assert abs(third - (clock.now() + timedelta(days=7))) < timedelta(seconds=5)


def test_studio_gives_25_slots_and_gives_them_back_when_it_ends(db):
    user = make_user(db, max_usernames=3, username_slots=2)
    ledger.extend_entitlement(
        db, user=user, entitlement=ledger.Entitlement.STUDIO, duration=timedelta(days=7)
    )
    db.commit()
    assert user.max_usernames == 25 and user.is_studio
    assert ledger.slot_limit(user) == 25
    assert ledger.end_expired_studios(db) == 0
    clock.travel(7 * 86400 + 60)
    # Expiry applies on read before the job has run...
    assert not user.is_studio
    assert ledger.slot_limit(user) == 3
    # ...and the job puts the stored column back to the purchased slots.
    assert ledger.end_expired_studios(db) == 1
    db.refresh(user)
    assert user.max_usernames == 3


def test_auto_topup_runs_once_per_4_hour_slot(db):
    now = datetime(2030, 1, 1, 0, 30)  # 00:30 UTC: inside the 00:00-04:00 slot
    auto = make_user(db, automation_topup_ending_at=now + timedelta(days=30))
    studio = make_user(db, studio_ending_at=now + timedelta(days=30))
    plain = make_user(db)
    a = make_username(db, user=auto)
    make_username(db, user=auto, status="pending")
    s = make_username(db, user=studio)
    p = make_username(db, user=plain)
    assert ledger.auto_topup(db, now=now) == 2
    assert ledger.auto_topup(db, now=now + timedelta(hours=3)) == 0  # same slot: a rerun is a no-op
    for row in (a, s, p):
        db.refresh(row)
    assert a.last_top_up == now and s.last_top_up == now and a.sort_at == now
    assert p.last_top_up is None
    assert ledger.auto_topup(db, now=now + timedelta(hours=4)) == 2
    rows = db.scalar(select(func.count()).select_from(LedgerEntry).where(LedgerEntry.reason == "auto_topup"))
    assert rows == 4


def test_auto_topup_stops_when_the_month_ends(db):
    user = make_user(db, automation_topup_ending_at=clock.now() + timedelta(hours=1))
    make_username(db, user=user)
    clock.travel(2 * 3600)
    assert ledger.auto_topup(db) == 0
