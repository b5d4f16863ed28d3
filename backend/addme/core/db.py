"""Engine, sessions and the declarative base shared by every domain's models."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from enum import StrEnum
from functools import lru_cache
from typing import Annotated, Any, TypeVar

from fastapi import Depends
from sqlalchemy import DateTime, Engine, Index, MetaData, and_, create_engine, event, text
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from addme.core import clock, deadlines
from addme.core.config import get_settings
from addme.core.errors import NotFound

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {datetime: DateTime()}


def partial_index(name: str, *columns: str, where: str, sqlite_where: str | None = None, **kw: Any) -> Index:
    """An index on the rows that match `where`, on both databases: the predicate is written once
    (SQLite's own only where its SQL differs, e.g. a boolean read as `= 1`)."""
    return Index(
        name,
        *columns,
        **kw,
        postgresql_where=text(where),
        sqlite_where=text(where if sqlite_where is None else sqlite_where),
    )


class TimestampMixin:
    created_at: Mapped[datetime] = mapped_column(default=clock.now, index=False)
    updated_at: Mapped[datetime] = mapped_column(default=clock.now, onupdate=clock.now)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    # WAL lets readers run beside the single writer; busy_timeout makes writers queue, not fail.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def make_engine(url: str | None = None) -> Engine:
    """Build an engine whose every wait on the database is bounded (core/deadlines.py)."""
    settings = get_settings()
    url = url or settings.sqlalchemy_url
    timeout = settings.db_timeout_seconds
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            from pathlib import Path

            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": timeout})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    limits = deadlines.Deadlines.from_budget(timeout)
    engine = create_engine(
        url,
        pool_size=settings.db_pool_size,
        max_overflow=settings.db_pool_size,
        pool_timeout=limits.pool_wait,
        pool_pre_ping=True,  # a dead connection after a restart is replaced, so the app recovers alone
        connect_args={
            **deadlines.libpq_keepalives(limits),
            "options": deadlines.SERVER_OPTIONS,
            "cursor_factory": deadlines.DeadlineCursor,
        },
    )

    @event.listens_for(engine, "do_connect")
    def _connect(_dialect: Any, _record: Any, cargs: Any, cparams: Any) -> Any:
        # psycopg.connect with our connection class: its commits and rollbacks are timed too.
        conn = deadlines.DeadlineConnection.connect(*cargs, **cparams)
        conn.statement_seconds = limits.statement
        conn.background_seconds = limits.job_statement
        return conn

    # The pre-ping is a trivial statement: given a short deadline, a frozen server fails it fast
    # and the reconnect that follows (connect_timeout) still fits in the budget.
    ping = engine.dialect.do_ping

    def _quick_ping(dbapi_conn: Any) -> bool:
        with deadlines.statement_deadline(limits.ping):
            return ping(dbapi_conn)

    engine.dialect.do_ping = _quick_ping  # type: ignore[method-assign,assignment]
    return engine


@lru_cache
def get_engine() -> Engine:
    return make_engine()


@lru_cache
def get_read_engine() -> Engine | None:
    """The replica's engine (DATABASE_READ_URL), for the public reads that go through SQLAlchemy
    (the sitemap, page heads); None without a replica. core/reads.py decides when it is used."""
    url = get_settings().sqlalchemy_read_url
    return make_engine(url) if url else None


@lru_cache
def _session_factory() -> sessionmaker[Session]:
    return sessionmaker(bind=get_engine(), expire_on_commit=False)


def new_session() -> Session:
    """A new ORM session on the app's engine."""
    return _session_factory()()


def get_db() -> Iterator[Session]:
    """FastAPI dependency: one session per request, rolled back if the request failed."""
    session = new_session()
    try:
        yield session
    finally:
        session.close()


@contextmanager
def session_scope() -> Iterator[Session]:
    """A session that commits on success, for jobs and the CLI."""
    session = new_session()
    try:
        yield session
        session.commit()
    except Exception:
        session.rollback()
        raise
    finally:
        session.close()


def starts_with(column: Any, prefix: str, *, dialect: str) -> Any:
    """`column LIKE 'prefix%'` (wildcards escaped) that an index can answer on both databases.

    PostgreSQL walks a text_pattern_ops index for it. SQLite's LIKE is case-insensitive and cannot
    use a plain index, so there a range on the (binary-collated) column leads and LIKE confirms.
    """
    escaped = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    like = column.like(escaped + "%", escape="\\")
    if dialect == "sqlite":
        return and_(column >= prefix, column < prefix + "\U0010ffff", like)
    return like


# What a route (or a dependency of a domain's) asks for: one session per request.
DbSession = Annotated[Session, Depends(get_db)]


Row = TypeVar("Row")


def get_or_404(
    session: Session, model: type[Row], ident: int, message: str, *, code: StrEnum | None = None
) -> Row:
    """The row with this primary key, or the caller's own 404 (its message and code)."""
    row = session.get(model, ident)
    if row is None:
        raise NotFound(message, code=code)
    return row


def insert_once(session: Session, model: type[Any], values: dict[str, Any], *, conflict: list[str]) -> bool:
    """INSERT ... ON CONFLICT DO NOTHING; True when the row went in.

    No savepoint needed: a concurrent twin waits for the first commit, then inserts nothing.
    """
    dialect = session.get_bind().dialect.name
    insert = pg_insert if dialect == "postgresql" else sqlite_insert
    table = model.__table__
    # RETURNING, not rowcount: psycopg reports -1 for a single-row insert with implicit RETURNING.
    stmt = (
        insert(table)
        .values(**values)
        .on_conflict_do_nothing(index_elements=conflict)
        .returning(*table.primary_key.columns)
    )
    return session.execute(stmt).first() is not None
