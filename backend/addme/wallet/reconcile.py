"""The reconciliation: every balance against the sum of its ledger rows (the nightly job stores the
result for the admin health page and the metrics; the tests assert it after every money path)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import case, func, or_, select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock
from addme.wallet.models import Kind, LedgerCheck, LedgerEntry, Wallet


@dataclass(frozen=True)
class Mismatch:
    user_id: int
    kind: str
    balance: int
    ledger: int


def balance_mismatches(session: Session) -> list[Mismatch]:
    """Accounts whose balance differs from the sum of their ledger rows (should always be empty)."""
    sums = (
        select(
            LedgerEntry.user_id.label("user_id"),
            func.sum(case((LedgerEntry.kind == Kind.TOP_UP, LedgerEntry.delta), else_=0)).label("top_ups"),
            func.sum(case((LedgerEntry.kind == Kind.FIRE_PIN, LedgerEntry.delta), else_=0)).label(
                "fire_pins"
            ),
        )
        .group_by(LedgerEntry.user_id)
        .subquery()
    )
    top_ups = func.coalesce(sums.c.top_ups, 0)
    fire_pins = func.coalesce(sums.c.fire_pins, 0)
    t_balance = func.coalesce(Wallet.top_ups_count, 0)
    f_balance = func.coalesce(Wallet.fire_pins_count, 0)
    rows = session.execute(
        select(User.id, t_balance, f_balance, top_ups, fire_pins)
        .outerjoin(Wallet, Wallet.user_id == User.id)
        .outerjoin(sums, sums.c.user_id == User.id)
        .where(or_(t_balance != top_ups, f_balance != fire_pins))
        .order_by(User.id)
    ).all()
    found: list[Mismatch] = []
    for user_id, t_bal, f_bal, t_sum, f_sum in rows:
        if t_bal != t_sum:
            found.append(Mismatch(user_id, Kind.TOP_UP, t_bal, int(t_sum)))
        if f_bal != f_sum:
            found.append(Mismatch(user_id, Kind.FIRE_PIN, f_bal, int(f_sum)))
    return found


CHECK_ID = 1

CHECK_KEEP_IDS = 50


def run_check(session: Session) -> int:
    """Reconcile every balance with its ledger and store the result (the job); returns mismatches."""
    user_ids = sorted({m.user_id for m in balance_mismatches(session)})
    row = session.get(LedgerCheck, CHECK_ID)
    if row is None:
        row = LedgerCheck(id=CHECK_ID, checked_at=clock.now(), mismatches=0, user_ids=[])
        session.add(row)
    row.checked_at = clock.now()
    row.mismatches = len(user_ids)
    row.user_ids = user_ids[:CHECK_KEEP_IDS]
    session.commit()
    return len(user_ids)


def last_check(session: Session) -> LedgerCheck | None:
    """The stored result of the latest reconciliation (None before the job first ran)."""
    return session.get(LedgerCheck, CHECK_ID)
