"""What the admin tables do differently to stay fast at 1,000,000 usernames (#11): bounded counts,
a depth limit on pages, the decided-reports history by decision, domain filters on the audit log,
a search term that finds accounts in several ways at once."""

from __future__ import annotations

from datetime import timedelta

import pytest

from addme.audit import service as audit
from addme.core import clock, paging
from addme.moderation.models import Report
from tests.factories.accounts import make_user, token_for
from tests.factories.listings import make_username
from tests.factories.wallet import admin


@pytest.fixture
def small_cap(monkeypatch):
    monkeypatch.setattr(paging, "COUNT_CAP", 4)


def test_counts_stop_at_the_cap_and_say_so(client, db, small_cap):
    _, headers = admin(db)
    for _ in range(5):
        make_user(db)
    first = client.get("/v1/admin/users", params={"per_page": 2}, headers=headers).json()["meta"]
    assert first == {"page": 1, "per_page": 2, "total": 4, "has_next": True, "total_capped": True}
    # The last page within the cap has no next one, whatever lies beyond.
    second = client.get("/v1/admin/users", params={"per_page": 2, "page": 2}, headers=headers).json()
    assert second["meta"]["has_next"] is False and len(second["data"]) == 2
    # Past the cap a page is refused with what to do instead.
    deep = client.get("/v1/admin/users", params={"per_page": 2, "page": 3}, headers=headers)
    assert deep.status_code == 422
    assert deep.json()["errors"]["page"] == [
        "Pages stop at the first 4 results: narrow the search or change the order."
    ]
    # A filter under the cap is counted exactly, and says nothing more.
    one = client.get("/v1/admin/users", params={"level": "Full"}, headers=headers).json()["meta"]
    assert one == {"page": 1, "per_page": 25, "total": 1, "has_next": False}


def test_the_audit_log_pages_are_bounded_too(client, db, small_cap):
    boss, headers = admin(db)
    for i in range(6):
        audit.record(db, admin=boss, action="user.ban", target=f"user:{i}", reason="Spam")
    db.commit()
    meta = client.get("/v1/admin/audit", params={"per_page": 2}, headers=headers).json()["meta"]
    assert meta["total"] == 4 and meta["total_capped"] is True
    assert (
        client.get("/v1/admin/audit", params={"per_page": 2, "page": 3}, headers=headers).status_code == 422
    )


def test_an_audit_domain_is_its_actions_not_every_word_it_starts(client, db):
    boss, headers = admin(db)
    audit.record(db, admin=boss, action="user.ban", target="user:1", reason="Spam")
    audit.record(db, admin=boss, action="username.approve", target="username:1", reason="")
    db.commit()

    def actions(action: str) -> list[str]:
        body = client.get("/v1/admin/audit", params={"action": action}, headers=headers).json()
        return [row["action"] for row in body["data"]]

    assert actions("user") == ["user.ban"]
    assert actions("user.") == ["user.ban"]
    assert actions("username") == ["username.approve"]
    assert actions("user.ban") == ["user.ban"]
    assert actions("user.b") == []


def test_decided_reports_come_latest_decision_first(client, db):
    _, headers = admin(db)
    old, recent = make_username(db, username="old_one"), make_username(db, username="recent_one")
    now = clock.now()
    for username, hours in ((old, 30), (recent, 2), (old, 1)):
        db.add(
            Report(
                username_id=username.id,
                reporter_id=make_user(db).id,
                type="fake",
                status="dismissed",
                decision="dismiss",
                resolved_at=now - timedelta(hours=hours),
            )
        )
    db.commit()
    body = client.get(
        "/v1/admin/reports", params={"status": "decided", "per_page": 2}, headers=headers
    ).json()
    # The page holds the two latest decisions, grouped by username in the order they were made.
    assert [g["username"]["username"] for g in body["data"]] == ["old_one", "recent_one"]
    assert [len(g["reports"]) for g in body["data"]] == [1, 1]
    assert body["meta"]["total"] == 3 and body["meta"]["has_next"] is True
    rest = client.get(
        "/v1/admin/reports", params={"status": "decided", "per_page": 2, "page": 2}, headers=headers
    ).json()
    assert [g["username"]["username"] for g in rest["data"]] == ["old_one"]


def test_one_term_finds_accounts_by_email_ip_session_id_and_handle(client, db):
    _, headers = admin(db)
    by_ip = make_user(db, email="ip@example.com", ip_address="203.0.113.9")
    by_session = make_user(db, email="session@example.com")
    token_for(db, by_session)  # signs in from 127.0.0.1
    owner = make_user(db, email="owner@example.com")
    make_username(db, user=owner, username="sunny_day")

    def ids(q: str) -> set[int]:
        body = client.get("/v1/admin/users", params={"q": q}, headers=headers).json()
        return {u["id"] for u in body["data"]}

    assert ids("203.0.113.9") == {by_ip.id}
    assert by_session.id in ids("127.0.0.1")
    assert ids("sunny") == {owner.id}
    assert ids(str(owner.id)) == {owner.id}
    assert ids("owner@") == {owner.id}
    # Filters still apply to what the term found.
    assert (
        ids("sunny")
        and not client.get(
            "/v1/admin/users", params={"q": "sunny", "banned": "true"}, headers=headers
        ).json()["data"]
    )
