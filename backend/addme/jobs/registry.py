"""Every domain's jobs, registered in one place so the scheduler and the CLI see the same list."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy.orm import Session

from addme.accounts import service as accounts
from addme.jobs.service import register
from addme.mail import service as mail


@register("erase-deleted-accounts", every=timedelta(hours=1))
def erase_deleted_accounts(session: Session) -> int:
    return accounts.erase_deleted_accounts(session)


@register("deliver-mail", every=timedelta(seconds=30))
def deliver_mail(_session: Session) -> int:
    return mail.deliver_pending()
