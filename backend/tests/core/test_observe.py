"""Request ids, JSON log lines with them, and /metrics for the private network only."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import select

import httpx
import pytest
from fastapi.testclient import TestClient

from addme.core import edge, observe
from addme.core.logging import JsonFormatter
from tests.factories.listings import make_username


def test_every_answer_carries_a_request_id_and_keeps_a_valid_one_it_was_given(client):
    r = client.get("/v1/health")
    assert len(r.headers["x-request-id"]) == 32
    given = client.get("/v1/health", headers={"X-Request-ID": "nginx-abc123def456"})
    assert given.headers["x-request-id"] == "nginx-abc123def456"
    odd = client.get("/v1/health", headers={"X-Request-ID": "<script>"})
    assert odd.headers["x-request-id"] != "<script>" and len(odd.headers["x-request-id"]) == 32


@pytest.fixture
def json_lines(monkeypatch):
    """The app's JSON stream handler on a string, at a level the test sets (set_level)."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("addme")
    monkeypatch.setattr(logger, "handlers", [handler])
    before = logger.level
    yield stream, logger.setLevel  # setLevel, not the attribute: it clears isEnabledFor's caches
    logger.setLevel(before)


def test_a_crowd_of_requests_leaves_one_json_access_line_each(monkeypatch, json_lines):
    """Lines of requests answered together are written together, each whole and with its id."""
    stream, set_level = json_lines
    set_level(logging.INFO)
    writes: list[str] = []
    real_write = stream.write
    monkeypatch.setattr(stream, "write", lambda text: writes.append(text) or real_write(text))

    async def hello(scope, receive, send):
        await asyncio.sleep(0)
        status = 404 if scope["path"].endswith("missing") else 200
        await send({"type": "http.response.start", "status": status, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    app = edge.EdgeMiddleware(hello, security_headers=[], log_requests=True)

    async def crowd() -> list[httpx.Response]:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as http:
            paths = [f"/v1/usernames/{i}" for i in range(59)] + ["/v1/missing"]
            answers = await asyncio.gather(*(http.get(p) for p in paths))
            await asyncio.sleep(0)  # the loop's next turn writes what the last one answered
            return list(answers)

    answers = asyncio.run(crowd())
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert sorted(line["msg"] for line in lines) == sorted(
        f"GET {r.request.url.path} {r.status_code}" for r in answers
    )
    assert {line["request_id"] for line in lines} == {r.headers["x-request-id"] for r in answers}
    assert all(line["logger"] == "addme.access" and line["level"] == "info" for line in lines)
    assert {line["status"] for line in lines} == {200, 404}
    # Batched, not a write per request; each write whole lines that a pipe shared with the other
    # web processes takes at once (PIPE_BUF, 4,096 bytes on Linux).
    assert sum(w.count("\n") for w in writes) == 60 and 1 < len(writes) < 60
    assert all(w.endswith("\n") and len(w.encode()) <= select.PIPE_BUF for w in writes)


def test_no_access_line_is_built_when_the_level_hides_it(json_lines):
    stream, set_level = json_lines
    set_level(logging.WARNING)
    lines = observe.AccessLines(logging.getLogger("addme.access"))
    lines.write(method="GET", path="/", status=200, ms=1.0, route="/", rid="x")
    assert lines.lines == [] and stream.getvalue() == ""


def test_log_lines_written_during_a_request_name_it():
    token = observe.request_id.set("req-0123456789")
    try:
        record = logging.LogRecord(
            "addme.access", logging.INFO, __file__, 1, "GET %s %s", ("/v1/usernames", 200), None
        )
        record.status, record.ms, record.route = 200, 3.2, "/v1/usernames"
        line = json.loads(JsonFormatter().format(record))
    finally:
        observe.request_id.reset(token)
    assert line["request_id"] == "req-0123456789" and line["msg"] == "GET /v1/usernames 200"
    assert line["status"] == 200 and line["route"] == "/v1/usernames" and line["ms"] == 3.2


@pytest.mark.parametrize("peer", ["127.0.0.1", "10.4.0.9", "192.168.1.20"])
def test_metrics_answer_the_private_network(app, db, peer):
    make_username(db)
    with TestClient(app, client=(peer, 40000)) as c:
        c.get("/v1/usernames")
        r = c.get("/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    text = r.text
    assert 'addme_http_requests_total{method="GET",route="/v1/usernames",status="200"}' in text
    assert 'addme_http_request_duration_seconds_bucket{le="0.05",route="/v1/usernames"}' in text
    assert "addme_db_pool_connections" in text
    assert "addme_ledger_mismatched_accounts 0.0" in text
    assert "addme_db_up 1.0" in text


@pytest.mark.parametrize("peer", ["203.0.113.7", "2001:db8::1", "testclient"])
def test_metrics_do_not_exist_for_the_public(app, peer):
    with TestClient(app, client=(peer, 40000)) as c:
        assert c.get("/metrics").status_code == 404
        # Nor through a forwarded header it does not trust.
        assert c.get("/metrics", headers={"X-Forwarded-For": "10.0.0.1"}).status_code == 404
