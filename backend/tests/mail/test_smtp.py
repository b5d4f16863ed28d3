"""The SMTP provider against a real local SMTP server (aiosmtpd), and the outbox's retry."""

from __future__ import annotations

import socket

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


@pytest.fixture
def smtp_server(monkeypatch):
    handler = _Collect()
    port = _free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    settings = config.get_settings().model_copy(update={"smtp_host": "127.0.0.1", "smtp_port": port})
    monkeypatch.setattr(service, "get_settings", lambda: settings)
    yield handler
    controller.stop()


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
    settings = config.get_settings().model_copy(update={"smtp_host": "127.0.0.1", "smtp_port": _free_port()})
    monkeypatch.setattr(service, "get_settings", lambda: settings)
    service.queue(db, to="reader@example.com", subject="Hello", body="body")
    db.commit()
    assert service.deliver_pending() == 0
    db.expire_all()
    row = db.scalars(select(OutboxMessage)).one()
    assert row.sent_at is None and row.attempts == 1 and row.last_error
