"""`make run` is one `addme serve --prepare`: the database is migrated and seeded before the
server takes its first request, in the same process (a warm start pays the imports once)."""

from __future__ import annotations

import pytest
import uvicorn
from typer.testing import CliRunner

from addme import cli


@pytest.mark.parametrize(
    ("args", "expected"), [(["serve", "--prepare"], ["migrate", "seed", "serve"]), (["serve"], ["serve"])]
)
def test_serve_prepares_only_when_asked(
    monkeypatch: pytest.MonkeyPatch, args: list[str], expected: list[str]
) -> None:
    calls: list[str] = []
    monkeypatch.setattr(cli, "migrate", lambda: calls.append("migrate"))
    monkeypatch.setattr(cli, "seed", lambda: calls.append("seed"))
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: calls.append("serve"))
    result = CliRunner().invoke(cli.app, args)
    assert result.exit_code == 0, result.output
    assert calls == expected
