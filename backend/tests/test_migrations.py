"""The migrations build exactly the schema the models describe, on this test run's database kind."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import psycopg
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from addme.cli import run_migrations
from addme.core.db import Base, make_engine
from addme.listings import search
from tests.conftest import IS_PG, PG_URL


def _admin(*statements: str) -> None:
    """Create or drop a database on a plain connection: the app's engine sets statement and
    per-round-trip deadlines meant for web requests, and a DROP DATABASE on a busy shared server
    can take longer than those."""
    with psycopg.connect(PG_URL, autocommit=True, connect_timeout=10) as conn:
        for statement in statements:
            conn.execute(statement)  # type: ignore[arg-type]


def _fresh_url() -> str:
    if IS_PG:
        # A name of this process's own: several test runs may share one server.
        name = f"addme_migcheck_{os.getpid()}"
        _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', f'CREATE DATABASE "{name}"')
        base = PG_URL.replace("postgresql://", "postgresql+psycopg://")
        return base.rsplit("/", 1)[0] + "/" + name
    return f"sqlite:///{Path(tempfile.mkdtemp()) / 'mig.db'}"


def test_migrations_match_models() -> None:
    url = _fresh_url()
    run_migrations(url)
    engine = make_engine(url)
    with engine.connect() as conn:
        ctx = MigrationContext.configure(
            conn, opts={"include_name": lambda name, _t, _p: not search.is_search_object(name)}
        )
        diff = compare_metadata(ctx, Base.metadata)
    engine.dispose()
    if IS_PG:
        _admin(f'DROP DATABASE IF EXISTS "{url.rsplit("/", 1)[1]}" WITH (FORCE)')
    assert diff == [], f"models and migrations differ: {diff}"
