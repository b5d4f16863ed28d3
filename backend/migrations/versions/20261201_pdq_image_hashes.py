"""PDQ image hashes (#29): every stored image's hash with its 16-chunk multi-index, the block list
that replaces media_image_bans, the hash jobs' cursors and StopNCII's feedback queue

The image bans kept imagehash's 64-bit pHash, which no PDQ hash can be derived from. A banned
image's own file was removed with the ban, so each ban is carried over through the copies still
stored (media rows within the old ban distance, 8 bits): their files are hashed with PDQ and blocked
with the ban's reason, author and date. A ban with no copy left is retired: written to the admin
audit log (action "media.ban_retired", with its pHash and reason) and no longer enforced
(docs/decisions.md "Image hashes"). The media rows themselves get their hashes from the
hash-stored-images job, not here: hashing a million files would hold the migration for hours.

Downgrade drops the new tables and gives back empty image bans and a zero pHash column: the PDQ
blocks cannot be turned back into pHashes.

Revision ID: 4d0c5e11a029
Revises: 7a9c0de5b0c1
Create Date: 2026-12-01 22:00:00
"""

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "4d0c5e11a029"
down_revision: str | None = "7a9c0de5b0c1"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OLD_BAN_DISTANCE = 8
COPIES_PER_BAN = 5
CHUNKS = [f"c{i}" for i in range(16)]


def _chunk_columns() -> list[sa.Column[Any]]:
    return [sa.Column(name, sa.Integer(), nullable=True) for name in CHUNKS]


def _chunk_indexes(table: str) -> None:
    with op.batch_alter_table(table) as batch_op:
        for name in CHUNKS:
            batch_op.create_index(batch_op.f(f"ix_{table}_{name}"), [name], unique=False)


def _when(value: Any) -> datetime:
    """A timestamp read through plain SQL: SQLite hands back its text."""
    return value if isinstance(value, datetime) else datetime.fromisoformat(str(value))


def _carried_bans(bind: sa.Connection) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(block rows for bans with a stored copy, the bans retired), read before the tables change."""
    bans = bind.execute(
        sa.text("SELECT id, phash, reason, created_by, created_at FROM media_image_bans")
    ).all()
    if not bans:
        return [], []
    from addme.media import pdq, pipeline
    from addme.media.storage import get_storage

    storage = get_storage()
    wanted = [(b, int(b.phash, 16)) for b in bans if b.phash]
    copies: dict[int, list[tuple[int, int, str]]] = {b.id: [] for b in bans}
    last = 0
    while True:
        rows = bind.execute(
            sa.text("SELECT id, phash, storage_key FROM media WHERE id > :last ORDER BY id LIMIT 20000"),
            {"last": last},
        ).all()
        if not rows:
            break
        last = rows[-1].id
        for row in rows:
            try:
                value = int(row.phash, 16)
            except (TypeError, ValueError):
                continue
            for ban, banned in wanted:
                d = (value ^ banned).bit_count()
                if d <= OLD_BAN_DISTANCE:
                    copies[ban.id].append((d, row.id, row.storage_key))
    blocks: list[dict[str, Any]] = []
    retired: list[dict[str, Any]] = []
    seen: set[str] = set()
    for ban in bans:
        carried = False
        for _d, media_id, key in sorted(copies[ban.id])[:COPIES_PER_BAN]:
            data = storage.get(key)
            if data is None:
                continue
            try:
                hexed, quality = pipeline.fingerprint(data)
            except pipeline.ImageRejected:
                continue
            carried = True
            if hexed in seen:
                continue
            seen.add(hexed)
            values = pdq.chunks(hexed) if pdq.matchable(quality) else [None] * 16
            blocks.append(
                {
                    "pdq": hexed,
                    "quality": quality,
                    "source": "admin_ban",
                    "reason": (ban.reason or "")[:300],
                    "subject": f"ban:{ban.id} via media:{media_id}",
                    "created_by": ban.created_by,
                    "created_at": _when(ban.created_at),
                    **dict(zip(CHUNKS, values, strict=True)),
                }
            )
        if not carried:
            retired.append(
                {
                    "admin_id": ban.created_by,
                    "action": "media.ban_retired",
                    "target": f"image-ban:{ban.id}",
                    "reason": ban.reason or "",
                    "details": {"phash": ban.phash, "banned_at": str(ban.created_at)},
                    "created_at": datetime.now(UTC).replace(tzinfo=None),
                }
            )
    return blocks, retired


def upgrade() -> None:
    bind = op.get_bind()
    blocks, retired = _carried_bans(bind)

    with op.batch_alter_table("media") as batch_op:
        batch_op.drop_column("phash")
        batch_op.create_index("ix_media_storage_key", ["storage_key"], unique=False)

    op.create_table(
        "media_image_hashes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("media_id", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("storage_key", sa.String(length=200), nullable=False),
        sa.Column("pdq", sa.String(length=64), nullable=False),
        sa.Column("quality", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        *_chunk_columns(),
        sa.ForeignKeyConstraint(
            ["media_id"], ["media.id"], name=op.f("fk_media_image_hashes_media_id_media"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_media_image_hashes")),
        sa.UniqueConstraint("media_id", name=op.f("uq_media_image_hashes_media_id")),
        sa.UniqueConstraint("storage_key", name=op.f("uq_media_image_hashes_storage_key")),
    )
    _chunk_indexes("media_image_hashes")

    blocked = op.create_table(
        "media_blocked_hashes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("pdq", sa.String(length=64), nullable=False),
        sa.Column("quality", sa.Integer(), nullable=True),
        sa.Column("source", sa.String(length=20), nullable=False),
        sa.Column("reason", sa.String(length=300), nullable=False),
        sa.Column("subject", sa.String(length=200), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        *_chunk_columns(),
        sa.ForeignKeyConstraint(
            ["created_by"],
            ["users.id"],
            name=op.f("fk_media_blocked_hashes_created_by_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_media_blocked_hashes")),
        sa.UniqueConstraint("source", "pdq", name=op.f("uq_media_blocked_hashes_source_pdq")),
    )
    _chunk_indexes("media_blocked_hashes")
    with op.batch_alter_table("media_blocked_hashes") as batch_op:
        batch_op.create_index("ix_media_blocked_hashes_source", ["source", "id"], unique=False)

    op.create_table(
        "media_hash_cursors",
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("position", sa.String(length=2000), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_media_hash_cursors")),
    )
    op.create_table(
        "media_hash_feedback",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("pdq", sa.String(length=64), nullable=False),
        sa.Column("value", sa.String(length=20), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("sent_at", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_media_hash_feedback")),
    )
    with op.batch_alter_table("media_hash_feedback") as batch_op:
        batch_op.create_index("ix_media_hash_feedback_sent", ["sent_at", "id"], unique=False)

    if blocks:
        op.bulk_insert(blocked, blocks)
    if retired:
        audit = sa.table(
            "admin_audit",
            sa.column("admin_id", sa.Integer()),
            sa.column("action", sa.String()),
            sa.column("target", sa.String()),
            sa.column("reason", sa.Text()),
            sa.column("details", sa.JSON()),
            sa.column("created_at", sa.DateTime()),
        )
        op.bulk_insert(audit, retired)

    op.drop_table("media_image_bans")


def downgrade() -> None:
    op.create_table(
        "media_image_bans",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("phash", sa.String(length=16), nullable=False),
        sa.Column("reason", sa.String(length=200), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["created_by"],
            ["users.id"],
            name=op.f("fk_media_image_bans_created_by_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_media_image_bans")),
    )
    with op.batch_alter_table("media_image_bans") as batch_op:
        batch_op.create_index(batch_op.f("ix_media_image_bans_phash"), ["phash"], unique=False)
    op.drop_table("media_hash_feedback")
    op.drop_table("media_hash_cursors")
    op.drop_table("media_blocked_hashes")
    op.drop_table("media_image_hashes")
    with op.batch_alter_table("media") as batch_op:
        batch_op.drop_index("ix_media_storage_key")
        batch_op.add_column(
            sa.Column("phash", sa.String(length=16), nullable=False, server_default="0000000000000000")
        )
