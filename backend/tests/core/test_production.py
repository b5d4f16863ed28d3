"""ENV=production refuses development settings, hides docs and source maps, serves HSTS; an unset
ENV never opens the dev outbox; `addme doctor` says what is wrong in words."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError
from typer.testing import CliRunner

from addme.cli import app as cli
from addme.core import config
from addme.mail import router as mail_router
from addme.mail import service as mail

GOOD = {
    "ENV": "production",
    "SECRET_KEY": "k" * 48,
    "SHOP_WEBHOOK_SECRET": "shop-signing-secret-123",
    "CAPTCHA_PROVIDER": "turnstile",
    "CAPTCHA_SITE_KEY": "site-key",
    "CAPTCHA_SECRET": "captcha-secret",
    "COOKIE_SECURE": "true",
    "SMTP_HOST": "mail.example.com",
    "SITE_URL": "https://addme.example",
    "RUN_JOBS_IN_WEB": "false",
    "CARD_CHECKOUT": "hosted",
    "AGE_VERIFICATION_PROVIDER": "ondato",
    "ONDATO_CLIENT_ID": "client",
    "ONDATO_CLIENT_SECRET": "ondato-secret",
    "ONDATO_SETUP_ID": "setup",
}


def _env(monkeypatch: pytest.MonkeyPatch, values: dict[str, str], drop: tuple[str, ...] = ()) -> None:
    for key, value in values.items():
        monkeypatch.setenv(key, value)
    for key in drop:
        monkeypatch.delenv(key, raising=False)


def _refusals(monkeypatch: pytest.MonkeyPatch, **changes: str) -> list[str]:
    _env(monkeypatch, {**GOOD, **changes})
    try:
        config.Settings()
    except ValidationError as exc:
        cause = exc.errors()[0]["ctx"]["error"]
        assert isinstance(cause, config.ProductionRefused)
        return cause.problems
    return []


def test_good_production_settings_start(monkeypatch):
    assert _refusals(monkeypatch) == []


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"CAPTCHA_PROVIDER": "none"}, "CAPTCHA_PROVIDER is 'none'"),
        ({"AGE_VERIFICATION_PROVIDER": "local"}, "AGE_VERIFICATION_PROVIDER is 'local'"),
        ({"ONDATO_SETUP_ID": ""}, "ONDATO_SETUP_ID must be set"),
        ({"CAPTCHA_SECRET": ""}, "CAPTCHA_SITE_KEY and CAPTCHA_SECRET must be set"),
        ({"COOKIE_SECURE": "false"}, "COOKIE_SECURE must be true"),
        ({"SMTP_HOST": ""}, "SMTP_HOST is not set"),
        ({"SECRET_KEY": config.DEV_SECRET}, "SECRET_KEY must be set"),
        ({"SHOP_WEBHOOK_SECRET": "dev-shop-webhook-secret"}, "SHOP_WEBHOOK_SECRET must be set"),
        ({"SITE_URL": "http://addme.example"}, "SITE_URL must be an https:// address"),
        ({"CARD_CHECKOUT": "local"}, "CARD_CHECKOUT is 'local'"),
    ],
)
def test_production_refuses_each_development_setting(monkeypatch, changes, words):
    problems = _refusals(monkeypatch, **changes)
    assert len(problems) == 1 and words in problems[0]


def test_production_refuses_an_unset_site_url(monkeypatch):
    _env(monkeypatch, GOOD, drop=("SITE_URL",))
    with pytest.raises(ValidationError, match="SITE_URL is not set"):
        config.Settings()


def test_site_url_follows_host_and_port_unless_set(monkeypatch):
    _env(monkeypatch, {"PORT": "8300", "HOST": "0.0.0.0"}, drop=("SITE_URL",))  # noqa: S104
    assert config.Settings().site_url == "http://127.0.0.1:8300"
    monkeypatch.setenv("SITE_URL", "https://addme.example")
    assert config.Settings().site_url == "https://addme.example"


def test_doctor_lists_every_problem_in_words(monkeypatch):
    runner = CliRunner()
    _env(monkeypatch, {"ENV": "production"}, drop=tuple(k for k in GOOD if k != "ENV"))
    result = runner.invoke(cli, ["doctor"])
    assert result.exit_code == 1
    for words in ("SECRET_KEY", "SHOP_WEBHOOK_SECRET", "CAPTCHA_PROVIDER", "COOKIE_SECURE", "SMTP_HOST"):
        assert words in result.output
    assert "SITE_URL is not set" in result.output
    _env(monkeypatch, GOOD)
    result = runner.invoke(cli, ["doctor"])
    assert result.exit_code == 0 and "no known problem" in result.output


def test_serve_keeps_idle_connections_longer_than_nginx_reuses_them(monkeypatch):
    # nginx keeps upstream connections idle up to 60 s (deploy/nginx): a server closing them first
    # resets the request nginx sends on one at that moment (a 502 for a POST).
    import uvicorn

    seen: dict[str, object] = {}
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: seen.update(kwargs))
    result = CliRunner().invoke(cli, ["serve", "--port", "8699"])
    assert result.exit_code == 0, result.output
    assert seen["port"] == 8699
    assert int(seen["timeout_keep_alive"]) > 60  # type: ignore[call-overload]
    assert seen["server_header"] is False  # no `Server: uvicorn`


def test_a_served_answer_names_no_server(tmp_path):
    """A real `addme serve`: its answers carry no Server header at all."""
    import os
    import socket
    import subprocess
    import sys
    import time
    from pathlib import Path

    import httpx

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "RUN_JOBS_IN_WEB": "false", "WEB_DIST": str(tmp_path)}
    addme = Path(sys.executable).with_name("addme")
    proc = subprocess.Popen([str(addme), "serve", "--port", str(port)], env=env)  # noqa: S603
    try:
        for _ in range(100):
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/v1/health", timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.2)
        else:
            raise AssertionError("addme serve did not answer")
        assert r.status_code == 200
        assert "server" not in r.headers, r.headers.get("server")
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_unset_env_keeps_the_dev_outbox_closed(client, db, monkeypatch):
    mail.queue(db, to="someone@example.com", subject="Reset", body="secret link")
    db.commit()
    for env, is_open in ((None, False), ("test", False), ("development", True)):
        if env is None:
            monkeypatch.delenv("ENV")
        else:
            monkeypatch.setenv("ENV", env)
        settings = config.Settings()
        monkeypatch.setattr(mail_router, "get_settings", lambda s=settings: s)
        r = client.get("/v1/dev/outbox", params={"to": "someone@example.com"})
        assert (r.status_code == 200) is is_open, env
        if is_open:
            assert r.json()[0]["body"] == "secret link"
        else:
            assert "secret link" not in r.text


@pytest.fixture
def production_client(monkeypatch, tmp_path: Path) -> Iterator[TestClient]:
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<html><head><title>x</title></head><body></body></html>")
    (dist / "assets" / "app.js").write_text("console.log(1)")
    (dist / "assets" / "app.js.map").write_text('{"sources": ["src/secret.ts"]}')
    _env(monkeypatch, {**GOOD, "WEB_DIST": str(dist)})
    config.get_settings.cache_clear()
    from addme.main import create_app

    try:
        # No lifespan: these answers need no database.
        yield TestClient(create_app(), base_url="https://testserver")
    finally:
        monkeypatch.undo()
        config.get_settings.cache_clear()


def test_production_hides_docs_and_source_maps_and_serves_hsts(production_client):
    assert production_client.get("/v1/docs").status_code == 404
    assert production_client.get("/v1/openapi.json").status_code == 404
    assert production_client.get("/assets/app.js").status_code == 200
    source_map = production_client.get("/assets/app.js.map")
    assert source_map.status_code == 404 and "secret.ts" not in source_map.text
    hsts = production_client.get("/assets/app.js").headers["Strict-Transport-Security"]
    assert hsts.startswith("max-age=31536000")
