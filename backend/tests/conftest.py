"""Test setup: a real database (SQLite file, or PostgreSQL with ADDME_TEST_DB=postgresql), emptied
between tests, and FastAPI's TestClient on the real app."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

_TMP = Path(tempfile.mkdtemp(prefix="addme-test-"))
_BACKEND = os.environ.get("ADDME_TEST_DB", "sqlite")
PG_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
IS_PG = _BACKEND == "postgresql"
_PG_DB = f"addme_t_{os.getpid()}"
_PG_ERROR: str | None = None


def _create_pg_database() -> str:
    """A database of this run's own, so parallel runs on one server never touch each other's rows."""
    global _PG_ERROR
    try:
        import psycopg

        with psycopg.connect(PG_URL, autocommit=True, connect_timeout=5) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{_PG_DB}"')
            conn.execute(f'CREATE DATABASE "{_PG_DB}"')
    except Exception as exc:  # reported (and failed on) in pytest_sessionstart
        _PG_ERROR = f"{exc.__class__.__name__}: {exc}"
        return PG_URL
    return PG_URL.rsplit("/", 1)[0] + "/" + _PG_DB


os.environ["ENV"] = "test"
os.environ["DATABASE_URL"] = _create_pg_database() if IS_PG else f"sqlite:///{_TMP / 'test.db'}"
os.environ["MEDIA_DIR"] = str(_TMP / "media")
os.environ["PRIVATE_DIR"] = str(_TMP / "private")
os.environ.setdefault("SITE_URL", "http://testserver")
os.environ["REDIS_URL"] = ""

from fastapi.testclient import TestClient  # noqa: E402
from sqlalchemy import text  # noqa: E402
from sqlalchemy.orm import Session  # noqa: E402

from addme import models  # noqa: E402, F401
from addme.core import clock, ratelimit, sitemode  # noqa: E402
from addme.core.config import get_settings  # noqa: E402
from addme.core.db import Base, get_engine, new_session  # noqa: E402


def _check_database() -> None:
    try:
        with get_engine().connect() as conn:
            conn.execute(text("SELECT 1"))
    except Exception as exc:
        msg = f"test database unreachable ({get_settings().database_url}): {exc.__class__.__name__}"
        # In CI an unreachable PostgreSQL is a failure, never a skip.
        pytest.exit(msg, returncode=3)


def pytest_sessionstart(session: pytest.Session) -> None:
    get_settings.cache_clear()
    if _PG_ERROR:
        # In CI an unreachable PostgreSQL is a failure, never a skip.
        pytest.exit(f"PostgreSQL unreachable at {PG_URL}: {_PG_ERROR}", returncode=3)
    _check_database()
    engine = get_engine()
    # A clean schema each run. Tables come from the models here; test_migrations checks that the
    # migrations build the very same schema.
    with engine.begin() as conn:
        if IS_PG:
            conn.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
            conn.execute(text("CREATE SCHEMA public"))
    Base.metadata.drop_all(engine)
    Base.metadata.create_all(engine)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if not IS_PG or _PG_ERROR:
        return
    get_engine().dispose()
    try:
        import psycopg

        with psycopg.connect(PG_URL, autocommit=True, connect_timeout=5) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{_PG_DB}" WITH (FORCE)')
    except Exception as exc:  # a leftover database is harmless; the next run with this pid replaces it
        print(f"could not drop {_PG_DB}: {exc}")


# The public schema's sequences that have handed out a value since they were last restarted.
_MOVED_SEQUENCES_SQL = """
SELECT sequencename FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL
"""


@pytest.fixture(autouse=True)
def _clean_state() -> Iterator[None]:
    yield
    clock.reset()
    ratelimit.reset()
    sitemode.forget()
    from addme.trust import service as trust

    trust.forget_rows()  # the per-process copy of the age-verification places
    from addme.trust import trackers

    trackers.forget()  # visits queued by this test's requests, never flushed
    from addme.listings.search import plan, tag_sizes, totals

    totals.forget_counts()
    tag_sizes.forget()  # how many usernames carried each tag in this test's rows
    plan.forget_words()  # how common each searched word was in this test's rows
    from addme.content import service as content

    content.forget_alerts()  # the per-process copy of the site's alerts
    from addme.core import web

    web.forget_parts()  # the pages' kept heads and boot data (this test's settings and build)
    engine = get_engine()
    tables = [t.name for t in reversed(Base.metadata.sorted_tables)]
    with engine.begin() as conn:
        if IS_PG:
            # TRUNCATE was most of the PostgreSQL suite's time: about 0.3 s a test, even for three
            # tables, since CASCADE from `users` reaches nearly every table and each one truncated
            # gets new files. A test leaves a few rows in a few tables: those are deleted (children
            # first, so no foreign key objects), and the sequences that moved start at 1 again, so
            # every test still begins on an empty database with ids from 1.
            full = set(
                conn.execute(
                    text(
                        " UNION ALL ".join(
                            f"SELECT '{t}' WHERE EXISTS (SELECT 1 FROM \"{t}\")" for t in tables
                        )
                    )
                ).scalars()
            )
            moved = conn.execute(text(_MOVED_SEQUENCES_SQL)).scalars().all()
            statements = [f'DELETE FROM "{t}"' for t in tables if t in full]
            statements += [f'ALTER SEQUENCE "{seq}" RESTART' for seq in moved]
            if statements:
                conn.exec_driver_sql("; ".join(statements))
        else:
            for t in tables:
                conn.execute(text(f'DELETE FROM "{t}"'))


@pytest.fixture
def db() -> Iterator[Session]:
    session = new_session()
    try:
        yield session
    finally:
        session.close()


@pytest.fixture(scope="session")
def app():  # type: ignore[no-untyped-def]
    from addme.main import create_app

    return create_app()


@pytest.fixture
def client(app) -> Iterator[TestClient]:  # type: ignore[no-untyped-def]
    with TestClient(app, base_url="http://testserver") as c:
        yield c
