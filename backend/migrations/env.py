"""Alembic environment: the app's engine and metadata; batch mode so SQLite can alter tables."""

from __future__ import annotations

from alembic import context

from addme import models  # noqa: F401
from addme.core.config import get_settings
from addme.core.db import Base, make_engine
from addme.listings import search

config = context.config
target_metadata = Base.metadata


def run_migrations_offline() -> None:
    context.configure(
        url=get_settings().sqlalchemy_url, target_metadata=target_metadata, render_as_batch=True
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    url = config.attributes.get("url")
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = make_engine(url) if url else make_engine()
    with engine.connect() as conn:
        _run(conn)
    engine.dispose()


def _run(connection: object) -> None:
    context.configure(
        connection=connection,  # type: ignore[arg-type]
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
        # Full-text objects (FTS5 tables, GIN index) are made by listings.search, not the models.
        include_name=lambda name, _type, _parent: not search.is_search_object(name),
    )
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
