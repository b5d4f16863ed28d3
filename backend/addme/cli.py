"""The `addme` command: serve, migrate, seed, create-user, run-jobs, openapi."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from addme.core.config import Settings

app = typer.Typer(no_args_is_help=True, add_completion=False, help="AddMe server commands.")
BACKEND_DIR = Path(__file__).resolve().parents[1]


@app.callback()
def _every_command() -> None:
    """Every table's model is known before any command opens a session: the accounts' User names
    its wallet by string (`relationship("Wallet")`), found only once the wallet's model is loaded."""
    from addme import models  # noqa: F401


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Bind address (default HOST or 127.0.0.1)")] = None,
    port: Annotated[int | None, typer.Option(help="Port (default PORT or 8000)")] = None,
    workers: Annotated[int | None, typer.Option(help="Worker processes")] = None,
    prepare: Annotated[
        bool, typer.Option(help="Migrate and seed demo data once before serving (make run)")
    ] = False,
) -> None:
    """Serve the API and the built web app."""
    import uvicorn

    s = _settings_or_exit()
    if prepare:
        # In this process rather than as `addme migrate` and `addme seed` first: each command
        # pays the import of every model again, and a warm `make run` was mostly those imports.
        migrate()
        seed()
    uvicorn.run(
        "addme.main:create_app",
        factory=True,
        host=host or s.host,
        port=port or s.port,
        workers=workers or s.workers,
        proxy_headers=False,  # client IPs are resolved by core.net from configured proxies only
        access_log=False,
        # Longer than the idle time of a kept-alive connection at the client's end (nginx's
        # upstream keepalive: 60 s): with uvicorn's 5 s, a request sent on a connection the server
        # was closing at that moment was reset (a 502 behind nginx for a POST; ECONNRESET in the
        # browser tests' API client).
        timeout_keep_alive=75,
        # No `Server: uvicorn`: the server's name and make tell a visitor nothing they need
        # (behind nginx, `server_tokens off` leaves `Server: nginx`, without its version).
        server_header=False,
    )


def _settings_or_exit() -> Settings:
    """The settings, or the reasons they are refused (in words) and exit code 1."""
    from pydantic import ValidationError

    from addme.core.config import get_settings

    try:
        return get_settings()
    except ValidationError as exc:
        for problem in _problems(exc):
            typer.echo(problem, err=True)
        raise typer.Exit(1) from exc


def _problems(exc: Exception) -> list[str]:
    from pydantic import ValidationError

    from addme.core.config import ProductionRefused

    if not isinstance(exc, ValidationError):
        return [str(exc)]
    out: list[str] = []
    for err in exc.errors():
        cause = (err.get("ctx") or {}).get("error")
        if isinstance(cause, ProductionRefused):
            out += cause.problems
        else:
            name = ".".join(str(p) for p in err.get("loc", ())).upper() or "settings"
            out.append(f"{name}: {err['msg']}")
    return out


@app.command()
def doctor() -> None:
    """Say, in words, what is wrong with the current configuration (exit code 1 if anything)."""
    from pydantic import ValidationError

    from addme.core.config import Settings

    try:
        s = Settings()
    except ValidationError as exc:
        problems = _problems(exc)
        typer.echo(f"{len(problems)} problem(s) with this configuration:")
        for problem in problems:
            typer.echo(f"- {problem}")
        raise typer.Exit(1) from exc
    if s.env != "production":
        typer.echo(
            f"ENV={s.env}: fine for local use. Run with ENV=production (make prod-check) to check "
            "what a public server needs."
        )
        return
    typer.echo(f"The production configuration has no known problem (site {s.site_url}).")


def run_migrations(url: str | None = None) -> None:
    """Upgrade the database to the newest migration."""
    from alembic import command
    from alembic.config import Config

    cfg = Config(str(BACKEND_DIR / "alembic.ini"))
    cfg.set_main_option("script_location", str(BACKEND_DIR / "migrations"))
    if url:
        cfg.attributes["url"] = url
    command.upgrade(cfg, "head")


@app.command()
def migrate() -> None:
    """Apply database migrations."""
    run_migrations()
    typer.echo("Database is up to date.")


@app.command()
def seed(
    members: Annotated[int, typer.Option(help="Demo members to create")] = 200,
    force: Annotated[bool, typer.Option(help="Seed even if data exists")] = False,
) -> None:
    """Seed demo data once (adult demo members, generated avatars, a Full admin)."""
    from addme.demo.seed import seed_demo

    created = seed_demo(members=members, force=force)
    typer.echo("Seeded demo data." if created else "Demo data already present; nothing to do.")
    if created:
        stats_backfill()


@app.command("stats-backfill")
def stats_backfill() -> None:
    """Recount the admin's daily figures for every day, from the oldest source row to today."""
    from addme.core.db import session_scope
    from addme.stats import rollup

    with session_scope() as session:
        written = rollup.backfill(session)
    typer.echo(f"Daily figures rebuilt: {written} rows.")


@app.command("pdq-backfill")
def pdq_backfill() -> None:
    """Give every stored image its PDQ hash now (what the hash-stored-images job does a batch at a time)."""
    from addme.content import ads_admin
    from addme.core.db import session_scope
    from addme.media import blocking as media

    hashed = missing = 0
    while True:
        with session_scope() as session:
            counts = media.hash_stored_images(session, ad_image_urls=ads_admin.stored_image_urls(session))
            left = media.images_left_to_hash(session)
        hashed += counts.get("hashed", 0) + counts.get("ads", 0)
        missing += counts.get("missing", 0)
        typer.echo(f"hashed {hashed}, files missing {missing}, left {left}")
        if left == 0 or counts.get("hashed", 0) + counts.get("missing", 0) == 0:
            return


@app.command("mail-status")
def mail_status() -> None:
    """The outbox: pending, retrying, the oldest pending message's age, given up."""
    from addme.core.db import session_scope
    from addme.mail import service as mail

    with session_scope() as session:
        f = mail.outbox_figures(session)
    typer.echo(
        f"pending {f.pending}, retrying {f.retrying}, oldest pending {f.oldest_pending_seconds} s, "
        f"given up {f.given_up}"
    )


@app.command("mail-retry")
def mail_retry() -> None:
    """Try the given-up messages again (after a long mail outage), for another 3 days."""
    from addme.core.db import session_scope
    from addme.mail import service as mail

    with session_scope() as session:
        count = mail.retry_given_up(session)
    typer.echo(f"{count} given-up message(s) queued again; the deliver-mail job sends them.")


@app.command("create-user")
def create_user(
    email: Annotated[str, typer.Option()],
    password: Annotated[str, typer.Option()],
    admin_level: Annotated[str | None, typer.Option(help="Full, AdPartner or Moderator")] = None,
) -> None:
    """Create a confirmed account, optionally with an admin level."""
    from addme.accounts import service
    from addme.core.db import session_scope
    from addme.core.errors import AppError
    from addme.core.permissions import AdminLevel

    if admin_level and admin_level not in {lvl.value for lvl in AdminLevel}:
        typer.echo("admin-level must be Full, AdPartner or Moderator", err=True)
        raise typer.Exit(2)
    try:
        with session_scope() as session:
            user = service.create_user(session, email=email, password=password, admin_level=admin_level)
            typer.echo(
                f"Created user {user.id} <{user.email}>" + (f" ({admin_level})" if admin_level else "")
            )
    except AppError as exc:
        typer.echo(exc.message, err=True)
        raise typer.Exit(1) from exc


@app.command("run-jobs")
def run_jobs(
    loop: Annotated[bool, typer.Option(help="Keep running, every --tick seconds")] = False,
    tick: Annotated[float, typer.Option()] = 30.0,
    only: Annotated[str | None, typer.Option(help="Run this job only")] = None,
) -> None:
    """Run background jobs that are due (once, or in a loop)."""
    from addme.jobs import registry  # noqa: F401
    from addme.jobs.service import TICK_BUDGET_SECONDS, run_due

    while True:
        # Once (an operator's command) runs everything due; the loop spreads a backlog over its ticks.
        ran = run_due(only=only, budget_seconds=TICK_BUDGET_SECONDS if loop else None)
        typer.echo("ran: " + (", ".join(ran) if ran else "nothing due"))
        if not loop:
            return
        time.sleep(tick)


@app.command()
def openapi() -> None:
    """Print the OpenAPI document (the web client's types are generated from it)."""
    from addme.main import create_app

    sys.stdout.write(json.dumps(create_app().openapi(), indent=2, sort_keys=True) + "\n")


def main() -> None:
    app()


if __name__ == "__main__":
    main()
