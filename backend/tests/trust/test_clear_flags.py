"""A moderator clears a false high-risk or account-hopping flag, with a reason, audited (issue 31)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from addme.accounts import signin
from addme.accounts.models import User
from addme.audit.models import AdminAudit
from addme.core import clock
from addme.trust.models import MemberTrust
from tests.factories.accounts import PASSWORD
from tests.factories.wallet import admin, member
from tests.trust.test_risk_and_hopping import DIGITALOCEAN, _claim, caller_ip  # noqa: F401

REASON = "Home broadband, mislabelled as hosting"


def _clear(client, headers, user_id: int, flag: str, reason: str = REASON):
    return client.post(
        f"/v1/admin/users/{user_id}/flags/clear", json={"flag": flag, "reason": reason}, headers=headers
    )


def test_a_moderator_clears_a_false_high_risk_flag_and_the_member_may_claim_again(client, db, caller_ip):  # noqa: F811
    user, headers = member(db)
    caller_ip["ip"] = DIGITALOCEAN
    assert _claim(client, headers)["code"] == "high_risk"
    moderator, mod_headers = admin(db, level="Moderator")
    flags = client.get(f"/v1/admin/users/{user.id}/flags", headers=mod_headers).json()
    assert flags["high_risk"] is True and "email" not in flags

    cleared = _clear(client, mod_headers, user.id, "high_risk")
    assert cleared.status_code == 200
    assert cleared.json()["high_risk"] is False and cleared.json()["high_risk_cleared_until"]
    row = db.scalar(select(AdminAudit).where(AdminAudit.action == "trust.clear_high_risk"))
    assert row.admin_id == moderator.id and row.target == f"user:{user.id}" and row.reason == REASON
    assert row.before["high_risk"] is True and row.after["high_risk"] is False
    # Same network again: the moderator's finding holds, the claim goes through.
    assert _claim(client, headers)["success"] is True
    # And a sign-in from it does not flag the account again.
    db.expire_all()
    signin.login(db, email=user.email, password=PASSWORD, ip=DIGITALOCEAN, user_agent=None)
    db.expire_all()
    assert db.get(User, user.id).high_risk is False  # type: ignore[union-attr]


def test_the_clearance_ends_and_the_risk_check_applies_again(client, db):
    user, _ = member(db, high_risk=True)
    _, mod_headers = admin(db, level="Moderator")
    assert _clear(client, mod_headers, user.id, "high_risk").status_code == 200
    clock.travel(timedelta(days=91).total_seconds())
    try:
        db.expire_all()
        signin.login(db, email=user.email, password=PASSWORD, ip=DIGITALOCEAN, user_agent=None)
        db.expire_all()
        assert db.get(User, user.id).high_risk is True  # type: ignore[union-attr]
    finally:
        clock.reset()


def test_a_cleared_hopping_flag_stays_cleared_for_the_same_shared_device(client, db, caller_ip):  # noqa: F811
    _, first_headers = member(db)
    second, second_headers = member(db)
    assert _claim(client, first_headers)["success"] is True
    assert _claim(client, second_headers)["code"] == "hopping_restricted"
    _, mod_headers = admin(db, level="Moderator")
    flags = client.get(f"/v1/admin/users/{second.id}/flags", headers=mod_headers).json()
    assert flags["hopping_restricted_until"] is not None

    cleared = _clear(client, mod_headers, second.id, "hopping", "Flatmates sharing one laptop, checked")
    assert cleared.status_code == 200 and cleared.json()["hopping_restricted_until"] is None
    assert cleared.json()["hopping_cleared_at"]
    # The old link between the two no longer counts: the second member claims from the same browser.
    assert _claim(client, second_headers)["success"] is True
    audit_row = db.scalar(select(AdminAudit).where(AdminAudit.action == "trust.clear_hopping"))
    assert audit_row.target == f"user:{second.id}"


def test_a_reason_of_10_characters_is_required_and_nothing_changes_without_it(client, db):
    user, _ = member(db, high_risk=True)
    _, mod_headers = admin(db, level="Moderator")
    for reason in ("", "too short", "   short   "):
        r = _clear(client, mod_headers, user.id, "high_risk", reason)
        assert r.status_code == 422
        assert r.json()["errors"] == {"reason": ["Give a reason of at least 10 characters."]}
    db.expire_all()
    assert db.get(User, user.id).high_risk is True  # type: ignore[union-attr]
    assert db.scalar(select(AdminAudit)) is None


def test_clearing_a_flag_that_is_not_set_is_a_conflict(client, db):
    user, _ = member(db)
    _, mod_headers = admin(db, level="Moderator")
    r = _clear(client, mod_headers, user.id, "hopping")
    assert (
        r.status_code == 409 and r.json()["message"] == "This account is not restricted for account hopping."
    )
    r = _clear(client, mod_headers, user.id, "high_risk")
    assert r.status_code == 409 and r.json()["code"] == "trust_flag_not_set"
    # A restriction that already ran out is not set either.
    db.add(MemberTrust(user_id=user.id, hopping_restricted_until=clock.now() - timedelta(hours=1)))
    db.commit()
    assert _clear(client, mod_headers, user.id, "hopping").status_code == 409
    assert _clear(client, mod_headers, 999999, "hopping").status_code == 404


def test_members_cannot_clear_flags_full_admins_can(client, db):
    user, headers = member(db, high_risk=True)
    assert _clear(client, headers, user.id, "high_risk").status_code == 403
    assert client.get(f"/v1/admin/users/{user.id}/flags", headers=headers).status_code == 403
    _, full = admin(db)
    assert _clear(client, full, user.id, "high_risk").status_code == 200


def test_hopping_links_after_the_clearance_count_again(client, db, caller_ip):  # noqa: F811
    _, first_headers = member(db)
    second, second_headers = member(db)
    assert _claim(client, first_headers)["success"] is True
    assert _claim(client, second_headers)["code"] == "hopping_restricted"
    _, mod_headers = admin(db, level="Moderator")
    assert (
        _clear(client, mod_headers, second.id, "hopping", "Flatmates sharing one laptop").status_code == 200
    )
    assert _claim(client, second_headers)["success"] is True
    # A third account claiming from the same browser afterwards is new evidence: linked again.
    third, third_headers = member(db)
    assert _claim(client, third_headers)["code"] == "hopping_restricted"
    db.expire_all()
    assert db.get(User, third.id).hopping_restricted_until is not None  # type: ignore[union-attr]
