"""The admin home's health figures: the ledger check, the outbox and the jobs."""

from __future__ import annotations

from sqlalchemy import update

from addme.jobs import registry  # noqa: F401 - registers the jobs
from addme.jobs.service import registered
from addme.mail import service as mail
from addme.wallet import reconcile
from addme.wallet.models import Wallet
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.wallet import give


def test_members_cannot_read_admin_health(client, db):
    token = token_for(db, make_user(db))
    assert client.get("/v1/admin/health", headers=auth(token)).status_code == 403


def test_health_shows_a_balance_that_disagrees_with_its_ledger(client, db):
    admin = token_for(db, make_user(db, admin_level="Moderator"))
    member = make_user(db)
    give(db, member, top_ups=5)
    # Before the job first ran there is no result to show.
    body = client.get("/v1/admin/health", headers=auth(admin)).json()
    assert body["ledger_mismatches"] == 0 and body["ledger_checked_at"] is None
    assert "check-ledger" in registered()
    assert reconcile.run_check(db) == 0
    body = client.get("/v1/admin/health", headers=auth(admin)).json()
    assert body["ledger_mismatches"] == 0 and body["ledger_checked_at"] is not None

    # A balance changed behind the ledger's back (a bug, or a hand edit) shows up at the job's next run.
    db.execute(update(Wallet).where(Wallet.user_id == member.id).values(top_ups_count=50))
    db.commit()
    assert reconcile.run_check(db) == 1
    body = client.get("/v1/admin/health", headers=auth(admin)).json()
    assert body["ledger_mismatches"] == 1 and body["mismatched_user_ids"] == [member.id]
    home = client.get("/v1/admin/overview", headers=auth(token_for(db, make_user(db, admin_level="Full"))))
    assert home.json()["health"]["ledger_mismatches"] == 1


def test_health_counts_unsent_mail(client, db):
    admin = token_for(db, make_user(db, admin_level="Full"))
    mail.queue(db, to="someone@example.com", subject="Hi", body="Hello")
    db.commit()
    assert client.get("/v1/admin/health", headers=auth(admin)).json()["outbox_unsent"] == 1
