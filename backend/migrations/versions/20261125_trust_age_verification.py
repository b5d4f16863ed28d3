"""trust: age-verification jurisdictions (seeded), attempts, the simulator's sessions, free-claim links

Revision ID: 7a5e0c1d2b01
Revises: 0a5e11c0ffee
Create Date: 2026-11-25 00:30:00
"""

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision: str = "7a5e0c1d2b01"
down_revision: str | None = "0a5e11c0ffee"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    jurisdictions = op.create_table(
        "age_jurisdictions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("country_code", sa.String(length=2), nullable=False),
        sa.Column("region_code", sa.String(length=3), nullable=False),
        sa.Column("effective_on", sa.Date(), nullable=False),
        sa.Column("law", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_age_jurisdictions")),
        sa.UniqueConstraint("country_code", "region_code", name="uq_age_jurisdictions_place"),
    )
    with op.batch_alter_table("age_jurisdictions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_age_jurisdictions_country_code"), ["country_code"], unique=False)

    op.create_table(
        "age_verification_attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("provider_ref", sa.String(length=80), nullable=False),
        sa.Column("provider", sa.String(length=20), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("browser_hash", sa.String(length=64), nullable=False),
        sa.Column("location_code", sa.String(length=6), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("method", sa.String(length=40), nullable=False),
        sa.Column("failure_reason", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("completed_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_age_verification_attempts_user_id_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_age_verification_attempts")),
        sa.UniqueConstraint("provider_ref", name=op.f("uq_age_verification_attempts_provider_ref")),
    )
    with op.batch_alter_table("age_verification_attempts", schema=None) as batch_op:
        batch_op.create_index("ix_age_verification_attempts_created", ["created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_age_verification_attempts_user_id"), ["user_id"], unique=False)

    op.create_table(
        "age_simulated_verifications",
        sa.Column("ref", sa.String(length=80), nullable=False),
        sa.Column("outcome", sa.String(length=12), nullable=False),
        sa.Column("date_of_birth", sa.Date(), nullable=True),
        sa.Column("reason", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("ref", name=op.f("pk_age_simulated_verifications")),
    )

    op.create_table(
        "free_claim_links",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("device_hash", sa.String(length=64), nullable=False),
        sa.Column("ip_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_free_claim_links_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_free_claim_links")),
    )
    with op.batch_alter_table("free_claim_links", schema=None) as batch_op:
        batch_op.create_index("ix_free_claim_links_device", ["device_hash", "created_at"], unique=False)
        batch_op.create_index("ix_free_claim_links_ip", ["ip_hash", "created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_free_claim_links_user_id"), ["user_id"], unique=False)

    # The places that require age verification at the time of writing (sources: docs/decisions.md).
    from addme.trust.jurisdictions import SEED

    now = datetime.now(UTC).replace(tzinfo=None)
    op.bulk_insert(
        jurisdictions,
        [
            {
                "country_code": c,
                "region_code": r,
                "effective_on": eff,
                "law": law,
                "created_at": now,
                "updated_at": now,
            }
            for c, r, eff, law in SEED
        ],
    )


def downgrade() -> None:
    with op.batch_alter_table("free_claim_links", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_free_claim_links_user_id"))
        batch_op.drop_index("ix_free_claim_links_ip")
        batch_op.drop_index("ix_free_claim_links_device")
    op.drop_table("free_claim_links")
    op.drop_table("age_simulated_verifications")
    with op.batch_alter_table("age_verification_attempts", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_age_verification_attempts_user_id"))
        batch_op.drop_index("ix_age_verification_attempts_created")
    op.drop_table("age_verification_attempts")
    with op.batch_alter_table("age_jurisdictions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_age_jurisdictions_country_code"))
    op.drop_table("age_jurisdictions")
