"""The ownership rule as the source says it: which module writes which domain's table.

A table belongs to the domain whose package defines it (docs/architecture.md), every column
included: a domain's values about an account live in its own table keyed by the user (the wallet's
`wallets`, moderation's `member_bans`, trust's `member_trust`, listings' `submit_clocks`), never in
a column of `users`. `violations(root)` reads every module of
`root` (an `addme` package) with `ast` and reports each write whose table its domain does not own,
in any of these shapes:

  add / add_all / merge / bulk_save_objects of a model    insert(M), M.__table__.insert(), insert(table)
  update(M) / delete(M), and M.__table__'s                session.delete(obj)
  obj.column = v, obj.column += v                         setattr(obj, "column", v)
  raw SQL naming a table (INSERT INTO / UPDATE .. SET / DELETE FROM)
  query(M)....update({...}) / .delete()                   bulk_insert_mappings / bulk_update_mappings(M)

What an `obj` holds is decided from what the code says: an annotation (`user: User`, `-> Username`
of a function called anywhere in the package), a constructor, `session.get(M, ..)`,
`select(M)` / `query(M)` read back one row or looped over, a relationship of a known instance
(`user.wallet`), and the names this code base always gives them (`username`, `user`...).
A value whose model cannot be read off the source (a dict, a getattr) is not guessed at.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from addme import models  # noqa: F401 - every table mapped
from addme.core.db import Base

ADDME = Path(__file__).resolve().parents[2] / "addme"

# What a variable holds, by the names this code base gives them.
VARIABLES = {"username": "Username", "user": "User", "owner": "User", "member": "User"}
# Names too common to say which table they belong to without a known variable.
GENERIC = {"id", "status", "created_at", "updated_at", "reason", "kind", "active", "answer", "note", "key"}
# Demo data builds whole worlds at once; it is never imported by production code (.importlinter).
EXEMPT = {"demo"}
# Known debts: (file, table) pairs still written from outside their owner, each with the reason.
# An entry that no longer matches a write fails the test, so the list only shrinks.
ALLOWED: dict[tuple[str, str], str] = {}

READ_ONE = {"scalar", "scalar_one", "scalar_one_or_none", "first", "one", "one_or_none"}
READ_MANY = {"scalars", "all", "unique"}
STATEMENTS = {"insert", "update", "delete"}
RAW_SQL = re.compile(
    r"\b(?:insert\s+(?:or\s+\w+\s+)?into|delete\s+from)\s+[\"`]?(\w+)|\bupdate\s+[\"`]?(\w+)[\"`]?\s+set\s+(.*)",
    re.IGNORECASE | re.DOTALL,
)
SET_COLUMN = re.compile(r"[\"`]?(\w+)[\"`]?\s*=(?!=)")
SET_END = re.compile(r"\b(?:where|returning|from)\b", re.IGNORECASE)
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)

# A type: (class name, many) - `many` for a list of them, read by a `for`.
Type = tuple[str, bool]


@dataclass(frozen=True)
class Rules:
    mapped: set[str]  # class names
    model_table: dict[str, str]  # class name, or the variable of a Table, -> table
    table_owner: dict[str, str]
    column_owner: dict[tuple[str, str], tuple[str, ...]]  # (table, column) -> writers
    tables_of_column: dict[str, set[str]]
    relationships: dict[tuple[str, str], Type]  # (class, attribute) -> what it holds

    def writers(self, table: str, columns: set[str] | None = None) -> set[str]:
        """Who may write these columns of the table (its owner, when they are not known)."""
        owner = self.table_owner[table]
        allowed: set[str] | None = None
        for column in columns or ():
            owners = set(self.column_owner.get((table, column), (owner,)))
            allowed = owners if allowed is None else allowed & owners
        return {owner} if allowed is None else allowed


def rules() -> Rules:
    mapped: set[str] = set()
    model_table: dict[str, str] = {}
    table_owner: dict[str, str] = {}
    column_owner: dict[tuple[str, str], tuple[str, ...]] = {}
    tables_of_column: dict[str, set[str]] = defaultdict(set)
    relationships: dict[tuple[str, str], Type] = {}
    for mapper in Base.registry.mappers:
        cls = mapper.class_
        domain = cls.__module__.split(".")[1]
        table = mapper.tables[0].name
        mapped.add(cls.__name__)
        model_table[cls.__name__] = table
        table_owner[table] = domain
        for attr in mapper.column_attrs:
            column_owner[(table, attr.key)] = (domain,)
            tables_of_column[attr.key].add(table)
        for rel in mapper.relationships:
            relationships[(cls.__name__, rel.key)] = (rel.mapper.class_.__name__, bool(rel.uselist))
    # Tables without a class (association tables): the package whose models.py declares them.
    for path in sorted(ADDME.glob("*/models.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
                continue
            call = node.value
            if _name(call.func) == "Table" and call.args and isinstance(call.args[0], ast.Constant):
                table = str(call.args[0].value)
                table_owner.setdefault(table, path.parent.name)
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        model_table.setdefault(target.id, table)
    return Rules(mapped, model_table, table_owner, column_owner, dict(tables_of_column), relationships)


def _name(node: ast.AST) -> str | None:
    """The last name of `f` or `a.b.f`."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _annotation(node: ast.expr | None, classes: set[str]) -> Type | None:
    if node is None:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            return _annotation(ast.parse(node.value, mode="eval").body, classes)
        except SyntaxError:
            return None
    if isinstance(node, ast.Name | ast.Attribute) and _name(node) in classes:
        return (str(_name(node)), False)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):  # M | None
        left, right = _annotation(node.left, classes), _annotation(node.right, classes)
        if left and right and left != right:
            return None
        return left or right
    if isinstance(node, ast.Subscript):
        outer, inner = _name(node.value), _annotation(node.slice, classes)
        if inner is None or inner[1]:
            return None
        if outer == "Optional":
            return inner
        if outer in ("list", "Sequence", "Iterable", "Iterator", "set", "frozenset"):
            return (inner[0], True)
    return None


def _own(scope: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a scope, but not those of the functions defined in it."""
    todo = list(ast.iter_child_nodes(scope))[::-1]
    while todo:  # in the source's order, a node before the nodes inside it
        node = todo.pop()
        yield node
        if not isinstance(node, FUNCTIONS):
            todo.extend(list(ast.iter_child_nodes(node))[::-1])


def _chain(node: ast.AST) -> Iterator[ast.Call]:
    """The calls a method chain is built on: `a(x).b(y).c()` -> c(), b(y), a(x)."""
    while True:
        if isinstance(node, ast.Call):
            yield node
            node = node.func
        elif isinstance(node, ast.Attribute | ast.Subscript):
            node = node.value
        else:
            return


class Checker:
    """The writes of one module, each with the table it writes."""

    def __init__(self, rules: Rules, returns: dict[str, Type], domain: str) -> None:
        self.rules = rules
        self.returns = returns
        self.domain = domain
        self.found: list[tuple[int, str, str]] = []  # line, what, table
        self.local: dict[str, Type | None] = {}  # what this module's own functions return
        self.columns: dict[int, set[str]] = {}  # a statement -> the columns its `.values(...)` set
        self.docstrings: set[int] = set()
        self.statements: set[str] = set(STATEMENTS)

    # --- what a value holds --------------------------------------------------------------------
    def scope(self, node: ast.AST, inherited: dict[str, Type]) -> None:
        known: dict[str, Type | None] = dict(inherited)
        if isinstance(node, FUNCTIONS):
            args = node.args
            for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
                found = _annotation(arg.annotation, self.rules.mapped)
                if found is not None:
                    known[arg.arg] = found
        nodes = list(_own(node))
        for part in nodes:
            self._bind(part, known)
        bound = {k: v for k, v in known.items() if v is not None}
        for part in nodes:
            self.check(part, known)
            if isinstance(part, FUNCTIONS):
                self.scope(part, bound)

    def _bind(self, node: ast.AST, known: dict[str, Type | None]) -> None:
        pairs: list[tuple[ast.expr, Type | None]] = []
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            pairs.append((node.targets[0], self.type_of(node.value, known)))
        elif isinstance(node, ast.AnnAssign):
            pairs.append((node.target, _annotation(node.annotation, self.rules.mapped)))
        elif isinstance(node, ast.NamedExpr):
            pairs.append((node.target, self.type_of(node.value, known)))
        elif isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
            many = self.type_of(node.iter, known)
            pairs.append((node.target, (many[0], False) if many and many[1] else None))
        for target, found in pairs:
            if not isinstance(target, ast.Name) or found is None:
                continue
            # Bound to two models: not guessed at.
            before = known.get(target.id, found)
            known[target.id] = found if before == found else None

    def type_of(self, node: ast.expr, known: dict[str, Type | None]) -> Type | None:
        """What the expression holds, when the source says it."""
        if isinstance(node, ast.Name):
            if node.id in known:
                return known[node.id]
            return (VARIABLES[node.id], False) if node.id in VARIABLES else None
        if isinstance(node, ast.Attribute):
            holder = self.type_of(node.value, known)
            if holder and not holder[1]:
                return self.rules.relationships.get((holder[0], node.attr))
            return None
        if isinstance(node, ast.Await):
            return self.type_of(node.value, known)
        if not isinstance(node, ast.Call):
            return None
        name = _name(node.func)
        if name in self.rules.mapped:
            return (name, False)
        if name == "get" and node.args and _name(node.args[0]) in self.rules.mapped:  # session.get(M, id)
            return (str(_name(node.args[0])), False)
        if isinstance(node.func, ast.Attribute) and name in READ_ONE | READ_MANY:
            model = self._selected(node)
            return (model, name in READ_MANY) if model else None
        if isinstance(node.func, ast.Name) and self.local.get(node.func.id):
            return self.local[node.func.id]  # the module's own `_get`, before another module's
        return self.returns.get(name or "")

    def _selected(self, node: ast.Call) -> str | None:
        """The one model a `select(M)` / `query(M)` in this chain of calls (or their arguments) reads."""
        for call in _chain(node):
            for part in [call, *call.args]:
                for inner in _chain(part):
                    if _name(inner.func) in ("select", "query") and len(inner.args) == 1:
                        model = inner.args[0]
                        if isinstance(model, ast.Name) and model.id in self.rules.mapped:
                            return model.id
        return None

    def _table(self, node: ast.expr) -> str | None:
        """The table a statement's argument names: `M`, `M.__table__`, a Table's variable."""
        if isinstance(node, ast.Attribute) and node.attr == "__table__":
            node = node.value
        if isinstance(node, ast.Name):
            return self.rules.model_table.get(node.id)
        return None

    # --- the writes ----------------------------------------------------------------------------
    def write(self, node: ast.AST, what: str, table: str, columns: set[str] | None = None) -> None:
        if table in self.rules.table_owner and self.domain not in self.rules.writers(table, columns):
            self.found.append((getattr(node, "lineno", 0), what, table))

    def _values(self, node: ast.Call) -> None:
        """`stmt.where(..).values(col=..)`: the columns, for the statement further in (seen next)."""
        columns = {k.arg for k in node.keywords if k.arg}
        for arg in node.args:
            columns |= _keys(arg)
        for call in _chain(node.func):
            self.columns.setdefault(id(call), set()).update(columns)

    def check(self, node: ast.AST, known: dict[str, Type | None]) -> None:
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for one in target.elts if isinstance(target, ast.Tuple | ast.List) else [target]:
                    if isinstance(one, ast.Attribute):
                        self._set(node, one.value, one.attr, known)
        elif isinstance(node, ast.Call):
            self._call(node, known)
        elif (
            isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in self.docstrings
        ):
            self._sql(node)

    def _set(self, node: ast.AST, holder: ast.expr, column: str, known: dict[str, Type | None]) -> None:
        """`obj.column = v`: the table of obj's model, or the one table with such a column."""
        if isinstance(holder, ast.Name) and holder.id in ("self", "cls"):
            return
        found = self.type_of(holder, known)
        if found and not found[1]:
            table = self.rules.model_table[found[0]]
            if (table, column) in self.rules.column_owner or (found[0], column) in self.rules.relationships:
                self.write(node, f"{ast.unparse(holder)}.{column} =", table, {column})
            return
        if isinstance(holder, ast.Name) and holder.id not in known and column not in GENERIC:
            tables = self.rules.tables_of_column.get(column, set())
            if len(tables) == 1:
                self.write(node, f"{holder.id}.{column} =", next(iter(tables)), {column})

    def _call(self, node: ast.Call, known: dict[str, Type | None]) -> None:
        name = _name(node.func) or ""
        first = node.args[0] if node.args else None
        if name == "values" and isinstance(node.func, ast.Attribute):
            self._values(node)
        if name in self.rules.mapped:  # a new row: add, add_all, merge, bulk_save_objects
            self.write(
                node, f"{name}(...)", self.rules.model_table[name], {k.arg for k in node.keywords if k.arg}
            )
            return
        if name in self.statements or name in STATEMENTS:
            receiver = node.func.value if isinstance(node.func, ast.Attribute) else None
            table = self._table(first) if first is not None else None
            if table is None and receiver is not None and name in STATEMENTS:
                table = self._table(receiver)  # M.__table__.insert(), username_tags.delete()
            if table is not None:
                columns = self.columns.get(id(node)) if name != "delete" else None
                self.write(node, f"{name}({table})", table, columns)
                return
            if receiver is not None and name in ("update", "delete"):
                model = self._queried(receiver)
                if model is not None:  # query(M)....update({...}) / .delete()
                    columns = _keys(first) if first is not None and name == "update" else None
                    self.write(node, f"query({model}).{name}()", self.rules.model_table[model], columns)
                    return
        if name in ("delete", "merge") and isinstance(node.func, ast.Attribute) and first is not None:
            found = self.type_of(first, known)  # session.delete(obj), session.merge(obj)
            if found and not found[1]:
                self.write(node, f"{name}({ast.unparse(first)})", self.rules.model_table[found[0]])
            return
        if name == "setattr" and len(node.args) >= 2 and first is not None:
            found = self.type_of(first, known)
            column = node.args[1]
            if found and not found[1]:
                columns = {str(column.value)} if isinstance(column, ast.Constant) else None
                self.write(
                    node, f"setattr({ast.unparse(first)}, ...)", self.rules.model_table[found[0]], columns
                )
            return
        if name in ("bulk_insert_mappings", "bulk_update_mappings") and first is not None:
            table = self._table(first)
            if table is not None:
                self.write(node, f"{name}({table})", table)

    def _queried(self, receiver: ast.expr) -> str | None:
        for call in _chain(receiver):
            if _name(call.func) == "query" and call.args:
                model = call.args[0]
                if isinstance(model, ast.Name) and model.id in self.rules.mapped:
                    return model.id
        return None

    def _sql(self, node: ast.Constant) -> None:
        for match in RAW_SQL.finditer(str(node.value)):
            table = match.group(1) or match.group(2)
            columns = None
            if match.group(3) is not None:
                clause = SET_END.split(match.group(3), maxsplit=1)[0]
                columns = set(SET_COLUMN.findall(clause))
            if table in self.rules.table_owner:
                self.write(node, f"SQL on {table}", table, columns)


def _keys(node: ast.expr) -> set[str]:
    """The columns of a `{"col": v}` or `{M.col: v}` dict."""
    if not isinstance(node, ast.Dict):
        return set()
    keys: set[str] = set()
    for key in node.keys:
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            keys.add(key.value)
        elif isinstance(key, ast.Attribute):
            keys.add(key.attr)
    return keys


@dataclass(frozen=True)
class Violation:
    file: str  # addme/<domain>/<module>.py
    line: int
    table: str
    what: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.what} writes {self.table}"


@dataclass
class Parsed:
    tree: ast.Module
    returns: dict[str, Type | None]
    docstrings: set[int]
    statements: set[str]  # the names `insert`, `update`, `delete` are imported under


# Keyed by the module's text: the planted copies of the package share all but one module.
_PARSED: dict[str, Parsed] = {}
_FOUND: dict[tuple[str, str, int], list[Violation]] = {}


def _parse(text: str, classes: set[str]) -> tuple[str, Parsed]:
    """The module's tree and what the check needs of it, once per text."""
    key = text
    if key not in _PARSED:
        tree = ast.parse(text)
        returns: dict[str, Type | None] = {}
        docstrings: set[int] = set()
        statements = set(STATEMENTS)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and not node.name.startswith("__"):
                kind = _annotation(node.returns, classes)
                returns[node.name] = kind if returns.get(node.name, kind) == kind else None
            if (
                isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                and node.body
            ):
                first = node.body[0]
                if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                    docstrings.add(id(first.value))
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("sqlalchemy"):
                statements |= {a.asname for a in node.names if a.name in STATEMENTS and a.asname}
        _PARSED[key] = Parsed(tree, returns, docstrings, statements)
    return key, _PARSED[key]


def violations(root: Path = ADDME) -> list[Violation]:
    """Every write in `root` (an addme package) to a table or column its domain does not own."""
    ruled = rules()
    modules: list[tuple[str, str, str, Parsed]] = []
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).parts
        if len(parts) < 2 or parts[0] in EXEMPT:
            continue
        key, parsed = _parse(path.read_text(), ruled.mapped)
        modules.append((parts[0], f"addme/{'/'.join(parts)}", key, parsed))
    # What each function returns, by name across the package (left out when two disagree).
    merged: dict[str, Type | None] = {}
    for _domain, _where, _key, parsed in modules:
        for name, kind in parsed.returns.items():
            merged[name] = kind if merged.get(name, kind) == kind else None
    returns = {k: v for k, v in merged.items() if v is not None}
    stamp = hash(tuple(sorted(returns.items())))
    found: list[Violation] = []
    for domain, where, key, parsed in modules:
        if (key, where, stamp) not in _FOUND:
            checker = Checker(ruled, returns, domain)
            checker.docstrings, checker.statements = parsed.docstrings, parsed.statements
            checker.local = parsed.returns
            checker.scope(parsed.tree, {})
            _FOUND[(key, where, stamp)] = [
                Violation(where, line, table, what) for line, what, table in checker.found
            ]
        found += _FOUND[(key, where, stamp)]
    return sorted(set(found), key=lambda v: (v.file, v.line, v.what))
