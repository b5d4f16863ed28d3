"""Every domain's jobs, registered in one place so the scheduler and the CLI see the same list."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy.orm import Session

from addme.accounts import service as accounts
from addme.groups import service as groups
from addme.jobs.service import register
from addme.listings import service as listings
from addme.listings import stats as listing_stats
from addme.mail import service as mail
from addme.moderation import reputation
from addme.trust import trackers
from addme.wallet import ledger


@register("erase-deleted-accounts", every=timedelta(hours=1))
def erase_deleted_accounts(session: Session) -> int:
    return accounts.erase_deleted_accounts(session)


@register("lift-expired-user-bans", every=timedelta(minutes=5))
def lift_expired_user_bans(session: Session) -> int:
    return accounts.lift_expired_bans(session)


@register("deliver-mail", every=timedelta(seconds=30))
def deliver_mail(_session: Session) -> int:
    return mail.deliver_pending()


@register("refresh-popularity", every=timedelta(minutes=10))
def refresh_popularity(session: Session) -> int:
    return listing_stats.refresh_popularity(session)


@register("refresh-reputation", every=timedelta(minutes=15))
def refresh_reputation(session: Session) -> int:
    return reputation.refresh(session)


@register("refresh-facet-counts", every=timedelta(minutes=1))
def refresh_facet_counts(session: Session) -> int:
    return listing_stats.refresh_facets(session)


@register("resync-listing-owners", every=timedelta(minutes=30))
def resync_listing_owners(session: Session) -> int:
    return listings.resync_owner_flags(session)


@register("auto-topup", every=timedelta(minutes=15))
def auto_topup(session: Session) -> int:
    # Runs often but tops up once per 4-hour slot: the ledger's unique key makes reruns no-ops.
    return ledger.auto_topup(session)


@register("check-ledger", every=timedelta(minutes=10))
def check_ledger(session: Session) -> int:
    # Every account against the whole ledger: the admin home reads the stored result.
    return ledger.run_check(session)


@register("end-studio", every=timedelta(minutes=5))
def end_studio(session: Session) -> int:
    return ledger.end_expired_studios(session)


@register("cleanup-groups", every=timedelta(hours=1))
def cleanup_groups(session: Session) -> int:
    return groups.cleanup_inactive(session)


@register("purge-trackers", every=timedelta(hours=6))
def purge_trackers(session: Session) -> int:
    # The visit log keeps 90 days; the runner logs the count deleted.
    return trackers.purge(session)
