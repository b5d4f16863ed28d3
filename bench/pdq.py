"""PDQ: hashing time per image, and copy search (media.blocking.find_copies) at 1M stored hashes.

Usage (from the repository root; a database of its own, dropped at the end unless --keep):
  nice -n 10 python3 -m uv run --project backend --frozen python bench/pdq.py --db postgresql
  ... --db sqlite --rows 1000000 --queries 200

Hashing: generated pictures (gradients and shapes) at phone sizes, through pipeline.fingerprint
(decode + PDQ, what a notice's picture costs) and pdq.compute alone at the 512-pixel reduction the
pipeline uses and at full size (why it reduces). Search: `rows` random hashes in
media_image_hashes (the multi-index's 16 indexed chunks), then find_copies for needles that match
(a stored hash with 20 bits flipped) and needles that match nothing, warm; the figures are the
median and 95th percentile in milliseconds, with the candidate rows read per needle. For
comparison, the same needles by brute force over a numpy array of all hashes (the alternative
that would have to be kept fresh in every web process).
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

PG_BASE = "postgresql://postgres@127.0.0.1:5432"


def _picture(seed: int, size: tuple[int, int]) -> bytes:
    from PIL import Image, ImageDraw

    rng = random.Random(seed)
    w, h = size
    img = Image.new("RGB", (2, 1))
    img.putdata([tuple(rng.randint(0, 255) for _ in range(3)) for _ in range(2)])  # type: ignore[misc]
    img = img.resize(size, Image.Resampling.BILINEAR)
    draw = ImageDraw.Draw(img)
    for _ in range(12):
        x0, y0 = rng.uniform(0, w * 0.8), rng.uniform(0, h * 0.8)
        box = (x0, y0, x0 + rng.uniform(w * 0.1, w * 0.5), y0 + rng.uniform(h * 0.1, h * 0.5))
        (draw.ellipse if rng.random() < 0.5 else draw.rectangle)(
            box, fill=tuple(rng.randint(0, 255) for _ in range(3))
        )
    out = io.BytesIO()
    img.save(out, "JPEG", quality=85)
    return out.getvalue()


def _ms(samples: list[float]) -> str:
    s = sorted(samples)
    p95 = s[min(len(s) - 1, int(len(s) * 0.95))]
    return f"median {statistics.median(s) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms"


def bench_hashing(rounds: int) -> None:
    from PIL import Image

    from addme.media import pdq, pipeline

    for size in ((1600, 1200), (4000, 3000)):
        files = [_picture(s, size) for s in range(rounds)]
        pipeline.fingerprint(files[0])
        took = []
        for data in files:
            t = time.perf_counter()
            pipeline.fingerprint(data)
            took.append(time.perf_counter() - t)
        print(f"fingerprint (decode + PDQ), {size[0]}x{size[1]} JPEG: {_ms(took)}")
        full = Image.open(io.BytesIO(files[0])).convert("RGB")
        for side in (pdq.HASH_SIDE, max(size)):
            img = full.copy()
            img.thumbnail((side, side))
            t = time.perf_counter()
            for _ in range(5):
                pdq.compute(img) if side == pdq.HASH_SIDE else _full(img)
            print(
                f"  PDQ alone on {img.size[0]}x{img.size[1]}: {(time.perf_counter() - t) / 5 * 1000:.1f} ms"
            )
        took = []
        for data in files[:10]:
            t = time.perf_counter()
            pipeline.process(data)
            took.append(time.perf_counter() - t)
        print(f"whole upload pipeline (decode, re-encode, thumbnails, PDQ), {size[0]}x{size[1]}: {_ms(took)}")


def _full(img: Any) -> None:
    import numpy as np
    import pdqhash

    pdqhash.compute(np.asarray(img))


def _seed_pg(url: str, rows: int) -> None:
    from sqlalchemy import create_engine, text

    from addme import models  # noqa: F401
    from addme.core.db import Base

    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    Base.metadata.create_all(engine)
    chunks = ", ".join(f"('x' || substr(h, {1 + 4 * i}, 4))::bit(16)::int" for i in range(16))
    names = ", ".join(f"c{i}" for i in range(16))
    with engine.begin() as conn:
        conn.execute(
            text(
                f"""INSERT INTO media_image_hashes (kind, storage_key, pdq, quality, created_at, {names})
                SELECT 'ad', 'ads/b' || i || '.webp', h, 90, now(), {chunks}
                FROM (SELECT i, md5(random()::text || i) || md5(random()::text || -i) AS h
                      FROM generate_series(1, :rows) AS i) s"""
            ),
            {"rows": rows},
        )
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.execute(text("VACUUM ANALYZE media_image_hashes"))
        size = conn.execute(
            text("SELECT pg_size_pretty(pg_total_relation_size('media_image_hashes'))")
        ).scalar()
        print(f"media_image_hashes with its 16 chunk indexes: {size}")
    engine.dispose()


def _seed_sqlite(url: str, rows: int) -> None:
    from sqlalchemy import create_engine, insert

    from addme import models  # noqa: F401
    from addme.core.db import Base
    from addme.media import hashes
    from addme.media.models import MediaImageHash

    engine = create_engine(url)
    Base.metadata.create_all(engine)
    rng = random.Random(1)
    batch: list[dict[str, Any]] = []
    with engine.begin() as conn:
        for i in range(rows):
            hexed = f"{rng.getrandbits(256):064x}"
            batch.append(
                {
                    "kind": "ad",
                    "storage_key": f"ads/b{i}.webp",
                    "pdq": hexed,
                    "quality": 90,
                    **hashes.chunk_values(hexed, 90),
                }
            )
            if len(batch) == 20000:
                conn.execute(insert(MediaImageHash), batch)
                batch = []
        if batch:
            conn.execute(insert(MediaImageHash), batch)
        conn.exec_driver_sql("ANALYZE")
    engine.dispose()
    print(f"SQLite file: {Path(url.removeprefix('sqlite:///')).stat().st_size / 1e6:.0f} MB")


def _flip(hexed: str, bits: int, rng: random.Random) -> str:
    value = int(hexed, 16)
    for bit in rng.sample(range(256), bits):
        value ^= 1 << bit
    return f"{value:064x}"


def _server_time(needles: list[str]) -> None:
    """The database's own time for the candidate query (EXPLAIN ANALYZE on PostgreSQL)."""
    from sqlalchemy import select, text

    from addme.core.db import new_session
    from addme.media import hashes

    with new_session() as session:
        if session.get_bind().dialect.name != "postgresql":
            return
        times = []
        for needle in needles:
            stmt = select(hashes.H.c.id, hashes.H.c.pdq).where(hashes.candidates(hashes.H, [needle]))
            sql = str(
                stmt.compile(dialect=session.get_bind().dialect, compile_kwargs={"literal_binds": True})
            )
            plan = session.execute(text("EXPLAIN (ANALYZE, BUFFERS) " + sql)).scalars().all()
            times.append(float(plan[-1].split(":")[1].strip().split()[0]) / 1000)
        print(f"  PostgreSQL's execution time for the candidate query: {_ms(times)}")


def bench_search(queries: int) -> None:
    import numpy as np
    from sqlalchemy import func, select

    from addme import models  # noqa: F401 - every mapper, for the sessions below
    from addme.core.db import new_session
    from addme.media import hashes, pdq
    from addme.media import blocking as media
    from addme.media.models import MediaImageHash

    rng = random.Random(7)
    with new_session() as session:
        total = session.scalar(select(func.count()).select_from(MediaImageHash)) or 0
        ids = rng.sample(range(1, total + 1), queries // 2)
        stored = list(session.scalars(select(MediaImageHash.pdq).where(MediaImageHash.id.in_(ids))))
    near = [_flip(h, 20, rng) for h in stored]
    far = [f"{rng.getrandbits(256):064x}" for _ in range(queries // 2)]
    print(f"stored hashes: {total}")
    for label, needles in (("a copy (20 bits off a stored hash)", near), ("nothing", far)):
        took, cpu, found, cands = [], [], 0, []
        with new_session() as session:
            media.find_copies(session, pdqs=[needles[0]])
            for needle in needles:
                t, c = time.perf_counter(), time.process_time()
                found += len(media.find_copies(session, pdqs=[needle]))
                took.append(time.perf_counter() - t)
                cpu.append(time.process_time() - c)
                cands.append(
                    session.scalar(
                        select(func.count())
                        .select_from(MediaImageHash)
                        .where(hashes.candidates(hashes.H, [needle]))
                    )
                    or 0
                )
        print(
            f"find_copies, needle matching {label}: {_ms(took)} (this process's CPU: {_ms(cpu)});"
            f" {found} found for {len(needles)} needles; candidates read per needle: median {statistics.median(cands):.0f}"
        )
        _server_time(needles[:20])
    with new_session() as session:
        t = time.perf_counter()
        batch = media.find_copies(session, pdqs=near[:20])
        print(
            f"find_copies with 20 needles at once: {(time.perf_counter() - t) * 1000:.1f} ms ({len(batch)} found)"
        )
    # The alternative: every hash in a numpy array, popcount of the XOR.
    with new_session() as session:
        t = time.perf_counter()
        hexes = list(session.scalars(select(MediaImageHash.pdq).order_by(MediaImageHash.id)))
        packed = np.frombuffer(bytes.fromhex("".join(hexes)), dtype=">u8").reshape(-1, 4).astype(np.uint64)
        print(
            f"numpy alternative: loading {len(hexes)} hashes into memory took {time.perf_counter() - t:.1f} s, {packed.nbytes / 1e6:.0f} MB"
        )
    took, cpu = [], []
    for needle in near + far:
        q = np.frombuffer(bytes.fromhex(needle), dtype=">u8").astype(np.uint64)
        t, c = time.perf_counter(), time.process_time()
        d = np.bitwise_count(packed ^ q).sum(axis=1)
        np.flatnonzero(d <= pdq.MATCH_DISTANCE)
        took.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    print(f"numpy brute force per needle: {_ms(took)} (CPU: {_ms(cpu)})")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", choices=["postgresql", "sqlite"], default="postgresql")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--hash-rounds", type=int, default=30)
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--skip-hashing", action="store_true")
    args = parser.parse_args()
    name = f"addme_bench_pdq_{args.rows}"
    if args.db == "postgresql":
        url = f"{PG_BASE}/{name}"
    else:
        url = f"sqlite:///{Path(tempfile.gettempdir()) / (name + '.db')}"
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("ENV", "development")
    os.environ.setdefault("RUN_JOBS_IN_WEB", "false")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
    if not args.skip_hashing:
        bench_hashing(args.hash_rounds)
    fresh = True
    if args.db == "postgresql":
        import psycopg

        with psycopg.connect(PG_BASE + "/postgres", autocommit=True) as conn:
            exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
            fresh = not (exists and args.keep)
            if fresh:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
                conn.execute(f'CREATE DATABASE "{name}"')
    else:
        path = Path(url.removeprefix("sqlite:///"))
        fresh = not (path.exists() and args.keep)
        if fresh:
            path.unlink(missing_ok=True)
    try:
        if fresh:
            t = time.perf_counter()
            (_seed_pg if args.db == "postgresql" else _seed_sqlite)(url, args.rows)
            print(f"seeded {args.rows} hashes in {time.perf_counter() - t:.0f} s")
        bench_search(args.queries)
    finally:
        if not args.keep:
            from addme.core.db import get_engine

            get_engine().dispose()
            if args.db == "postgresql":
                import psycopg

                with psycopg.connect(PG_BASE + "/postgres", autocommit=True) as conn:
                    conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            else:
                Path(url.removeprefix("sqlite:///")).unlink(missing_ok=True)


if __name__ == "__main__":
    main()
