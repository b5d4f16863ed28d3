"""The member's own data (issue 31, GDPR Art. 15 and 20): an export asked for on the account page,
built by a job, mailed when ready, a ZIP of JSON files and the member's pictures, gone after 72 h."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import timedelta

from sqlalchemy import select

from addme.core import clock
from addme.decisions.models import StatementOfReasons
from addme.jobs.registry import build_data_exports, expire_data_exports
from addme.mail.models import OutboxMessage
from addme.media.storage import get_storage
from tests.factories.listings import make_username
from tests.factories.media import make_media
from tests.factories.wallet import member, paid_order, webhook


def test_an_export_holds_the_members_usernames_a_media_file_and_orders(client, db):
    user, headers = member(db, email="me@example.com")
    first = make_username(db, user=user, username="night_owl_1")
    second = make_username(db, user=user, username="night_owl_2")
    picture = make_media(db, username_id=first.id, user_id=user.id)
    raw, hook_headers = webhook(paid_order(email="me@example.com", topup_50=1))
    assert client.post("/v1/webhooks/shop", content=raw, headers=hook_headers).status_code == 200
    db.add(StatementOfReasons(decision="remove", ground="terms", category="x", source_type="voluntary",
                              facts="Spam in the description.", content=[f"username:{second.id}"]))  # fmt: skip
    someone_else, _ = member(db)
    make_username(db, user=someone_else, username="not_mine")
    db.commit()
    client.put("/v1/user/consents", json={"orientation_ads": True}, headers=headers)

    assert client.get("/v1/user/export", headers=headers).json()["status"] is None
    r = client.post("/v1/user/export", headers=headers)
    assert r.status_code == 202 and r.json()["status"] == "pending" and r.json()["download_url"] is None
    # Asked twice while it is built: still the one export.
    assert client.post("/v1/user/export", headers=headers).json()["requested_at"] == r.json()["requested_at"]
    assert client.get("/v1/user/export/download", headers=headers).status_code == 404

    build_data_exports(db)  # the job, off the request path
    state = client.get("/v1/user/export", headers=headers).json()
    assert state["status"] == "ready" and state["download_url"] == "/v1/user/export/download"
    mail = db.scalar(
        select(OutboxMessage).where(OutboxMessage.to == "me@example.com").order_by(OutboxMessage.id.desc())
    )
    assert mail is not None and "data is ready" in mail.subject and "/user/account" in mail.body

    got = client.get(state["download_url"], headers=headers)
    assert got.status_code == 200 and got.headers["content-type"] == "application/zip"
    zf = zipfile.ZipFile(io.BytesIO(got.content))
    names = set(zf.namelist())
    for section in ("account", "usernames", "media", "orders", "ledger", "reports", "decisions", "sessions",
                    "consents"):  # fmt: skip
        assert f"{section}.json" in names
    usernames = json.loads(zf.read("usernames.json"))
    assert sorted(u["username"] for u in usernames) == ["night_owl_1", "night_owl_2"]
    media = json.loads(zf.read("media.json"))
    assert [m["id"] for m in media] == [picture.id]
    assert zf.read(media[0]["file"]) == get_storage().get(picture.storage_key)
    orders = json.loads(zf.read("orders.json"))
    assert len(orders) == 1 and orders[0]["email"] == "me@example.com" and orders[0]["product"]
    decisions = json.loads(zf.read("decisions.json"))
    assert [d["facts"] for d in decisions] == ["Spam in the description."]
    assert [c["granted"] for c in json.loads(zf.read("consents.json"))] == [True]
    account = json.loads(zf.read("account.json"))
    assert account["email"] == "me@example.com" and "password_hash" not in account
    assert all("token_hash" not in s for s in json.loads(zf.read("sessions.json")))
    assert b"not_mine" not in b"".join(zf.read(n) for n in names)

    # Another member cannot download it; after 72 hours it is gone.
    _, other_headers = member(db)
    assert client.get("/v1/user/export/download", headers=other_headers).status_code == 404
    clock.travel(timedelta(hours=73).total_seconds())
    assert expire_data_exports(db) == {"expired": 1}
    assert client.get("/v1/user/export", headers=headers).json()["status"] == "expired"
    assert client.get("/v1/user/export/download", headers=headers).status_code == 404


def test_the_export_needs_a_signed_in_member(client):
    assert client.post("/v1/user/export").status_code == 401
    assert client.get("/v1/user/export").status_code == 401
