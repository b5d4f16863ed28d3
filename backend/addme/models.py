"""Imports every domain's models so metadata (Alembic, create_all) sees all tables."""

from addme.accounts.models import AuthToken, EmailToken, User
from addme.jobs.models import JobLease
from addme.mail.models import OutboxMessage

__all__ = ["AuthToken", "EmailToken", "JobLease", "OutboxMessage", "User"]
