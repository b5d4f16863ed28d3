"""E-mail reminders 3 days before a VIP, Studio or Auto Top-Up ends (spec section 4 and 9: the
reminder window is 3 days), each sent once per end date through the mail outbox."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import and_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock
from addme.core.config import get_settings
from addme.mail import service as mail
from addme.wallet.ledger import Entitlement
from addme.wallet.models import EndReminder, Wallet
from addme.wallet.texts import MAILS

REMINDER_WINDOW = timedelta(days=3)
BATCH = 500

# The shop product that renews each entitlement and its end date (what the mail calls it: texts).
_WHAT = {
    Entitlement.STUDIO: ("studio-month", Wallet.studio_ending_at),
    Entitlement.AUTO_TOPUP: ("auto-topup-month", Wallet.automation_topup_ending_at),
    Entitlement.VIP: ("vip-month", Wallet.promotion_ending_at),
}


def renew_link(sku: str) -> str:
    """The shop, opened on the product that renews the entitlement."""
    return f"{get_settings().site_url.rstrip('/')}/shop#product-{sku}"


def send_end_reminders(
    session: Session, *, now: datetime | None = None, batch: int = BATCH
) -> dict[str, int]:
    """Queue one e-mail per entitlement ending within 3 days, once per end date (the job)."""
    now = now or clock.now()
    counts: dict[str, int] = {}
    for kind, (sku, column) in _WHAT.items():
        already = select(EndReminder.id).where(
            EndReminder.user_id == User.id, EndReminder.kind == kind.value, EndReminder.ending_at == column
        )
        users = session.scalars(
            select(User)
            .join(Wallet, Wallet.user_id == User.id)
            .where(
                and_(column.is_not(None), column > now, column <= now + REMINDER_WINDOW),
                User.deleted_at.is_(None),
                ~User.ban.has(),
                User.email_confirmed_at.is_not(None),
                ~already.exists(),
            )
            .order_by(column, User.id)
            .limit(batch)
        ).all()
        sent = 0
        for user in users:
            ending_at: datetime = getattr(user, column.key)
            date = ending_at.strftime("%Y-%m-%d %H:%M")
            try:
                with session.begin_nested():
                    session.add(
                        EndReminder(user_id=user.id, kind=kind.value, ending_at=ending_at, sent_at=now)
                    )
                    session.flush()
            except IntegrityError:
                continue  # another run mailed this one already
            words = MAILS[mail.language_of(user)]
            what = words[kind.value]
            mail.queue(
                session,
                to=user.email,
                subject=words["ending_subject"].format(what=what, date=date),
                body=words["ending_body"].format(what=what, date=date, link=renew_link(sku)),
            )
            sent += 1
        session.commit()
        counts[kind.value] = sent
    return counts
