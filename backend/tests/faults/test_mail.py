"""Fault drill: the SMTP server is down for 60 s while 50 members register, then comes back.

A real SMTP server (aiosmtpd) on a port the system gives, stopped (connections refused) while 50
real `POST /v1/auth/register` calls queue their confirmation mails; three senders run at once, as
in production: the after-commit thread (every commit kicks it) and two job runners polling every
30 s. Every confirmation must arrive once, none twice, and the last within 2 minutes of the server
coming back.

The drill clock runs ten times faster than the wall clock (clock.travel in a thread), so the
backoff grows as it would over ten minutes (30 s, 60 s... 480 s) and the runners' 30-second poll is
3 s of wall time; the server really is down for 60 s of wall time and really up afterwards.
"""

from __future__ import annotations

import socket
import threading
import time
from collections import Counter
from collections.abc import Iterator

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient
from sqlalchemy import select

from addme.core import clock, config
from addme.mail import service as mail
from addme.mail.models import OutboxMessage
from tests.mail.test_smtp import _Collect

SPEED = 10  # drill seconds per wall second
POLL = 30  # the deliver-mail job's interval, drill seconds
DOWN_WALL_SECONDS = 60
REGISTRATIONS = 50


def _system_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class _Loop:
    """Runs `step` every `every` wall seconds in a thread until stopped; keeps its errors."""

    def __init__(self, step, every: float) -> None:  # type: ignore[no-untyped-def]
        self.step, self.every = step, every
        self.stop = threading.Event()
        self.errors: list[BaseException] = []
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stop.is_set():
            try:
                self.step()
            except BaseException as exc:
                self.errors.append(exc)
            self.stop.wait(self.every)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(30)


@pytest.fixture
def drill(monkeypatch) -> Iterator[dict]:  # type: ignore[type-arg]
    port = _system_port()
    settings = config.get_settings().model_copy(
        update={"smtp_host": "127.0.0.1", "smtp_port": port, "mail_after_commit": True}
    )
    monkeypatch.setattr(mail, "get_settings", lambda: settings)
    tick = 0.05
    loops = [_Loop(lambda: clock.travel(tick * (SPEED - 1)), tick)]
    state: dict = {"port": port, "loops": loops, "controller": None}  # type: ignore[type-arg]
    try:
        yield state
    finally:
        for loop in loops:
            loop.close()
        mail.settle(30)
        if state["controller"] is not None:
            state["controller"].stop()


def test_smtp_down_60_seconds_during_50_registrations_then_up_every_mail_arrives_once(app, db, drill):
    started = time.monotonic()
    # Two job runners, each polling as the deliver-mail job does.
    runners = [_Loop(mail.deliver_pending, POLL / SPEED) for _ in range(2)]
    drill["loops"].extend(runners)
    emails = [f"drill{i}@example.com" for i in range(REGISTRATIONS)]
    for i, email in enumerate(emails):  # 50 members, each from their own address, over 50 seconds
        r = TestClient(app, client=(f"10.29.{i // 200}.{i % 200 + 1}", 40000)).post(
            "/v1/auth/register",
            json={
                "email": email,
                "password": "a-long-passphrase-2026",
                "password_confirmation": "a-long-passphrase-2026",
                "terms": True,
                "captcha_token": "local-captcha-ok",
            },
        )
        assert r.status_code in (200, 201), r.text
        time.sleep(max(0.0, started + (i + 1) - time.monotonic()))
    time.sleep(max(0.0, started + DOWN_WALL_SECONDS - time.monotonic()))

    db.expire_all()
    rows = db.scalars(select(OutboxMessage).where(OutboxMessage.to.in_(emails))).all()
    assert len(rows) == REGISTRATIONS and all(r.sent_at is None for r in rows)
    assert max(r.attempts for r in rows) >= 4  # retried with growing waits, not 8 times at once
    assert all(r.gave_up_at is None for r in rows)

    handler = _Collect()
    controller = Controller(handler, hostname="127.0.0.1", port=drill["port"])
    controller.start()
    drill["controller"] = controller
    up_at = clock.now()
    deadline = time.monotonic() + 25
    while time.monotonic() < deadline and len({m["To"] for m in handler.messages}) < REGISTRATIONS:
        time.sleep(0.05)
    all_in_at = clock.now()
    time.sleep(POLL / SPEED * 2)  # two more polls of each runner: nothing may be sent again

    counts = Counter(m["To"] for m in handler.messages)
    print(  # the drill's figures (docs/operations.md), shown with pytest -s
        f"\nmail drill: all {len(counts)} in {(all_in_at - up_at).total_seconds():.0f} drill-seconds after the "
        f"server came back; {len(handler.messages)} received; wall {time.monotonic() - started:.0f} s"
    )
    assert sorted(counts) == sorted(emails), f"missing: {set(emails) - set(counts)}"
    assert set(counts.values()) == {1}, counts.most_common(3)
    assert (all_in_at - up_at).total_seconds() <= 120, all_in_at - up_at
    for loop in runners:
        assert loop.errors == []
    db.expire_all()
    assert all(
        r.sent_at is not None for r in db.scalars(select(OutboxMessage).where(OutboxMessage.to.in_(emails)))
    )
    assert time.monotonic() - started < 90
