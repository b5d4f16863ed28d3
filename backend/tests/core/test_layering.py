"""The layering `make lint` checks (backend/.importlinter) holds, and a forbidden import breaks it."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BACKEND = Path(__file__).resolve().parents[2]
CONFIG = BACKEND / ".importlinter"
LINT_IMPORTS = str(Path(sys.executable).with_name("lint-imports"))


def _lint(root: Path) -> subprocess.CompletedProcess[str]:
    # lint-imports reads the source, it never imports it: a copy of the package is enough.
    return subprocess.run(  # noqa: S603 - our own tool on our own files
        [LINT_IMPORTS, "--config", str(CONFIG), "--no-cache"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
    )


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    shutil.copytree(BACKEND / "addme", tmp_path / "addme", ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


def test_the_code_keeps_every_contract() -> None:
    result = _lint(BACKEND)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("listings/service.py", "from addme.demo import seed as _demo", "never imports the demo data"),
        ("core/clock.py", "from addme.listings import service as _listings", "Core is the base"),
        ("listings/service.py", "from addme.moderation import reports as _reports", "Domains in layers"),
        ("media/service.py", "from addme.groups import service as _groups", "Domains in layers"),
        ("wallet/service.py", "from addme.api.main import API_ROUTERS as _routers", "wiring"),
        # Issue 35's holes: a non-router module of any domain may not import the HTTP plumbing...
        ("screening/service.py", "from addme.api.deps import DbSession as _db", "Domains in layers"),
        ("listings/public.py", "from addme.api.deps import optional_caller as _c", "Only router modules"),
        ("media/uploads.py", "from addme.api.deps import CurrentUser as _u", "Only router modules"),
        # The old `<area>_router.py` form is no router to the contract: such a module is refused.
        ("content/ads_admin.py", "from addme.api.deps import DbSession as _db", "Only router modules"),
        # ...and the bottom domains not even from their router (the mail -> api.deps -> accounts loop).
        ("mail/router.py", "from addme.api.deps import DbSession as _db", "below accounts"),
        # trust sits above wallet (docs/architecture.md draws the same): wallet may not import it.
        ("wallet/service.py", "from addme.trust import service as _trust", "Domains in layers"),
        # A list request's steps import one way (issue 35): a plan may not read its own count.
        ("listings/search/plan.py", "from addme.listings.search import count as _c", "goes one way through"),
    ],
)
def test_a_forbidden_import_breaks_the_lint(tree: Path, module: str, line: str, contract: str) -> None:
    target = tree / "addme" / module
    target.write_text(target.read_text() + f"\n{line}  # noqa: E402, F401\n")
    result = _lint(tree)
    assert result.returncode == 1, result.stdout + result.stderr
    broken = result.stdout.split("Broken contracts", 1)[1]
    assert contract in broken.replace("\n", " ")


def test_every_domain_is_held_by_every_contract() -> None:
    # A new domain package must say where it stands, or the contracts would not look at it.
    config = configparser.ConfigParser()
    config.read(CONFIG)
    wiring = {"api", "core", "demo", "jobs"}
    domains = sorted(
        p.name for p in (BACKEND / "addme").iterdir() if (p / "__init__.py").exists() and p.name not in wiring
    )
    for section, key in [
        ("importlinter:contract:domain-layers", "layers"),
        ("importlinter:contract:core-base", "forbidden_modules"),
        ("importlinter:contract:wiring-on-top", "source_modules"),
        ("importlinter:contract:no-demo-in-production", "source_modules"),
    ]:
        named = config[section][key].replace("|", " ").split()
        missing = [d for d in domains if f"addme.{d}" not in named]
        assert not missing, f"add {missing} to [{section}] {key} in backend/.importlinter"


def test_every_router_has_the_one_form_the_contracts_name() -> None:
    # routers-only names routers by two wildcards (`addme.*.router`, `addme.*.routers.*`): a router
    # module elsewhere (a `bans_router.py`, say) could not import api.deps, and a module that may
    # import it must be found where the next engineer looks for routes.
    addme = BACKEND / "addme"
    wiring = {addme / "core" / "routes.py", addme / "core" / "health.py"}
    declaring = {p for p in addme.rglob("*.py") if "= api_router(" in p.read_text()} - wiring
    misplaced = sorted(
        str(p.relative_to(addme))
        for p in declaring
        if not (p.name == "router.py" and p.parent.parent == addme)
        and not (p.parent.name == "routers" and p.parent.parent.parent == addme)
    )
    assert declaring, "no router found: the test looks for `= api_router(`"
    assert not misplaced, f"a router is `<domain>/router.py` or `<domain>/routers/<area>.py`: {misplaced}"
