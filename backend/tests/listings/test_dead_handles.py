"""Dead handles (#34): the weekly read of each listed handle's public page (the recorded page
shapes, the app's clock moved by days): 3 misses over 3 days demote, 14 days delist with an
appealable decision, the owner is mailed each time, a found page undoes it all; politely."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from addme.core import clock
from addme.jobs import service as jobs
from addme.jobs.models import JobRun
from addme.listings import dead_handles, handle_pages
from addme.listings.handle_pages import LocalHandlePages, PageError
from addme.listings.models import Username
from addme.mail.models import OutboxMessage
from tests.factories.accounts import auth, make_user, seasoned_user, token_for
from tests.factories.listings import make_username

DAY = timedelta(days=1)


class CountingPages:
    """The recorded shapes, counting every read; `fail` answers each read with a PageError instead."""

    name = "counting"

    def __init__(self, fail: PageError | None = None) -> None:
        self.reads: list[str] = []
        self.fail = fail

    def fetch(self, *, app: str, handle: str) -> str:
        self.reads.append(f"{app}:{handle}")
        if self.fail is not None:
            raise self.fail
        return LocalHandlePages().fetch(app=app, handle=handle)


@pytest.fixture(autouse=True)
def _quiet(monkeypatch: pytest.MonkeyPatch):
    slept: list[float] = []
    monkeypatch.setattr(dead_handles, "_sleep", slept.append)
    yield slept
    LocalHandlePages.forget()


def _alive(app: str, handle: str) -> None:
    LocalHandlePages.set_profile(app=app, handle=handle, display_name=handle.title(), bio="18+ say hi")


def _run(db, pages=None) -> dict[str, int]:
    db.expire_all()  # the test's session keeps its rows past other sessions' commits: read them anew
    counts = dead_handles.run(db, pages=pages or LocalHandlePages())
    db.expire_all()
    return counts


def _order(client, **params) -> list[str]:
    return [c["username"] for c in client.get("/v1/usernames", params=params).json()["data"]]


def _mails(db, email: str) -> list[OutboxMessage]:
    return list(db.scalars(select(OutboxMessage).where(OutboxMessage.to == email).order_by(OutboxMessage.id)))


def _pair(db, *, country: str | None = None):
    """A dead handle listed (newer, so first in "latest") above a live one."""
    owner = make_user(db, email="gone@example.com", country_code=country)
    _alive("snapchat", "alive_one")
    make_username(db, username="alive_one", approved_at=clock.now() - timedelta(hours=2))
    gone = make_username(db, user=owner, username="gone_one", approved_at=clock.now() - timedelta(hours=1))
    return owner, gone


def _days(db, n: int) -> list[dict[str, int]]:
    """Move the clock a day (and a minute) at a time, running the job each day."""
    out = []
    for _ in range(n):
        clock.travel(DAY.total_seconds() + 60)
        out.append(_run(db))
    return out


def test_three_misses_in_one_day_do_not_demote_three_over_three_days_do(client, db):
    owner, gone = _pair(db)
    assert _order(client) == ["gone_one", "alive_one"]

    # Three reads within a few hours: the first run, then two "fake" reports asking for early reads.
    assert _run(db) == {"checked": 2, "not_found": 1, "demoted": 0, "delisted": 0, "errors": 0}
    for _ in range(2):
        reporter = seasoned_user(db)
        r = client.post(f"/v1/usernames/{gone.id}/reports", json={"type": "fake"},
                        headers=auth(token_for(db, reporter)))  # fmt: skip
        assert r.status_code == 200, r.text
        clock.travel(timedelta(hours=1, minutes=1).total_seconds())
        assert _run(db)["not_found"] == 1
    row = db.get(Username, gone.id)
    assert row.handle_misses == 3 and row.handle_demoted_at is None
    assert _order(client) == ["gone_one", "alive_one"]
    assert _mails(db, owner.email) == []

    # Read again each day: on the day the misses span 3 days, it is demoted, and the owner told.
    first, second = _days(db, 2)
    assert first["demoted"] == second["demoted"] == 0
    assert _order(client) == ["gone_one", "alive_one"]
    [third] = _days(db, 1)
    assert third["demoted"] == 1
    assert _order(client) == ["alive_one", "gone_one"]
    assert _order(client, order="popular") == ["alive_one", "gone_one"]
    [told] = _mails(db, owner.email)
    assert told.subject == "gone_one was not found on Snapchat"
    assert f"/user/edit/{gone.id}" in told.body and "below the other usernames" in told.body
    # Still listed, still its own age on the card: only its place moved.
    card = client.get(f"/v1/usernames/{gone.id}").json()
    assert card["username"] == "gone_one" and "ago" in card["time_ago"] and "years" not in card["time_ago"]
    mine = client.get("/v1/user/usernames", headers=auth(token_for(db, owner))).json()["data"][0]
    assert "Snapchat says this handle does not exist" in mine["status_notice"]

    # A Top-Up does not lift it above the others.
    from addme.listings import service as listings

    listings.mark_topped_up(db, username_id=gone.id, at=clock.now())
    db.commit()
    listings.invalidate_listings()
    assert _order(client) == ["alive_one", "gone_one"]


def test_fourteen_days_not_found_delist_with_a_decision_the_owner_appeals(client, db):
    owner, gone = _pair(db)
    _run(db)
    runs = _days(db, 13)
    assert sum(r["demoted"] for r in runs) == 1 and sum(r["delisted"] for r in runs) == 0
    assert "gone_one" in _order(client)
    [last] = _days(db, 1)  # 14 days and 14 minutes after the first miss
    assert last["delisted"] == 1
    assert _order(client) == ["alive_one"]
    assert client.get(f"/v1/usernames/{gone.id}").status_code == 404

    demoted_mail, statement_mail = _mails(db, owner.email)
    assert "not found on Snapchat" in demoted_mail.subject
    assert "Username delisted: handle not found on its app" in statement_mail.subject
    assert "/user/decisions" in statement_mail.body and f"/user/edit/{gone.id}" in statement_mail.body

    mine = auth(token_for(db, owner))
    [decision] = client.get("/v1/user/decisions", headers=mine).json()["data"]
    statement = decision["statement"]
    assert statement["decision"] == "delist_dead_handle" and statement["ground"] == "terms"
    assert statement["automated_detection"] is True and statement["automated_decision"] == "fully"
    assert decision["appealable"] is True
    listed = client.get("/v1/user/usernames", headers=mine).json()["data"][0]
    assert listed["status"] == "delisted" and "for 14 days" in listed["status_notice"]

    # Relisting by hand waits for the page: it is read again soon, not listed blind.
    r = client.post(f"/v1/user/usernames/{gone.id}/relist", headers=mine)
    assert r.status_code == 200 and "listed as soon as it is found" in r.json()["message"]
    assert client.get(f"/v1/usernames/{gone.id}").status_code == 404

    # The owner appeals; a moderator reverses: listed again, in its own place.
    sid = statement["id"]
    assert client.post(f"/v1/user/decisions/{sid}/appeal", json={"message": "It exists, it is private."},
                       headers=mine).status_code == 201  # fmt: skip
    moderator = auth(token_for(db, make_user(db, admin_level="Moderator")))
    [appeal] = client.get("/v1/admin/appeals?status=open", headers=moderator).json()["data"]
    done = client.post(f"/v1/admin/appeals/{appeal['id']}/decide",
                       json={"action": "reverse", "reason": "The profile is private, not gone."},
                       headers=moderator)  # fmt: skip
    assert done.status_code == 200, done.text
    assert _order(client) == ["gone_one", "alive_one"]
    db.expire_all()
    assert db.get(Username, gone.id).handle_misses == 0


def test_a_found_page_forgets_the_misses_lifts_the_demotion_and_relists(client, db):
    _, gone = _pair(db)
    _run(db)
    _days(db, 3)
    assert _order(client) == ["alive_one", "gone_one"]

    _alive("snapchat", "gone_one")  # the owner made the profile public again
    [back] = _days(db, 1)
    assert back == {"checked": 1, "not_found": 0, "demoted": 0, "delisted": 0, "errors": 0}
    assert _order(client) == ["gone_one", "alive_one"]
    row = db.get(Username, gone.id)
    assert row.handle_misses == 0 and row.handle_demoted_at is None
    # Found, it is read again a week later (not daily), and a new miss starts a new count.
    assert sum(r["checked"] for r in _days(db, 6)) == 1  # alive_one's own weekly read
    assert db.get(Username, gone.id).handle_misses == 0
    LocalHandlePages.forget()
    _alive("snapchat", "alive_one")
    _days(db, 1)
    assert db.get(Username, gone.id).handle_misses == 1 and _order(client)[0] == "gone_one"

    # Delisted after 14 days, then found again: listed again without anyone's help.
    _days(db, 15)
    assert client.get(f"/v1/usernames/{gone.id}").status_code == 404
    _alive("snapchat", "gone_one")
    _days(db, 8)
    assert client.get(f"/v1/usernames/{gone.id}").status_code == 200


def test_a_french_owner_reads_the_mail_in_french(db):
    owner, gone = _pair(db, country="FR")
    _run(db)
    _days(db, 3)
    [told] = _mails(db, owner.email)
    assert told.subject == "gone_one est introuvable sur Snapchat"
    assert "corrigez-le ici" in told.body and f"/user/edit/{gone.id}" in told.body


def test_a_fake_report_schedules_a_read_and_never_reads_on_the_request(client, db, monkeypatch):
    _alive("kik", "kik_alice")
    u = make_username(db, app="kik", username="kik_alice")
    pages = CountingPages()
    _run(db, pages)
    assert pages.reads == ["kik:kik_alice"]
    monkeypatch.setattr(handle_pages, "provider", lambda: pytest.fail("read on the request path"))

    clock.travel(2 * 3600)
    reporter = seasoned_user(db)
    r = client.post(f"/v1/usernames/{u.id}/reports", json={"type": "fake", "message": "Not a real account"},
                    headers=auth(token_for(db, reporter)))  # fmt: skip
    assert r.status_code == 200
    assert _run(db, pages) == dict.fromkeys(dead_handles.FIGURES, 0)  # not yet: a few minutes on
    clock.travel(6 * 60)
    assert _run(db, pages)["checked"] == 1 and pages.reads == ["kik:kik_alice"] * 2
    # Another kind of report asks for nothing.
    client.post(f"/v1/usernames/{u.id}/reports", json={"type": "other", "message": "hmm"},
                headers=auth(token_for(db, seasoned_user(db))))  # fmt: skip
    clock.travel(3 * 3600)
    assert _run(db, pages)["checked"] == 0


def test_telegram_handles_are_not_read(db):
    make_username(db, app="telegram", username="tg_handle")
    pages = CountingPages()
    assert _run(db, pages)["checked"] == 0 and pages.reads == []


def test_reads_are_paced_budgeted_per_app_and_a_429_pauses_the_app(db, _quiet, monkeypatch):
    from addme.core.config import get_settings

    monkeypatch.setattr(get_settings(), "handle_checks_per_second", 2.0)
    monkeypatch.setattr(get_settings(), "handle_checks_per_app_per_run", 3)
    for n in range(5):
        make_username(db, app="snapchat", username=f"snap_{n}")
        make_username(db, app="kik", username=f"kik_{n}")
    pages = CountingPages()
    assert _run(db, pages)["checked"] == 6  # 3 of each app
    assert _quiet == [0.5] * 5  # half a second between two reads, none before the first

    # A 429 stops that app for the run, the handle is not counted missing, and the app waits.
    pages = CountingPages(fail=PageError("snapchat answered 429", status=429, retry_after=3600))
    counts = _run(db, pages)
    assert counts["errors"] == 2 and counts["checked"] == 0  # one each for snapchat and kik
    assert all(u.handle_misses <= 1 for u in db.scalars(select(Username)))
    clock.travel(30 * 60)
    pages = CountingPages()
    assert _run(db, pages)["checked"] == 0 and pages.reads == []  # both paused an hour
    clock.travel(31 * 60)
    assert _run(db, pages)["checked"] == 4  # the 4 never read yet

    # Errors that are not a 429: 3 in a row pause the app; none counts as "not found".
    clock.travel(8 * 86400)
    pages = CountingPages(fail=PageError("cannot read snapchat's page: ConnectTimeout"))
    counts = _run(db, pages)
    assert counts["errors"] == 6 and counts["not_found"] == 0
    # A page that keeps failing waits a day rather than heading the queue: the next ones are read.
    clock.travel(2 * 3600)
    pages = CountingPages()
    assert _run(db, pages)["checked"] == 4
    assert sorted(pages.reads) == ["kik:kik_3", "kik:kik_4", "snapchat:snap_3", "snapchat:snap_4"]


def test_the_run_is_kept_for_the_admin_and_counted_in_metrics(app, client, db):
    _pair(db)
    from fastapi.testclient import TestClient

    for _ in range(4):
        assert "check-handles" in jobs.run_due(only="check-handles", force=True)
        clock.travel(DAY.total_seconds() + 60)
    runs = list(db.scalars(select(JobRun).where(JobRun.name == "check-handles").order_by(JobRun.id)))
    assert [r.counts["demoted"] for r in runs] == [0, 0, 0, 1]
    assert runs[0].counts == {"checked": 2, "not_found": 1, "demoted": 0, "delisted": 0, "errors": 0}
    admin = auth(token_for(db, make_user(db, admin_level="Full")))
    body = client.get("/v1/admin/jobs/runs", params={"name": "check-handles"}, headers=admin).json()
    assert body["data"][0]["counts"]["demoted"] == 1 and "check-handles" in body["jobs"]
    with TestClient(app, client=("127.0.0.1", 40000)) as local:
        text = local.get("/metrics").text
    assert 'addme_handle_checks_total{outcome="demoted"}' in text
    assert 'addme_handle_checks_total{outcome="not_found"}' in text


def test_fixing_the_handle_lifts_the_demotion_and_reads_the_new_one_soon(client, db):
    owner, gone = _pair(db)
    _run(db)
    _days(db, 3)
    assert _order(client) == ["alive_one", "gone_one"]
    _alive("snapchat", "gone_one_fixed")
    mine = auth(token_for(db, owner))
    r = client.patch(f"/v1/user/usernames/{gone.id}", json={"username": "gone_one_fixed"}, headers=mine)
    assert r.status_code == 200, r.text
    assert _order(client) == ["gone_one_fixed", "alive_one"]
    clock.travel(6 * 60)
    pages = CountingPages()
    assert _run(db, pages)["checked"] == 1 and pages.reads == ["snapchat:gone_one_fixed"]
    assert db.get(Username, gone.id).handle_misses == 0


def test_when_no_page_of_an_app_is_found_nothing_is_demoted(client, db):
    # Every Kik page reads "not found" (as a new page shape the parser misses would): counted, not acted on.
    for n in range(3):
        make_username(db, app="kik", username=f"kik_{n}")
    _run(db)
    runs = _days(db, 15)
    assert sum(r["not_found"] for r in runs) == 45
    assert sum(r["demoted"] + r["delisted"] for r in runs) == 0
    assert sorted(_order(client)) == ["kik_0", "kik_1", "kik_2"]
    # One Kik page found again: the others are demoted (their owners mailed) before any delisting.
    _alive("kik", "kik_0")
    [after] = _days(db, 1)
    assert after["checked"] == 3 and after["demoted"] == 2 and after["delisted"] == 0
    assert _order(client) == ["kik_0", "kik_2", "kik_1"]
    assert [r["delisted"] for r in _days(db, 3)] == [0, 0, 2]
    assert _order(client) == ["kik_0"]
