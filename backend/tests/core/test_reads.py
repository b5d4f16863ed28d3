"""The hot read path (core/reads.py): the reader of each database, and recovery on PostgreSQL."""

from __future__ import annotations

import asyncio

import psycopg
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from addme.core import reads
from addme.core.config import get_settings
from addme.core.db import get_engine
from addme.listings import service
from tests.conftest import IS_PG
from tests.factories.listings import make_username


def test_the_app_reads_through_the_reader_of_its_database(app):
    with TestClient(app):
        # Started through its lifespan: PostgreSQL is read on the event loop, SQLite in threads.
        assert isinstance(reads.current(), reads.PgReader if IS_PG else reads.ThreadReader)
    # Stopped: its pool is closed and nothing points at it any more.
    assert isinstance(reads.current(), reads.ThreadReader)


@pytest.mark.skipif(not IS_PG, reason="server-side connections to kill need PostgreSQL")
def test_lists_recover_by_themselves_when_the_database_drops_every_connection(client, db):
    make_username(db, username="still_here")
    assert [c["username"] for c in client.get("/v1/usernames").json()["data"]] == ["still_here"]
    # What a database restart does to a pool: every connection it holds is closed under it.
    with get_engine().connect() as conn:
        killed = conn.execute(
            text(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE application_name = 'addme-reads' AND datname = current_database()"
            )
        ).scalar_one()
    assert killed >= 1
    service.invalidate_listings()
    r = client.get("/v1/usernames")
    assert r.status_code == 200
    assert [c["username"] for c in r.json()["data"]] == ["still_here"]


@pytest.mark.skipif(not IS_PG, reason="read-only sessions are a PostgreSQL setting")
def test_read_connections_cannot_write():
    conninfo = reads.pg_conninfo(get_settings())
    assert conninfo is not None
    reader = reads.PgReader(conninfo, max_size=1, timeout=5)

    async def write() -> None:
        await reader.open()
        try:
            await reader.fetch((text("CREATE TABLE never_made (id int)"), {}))  # type: ignore[arg-type]
        finally:
            await reader.close()

    with pytest.raises(psycopg.errors.ReadOnlySqlTransaction):
        asyncio.run(write())


def test_a_list_during_a_database_outage_is_a_503_with_the_spec_message_then_recovers(
    client, db, monkeypatch
):
    from addme.core import db as core_db
    from addme.core.errors import SERVER_DOWN

    make_username(db, username="back_again")
    if IS_PG:
        # A pool that cannot reach its server: nobody listens on port 1.
        dead: reads.Reader = reads.PgReader("postgresql://nobody@127.0.0.1:1/none", max_size=1, timeout=1)
        client.portal.call(dead.open)
        live = reads.current()
        reads.install(dead)
    else:
        from sqlalchemy import create_engine

        gone = create_engine("sqlite:////nonexistent-dir/none.db")
        monkeypatch.setattr(core_db, "get_engine", lambda: gone)
    try:
        service.invalidate_listings()
        r = client.get("/v1/usernames")
        assert r.status_code == 503
        assert r.json()["message"] == SERVER_DOWN
    finally:
        if IS_PG:
            reads.install(live)
            client.portal.call(dead.close)
        monkeypatch.undo()
    assert [c["username"] for c in client.get("/v1/usernames").json()["data"]] == ["back_again"]
