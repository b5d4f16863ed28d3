"""Mail providers: the outbox (local default, messages stay in the database) and plain SMTP."""

from __future__ import annotations

import smtplib
from email.message import EmailMessage
from typing import Protocol

from addme.core.config import Settings


class MailProvider(Protocol):
    name: str

    def deliver(self, *, to: str, subject: str, body: str) -> bool:
        """Hand one message on; True when it left the app, False when it stays in the outbox."""

    def ping(self) -> bool:
        """Whether the mail server answers now (no message sent)."""


class OutboxProvider:
    """Keeps messages in the outbox table, readable by admins (and by tests in development)."""

    name = "outbox"

    def deliver(self, *, to: str, subject: str, body: str) -> bool:
        return False

    def ping(self) -> bool:
        return False


class SmtpProvider:
    """Plain SMTP (RFC 5321), optional STARTTLS and login."""

    name = "smtp"

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def deliver(self, *, to: str, subject: str, body: str) -> bool:
        s = self.settings
        msg = EmailMessage()
        msg["From"] = s.mail_from
        msg["To"] = to
        msg["Subject"] = subject
        msg.set_content(body)
        assert s.smtp_host
        with smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=10) as smtp:
            if s.smtp_starttls:
                smtp.starttls()
            if s.smtp_username and s.smtp_password:
                smtp.login(s.smtp_username, s.smtp_password)
            smtp.send_message(msg)
        return True

    def ping(self) -> bool:
        """Connect, EHLO, NOOP: the server is back when it answers 250 (5 s at most)."""
        s = self.settings
        assert s.smtp_host
        try:
            with smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=5) as smtp:
                return smtp.noop()[0] == 250
        except (OSError, smtplib.SMTPException):
            return False


def provider_for(settings: Settings) -> MailProvider:
    """SMTP when SMTP_HOST is set, else the outbox."""
    return SmtpProvider(settings) if settings.smtp_host else OutboxProvider()
