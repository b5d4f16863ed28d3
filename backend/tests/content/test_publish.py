"""content/publish.py, the shape ads, alerts and blog posts share: what the audit log and the live
site show after an admin's change."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.audit.models import AdminAudit
from addme.content import publish
from addme.content.models import Alert
from addme.core import clock
from addme.core.db import new_session
from tests.factories.wallet import admin


def _alert(text: str, **schedule: object) -> Alert:
    row = Alert(spots="global", type="info", text=text)
    publish.schedule(row, active=True, starts_at=None, ends_at=None)
    for name, value in schedule.items():
        setattr(row, name, value)
    return row


def _audit(db: Session) -> list[tuple[str, str | None, str, dict | None, dict | None]]:
    db.expire_all()
    rows = db.scalars(select(AdminAudit).order_by(AdminAudit.id)).all()
    return [(r.action, r.target, r.reason, r.before, r.after) for r in rows]


def test_each_change_leaves_one_audit_row_with_its_reason_and_what_changed(db):
    boss, _ = admin(db)
    published = publish.Published[Alert](kind="alert", target="banner", fields=lambda a: {"text": a.text})
    row = published.create(db, admin=boss, row=_alert("Hello"), reason="opening")
    published.update(db, admin=boss, row=row, change=lambda: setattr(row, "text", "Bye"), reason="closing")
    row_id = row.id
    published.remove(db, admin=boss, row=row, reason="done")

    assert _audit(db) == [
        ("alert.create", f"banner:{row_id}", "opening", None, {"text": "Hello"}),
        ("alert.update", f"banner:{row_id}", "closing", {"text": "Hello"}, {"text": "Bye"}),
        ("alert.delete", f"banner:{row_id}", "done", {"text": "Bye"}, None),
    ]
    assert db.get(Alert, row_id) is None


def test_the_cache_is_forgotten_only_once_the_change_is_in_the_database(db):
    boss, _ = admin(db)
    seen: list[list[str]] = []

    def forget() -> None:
        # What another request's session reads at that moment.
        with new_session() as other:
            seen.append(list(other.scalars(select(Alert.text).order_by(Alert.id))))

    published = publish.Published[Alert](
        kind="alert", target="alert", fields=lambda a: {}, after_commit=forget
    )
    row = published.create(db, admin=boss, row=_alert("First"), reason="")
    published.update(db, admin=boss, row=row, change=lambda: setattr(row, "text", "Second"), reason="")
    published.remove(db, admin=boss, row=row, reason="gone")
    assert seen == [["First"], ["Second"], []]


def test_a_failed_change_leaves_no_audit_row_and_keeps_the_cache(db):
    boss, _ = admin(db)
    forgotten: list[bool] = []
    published = publish.Published[Alert](
        kind="alert", target="alert", fields=lambda a: {}, after_commit=lambda: forgotten.append(True)
    )
    row = published.create(db, admin=boss, row=_alert("Kept"), reason="")
    forgotten.clear()

    def broken() -> None:
        raise RuntimeError("the change failed half-way")

    with pytest.raises(RuntimeError):
        published.update(db, admin=boss, row=row, change=broken, reason="never")
    db.rollback()
    assert [a[0] for a in _audit(db)] == ["alert.create"]
    assert forgotten == []


def test_a_window_is_stored_in_utc_and_live_from_its_start_until_just_before_its_end(db):
    row = _alert("Window")
    paris = timezone(timedelta(hours=2))
    publish.schedule(
        row,
        active=True,
        starts_at=datetime(2030, 5, 1, 10, 0, tzinfo=paris),
        ends_at=datetime(2030, 5, 2, 8, 0),
    )
    # 10:00 in Paris (summer) is 08:00 UTC; a date without a zone is taken as UTC.
    assert (row.starts_at, row.ends_at) == (datetime(2030, 5, 1, 8, 0), datetime(2030, 5, 2, 8, 0))
    assert publish.schedule_fields(row) == {
        "active": True,
        "starts_at": "2030-05-01T08:00:00",
        "ends_at": "2030-05-02T08:00:00",
    }
    assert not publish.is_live(row, now=datetime(2030, 5, 1, 7, 59))
    assert publish.is_live(row, now=datetime(2030, 5, 1, 8, 0))
    assert not publish.is_live(row, now=datetime(2030, 5, 2, 8, 0))
    row.active = False
    assert not publish.is_live(row, now=datetime(2030, 5, 1, 12, 0))


def test_the_query_and_the_frame_agree_on_what_is_live(db):
    # The banner list (SQL) and an alert's own frame (Python) must show the same alerts.
    now = clock.now()
    hour = timedelta(hours=1)
    rows = [
        _alert("open"),
        _alert("off", active=False),
        _alert("later", starts_at=now + hour),
        _alert("started", starts_at=now - hour),
        _alert("ended", ends_at=now - hour),
        _alert("ending", ends_at=now + hour),
        _alert("ends now", ends_at=now),
    ]
    db.add_all(rows)
    db.commit()
    in_sql = set(db.scalars(select(Alert.text).where(publish.live_where(Alert, now=now))))
    in_python = {r.text for r in rows if publish.is_live(r, now=now)}
    assert in_sql == in_python == {"open", "started", "ending"}


def test_spots_and_windows_are_refused_with_the_message_the_admin_reads():
    assert publish.known_spots(["home", "shop", "home"], spots=("home", "shop")) == ["home", "shop"]
    with pytest.raises(ValueError, match=r"^Unknown spot: moon, mars\. Spots are home, shop\.$"):
        publish.known_spots(["home", "moon", "mars"], spots=("home", "shop"))
    start = datetime(2030, 1, 1)
    publish.check_window(starts_at=start, ends_at=None)
    publish.check_window(starts_at=None, ends_at=start)
    with pytest.raises(ValueError, match=r"^The end must come after the start\.$"):
        publish.check_window(starts_at=start, ends_at=start)
