"""`addme create-user --admin-level Full`, the README's way to make the first admin, run as an
operator runs it: a fresh process (only the command's own imports), on this run's database."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from sqlalchemy import select

from addme.accounts.models import User

ADDME = Path(sys.executable).with_name("addme")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # noqa: S603 (our own command, fixed arguments)
        [str(ADDME), *args], capture_output=True, text=True, env=dict(os.environ), timeout=120
    )


def test_create_user_makes_a_full_admin_who_can_sign_in(db, client):
    done = _run(
        "create-user",
        "--email",
        "first-admin@example.org",
        "--password",
        "a-long-admin-passphrase",
        "--admin-level",
        "Full",
    )
    assert done.returncode == 0, done.stderr
    assert "Created user" in done.stdout and "(Full)" in done.stdout
    user = db.scalars(select(User).where(User.email == "first-admin@example.org")).one()
    assert user.admin_level == "Full"
    login = client.post(
        "/v1/auth/login",
        json={"email": "first-admin@example.org", "password": "a-long-admin-passphrase"},
    )
    assert login.status_code == 200, login.text
    me = client.get("/v1/auth/user", headers={"Authorization": f"Bearer {login.json()['token']}"})
    assert me.status_code == 200 and me.json()["admin_level"] == "Full"


def test_create_user_refuses_an_unknown_level():
    done = _run(
        "create-user",
        "--email",
        "x@example.org",
        "--password",
        "a-long-admin-passphrase",
        "--admin-level",
        "Emperor",
    )
    assert done.returncode == 2
    assert "admin-level must be Full, AdPartner or Moderator" in done.stderr
