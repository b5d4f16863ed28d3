"""Fill a benchmark database with N listed usernames (and their owners and tags), fast.

Rows go in with SQLAlchemy Core in large batches (PostgreSQL: COPY), not through the ORM: this is
about measuring reads at 100k and 1M rows, not about how fast the app writes.
"""

from __future__ import annotations

import random
import sys
import time
from datetime import timedelta

from sqlalchemy import create_engine, insert, text
from sqlalchemy.orm import Session

from addme import models  # noqa: F401
from addme.core import clock
from addme.core.db import Base
from addme.listings import facets
from addme.listings.search import indexes
from addme.moderation import reputation

APPS = ["snapchat", "telegram", "kik"]
GENDERS = ["Female", "Male", "Female", "Male", "Transgender", "Other"]
ORIENTATIONS = ["Straight", "Straight", "Bisexual", "Gay", "Lesbian", "Other"]
COUNTRIES = ["US", "US", "GB", "CA", "FR", "DE", "AU", "BR", "IN", "MX", "ES", "IT", "NL", "SE", "PL"]
TAGS = ["fun", "gamer", "chill", "music", "fitness", "travel", "night-owl", "art", "anime", "memes"]
BATCH = 10_000
# Handles made of words, as members pick them ("shy_otter4521"), so that text search at 1M rows
# meets common words, rare ones and parts of handles as it would on the site.
WORDS_A = [
    "shy",
    "blue",
    "sunny",
    "night",
    "wild",
    "sweet",
    "lazy",
    "happy",
    "dark",
    "cosmic",
    "tiny",
    "bold",
]
WORDS_B = [
    "otter",
    "kitty",
    "fox",
    "gamer",
    "rider",
    "dreamer",
    "panda",
    "wolf",
    "angel",
    "ninja",
    "storm",
    "peach",
]


def handle_for(i: int) -> str:
    """The handle of bench username number i."""
    return f"{WORDS_A[i % 12]}_{WORDS_B[(i // 12) % 12]}{i}"


def _rows(n: int, owners: int, rng: random.Random):  # type: ignore[no-untyped-def]
    now = clock.now()
    for i in range(1, n + 1):
        sort_at = now - timedelta(seconds=rng.randint(0, 60 * 24 * 3600))
        tags = rng.sample(TAGS, rng.randint(1, 3))
        vip = now + timedelta(days=10) if rng.random() < 0.03 else None
        yield {
            "id": i,
            "user_id": (i % owners) + 1,
            "app": APPS[i % 3],
            "username": handle_for(i),
            "username_normalized": handle_for(i),
            "description": "Say hi, I reply fast. Looking for new friends to chat with.",
            "short_description": "Say hi, I reply fast.",
            "gender": rng.choice(GENDERS),
            "orientation": rng.choice(ORIENTATIONS),
            "type": "Clean" if rng.random() < 0.8 else "Dirty",
            "age": rng.randint(18, 55),
            "country_code": rng.choice(COUNTRIES),
            "paid_content": False,
            "tags_text": " ".join(tags),
            "status": "approved",
            "is_hidden": False,
            "approved_at": sort_at,
            "last_top_up": sort_at,
            "sort_at": sort_at,
            "listed": True,
            "owner_vip_until": vip,
            # A fifth of the listings were seen this week, and their score is what the popularity
            # job would make of their daily counts (written beside them): its first run on this
            # database then has nothing to rewrite, as on a running site.
            "popularity": rng.randint(1, 500) if rng.random() < 0.2 else 0,
            "reputation": 0,
            "edits_in_window": 0,
            "created_at": sort_at,
            "updated_at": sort_at,
            "_tags": tags,
        }


def stamp_head(url: str) -> None:
    """Record the newest migration as applied (the schema was made from the models)."""
    from alembic import command
    from alembic.config import Config

    from addme.cli import BACKEND_DIR

    cfg = Config(str(BACKEND_DIR / "alembic.ini"))
    cfg.set_main_option("script_location", str(BACKEND_DIR / "migrations"))
    cfg.attributes["url"] = url.replace("postgresql://", "postgresql+psycopg://", 1)
    command.stamp(cfg, "head")


def seed(url: str, n: int) -> None:
    """Create the schema and insert n usernames owned by n/4 members."""
    # A plain engine: the app's carries a web request's deadlines (15 s statements), and a bulk
    # load's batches on a busy machine take longer.
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    Base.metadata.drop_all(engine)
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS bench_seeded"))
    Base.metadata.create_all(engine)
    if engine.dialect.name == "postgresql":
        # The search indexes are built once after the load: maintained row by row, they made it crawl.
        with engine.begin() as conn:
            for index in (indexes.PG_INDEX, indexes.PG_HANDLE_INDEX):
                conn.exec_driver_sql(f"DROP INDEX IF EXISTS {index}")
    tables = Base.metadata.tables
    users, wallets, usernames, tags, username_tags, daily_stats = (
        tables["users"],
        tables["wallets"],
        tables["usernames"],
        tables["tags"],
        tables["username_tags"],
        tables["username_daily_stats"],
    )
    rng = random.Random(42)
    owners = max(1, n // 4)
    now = clock.now()
    started = time.perf_counter()
    with engine.begin() as conn:
        conn.execute(insert(tags), [{"id": i + 1, "name": t, "created_at": now} for i, t in enumerate(TAGS)])
        for start in range(0, owners, BATCH):
            conn.execute(
                insert(users),
                [
                    {
                        "id": i + 1,
                        "email": f"bench{i + 1}@bench.local",
                        "email_normalized": f"bench{i + 1}@bench.local",
                        "password_hash": "!",
                        "age_verified": False,
                        "high_risk": False,
                        "created_at": now,
                        "updated_at": now,
                    }
                    for i in range(start, min(owners, start + BATCH))
                ],
            )
            conn.execute(
                insert(wallets),
                [{"user_id": i + 1} for i in range(start, min(owners, start + BATCH))],
            )
    tag_ids = {t: i + 1 for i, t in enumerate(TAGS)}
    batch: list[dict[str, object]] = []
    links: list[dict[str, object]] = []

    today = now.date()

    def flush() -> None:
        seen = [
            {"username_id": row["id"], "day": today - timedelta(days=int(row["id"]) % 7), "views": row["popularity"], "clicks": 0}
            for row in batch
            if row["popularity"]
        ]
        with engine.begin() as conn:
            conn.execute(insert(usernames), batch)
            conn.execute(insert(username_tags), links)
            if seen:
                conn.execute(insert(daily_stats), seen)
        batch.clear()
        links.clear()

    for row in _rows(n, owners, rng):
        for pos, tag in enumerate(row.pop("_tags")):  # type: ignore[attr-defined]
            links.append({"username_id": row["id"], "tag_id": tag_ids[tag], "position": pos})
        batch.append(row)
        if len(batch) >= BATCH:
            flush()
    if batch:
        flush()
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(text("SELECT setval(pg_get_serial_sequence('usernames','id'), :n)"), {"n": n})
            conn.execute(text("SELECT setval(pg_get_serial_sequence('users','id'), :n)"), {"n": owners})
            # Tags were written with their ids: the next one the app creates must not collide.
            conn.execute(text("SELECT setval(pg_get_serial_sequence('tags','id'), :n)"), {"n": len(TAGS)})
            indexes.install_search(conn)
    # The tag and country counts, as the recount job leaves them every minute on a running site: a
    # run starting on a database that never had them would measure its first requests recounting a
    # million rows side by side (seconds each, 503s past the read deadline), not the site.
    with engine.begin() as conn:
        facets.refresh_facets(conn, now=clock.now())
    # Reputation scores, as the scoring job leaves them: its first pass over a fresh million rows
    # rewrites every row (about ten minutes here), which in a benchmark run would measure that pass
    # (statement timeouts, seconds-long stalls of every commit), not a running site.
    reputation.TIME_BUDGET_SECONDS = float("inf")  # the job's runs are time-boxed; the seed is not
    reputation.PAUSE = 0.0  # nor does it leave room for a site's requests: there are none yet
    with Session(engine) as session:
        reputation.refresh(session)
    # The schema is the models' (the migrations' head, tests/test_migrations.py): say so, so that
    # `addme migrate` (the production profile's start, bench/mixed.py) finds nothing to do.
    stamp_head(url)
    # VACUUM sets the visibility map (index-only scans without heap fetches), as autovacuum would.
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        if engine.dialect.name == "postgresql":
            # The reputation pass above wrote a new version of every row after the search's GIN
            # indexes were built, and they took those entries one at a time (fastupdate off): the
            # handle index came out 76 MB against 33 MB rebuilt, and a whole-handle search read 547
            # of its pages (8.5 ms against 2.0 ms). A running site rebuilds them now and then
            # (docs/operations.md, "Search indexes"); the benchmarks measure that site.
            for index in (indexes.PG_INDEX, indexes.PG_HANDLE_INDEX):
                conn.execute(text(f"REINDEX INDEX {index}"))
        conn.execute(text("VACUUM ANALYZE" if engine.dialect.name == "postgresql" else "ANALYZE"))
        # Written last: bench/run.py reuses a database only once its seed is whole.
        conn.execute(text("DROP TABLE IF EXISTS bench_seeded"))
        conn.execute(text("CREATE TABLE bench_seeded (rows integer NOT NULL)"))
        conn.execute(text("INSERT INTO bench_seeded (rows) VALUES (:n)"), {"n": n})
        if engine.dialect.name == "postgresql":
            # The seed and VACUUM leave the whole table dirty in shared buffers: written now, not by
            # the checkpointer in the middle of the first benchmark (a disk busy with it held every
            # commit for seconds in bench/mixed.py's first run).
            conn.execute(text("CHECKPOINT"))
    engine.dispose()
    print(f"seeded {n} usernames in {time.perf_counter() - started:.0f}s", file=sys.stderr)


if __name__ == "__main__":
    seed(sys.argv[1], int(sys.argv[2]))
