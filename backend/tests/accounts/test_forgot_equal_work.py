"""Forgot-password does the same work before answering whether the e-mail is known or not (no
timing difference to enumerate accounts with); the link is mailed after the answer left."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from sqlalchemy import event, select

from addme.accounts.models import EmailToken
from addme.core.db import get_engine
from addme.mail.models import OutboxMessage
from tests.factories.accounts import make_user

SENT = "If a matching account was found an email was sent to {email} to allow you to reset your password."


def _statements_before_the_answer(app: Any, email: str) -> tuple[int, int, dict[str, Any]]:
    """(SQL statements run before the response started, after it, the JSON answer)."""
    counts = {"before": 0, "after": 0}
    phase = ["before"]
    body = json.dumps({"email": email}).encode()
    chunks: list[bytes] = []
    status: list[int] = []

    def count(*_: Any) -> None:
        counts[phase[0]] += 1

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/v1/auth/forgot-password",
        "raw_path": b"/v1/auth/forgot-password",
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"testserver"), (b"content-type", b"application/json")],
        "client": ("127.0.0.1", 5000),
        "server": ("testserver", 80),
    }
    sent = False

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            await asyncio.sleep(3600)
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            phase[0] = "after"
            status.append(message["status"])
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    engine = get_engine()
    event.listen(engine, "before_cursor_execute", count)
    try:
        asyncio.run(app(scope, receive, send))
    finally:
        event.remove(engine, "before_cursor_execute", count)
    assert status == [200]
    return counts["before"], counts["after"], json.loads(b"".join(chunks))


def test_known_and_unknown_emails_do_the_same_work_before_the_answer(app, db):
    make_user(db, email="known@example.com")
    known_before, known_after, known = _statements_before_the_answer(app, "known@example.com")
    unknown_before, unknown_after, unknown = _statements_before_the_answer(app, "nobody@example.com")
    assert known == {"message": SENT.format(email="known@example.com")}
    assert unknown == {"message": SENT.format(email="nobody@example.com")}
    # The answer is built without touching the database either way ...
    assert known_before == unknown_before == 0
    # ... and the account is looked up (and the link queued) only once it has left.
    assert known_after > unknown_after > 0
    assert db.scalar(select(OutboxMessage.to)) == "known@example.com"
    assert len(db.scalars(select(EmailToken)).all()) == 1


def test_the_reset_link_still_arrives(client, db):
    make_user(db, email="reader@example.com")
    r = client.post("/v1/auth/forgot-password", json={"email": "reader@example.com"})
    assert r.status_code == 200
    msg = db.scalar(select(OutboxMessage))
    assert msg is not None and msg.to == "reader@example.com" and "/auth/forgot-password/" in msg.body
