"""Development-only view of the outbox, so a local user (and the browser tests) can open their links."""

from __future__ import annotations

from fastapi import Query

from addme.core.config import get_settings
from addme.core.db import DbSession
from addme.core.errors import NotFound
from addme.core.routes import api_router
from addme.core.schemas import Schema, UtcDatetime
from addme.mail import service

router = api_router(tags=["dev"])


class OutboxRead(Schema):
    to: str
    subject: str
    body: str
    created_at: UtcDatetime


@router.get("/dev/outbox", response_model=list[OutboxRead])
def dev_outbox(db: DbSession, to: str = Query(max_length=254)) -> list[OutboxRead]:
    # Closed unless ENV=development was set explicitly: an unset ENV must never open the outbox.
    if not get_settings().dev_routes:
        raise NotFound("This page could not be found")
    return [OutboxRead.model_validate(m) for m in service.messages_to(db, to=to)]
