"""A list request goes one way through listings/search/: each step imports only the steps before
it (the order listings/search/__init__.py draws), read off the source with `ast`."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

import addme.listings.search as package

SEARCH = Path(package.__file__).resolve().parent
PACKAGE = "addme.listings.search"
# totals first: changes.py (below the cards every step reads) forgets its totals. __init__ right
# after indexes: any import of a step runs it first, so it may import nothing later.
ORDER = ["totals", "indexes", "__init__", "parse", "sql", "tag_sizes", "plan", "read", "count", "pipeline"]


def _steps_named(module: str, names: list[str]) -> set[str]:
    """The steps an import of `names` from `module` (absolute) reaches."""
    if module == PACKAGE:
        # `from addme.listings.search import plan` is the step plan; any other name is __init__'s.
        return {name if name in ORDER else "__init__" for name in names}
    if module.startswith(PACKAGE + "."):
        return {module.split(".")[3]}
    return set()


def imported_steps(path: Path) -> set[str]:
    """Every step of the package a module imports, at its top or inside a function."""
    steps: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            for alias in node.names:
                steps |= _steps_named(alias.name, [])
                if alias.name == PACKAGE:
                    steps.add("__init__")
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:  # relative: `.` is the package itself
                module = ".".join([*PACKAGE.split(".")[: 4 - node.level], *([module] if module else [])])
            steps |= _steps_named(module, [alias.name for alias in node.names])
    return steps


def back_imports(root: Path) -> list[str]:
    """What breaks the one direction in the package at `root`: a step importing a later one, or a
    module the order does not place."""
    problems = []
    for path in sorted(root.glob("*.py")):
        name = path.stem
        if name not in ORDER:
            problems.append(f"{path.name} has no place in ORDER")
            continue
        for step in sorted(imported_steps(path) - {name}):
            if step not in ORDER or ORDER.index(step) > ORDER.index(name):
                problems.append(f"{path.name} imports {step}, a later step")
    return problems


def test_each_step_imports_only_the_steps_before_it():
    assert back_imports(SEARCH) == []


def test_the_order_is_the_one_the_package_draws():
    doc = ast.get_docstring(ast.parse((SEARCH / "__init__.py").read_text())) or ""
    drawn = [line.split()[0] for line in doc.splitlines() if line.startswith("    ") and line[4] != " "]
    assert drawn == [step for step in ORDER if step != "__init__"]
    assert {p.stem for p in SEARCH.glob("*.py")} == set(ORDER)


@pytest.mark.parametrize(
    ("module", "line", "problem"),
    [
        ("plan.py", "from addme.listings.search import count", "plan.py imports count, a later step"),
        ("parse.py", "from addme.listings.search.pipeline import read_page", "parse.py imports pipeline"),
        ("read.py", "from .count import count_of", "read.py imports count, a later step"),
        (
            "sql.py",
            "def _late():\n    import addme.listings.search.plan",
            "sql.py imports plan, a later step",
        ),
        # The package itself importing the entry would make changes.py -> totals a cycle via cards.
        (
            "__init__.py",
            "from addme.listings.search.pipeline import read_page",
            "__init__.py imports pipeline",
        ),
        ("extra.py", "from addme.listings.search import parse", "extra.py has no place in ORDER"),
    ],
)
def test_a_planted_back_import_is_caught(tmp_path: Path, module: str, line: str, problem: str):
    copy = tmp_path / "search"
    shutil.copytree(SEARCH, copy, ignore=shutil.ignore_patterns("__pycache__"))
    target = copy / module
    target.write_text((target.read_text() if target.exists() else "") + f"\n{line}\n")
    found = back_imports(copy)
    assert len(found) == 1 and found[0].startswith(problem), found
