"""One owner per table: no module outside a table's domain writes its rows or columns.

Each mapped class belongs to the domain whose package defines it, every column included: the
wallet's balances live in `wallets` (#10), moderation's bans in `member_bans`, trust's flags in
`member_trust` and listings' submit cool-downs in `submit_clocks` (issue 35), not on `users`.
Other domains call the owner's service (listings.mark_topped_up, pin_until, set_picture...), so
the owner alone keeps its derived state (listed flags, cache generations) right. The check is `ownership_check.violations`; below,
each of the twelve shapes a write takes is planted in a copy of the package, in a domain that
does not own the table, and must be reported at that file and table.
"""

from __future__ import annotations

import ast
import shutil
import textwrap
from pathlib import Path

import pytest

from addme.accounts.models import User
from addme.core.db import Base
from addme.wallet.models import Wallet
from tests.core.ownership_check import ADDME, ALLOWED, Violation, rules, violations

# Planted in a copy of the package: the lines ending in `# write` are the writes to report.
PREAMBLE = """
import sqlalchemy as sa
from sqlalchemy import delete, insert, select, text, update
from addme.accounts.models import User
from addme.core.db import Base
from addme.listings.models import Tag, Username, UsernameDailyStat, username_tags
from addme.wallet.models import LedgerEntry, Wallet
"""
SHAPES: dict[str, tuple[str, str]] = {
    "session.add": (
        "ledger_entries",
        """
        def plant(session):
            session.add(LedgerEntry(user_id=1, amount=5))  # write
        """,
    ),
    "session.add_all": (
        "tags",
        """
        def plant(session, names):
            session.add_all([Tag(name=n) for n in names])  # write
        """,
    ),
    "insert": (
        "wallets",
        """
        def plant(session):
            session.execute(sa.insert(Wallet).values(user_id=1))  # write
            session.execute(Wallet.__table__.insert().values(user_id=2))  # write
        """,
    ),
    "update": (
        "usernames",
        """
        def plant(session):
            session.execute(update(Username).where(Username.id == 1).values(listed=False))  # write
            session.execute(sa.update(Username.__table__).values(listed=True))  # write
        """,
    ),
    "delete": (
        "username_tags",
        """
        def plant(session):
            session.execute(delete(username_tags).where(username_tags.c.tag_id == 1))  # write
            session.execute(username_tags.delete())  # write
        """,
    ),
    "session.delete": (
        "wallets",
        """
        def plant(session, user_id):
            found = session.scalars(select(Wallet).where(Wallet.user_id == user_id)).one()
            session.delete(found)  # write
            for row in session.scalars(select(Wallet)).all():
                session.delete(row)  # write
        """,
    ),
    "attribute": (
        "wallets",
        """
        def plant(session, account_id):
            account = session.get(User, account_id)
            account.wallet.top_ups_count += 1  # write
            purse = account.wallet
            purse.last_top_up = None  # write
        """,
    ),
    "setattr": (
        "wallets",
        """
        def plant(session, purse: Wallet | None, field):
            setattr(purse, "fire_pins_count", 0)  # write
            setattr(purse, field, None)  # write
        """,
    ),
    "session.merge": (
        "wallets",
        """
        def plant(session, known: "Wallet"):
            session.merge(Wallet(user_id=1, top_ups_count=3))  # write
            session.merge(known)  # write
        """,
    ),
    "raw SQL": (
        "wallets",
        """
        def plant(session):
            session.execute(text("UPDATE wallets SET top_ups_count = 0 WHERE user_id = :u"), {"u": 1})  # write
            session.execute(text("delete from wallets where user_id = :u"), {"u": 1})  # write
        """,
    ),
    "query().update/delete": (
        "usernames",
        """
        def plant(session):
            session.query(Username).filter(Username.id == 1).update({"listed": False})  # write
            session.query(Username).filter_by(user_id=1).delete()  # write
        """,
    ),
    "bulk mappings": (
        "ledger_entries",
        """
        def plant(session, rows):
            session.bulk_insert_mappings(LedgerEntry, rows)  # write
            session.bulk_update_mappings(LedgerEntry, rows)  # write
            session.execute(insert(LedgerEntry), rows)  # write
        """,
    ),
}
# Where each table's owner would write it: the same lines there are no violation.
OWNERS = {
    "ledger_entries": "wallet/ledger.py",
    "wallets": "wallet/ledger.py",
    "tags": "listings/tags.py",
    "usernames": "listings/service.py",
    "username_tags": "listings/tags.py",
}
FOREIGN = "comments/service.py"


def _plant(tmp_path: Path, module: str, code: str) -> tuple[Path, set[int]]:
    """A copy of the package with `code` appended to `module`; the lines of its writes."""
    root = tmp_path / "addme"
    shutil.copytree(ADDME, root, ignore=shutil.ignore_patterns("__pycache__"))
    target = root / module
    before = target.read_text()
    planted = PREAMBLE + textwrap.dedent(code)
    first = before.count("\n") + 1
    target.write_text(before + planted)
    lines = {first + i for i, line in enumerate(planted.splitlines()) if line.endswith("# write")}
    return root, lines


@pytest.fixture(scope="module")
def real() -> list[Violation]:
    return violations()


def test_no_domain_writes_another_domains_tables(real: list[Violation]) -> None:
    assert [str(v) for v in real if (v.file, v.table) not in ALLOWED] == []


def test_every_known_debt_is_still_a_write(real: list[Violation]) -> None:
    """A debt paid off leaves the allow-list, so the list says what is still owed."""
    assert set(ALLOWED) <= {(v.file, v.table) for v in real}


@pytest.mark.parametrize("shape", SHAPES)
def test_the_check_sees_each_shape_of_a_foreign_write(
    shape: str, tmp_path: Path, real: list[Violation]
) -> None:
    table, code = SHAPES[shape]
    root, lines = _plant(tmp_path, FOREIGN, code)
    new = {(v.file, v.line, v.table) for v in violations(root)} - {(v.file, v.line, v.table) for v in real}
    assert new == {(f"addme/{FOREIGN}", line, table) for line in lines}


@pytest.mark.parametrize("shape", SHAPES)
def test_the_owner_writes_its_own_table(shape: str, tmp_path: Path, real: list[Violation]) -> None:
    table, code = SHAPES[shape]
    root, _lines = _plant(tmp_path, OWNERS[table], code)
    assert {str(v) for v in violations(root)} == {str(v) for v in real}


def test_no_column_of_users_belongs_to_another_domain() -> None:
    """Issue 35: each domain's values about an account are its own table's, keyed by the user; what
    is left on `users` is the accounts' (who signs in, how, in which language), read by all."""
    moved = {
        "wallets": {"top_ups_count", "max_usernames", "last_top_up", "last_free_topup"},
        "member_bans": {"banned_at", "banned_until", "reason"},
        "member_trust": {"age_verified", "high_risk", "hopping_restricted_until", "high_risk_cleared_until"},
        "submit_clocks": {"latest_username", "last_username_deleted_at"},
    }
    columns = set(User.__table__.columns.keys())
    assert not columns & {"ban_reason", "last_group_top_up"}.union(*moved.values())
    tables = Base.metadata.tables
    for table, names in moved.items():
        assert names <= set(tables[table].columns.keys()), table
    owners = rules()
    assert {owners.column_owner[("users", c)] for c in columns} == {("accounts",)}


def test_a_write_through_the_users_relationship_is_the_tables_owners(
    tmp_path: Path, real: list[Violation]
) -> None:
    """`user.trust` and `user.submit_clock` are other domains' rows: writing them from a third
    domain is reported; trust and listings write their own."""
    code = """
    def plant(session, user):
        user.trust.high_risk = True  # write
        user.submit_clock.latest_username = None  # write
    """
    root, lines = _plant(tmp_path, FOREIGN, code)
    new = {(v.file, v.line, v.table) for v in violations(root)} - {(v.file, v.line, v.table) for v in real}
    assert new == {
        (f"addme/{FOREIGN}", min(lines), "member_trust"),
        (f"addme/{FOREIGN}", max(lines), "submit_clocks"),
    }
    for owner, line in (("trust/standing.py", "user.trust.high_risk = True"),
                        ("listings/allowance.py", "user.submit_clock.latest_username = None")):  # fmt: skip
        root, _lines = _plant(tmp_path / owner.split("/")[0], owner, f"user = None\n{line}\n")
        assert {str(v) for v in violations(root)} == {str(v) for v in real}


def test_only_the_listings_bump_their_caches() -> None:
    """Another domain calls a listings verb, which marks the session; it never bumps the caches."""
    calls = []
    for path in sorted(ADDME.rglob("*.py")):
        domain = path.relative_to(ADDME).parts[0]
        if domain in ("listings", "demo") or path.parent == ADDME:
            continue
        text = path.read_text()
        if "invalidate_listings" not in text:  # read the few that name it
            continue
        for node in ast.walk(ast.parse(text)):
            name = getattr(getattr(node, "func", None), "attr", None) or getattr(
                getattr(node, "func", None), "id", None
            )
            if isinstance(node, ast.Call) and name == "invalidate_listings":
                calls.append(f"{path.relative_to(ADDME)}:{node.lineno}")
    assert calls == []


def test_the_wallets_values_are_not_columns_of_users() -> None:
    """Balances, slots and entitlements are the wallet's table; User only reads them (#10)."""
    columns = set(User.__table__.columns.keys())
    moved = {"max_usernames", "username_slots", "top_ups_count", "fire_pins_count", "promotion_ending_at"}
    moved |= {"studio_ending_at", "automation_topup_ending_at", "last_top_up", "last_free_topup"}
    assert not moved & columns
    assert moved <= set(Wallet.__table__.columns.keys())
