"""Every domain's jobs, registered in one place so the scheduler and the CLI see the same list."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy.orm import Session

from addme.accounts import service as accounts
from addme.content import ads_admin
from addme.core import clock
from addme.groups import admin as groups_admin
from addme.groups import service as groups
from addme.jobs.service import register
from addme.listings import service as listings
from addme.listings import stats as listing_stats
from addme.mail import service as mail
from addme.media import blocking as media_blocking
from addme.media import held as held_media
from addme.media import service as media
from addme.moderation import alerts as moderation_alerts
from addme.moderation import member_bans, reputation
from addme.privacy import service as privacy
from addme.stats import rollup as stats_rollup
from addme.trust import trackers
from addme.wallet import ledger, reconcile, reminders

# -- cleanups (spec section 9) and reminders: logged, each run's counts kept for /admin/jobs --------


@register("erase-deleted-accounts", every=timedelta(hours=1), logged=True)
def erase_deleted_accounts(session: Session) -> dict[str, int]:
    """Accounts deleted 30 days ago are erased for good, their images' files first."""
    ids = accounts.erasable_user_ids(session)
    files = media.purge_files(session, user_ids=ids)
    return {"accounts": accounts.erase_users(session, user_ids=ids), "files": files}


@register("cleanup-inactive-users", every=timedelta(hours=6), logged=True)
def cleanup_inactive_users(session: Session) -> dict[str, int]:
    """The oldest 5000 accounts idle for 365 days are deleted (hidden with their usernames, erased
    30 days later by the job above)."""
    ids = accounts.inactive_user_ids(session, keep=ledger.entitled_user_ids(clock.now()))
    usernames = listings.count_of_users(session, user_ids=ids)
    return {"users": accounts.delete_inactive_users(session, user_ids=ids), "usernames": usernames}


@register("cleanup-inactive-usernames", every=timedelta(hours=6), logged=True)
def cleanup_inactive_usernames(session: Session) -> dict[str, int]:
    """The oldest 5000 usernames neither edited nor topped up for 365 days are deleted, files first."""
    ids = listings.inactive_username_ids(session)
    files = media.purge_files(session, username_ids=ids)
    return {"usernames": listings.delete_inactive(session, username_ids=ids), "files": files}


@register("cleanup-groups", every=timedelta(hours=1), logged=True)
def cleanup_groups(session: Session) -> dict[str, int]:
    return {"groups": groups.cleanup_inactive(session)}


@register("purge-held-content", every=timedelta(hours=6), logged=True)
def purge_held_content(session: Session) -> dict[str, int]:
    """Media and groups removed by moderation are erased once the 6-month appeal period is over."""
    return {**held_media.purge_held(session), **groups_admin.purge_held(session)}


@register("remind-entitlement-ends", every=timedelta(hours=1), logged=True)
def remind_entitlement_ends(session: Session) -> dict[str, int]:
    """An e-mail 3 days before a VIP, Studio or Auto Top-Up ends, once per end date."""
    return reminders.send_end_reminders(session)


@register("alert-moderators", every=timedelta(minutes=2), logged=True)
def alert_moderators(session: Session) -> dict[str, int]:
    """The opted-in moderators are mailed again about each notice and clocked underage report that
    has used half of its time undecided (once each: the row is claimed before its mail is queued)."""
    return moderation_alerts.send_half_time(session)


@register("check-handles", every=timedelta(minutes=10), logged=True)
def check_handles(session: Session) -> dict[str, int]:
    """Listed Snapchat and Kik handles' public pages, each about once a week, politely: not found
    for 3 days demotes it (the owner mailed), for 14 days delists it (an appealable decision)."""
    return listings.check_handles(session)


# -- the rest ---------------------------------------------------------------------------------------


@register("lift-expired-user-bans", every=timedelta(minutes=5))
def lift_expired_user_bans(session: Session) -> int:
    return member_bans.lift_expired_bans(session)


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
    return reconcile.run_check(session)


@register("end-studio", every=timedelta(minutes=5))
def end_studio(session: Session) -> int:
    return ledger.end_expired_studios(session)


@register("refresh-daily-figures", every=timedelta(minutes=5))
def refresh_daily_figures(session: Session) -> int:
    # Today and yesterday, recounted and replaced: the admin's stats and home read only the rollups.
    return stats_rollup.refresh_recent(session)


@register("hash-stored-images", every=timedelta(minutes=5), logged=True)
def hash_stored_images(session: Session) -> dict[str, int]:
    """Images stored before PDQ get their hash, a batch at a time from where the last run stopped."""
    return media_blocking.hash_stored_images(session, ad_image_urls=ads_admin.stored_image_urls(session))


@register("sync-stopncii", every=timedelta(minutes=15), logged=True)
def sync_stopncii(session: Session) -> dict[str, int]:
    """StopNCII's new hashes blocked, its withdrawn ones removed, feedback sent (when it is on)."""
    return media_blocking.sync_stopncii(session)


@register("purge-trackers", every=timedelta(hours=6), logged=True)
def purge_trackers(session: Session) -> dict[str, int]:
    """The visit log keeps 90 days."""
    return {"visits": trackers.purge(session)}


# -- the member's own data (issue 31): exports built off the request path, deleted after 72 hours --


@register("build-data-exports", every=timedelta(seconds=30), logged=False)
def build_data_exports(session: Session) -> dict[str, int]:
    """The exports members asked for, a few per run, each mailed when ready."""
    return {"built": privacy.build_pending(session)}


@register("expire-data-exports", every=timedelta(hours=1), logged=True)
def expire_data_exports(session: Session) -> dict[str, int]:
    """Exports 72 hours old: their files deleted."""
    return {"expired": privacy.expire(session)}


@register("sellers-back-to-review", every=timedelta(minutes=15), logged=True)
def sellers_back_to_review(session: Session) -> dict[str, int]:
    """Paid-content usernames whose owner's VIP or Studio key ended go back to pending review."""
    return {"usernames": listings.sellers_back_to_review(session)}
