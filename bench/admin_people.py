"""Time every admin table endpoint on PostgreSQL at 1,000,000 usernames and 200,000 users (issue #11).

Usage (from the repository root; a database of its own, dropped at the end unless --keep):
  nice -n 10 python3 -m uv run --project backend --frozen python bench/admin_people.py
  ... --users 200000 --usernames 1000000 --rounds 20 --keep

Seeding is SQL only (INSERT ... SELECT FROM generate_series), so 1.5 million rows go in within a
few minutes on a loaded 2-core machine: users (levels, bans, high risk, VIP, Studio, IPs), usernames
(approved, pending for review, banned, hidden), sessions, reports, unban and removal requests, audit
rows, media, contact messages and IP bans. The schema comes from the models (what the migrations
build; tests/test_migrations.py keeps the two equal).

Each endpoint is called through the ASGI app with a Full admin's bearer token (auth, the query,
the response model and JSON), warm, `rounds` times: the figures are the fastest, the median and the
95th percentile in milliseconds, measured in the server process (no network). On a shared, loaded
machine the fastest run is the closest to the endpoint's own cost; the median and p95 include the
waits for a CPU.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import Any

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432"


def _admin_db(base: str) -> Any:
    import psycopg

    return psycopg.connect(base + "/postgres", autocommit=True)


SEED_SQL = [
    # 200,000 accounts: 1 in 97 banned (1 in 3 of those for good), 1 in 50 high-risk, 1 in 30 VIP,
    # 1 in 400 Studio, 1 in 20,000 an admin; IPs spread over 65,536 addresses.
    """
    INSERT INTO users (id, email, email_normalized, password_hash, first_name, email_confirmed_at,
        country_code, ip_address, admin_level, age_verified, high_risk,
        last_login_at, banned_at, banned_until, ban_reason, created_at, updated_at)
    SELECT i, 'member' || i || '@bench.local', 'member' || i || '@bench.local', '!', 'Member' || i,
        now() - make_interval(secs => i * 60),
        (ARRAY['US','GB','CA','FR','DE','AU','BR','IN'])[1 + i % 8],
        '198.51.' || (i % 256) || '.' || ((i / 256) % 256),
        CASE WHEN i % 20000 = 0 THEN 'Moderator' END,
        i % 4 = 0, i % 50 = 0,
        now() - make_interval(secs => (i::bigint * 7919) % 5000000),
        CASE WHEN i % 97 = 0 THEN now() - interval '1 day' END,
        CASE WHEN i % 97 = 0 AND i % 3 <> 0 THEN now() + interval '30 days' END,
        CASE WHEN i % 97 = 0 THEN 'Spam' END,
        now() - make_interval(secs => (200001 - i) * 150), now()
    FROM generate_series(1, :users) AS i
    """,
    # Their wallets (#10): the balances, slots and VIP and Studio end dates.
    """
    INSERT INTO wallets (user_id, max_usernames, username_slots, top_ups_count, fire_pins_count,
        studio_ending_at, promotion_ending_at)
    SELECT i, 5, 0, 0, 0,
        CASE WHEN i % 400 = 0 THEN now() + interval '20 days' END,
        CASE WHEN i % 30 = 0 THEN now() + interval '20 days' END
    FROM generate_series(1, :users) AS i
    """,
    # 1,000,000 usernames, five per account: 2% pending review (the review queue), 0.5% banned,
    # 0.2% hidden by a report, the rest approved and listed.
    """
    INSERT INTO usernames (id, user_id, app, username, username_normalized, description,
        short_description, gender, orientation, type, age, country_code, paid_content, tags_text,
        status, review_reason, is_hidden, banned_until, approved_at, last_top_up, sort_at, listed,
        owner_vip_until, popularity, reputation, edits_in_window, created_at, updated_at)
    SELECT i, 1 + i % :users, (ARRAY['snapchat','telegram','kik'])[1 + i % 3],
        'bench_user_' || i, 'bench_user_' || i, 'Say hi, I reply fast.', 'Say hi.',
        (ARRAY['Female','Male','Transgender','Other'])[1 + i % 4],
        (ARRAY['Straight','Bisexual','Gay','Lesbian','Other'])[1 + i % 5],
        CASE WHEN i % 5 = 0 THEN 'Dirty' ELSE 'Clean' END, 18 + i % 40,
        (ARRAY['US','GB','CA','FR','DE','AU','BR','IN'])[1 + i % 8], false, 'fun chill',
        CASE WHEN i % 50 = 1 THEN 'pending' WHEN i % 200 = 3 THEN 'banned' ELSE 'approved' END,
        CASE WHEN i % 50 = 1 THEN 'Blacklisted term: spam' END,
        i % 500 = 7,
        CASE WHEN i % 200 = 3 THEN now() + interval '10 days' END,
        now() - make_interval(secs => (1000001 - i) * 30),
        now() - make_interval(secs => (i::bigint * 104729) % 5000000),
        now() - make_interval(secs => (i::bigint * 104729) % 5000000),
        i % 50 <> 1 AND i % 500 <> 7 AND i % 200 <> 3,
        CASE WHEN (1 + i % :users) % 30 = 0 THEN now() + interval '20 days' END,
        i % 500, 0, 0,
        now() - make_interval(secs => (1000001 - i) * 30), now()
    FROM generate_series(1, :usernames) AS i
    """,
    # Sessions for one account in five, from the account's IP.
    """
    INSERT INTO auth_tokens (user_id, token_hash, created_at, last_used_at, expires_at, idle_seconds,
        ip_address)
    SELECT id, md5(id::text) || md5((id + 1)::text), created_at, created_at, now() + interval '30 days',
        86400, ip_address
    FROM users WHERE id % 5 = 0
    """,
    # 60,000 reports on 40,000 usernames; one in ten open, underage among them.
    """
    INSERT INTO username_reports (username_id, reporter_id, ip_address, type, message, status,
        hid_listing, decision, created_at, resolved_at)
    SELECT 1 + (i * 16) % :usernames, 1 + (i * 7) % :users, '203.0.113.' || (i % 256),
        (ARRAY['underage','fake','removal','sell','other'])[1 + (i / 10) % 5], 'Looks wrong.',
        CASE WHEN i % 10 = 0 THEN 'open' WHEN i % 3 = 0 THEN 'upheld' ELSE 'dismissed' END,
        false, CASE WHEN i % 10 <> 0 THEN 'dismiss' END,
        now() - make_interval(secs => (60001 - i) * 120),
        CASE WHEN i % 10 <> 0 THEN now() - make_interval(secs => (60001 - i) * 100) END
    FROM generate_series(1, 60000) AS i
    """,
    """
    INSERT INTO unban_requests (username_id, user_id, message, status, automatic, created_at,
        decided_at)
    SELECT u.id, u.user_id, 'Please.', CASE WHEN (u.id / 200) % 4 = 0 THEN 'pending' ELSE 'approved' END,
        false, now() - make_interval(secs => (1000001 - u.id)), CASE WHEN (u.id / 200) % 4 <> 0 THEN now() END
    FROM usernames u WHERE u.banned_until IS NOT NULL
    """,
    """
    INSERT INTO removal_requests (username_id, app, username, reason, email, proof_path, status,
        created_at, decided_at)
    SELECT i * 97, 'snapchat', 'bench_user_' || (i * 97), 'Not me.', 'req' || i || '@bench.local',
        'proofs/none.webp', CASE WHEN i % 5 = 0 THEN 'pending' ELSE 'refused' END,
        now() - make_interval(secs => (10001 - i) * 600), CASE WHEN i % 5 <> 0 THEN now() END
    FROM generate_series(1, 10000) AS i
    """,
    # 300,000 audit rows by the ten admins, spread over ten actions and many targets.
    """
    INSERT INTO admin_audit (admin_id, admin_level, action, target, reason, created_at)
    SELECT 20000 * (1 + i % 10), 'Moderator',
        (ARRAY['report.dismiss','username.approve','username.reject','user.ban','user.unban',
               'ip.ban','media.remove','wallet.grant','contact.reply','user.level'])[1 + i % 10],
        CASE WHEN i % 2 = 0 THEN 'username:' || (1 + (i * 13) % :usernames)
             ELSE 'user:' || (1 + (i * 13) % :users) END,
        'Routine.', now() - make_interval(secs => (300001 - i) * 20)
    FROM generate_series(1, 300000) AS i
    """,
    # 400,000 pictures on the listed usernames.
    """
    INSERT INTO media (user_id, username_id, kind, storage_key, thumb_key, width, height,
        content_type, size_bytes, phash, created_at)
    SELECT 1 + ((i * 5) % :usernames) % :users, 1 + (i * 5) % :usernames,
        CASE WHEN i % 3 = 0 THEN 'profile' ELSE 'gallery' END,
        'm/' || md5(i::text), 't/' || md5(i::text), 800, 800, 'image/webp', 50000,
        substr(md5(i::text), 1, 16), now() - make_interval(secs => (400001 - i) * 10)
    FROM generate_series(1, 400000) AS i
    """,
    """
    INSERT INTO contact_requests (user_id, reason, reply_email, other_notes, fields, status,
        created_at)
    SELECT 1 + i % :users, (ARRAY['general','payment','removal','bug'])[1 + i % 4],
        'c' || i || '@bench.local', 'Hello.', '{}',
        CASE WHEN i % 6 = 0 THEN 'new' WHEN i % 2 = 0 THEN 'answered' ELSE 'closed' END,
        now() - make_interval(secs => (30001 - i) * 300)
    FROM generate_series(1, 30000) AS i
    """,
    """
    INSERT INTO ip_bans (cidr, reason, banned_until, created_at, lifted_at)
    SELECT '192.0.' || (i / 256) || '.' || (i % 256) || '/32', 'Abuse',
        CASE WHEN i % 2 = 0 THEN now() + interval '10 days' END, now() - make_interval(secs => i * 60),
        CASE WHEN i % 3 = 0 THEN now() END
    FROM generate_series(1, 2000) AS i
    """,
    "SELECT setval(pg_get_serial_sequence('users', 'id'), :users)",
    "SELECT setval(pg_get_serial_sequence('usernames', 'id'), :usernames)",
]


def seed(url: str, *, users: int, usernames: int) -> float:
    from sqlalchemy import create_engine, text

    from addme import models  # noqa: F401
    from addme.core.db import Base

    started = time.perf_counter()
    # A plain engine: the app's has statement deadlines (core/deadlines.py) made for requests.
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    Base.metadata.create_all(engine)
    params = {"users": users, "usernames": usernames}
    tables = ("users", "wallets", "usernames", "auth_tokens", "username_reports", "unban_requests",
              "removal_requests", "admin_audit", "media", "contact_requests", "ip_bans")  # fmt: skip
    with engine.begin() as conn:
        conn.execute(text("SET LOCAL synchronous_commit = off"))
        conn.execute(text("SET LOCAL maintenance_work_mem = '256MB'"))
        # Rows first, secondary indexes after (the same indexes, rebuilt from their own definitions):
        # one sorted build per index instead of a million random insertions into each.
        indexes = conn.execute(
            text(
                "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = ANY(:t) AND indexname NOT IN "
                "(SELECT conname FROM pg_constraint WHERE contype IN ('p', 'u'))"
            ),
            {"t": list(tables)},
        ).all()
        for name, _ in indexes:
            conn.execute(text(f'DROP INDEX "{name}"'))
        for sql in SEED_SQL:
            step = time.perf_counter()
            conn.execute(text(sql), params)
            print(f"  {sql.split()[2]:18} {time.perf_counter() - step:6.1f}s", file=sys.stderr)
        step = time.perf_counter()
        for _, definition in indexes:
            conn.execute(text(definition))
        print(f"  {len(indexes)} indexes       {time.perf_counter() - step:6.1f}s", file=sys.stderr)
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.execute(text("VACUUM ANALYZE"))
    engine.dispose()
    return time.perf_counter() - started


def scenarios(users: int, usernames: int) -> list[tuple[str, str]]:
    mid = users // 2
    return [
        ("overview (admin home)", "/v1/admin/overview"),
        ("users: newest", "/v1/admin/users"),
        ("users: page 50", "/v1/admin/users?page=50"),
        ("users: page 400 (deepest)", "/v1/admin/users?page=400"),
        ("users: oldest", "/v1/admin/users?sort=oldest"),
        ("users: by e-mail", "/v1/admin/users?sort=email"),
        ("users: by last login", "/v1/admin/users?sort=last_login"),
        ("users: banned", "/v1/admin/users?banned=true"),
        ("users: not banned", "/v1/admin/users?banned=false"),
        ("users: high-risk", "/v1/admin/users?high_risk=true"),
        ("users: VIP", "/v1/admin/users?vip=true"),
        ("users: Studio", "/v1/admin/users?studio=true"),
        ("users: admins", "/v1/admin/users?level=any"),
        ("users: Moderators", "/v1/admin/users?level=Moderator"),
        ("users: banned + high-risk", "/v1/admin/users?banned=true&high_risk=true"),
        ("users: VIP by last login", "/v1/admin/users?vip=true&sort=last_login"),
        ("users: VIP, not banned", "/v1/admin/users?vip=true&banned=false"),
        ("users: VIP page 200", "/v1/admin/users?vip=true&page=200"),
        ("users: Studio by last login", "/v1/admin/users?studio=true&sort=last_login"),
        ("search e-mail", f"/v1/admin/users?q=member{mid}@bench.local"),
        ("search e-mail prefix", "/v1/admin/users?q=member1234"),
        ("search username", f"/v1/admin/users?q=bench_user_{usernames // 2}"),
        ("search IP", "/v1/admin/users?q=198.51.7.40"),
        ("search id", f"/v1/admin/users?q={users // 3}"),
        ("search no match", "/v1/admin/users?q=nobody-here"),
        ("user page", f"/v1/admin/users/{mid}"),
        ("review queue", "/v1/admin/review"),
        ("review queue page 100", "/v1/admin/review?page=100"),
        ("review search", "/v1/admin/review?q=bench_user_4001"),
        ("reports: open", "/v1/admin/reports"),
        ("reports: open underage", "/v1/admin/reports?type=underage"),
        ("reports: decided", "/v1/admin/reports?status=decided"),
        ("unban requests", "/v1/admin/unban-requests"),
        ("unban requests: decided", "/v1/admin/unban-requests?status=decided"),
        ("removal requests", "/v1/admin/removal-requests"),
        ("removal requests: decided", "/v1/admin/removal-requests?status=decided"),
        ("bans", "/v1/admin/bans"),
        ("IP bans", "/v1/admin/ip-bans"),
        ("audit", "/v1/admin/audit"),
        ("audit: by admin", "/v1/admin/audit?actor=40000"),
        ("audit: by action", "/v1/admin/audit?action=user.ban"),
        ("audit: by domain", "/v1/admin/audit?action=user"),
        ("audit: by target", f"/v1/admin/audit?target=user:{users // 4 + 1}"),
        ("audit: page 100", "/v1/admin/audit?page=100"),
        ("gallery", "/v1/admin/gallery"),
        ("gallery page 100", "/v1/admin/gallery?page=100"),
        ("contact inbox", "/v1/admin/contact"),
        ("contact: new", "/v1/admin/contact?status=new"),
        ("blacklist", "/v1/admin/blacklist"),
    ]


def measure(
    rounds: int, users: int, usernames: int, only: str | None
) -> list[tuple[str, float, float, float, int]]:
    from fastapi.testclient import TestClient

    from addme.accounts import service as accounts
    from addme.accounts.models import User
    from addme.core.db import new_session
    from addme.main import create_app

    db = new_session()
    admin = db.get(User, 1)
    assert admin is not None
    admin.admin_level = "Full"
    token = accounts.open_session(db, user=admin, ip="127.0.0.1", user_agent="bench")
    db.commit()
    db.close()
    client = TestClient(create_app())
    headers = {"Authorization": f"Bearer {token}"}
    out = []
    for name, path in scenarios(users, usernames):
        if only and only not in name:
            continue
        first = client.get(path, headers=headers)  # warm: plans cached, pages in memory
        assert first.status_code == 200, (path, first.status_code, first.text[:300])
        samples = []
        for _ in range(rounds):
            started = time.perf_counter()
            client.get(path, headers=headers)
            samples.append((time.perf_counter() - started) * 1000)
        samples.sort()
        p95 = samples[min(len(samples) - 1, round(0.95 * (len(samples) - 1)))]
        out.append((name, samples[0], statistics.median(samples), p95, len(first.content)))
        print(f"{name:30} {samples[0]:8.1f} {out[-1][2]:8.1f} {p95:8.1f}", file=sys.stderr)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default=DEFAULT_URL, help="PostgreSQL server URL, no database")
    ap.add_argument("--users", type=int, default=200_000)
    ap.add_argument("--usernames", type=int, default=1_000_000)
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--keep", action="store_true", help="keep the database (and reuse it next time)")
    ap.add_argument("--only", help="only the scenarios whose name contains this")
    args = ap.parse_args()
    name = f"addme_bench_admin_{args.usernames}"
    url = f"{args.server}/{name}"
    # Before anything imports the app: its settings (and engine) are read once.
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("ENV", "development")
    os.environ.setdefault("RUN_JOBS_IN_WEB", "false")
    os.environ.setdefault("RATE_LIMITS_ENABLED", "false")
    with _admin_db(args.server) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')
    try:
        if not exists:
            took = seed(url, users=args.users, usernames=args.usernames)
            print(f"seeded {args.users:,} users and {args.usernames:,} usernames in {took:.0f}s")
        results = measure(args.rounds, args.users, args.usernames, args.only)
        print(f"\nPostgreSQL, {args.usernames:,} usernames, {args.users:,} users, {args.rounds} rounds")
        print(f"load average before: {os.getloadavg()[0]:.1f}")
        print("| endpoint | min ms | median ms | p95 ms | bytes |\n|---|---:|---:|---:|---:|")
        for label, low, med, p95, size in results:
            print(f"| {label} | {low:.1f} | {med:.1f} | {p95:.1f} | {size:,} |")
    finally:
        if not args.keep:
            from addme.core.db import get_engine

            get_engine().dispose()
            with _admin_db(args.server) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    main()
