"""Drills on the server process itself: a full disk during an upload, kill -9 during purchases.

Both run the real `addme serve` in a subprocess on this run's test database.
"""

from __future__ import annotations

import io
import os
import random
import signal
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
from PIL import Image
from sqlalchemy import func, select

from addme.media.models import Media
from addme.shop import keys
from addme.shop.models import Key, Order
from addme.wallet.models import LedgerEntry
from addme.wallet.reconcile import balance_mismatches
from tests.factories.listings import make_username
from tests.factories.media import picture
from tests.factories.wallet import give, member, paid_order, webhook
from tests.faults.conftest import start_server, stop_server


def _noise(size: tuple[int, int], seed: int) -> bytes:
    """A picture of random pixels: it cannot be compressed, so its stored copy is large."""
    rng = random.Random(seed)
    img = Image.frombytes("RGB", size, bytes(rng.getrandbits(8) for _ in range(size[0] * size[1] * 3)))
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


def _files_under(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file()] if root.exists() else []


def test_a_full_disk_during_an_upload_says_so_and_leaves_nothing_half_written(db, tmp_path):
    user, headers = member(db)
    username = make_username(db, user=user)
    # Every file the server writes is capped at 64 KB: the stored copy of a large picture cannot fit.
    server = start_server(os.environ["DATABASE_URL"], tmp_path, max_file_bytes=64 * 1024)
    url = f"/v1/user/usernames/{username.id}/media"
    try:
        with server.client() as client:
            big = ("noise.png", _noise((560, 420), seed=1), "image/png")
            r = client.post(url, files=[("files", big)], headers=headers)
            # A storage failure is the server's: an error status and the envelope, never a 200.
            assert r.status_code == 503, (r.text, server.output(), _files_under(tmp_path))
            assert r.json()["code"] == "not_uploaded"
            assert r.json()["message"] == "Error, Media not uploaded, please contact support."
            # Nothing half-written: no row, no object, no temporary file.
            db.expire_all()
            assert db.scalar(select(func.count()).select_from(Media)) == 0
            assert _files_under(tmp_path / "media") == []
            # The server is fine: a picture that fits is stored.
            small = ("small.png", picture(2), "image/png")
            ok = client.post(url, files=[("files", small)], headers=headers)
            assert ok.status_code == 200 and ok.json()["success"] is True, ok.text
            assert db.scalar(select(func.count()).select_from(Media)) == 1
    finally:
        stop_server(server)
    assert "media storage failed" in server.output()


def test_kill_9_during_purchases_leaves_balances_equal_to_ledgers_and_retries_grant_once(db, tmp_path):
    rng = random.Random(2018)
    members: list[dict[str, Any]] = []
    for _ in range(5):
        user, headers = member(db)
        give(db, user, top_ups=10)
        username = make_username(db, user=user)
        codes = keys.issue(db, sku="topup-20", count=3, order_id=None, created_by=None)
        db.commit()
        members.append({"id": user.id, "headers": headers, "username_id": username.id, "codes": codes})
    deliveries = [
        webhook(paid_order(7_000_000 + i, email=f"buyer{i}@example.com", topup_20=1), webhook_id=f"evt-{i}")
        for i in range(15)
    ]
    work: list[tuple[str, str, dict[str, Any]]] = []
    for m in members:
        work += [("POST", "/v1/user/keys", {"json": {"key": c}, "headers": m["headers"]}) for c in m["codes"]]
        work += [("POST", f"/v1/user/usernames/{m['username_id']}/topup", {"headers": m["headers"]})] * 3
        work += [("POST", "/v1/user/add-slot", {"headers": m["headers"]})] * 2
    work += [("POST", "/v1/webhooks/shop", {"content": raw, "headers": h}) for raw, h in deliveries]
    rng.shuffle(work)

    server = start_server(os.environ["DATABASE_URL"], tmp_path)
    done = threading.Semaphore(0)

    def send(client: httpx.Client, method: str, url: str, kw: dict[str, Any]) -> int | None:
        try:
            return client.request(method, url, **kw).status_code
        except httpx.HTTPError:
            return None  # the server died under this request
        finally:
            done.release()

    try:
        with server.client() as client, ThreadPoolExecutor(12) as pool:
            futures = [pool.submit(send, client, m, u, kw) for m, u, kw in work]
            for _ in range(len(work) // 3):  # a third of the requests answered: the rest are in flight
                done.acquire(timeout=30)
            os.kill(server.proc.pid, signal.SIGKILL)
            statuses = [f.result() for f in futures]
        server.proc.wait(10)
    finally:
        stop_server(server)
    assert None in statuses, "the kill came after every request was answered"
    assert 500 not in statuses

    # After a restart, Shopify retries every delivery and members retry their keys.
    server = start_server(os.environ["DATABASE_URL"], tmp_path)
    try:
        with server.client() as client:
            for raw, h in deliveries:
                r = client.post("/v1/webhooks/shop", content=raw, headers=h)
                assert r.status_code == 200 and r.json()["message"] in ("created", "duplicate"), r.text
            for m in members:
                for code in m["codes"]:
                    r = client.post("/v1/user/keys", json={"key": code}, headers=m["headers"])
                    assert r.status_code in (200, 409), r.text
    finally:
        stop_server(server)

    db.expire_all()
    assert balance_mismatches(db) == []
    # One order and one key per paid delivery, however many times it arrived.
    orders = db.scalars(select(Order).where(Order.shopify_order_id.is_not(None))).all()
    assert len(orders) == len(deliveries)
    for order in orders:
        assert db.scalar(select(func.count()).select_from(Key).where(Key.order_id == order.id)) == 1
    # Each key granted exactly once: 3 keys x 20 Top-Ups per member.
    for m in members:
        granted = db.scalars(
            select(LedgerEntry.delta).where(LedgerEntry.user_id == m["id"], LedgerEntry.reason == "key")
        ).all()
        assert granted == [20, 20, 20], (m["id"], granted)
