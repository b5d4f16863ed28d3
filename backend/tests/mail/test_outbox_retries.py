"""Mail that is never lost (issue 29): growing waits for 3 days, one sender per message, sent as
soon as the server answers again; the outbox's figures in /admin/health and /metrics."""

from __future__ import annotations

import threading
import time
from collections import Counter
from datetime import timedelta

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from addme.core import clock, config
from addme.mail import service
from addme.mail.models import OutboxMessage
from tests.factories.accounts import auth, make_user, token_for
from tests.mail.test_smtp import _Collect, _free_port


def test_the_waits_grow_from_30_seconds_doubling_to_15_minutes():
    waits = [service.backoff(n).total_seconds() for n in range(1, 9)]
    assert waits == [30, 60, 120, 240, 480, 900, 900, 900]
    # Tried for 3 days at those waits: hundreds of tries, never a burst of 8 then nothing.
    elapsed, tries = 0.0, 0
    while elapsed < 72 * 3600:
        tries += 1
        elapsed += service.backoff(tries).total_seconds()
    assert tries > 280


class _Fake:
    """A provider that records what it was handed, slowly enough for two senders to overlap."""

    name = "fake"

    def __init__(self, *, up: bool = True, delay: float = 0.0) -> None:
        self.up = up
        self.delay = delay
        self.sent: list[str] = []
        self.lock = threading.Lock()

    def deliver(self, *, to: str, subject: str, body: str) -> bool:
        if not self.up:
            raise ConnectionRefusedError(111, "Connection refused")
        time.sleep(self.delay)
        with self.lock:
            self.sent.append(to)
        return True

    def ping(self) -> bool:
        return self.up


@pytest.fixture
def fake(monkeypatch):
    provider = _Fake()
    monkeypatch.setattr(service, "provider_for", lambda _settings: provider)
    return provider


def _rows(db) -> list[OutboxMessage]:
    db.expire_all()
    return list(db.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))


def test_a_failed_message_waits_longer_each_time_and_is_not_tried_before(db, fake):
    fake.up = False
    service.queue(db, to="a@example.com", subject="Hi", body="x")
    db.commit()
    assert service.deliver_pending() == 0
    (row,) = _rows(db)
    assert row.attempts == 1 and row.last_error.startswith("unreachable: ConnectionRefusedError")
    assert (row.next_attempt_at - clock.now()).total_seconds() == pytest.approx(30, abs=2)
    assert service.deliver_pending() == 0
    assert _rows(db)[0].attempts == 1  # not due yet: not tried
    clock.travel(31)
    service.deliver_pending()
    (row,) = _rows(db)
    assert row.attempts == 2 and (row.next_attempt_at - clock.now()).total_seconds() == pytest.approx(
        60, abs=2
    )


def test_a_message_is_given_up_after_3_days_of_failures_and_an_operator_can_retry_it(client, db, fake):
    fake.up = False
    service.queue(db, to="a@example.com", subject="Hi", body="x")
    db.commit()
    tries = 0
    while _rows(db)[0].gave_up_at is None:
        service.deliver_pending()
        tries += 1
        clock.travel(service.MAX_WAIT.total_seconds() + 1)
        assert tries < 400
    (row,) = _rows(db)
    assert row.attempts >= 3 * 24 * 4 - 2 and row.sent_at is None
    assert row.gave_up_at - row.created_at >= timedelta(hours=72)
    admin = auth(token_for(db, make_user(db, admin_level="Full")))
    outbox = client.get("/v1/admin/health", headers=admin).json()["outbox"]
    assert outbox == {"pending": 0, "retrying": 0, "oldest_pending_seconds": 0, "given_up": 1}
    # Given up means no sender tries it again...
    fake.up = True
    assert service.deliver_pending() == 0 and fake.sent == []
    # ...until an operator asks (`addme mail-retry`).
    assert service.retry_given_up(db) == 1
    assert service.deliver_pending() == 1 and fake.sent == ["a@example.com"]


def test_when_the_server_answers_again_waiting_messages_go_at_once_not_after_their_wait(db, fake):
    fake.up = False
    for i in range(3):
        service.queue(db, to=f"m{i}@example.com", subject="Hi", body="x")
    db.commit()
    for _ in range(7):  # the waits have grown to 15 minutes
        clock.travel(service.MAX_WAIT.total_seconds() + 1)
        service.deliver_pending()
    assert all((r.next_attempt_at - clock.now()) > timedelta(minutes=10) for r in _rows(db))
    fake.up = True
    clock.travel(30)  # the job's next run, long before any message is due
    assert service.deliver_pending() == 3
    assert sorted(fake.sent) == ["m0@example.com", "m1@example.com", "m2@example.com"]


def test_a_message_refused_for_its_own_sake_keeps_its_wait(db, monkeypatch):
    class _Refuses(_Fake):
        def deliver(self, *, to: str, subject: str, body: str) -> bool:
            if to.startswith("bad"):
                raise ValueError("550 mailbox unavailable")
            return super().deliver(to=to, subject=subject, body=body)

    provider = _Refuses()
    monkeypatch.setattr(service, "provider_for", lambda _settings: provider)
    service.queue(db, to="bad@example.com", subject="Hi", body="x")
    db.commit()
    service.deliver_pending()
    service.queue(db, to="good@example.com", subject="Hi", body="x")
    db.commit()
    assert service.deliver_pending() == 1
    bad = _rows(db)[0]
    assert bad.attempts == 1 and bad.next_attempt_at > clock.now()  # not released by the good one


def test_two_senders_at_once_send_every_message_exactly_once(db, fake):
    fake.delay = 0.005
    for i in range(60):
        service.queue(db, to=f"m{i}@example.com", subject="Hi", body="x")
    db.commit()
    errors: list[BaseException] = []

    def sender() -> None:
        try:
            for _ in range(20):
                service.deliver_pending(limit=7)
        except BaseException as exc:  # surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=sender) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    counts = Counter(fake.sent)
    assert len(counts) == 60 and set(counts.values()) == {1}, counts.most_common(3)
    assert all(r.sent_at is not None and r.attempts == 1 and r.claim_token is None for r in _rows(db))


def test_a_claimed_message_is_left_alone_until_its_claim_lapses(db, fake):
    service.queue(db, to="a@example.com", subject="Hi", body="x")
    db.commit()
    # Another sender holds it (and died before recording anything).
    db.execute(
        update(OutboxMessage).values(claim_token="other", claimed_until=clock.now() + service.CLAIM_LEASE)
    )
    db.commit()
    assert service.deliver_pending() == 0 and fake.sent == []
    clock.travel(service.CLAIM_LEASE.total_seconds() + 1)
    assert service.deliver_pending() == 1 and fake.sent == ["a@example.com"]


def test_health_and_metrics_show_the_outbox(app, client, db, fake):
    fake.up = False
    for i in range(2):
        service.queue(db, to=f"m{i}@example.com", subject="Hi", body="x")
    db.commit()
    service.deliver_pending()
    clock.travel(90)
    service.queue(db, to="new@example.com", subject="Hi", body="x")
    db.commit()
    admin = auth(token_for(db, make_user(db, admin_level="Full")))
    body = client.get("/v1/admin/health", headers=admin).json()
    assert body["outbox"]["pending"] == 3 and body["outbox"]["retrying"] == 2
    assert body["outbox"]["given_up"] == 0 and 89 <= body["outbox"]["oldest_pending_seconds"] <= 95
    assert body["outbox_unsent"] == 3
    with TestClient(app, client=("127.0.0.1", 40000)) as c:
        text = c.get("/metrics").text
    assert 'addme_mail_outbox{state="pending"} 3.0' in text
    assert 'addme_mail_outbox{state="retrying"} 2.0' in text
    assert 'addme_mail_outbox{state="given_up"} 0.0' in text
    assert "addme_mail_outbox_oldest_pending_age_seconds 9" in text


def test_the_smtp_provider_pings_a_real_server(monkeypatch):
    port = _free_port()
    settings = config.get_settings().model_copy(update={"smtp_host": "127.0.0.1", "smtp_port": port})
    from addme.mail.providers import SmtpProvider

    assert SmtpProvider(settings).ping() is False
    controller = Controller(_Collect(), hostname="127.0.0.1", port=port)
    controller.start()
    try:
        assert SmtpProvider(settings).ping() is True
    finally:
        controller.stop()
