"""The SMTP provider against a real local SMTP server (aiosmtpd), and the outbox's retry."""

from __future__ import annotations

import socket
import time

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Message
from sqlalchemy import select

from addme.core import config
from addme.mail import service
from addme.mail.models import OutboxMessage


class _Collect(Message):
    def __init__(self) -> None:
        super().__init__()
        self.messages: list = []

    def handle_message(self, message) -> None:  # type: ignore[no-untyped-def]
        self.messages.append(message)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve_smtp(monkeypatch, *, after_commit: bool):  # type: ignore[no-untyped-def]
    handler = _Collect()
    port = _free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    settings = config.get_settings().model_copy(
        update={"smtp_host": "127.0.0.1", "smtp_port": port, "mail_after_commit": after_commit}
    )
    monkeypatch.setattr(service, "get_settings", lambda: settings)
    return handler, controller


@pytest.fixture
def smtp_server(monkeypatch):
    """SMTP with delivery left to the job (deliver_pending called by the test)."""
    handler, controller = _serve_smtp(monkeypatch, after_commit=False)
    yield handler
    controller.stop()


@pytest.fixture
def smtp_now(monkeypatch):
    """SMTP with delivery right after commit, as served."""
    handler, controller = _serve_smtp(monkeypatch, after_commit=True)
    yield handler
    assert service.settle(10)  # nothing still writing when the tables are emptied
    controller.stop()


def _wait_for(predicate, seconds: float) -> float:  # type: ignore[no-untyped-def]
    start = time.monotonic()
    while not predicate():
        if time.monotonic() - start > seconds:
            break
        time.sleep(0.02)
    return time.monotonic() - start


def test_a_new_member_gets_the_confirmation_within_seconds_without_the_job(client, smtp_now):
    r = client.post(
        "/v1/auth/register",
        json={
            "email": "newcomer@example.com",
            "password": "a-long-passphrase-2026",
            "password_confirmation": "a-long-passphrase-2026",
            "terms": True,
            "captcha_token": "local-captcha-ok",
        },
    )
    assert r.status_code in (200, 201), r.text
    waited = _wait_for(lambda: len(smtp_now.messages) == 1, 5)
    assert len(smtp_now.messages) == 1 and waited < 2, waited
    assert smtp_now.messages[0]["To"] == "newcomer@example.com"
    # Sent once: the job that runs later finds nothing left.
    assert service.deliver_pending() == 0


def test_a_rolled_back_transaction_sends_nothing(db, smtp_now):
    service.queue(db, to="reader@example.com", subject="Never", body="rolled back")
    db.rollback()
    db.commit()
    time.sleep(0.3)
    assert smtp_now.messages == []


def test_outbox_mail_is_delivered_over_smtp(db, smtp_server):
    service.queue(db, to="reader@example.com", subject="Hello", body="A link: http://x/y")
    db.commit()
    assert service.deliver_pending() == 1
    assert len(smtp_server.messages) == 1
    msg = smtp_server.messages[0]
    assert msg["To"] == "reader@example.com" and msg["Subject"] == "Hello"
    assert "http://x/y" in msg.get_payload()
    db.expire_all()
    assert db.scalars(select(OutboxMessage)).one().sent_at is not None
    assert service.deliver_pending() == 0  # never sent twice


def test_unreachable_smtp_keeps_the_message_for_a_retry(db, monkeypatch):
    settings = config.get_settings().model_copy(
        update={"smtp_host": "127.0.0.1", "smtp_port": _free_port(), "mail_after_commit": False}
    )
    monkeypatch.setattr(service, "get_settings", lambda: settings)
    service.queue(db, to="reader@example.com", subject="Hello", body="body")
    db.commit()
    assert service.deliver_pending() == 0
    db.expire_all()
    row = db.scalars(select(OutboxMessage)).one()
    assert row.sent_at is None and row.attempts == 1 and row.last_error
