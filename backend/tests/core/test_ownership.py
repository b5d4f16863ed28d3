"""One owner per table: no module outside a table's domain writes its columns.

Each mapped class belongs to the domain whose package defines it; a few columns of `users` belong
to another domain (the listings' cooldowns, the groups' last Top-Up...), named below. The wallet's
balances, slots and entitlements live in its own table, `wallets` (#10).
Other domains call the owner's service (listings.mark_topped_up, pin_until, set_picture...), so
the owner alone keeps its derived state (listed flags, cache generations) right.

The check reads the source (ast): assignments to `<var>.<column>` where the variable's name says
which model it holds (`username`, `user`...) or the column name belongs to one table only,
`update(Model)` statements and `Model(...)` inserts. docs/architecture.md lists the owners.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from addme import models  # noqa: F401 - every table mapped
from addme.accounts.models import User
from addme.core.db import Base
from addme.wallet.models import Wallet

ADDME = Path(__file__).resolve().parents[2] / "addme"

# Columns of `users` that another domain owns.
COLUMN_OWNERS: dict[str, str | tuple[str, ...]] = {
    "last_group_top_up": "groups",
    "latest_username": "listings",
    "last_username_deleted_at": "listings",
    "age_verified": "trust",
    # Shared for now, each writer named: the risk flag is set at sign-in (accounts) and by the
    # trust checks; the hopping restriction is set by trust, and at sign-up for the account made
    # past its device's allowance (accounts, issue 37), and lifted by a purchase (wallet).
    "high_risk": ("accounts", "trust"),
    "hopping_restricted_until": ("wallet", "trust", "accounts"),
    # A moderator's clearance of a false flag (issue 31): trust writes them, sign-in reads one.
    "high_risk_cleared_until": "trust",
    "hopping_cleared_at": "trust",
}
# What a variable holds, by the names this code base gives them.
VARIABLES = {"username": "Username", "user": "User", "owner": "User", "member": "User"}
# Names too common to say which table they belong to without a known variable.
GENERIC = {"id", "status", "created_at", "updated_at", "reason", "kind", "active", "answer", "note", "key"}
# Demo data builds whole worlds at once; it is never imported by production code (.importlinter).
EXEMPT = {"demo"}


def _owners() -> tuple[dict[str, str], dict[tuple[str, str], tuple[str, ...]], dict[str, set[str]]]:
    model_owner: dict[str, str] = {}
    column_owner: dict[tuple[str, str], tuple[str, ...]] = {}
    tables_of_column: dict[str, set[str]] = defaultdict(set)
    for mapper in Base.registry.mappers:
        cls = mapper.class_
        domain = cls.__module__.split(".")[1]
        model_owner[cls.__name__] = domain
        for attr in mapper.column_attrs:
            owner = COLUMN_OWNERS.get(attr.key, domain) if cls.__name__ == "User" else domain
            column_owner[(cls.__name__, attr.key)] = (owner,) if isinstance(owner, str) else owner
            tables_of_column[attr.key].add(cls.__name__)
    return model_owner, column_owner, tables_of_column


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        found = node.targets
    elif isinstance(node, ast.AugAssign | ast.AnnAssign):
        found = [node.target]
    else:
        return []
    flat: list[ast.expr] = []
    for target in found:
        flat += target.elts if isinstance(target, ast.Tuple) else [target]
    return flat


def violations(root: Path = ADDME) -> list[str]:
    model_owner, column_owner, tables_of_column = _owners()
    found: list[str] = []
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).parts
        if len(parts) < 2 or parts[0] in EXEMPT:
            continue
        domain = parts[0]
        where = f"addme/{'/'.join(parts)}"
        for node in ast.walk(ast.parse(path.read_text())):
            for target in _targets(node):
                if not (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)):
                    continue
                column, var = target.attr, target.value.id
                if var in ("self", "cls"):
                    continue
                model = VARIABLES.get(var)
                if model is None:
                    tables = tables_of_column.get(column, set())
                    if column in GENERIC or len(tables) != 1:
                        continue
                    (model,) = tables
                owners = column_owner.get((model, column))
                if owners is not None and domain not in owners:
                    found.append(
                        f"{where}:{node.lineno}: {var}.{column} belongs to {'/'.join(owners)} ({model})"
                    )
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                name = node.func.id
                if name == "update" and node.args and isinstance(node.args[0], ast.Name):
                    model = node.args[0].id
                    every = {o for (m, _c), os in column_owner.items() if m == model for o in os}
                    if model in model_owner and domain not in every:
                        found.append(f"{where}:{node.lineno}: update({model}) belongs to {sorted(every)}")
                elif model_owner.get(name, domain) != domain:
                    found.append(f"{where}:{node.lineno}: {name}(...) belongs to {model_owner[name]}")
    return found


def test_no_domain_writes_another_domains_columns() -> None:
    assert violations() == []


def test_the_wallets_values_are_not_columns_of_users() -> None:
    """Balances, slots and entitlements are the wallet's table; User only reads them (#10)."""
    columns = set(User.__table__.columns.keys())
    moved = {"max_usernames", "username_slots", "top_ups_count", "fire_pins_count", "promotion_ending_at"}
    moved |= {"studio_ending_at", "automation_topup_ending_at", "last_top_up", "last_free_topup"}
    assert not moved & columns
    assert moved <= set(Wallet.__table__.columns.keys())


def test_the_check_sees_a_foreign_write(tmp_path: Path) -> None:
    (tmp_path / "swipes").mkdir()
    (tmp_path / "swipes" / "service.py").write_text(
        "def f(username, session):\n"
        "    username.checked_in_at = 1\n"
        "    session.execute(update(Username).values(listed=False))\n"
        "    session.add(Report(username_id=1))\n"
    )
    found = {line.split(": ", 1)[1] for line in violations(tmp_path)}
    assert found == {
        "username.checked_in_at belongs to listings (Username)",
        "update(Username) belongs to ['listings']",
        "Report(...) belongs to moderation",
    }


def test_the_check_sees_a_write_to_the_wallet_from_elsewhere(tmp_path: Path) -> None:
    (tmp_path / "groups").mkdir()
    (tmp_path / "groups" / "service.py").write_text(
        "def f(wallet, session):\n"
        "    wallet.top_ups_count = 1\n"
        "    session.execute(update(Wallet).values(fire_pins_count=0))\n"
    )
    found = {line.split(": ", 1)[1] for line in violations(tmp_path)}
    assert found == {
        "wallet.top_ups_count belongs to wallet (Wallet)",
        "update(Wallet) belongs to ['wallet']",
    }
