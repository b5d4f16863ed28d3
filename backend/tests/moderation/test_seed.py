"""The demo seed gives a local admin something to decide in every queue, all adults."""

from __future__ import annotations

from sqlalchemy import select

from addme.demo.members import ADMIN_EMAIL, ADMIN_PASSWORD
from addme.demo.seed import seed_demo
from addme.listings.models import Username


def test_seed_fills_every_queue(client, db):
    assert seed_demo(members=20) is True
    assert all(u.age >= 18 for u in db.scalars(select(Username)))
    token = client.post("/v1/auth/login", json={"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}).json()[
        "token"
    ]
    h = {"Authorization": f"Bearer {token}"}
    home = client.get("/v1/admin/overview", headers=h).json()
    assert home["review"]["pending"] == 3
    assert home["reports"]["by_type"][0] == {"type": "underage", "count": 1}
    assert home["unban_requests"]["pending"] == 1 and home["removal_requests"]["pending"] == 1
    assert home["contact_new"] == 3
    held = {i["held_by"] for i in client.get("/v1/admin/review", headers=h).json()["data"]}
    assert held == {"blacklist", "key"}
    removal = client.get("/v1/admin/removal-requests", headers=h).json()["data"][0]
    assert client.get(removal["proof_url"], headers=h).status_code == 200
    assert len(client.get("/v1/admin/macros", headers=h).json()) >= 4
    moderator = client.post(
        "/v1/auth/login", json={"email": "moderator@addme.local", "password": ADMIN_PASSWORD}
    )
    assert moderator.status_code == 200
