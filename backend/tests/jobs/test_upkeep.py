"""The upkeep jobs of spec section 9 and the entitlement-end reminders: what must go goes, what must
stay stays, every run's counts are kept and shown to Full admins."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from addme.accounts import service as accounts
from addme.accounts.models import User
from addme.core import clock
from addme.groups.models import Group
from addme.jobs import registry  # noqa: F401 - registers the jobs
from addme.jobs import service as jobs
from addme.jobs.models import JobRun
from addme.listings import service as listings
from addme.listings.models import Username
from addme.mail.models import OutboxMessage
from addme.media.models import Media
from addme.media.storage import get_storage
from addme.wallet.models import EndReminder
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.community import make_group
from tests.factories.listings import make_username
from tests.factories.media import make_media

DAY = timedelta(days=1)


def _run(name: str) -> JobRun:
    """Run one job as the scheduler does and return the run it recorded."""
    assert name in jobs.run_due(only=name, force=True)
    with_db = jobs.registered()[name]
    assert with_db.logged
    from addme.core.db import session_scope

    with session_scope() as s:
        run = s.scalars(select(JobRun).where(JobRun.name == name).order_by(JobRun.id.desc())).first()
        assert run is not None
        s.expunge(run)
        return run


def _idle(db, days: int, **fields) -> User:
    at = clock.now() - days * DAY
    return make_user(db, created_at=at, last_login_at=at, **fields)


def _aged(db, username: Username, days: int) -> Username:
    """Backdate a username's last edit (the factory's own writes bump updated_at)."""
    at = clock.now() - days * DAY
    db.execute(
        Username.__table__.update().where(Username.id == username.id).values(updated_at=at, created_at=at)
    )
    db.commit()
    return username


def _files(media: Media) -> list[str]:
    return [media.storage_key, media.thumb_key]


# -- idle accounts ----------------------------------------------------------------------------------


def test_idle_accounts_are_deleted_with_their_usernames_and_the_active_stay(db) -> None:
    now = clock.now()
    gone = _idle(db, 400)
    gone_handle = make_username(db, user=gone)
    never_logged = make_user(db, created_at=now - 500 * DAY)
    recent = _idle(db, 10)
    recent_handle = make_username(db, user=recent)
    new_never_logged = make_user(db, created_at=now - 20 * DAY)
    admin = _idle(db, 400, admin_level="Full")
    vip = _idle(db, 400, promotion_ending_at=now + 5 * DAY)
    banned_for_good = _idle(db, 400, banned_at=now - 400 * DAY)
    old_signup_recent_login = make_user(db, created_at=now - 900 * DAY, last_login_at=now - 3 * DAY)

    run = _run("cleanup-inactive-users")

    assert run.counts == {"users": 2, "usernames": 1}
    assert run.error is None
    db.expire_all()
    assert db.get(User, gone.id).deleted_at is not None
    assert db.get(User, never_logged.id).deleted_at is not None
    for kept in (recent, new_never_logged, admin, vip, banned_for_good, old_signup_recent_login):
        assert db.get(User, kept.id).deleted_at is None
    # The deleted account's listing left the lists at once; the active one is still listed.
    assert db.get(Username, gone_handle.id).listed is False
    assert db.get(Username, recent_handle.id).listed is True
    # Hidden, not erased: logging in within 30 days restores the account (spec section 4).
    assert _run("cleanup-inactive-users").counts == {"users": 0, "usernames": 0}


def test_idle_accounts_come_oldest_first_and_bounded(db) -> None:
    a = _idle(db, 700)
    b = _idle(db, 500)
    _idle(db, 400)
    assert accounts.inactive_user_ids(db, batch=2) == [a.id, b.id]
    assert accounts.CLEANUP_BATCH == 5000


# -- idle usernames ---------------------------------------------------------------------------------


def test_idle_usernames_are_hard_deleted_with_their_files(db) -> None:
    now = clock.now()
    owner = make_user(db, last_login_at=now)
    idle = make_username(db, user=owner, approved_at=now - 400 * DAY)
    image = make_media(db, username_id=idle.id, user_id=owner.id)
    keys = _files(image)
    storage = get_storage()
    assert all(storage.exists(k) for k in keys)
    _aged(db, idle, 400)
    topped = _aged(db, make_username(db, user=owner, last_top_up=now - 30 * DAY), 400)
    edited = _aged(db, make_username(db, user=owner), 400)
    db.execute(Username.__table__.update().where(Username.id == edited.id).values(updated_at=now - 2 * DAY))
    banned = _aged(db, make_username(db, user=owner, status="banned"), 400)
    vip_owner = make_user(db, promotion_ending_at=now + 10 * DAY)
    vip_handle = _aged(db, make_username(db, user=vip_owner), 400)

    idle_id, image_id = idle.id, image.id
    kept = {topped.id, edited.id, banned.id, vip_handle.id}

    run = _run("cleanup-inactive-usernames")

    assert run.counts == {"usernames": 1, "files": 1}
    db.expire_all()
    left = set(db.scalars(select(Username.id)))
    assert idle_id not in left
    assert kept <= left
    assert db.scalar(select(Media).where(Media.id == image_id)) is None
    assert not any(storage.exists(k) for k in keys)


def test_idle_usernames_are_bounded(db) -> None:
    ids = [_aged(db, make_username(db), 400 + i).id for i in range(3)]
    # The longest idle first: the last made is the oldest.
    assert listings.inactive_username_ids(db, batch=2) == [ids[2], ids[1]]
    assert listings.CLEANUP_BATCH == 5000


# -- groups -----------------------------------------------------------------------------------------


def test_small_idle_groups_are_hard_deleted_and_counted(db) -> None:
    old = clock.now() - 8 * DAY
    lonely = make_group(db, name="Lonely", last_activity_at=old)
    pair = make_group(db, name="Pair", last_activity_at=old, members=[make_user(db)])
    fresh = make_group(db, name="Fresh", last_activity_at=clock.now() - 2 * DAY)

    run = _run("cleanup-groups")

    assert run.counts == {"groups": 1}
    ids = set(db.scalars(select(Group.id)))
    assert lonely.id not in ids
    assert {pair.id, fresh.id} <= ids


# -- erasure ----------------------------------------------------------------------------------------


def test_accounts_deleted_30_days_ago_are_erased_with_their_files(db) -> None:
    now = clock.now()
    erased = make_user(db, deleted_at=now - 31 * DAY)
    handle = make_username(db, user=erased)
    image = make_media(db, username_id=handle.id, user_id=erased.id, seed=3)
    keys = _files(image)
    storage = get_storage()
    assert all(storage.exists(k) for k in keys)
    still_hidden = make_user(db, deleted_at=now - 10 * DAY)
    other = make_user(db)
    other_handle = make_username(db, user=other)
    other_image = make_media(db, username_id=other_handle.id, user_id=other.id, seed=4)
    erased_id, handle_id, hidden_id, other_keys = erased.id, handle.id, still_hidden.id, _files(other_image)

    run = _run("erase-deleted-accounts")

    assert run.counts == {"accounts": 1, "files": 1}
    db.expire_all()
    assert db.get(User, erased_id) is None
    assert db.get(Username, handle_id) is None
    assert not any(storage.exists(k) for k in keys)
    assert db.get(User, hidden_id) is not None
    assert all(storage.exists(k) for k in other_keys)
    assert _run("erase-deleted-accounts").counts == {"accounts": 0, "files": 0}


# -- reminders --------------------------------------------------------------------------------------


def _mails_to(db, email: str) -> list[OutboxMessage]:
    return list(db.scalars(select(OutboxMessage).where(OutboxMessage.to == email)))


def test_end_reminder_mailed_once_per_end_date(db) -> None:
    now = clock.now()
    vip = make_user(db, promotion_ending_at=now + 2 * DAY)
    studio = make_user(db, studio_ending_at=now + 1 * DAY)
    auto = make_user(db, automation_topup_ending_at=now + 3 * DAY - timedelta(minutes=5))
    later = make_user(db, promotion_ending_at=now + 5 * DAY)
    ended = make_user(db, promotion_ending_at=now - DAY)

    run = _run("remind-entitlement-ends")

    assert run.counts == {"studio": 1, "auto_topup": 1, "vip": 1}
    [mail] = _mails_to(db, vip.email)
    assert mail.subject.startswith("Your VIP ends on")
    assert "/shop#product-vip-month" in mail.body
    assert "/shop#product-studio-month" in _mails_to(db, studio.email)[0].body
    assert "/shop#product-auto-topup-month" in _mails_to(db, auto.email)[0].body
    assert _mails_to(db, later.email) == [] and _mails_to(db, ended.email) == []

    # Run again: nothing new. Renewed (a new end date), the member is reminded of the new one.
    assert _run("remind-entitlement-ends").counts == {"studio": 0, "auto_topup": 0, "vip": 0}
    assert len(_mails_to(db, vip.email)) == 1
    db.expire_all()
    renewed = db.get(User, vip.id)
    assert renewed is not None and renewed.wallet is not None
    renewed.wallet.promotion_ending_at = now + 2 * DAY + timedelta(hours=5)
    db.commit()
    assert _run("remind-entitlement-ends").counts["vip"] == 1
    assert len(_mails_to(db, vip.email)) == 2
    assert db.scalar(select(EndReminder).where(EndReminder.user_id == ended.id)) is None


# -- the admin's view -------------------------------------------------------------------------------


def test_full_admin_reads_recent_runs_with_counts(client, db) -> None:
    lonely = make_group(db, name="Lonely", last_activity_at=clock.now() - 9 * DAY)
    assert lonely.id
    _run("cleanup-groups")
    _run("cleanup-inactive-users")
    admin = make_user(db, admin_level="Full")
    body = client.get("/v1/admin/jobs/runs", headers=auth(token_for(db, admin))).json()
    assert [r["name"] for r in body["data"]][:2] == ["cleanup-inactive-users", "cleanup-groups"]
    assert body["data"][1]["counts"] == {"groups": 1}
    assert "cleanup-inactive-usernames" in body["jobs"]
    only = client.get(
        "/v1/admin/jobs/runs", params={"name": "cleanup-groups"}, headers=auth(token_for(db, admin))
    ).json()
    assert [r["name"] for r in only["data"]] == ["cleanup-groups"]
    assert only["meta"]["total"] == 1

    moderator = make_user(db, admin_level="Moderator")
    assert client.get("/v1/admin/jobs/runs", headers=auth(token_for(db, moderator))).status_code == 403


def test_unlogged_jobs_keep_no_runs(db) -> None:
    jobs.run_due(only="refresh-facet-counts", force=True)
    assert db.scalar(select(JobRun).where(JobRun.name == "refresh-facet-counts")) is None


def test_a_failed_run_is_kept_with_its_error(db) -> None:
    @jobs.register("test-failing-cleanup", every=timedelta(hours=1), logged=True)
    def _boom(_session) -> dict[str, int]:
        raise RuntimeError("storage is down")

    try:
        run = _run("test-failing-cleanup")
        assert run.error == "RuntimeError: storage is down"
        assert run.counts == {}
    finally:
        jobs._jobs.pop("test-failing-cleanup", None)
