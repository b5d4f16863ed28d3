"""Hash lists in ThreatExchange's PDQ text format: import (all or nothing, bad lines named) and
export, for Full admins only."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import func, select

from addme.audit.models import AdminAudit
from addme.media import hashlists
from addme.media.models import MediaBlockedHash
from tests.factories.media import picture, upload
from tests.factories.wallet import admin, member

IMPORT = "/v1/admin/image-hashes/import"
EXPORT = "/v1/admin/image-hashes/export"


def _hex(rng: random.Random) -> str:
    return f"{rng.getrandbits(256):064x}"


def _reference_file(rng: random.Random) -> tuple[str, list[tuple[str, int | None]]]:
    """A list as the reference tools write it: pdq-photo-hasher's plain and detailed lines, the
    hashio loader's bare and labelled lines, blank lines and comments."""
    h = [_hex(rng) for _ in range(5)]
    text = "\n".join(
        [
            "# exported for AddMe",
            f"{h[0]},100,/photos/a.jpg",
            f"hash={h[1]},norm=128,delta=0,quality=87,filename=/photos/b.jpg",
            f"{h[2]}",
            "",
            f"{h[3].upper()},file4.jpg",
            f"hash={h[4]},quality=42,filename=c.png",
            f"{h[0]},100,/photos/a-again.jpg",
        ]
    )
    return text, [(h[0], 100), (h[1], 87), (h[2], None), (h[3], None), (h[4], 42)]


def test_a_reference_format_list_imports_and_exports_back(client, db):
    you, headers = admin(db)
    text, expected = _reference_file(random.Random(1))
    res = client.post(IMPORT, json={"text": text, "reason": "partner list"}, headers=headers)
    assert res.status_code == 200, res.text
    assert res.json()["added"] == 5 and res.json()["already"] == 0
    rows = {b.pdq: b for b in db.scalars(select(MediaBlockedHash))}
    assert {(h, rows[h].quality) for h in rows} == set(expected)
    assert {b.source for b in rows.values()} == {"import"} and rows[expected[0][0]].subject == "/photos/a.jpg"
    assert all(b.created_by == you.id and b.reason == "partner list" for b in rows.values())
    # Importing the same list again adds nothing.
    again = client.post(IMPORT, json={"text": text, "reason": "partner list"}, headers=headers).json()
    assert again["added"] == 0 and again["already"] == 5

    out = client.get(EXPORT, headers=headers)
    assert out.status_code == 200 and out.headers["content-type"].startswith("text/plain")
    assert "attachment" in out.headers["content-disposition"]
    parsed = [hashlists.parse_line(line) for line in out.text.splitlines()]
    assert {(p.pdq, p.quality) for p in parsed if p} == set(expected)
    # Every exported line starts with the hash, as the reference loaders read it.
    assert all(len(line.split(",")[0]) == 64 for line in out.text.splitlines())
    # Round trip: the export imported elsewhere gives the same hashes and qualities.
    db.execute(MediaBlockedHash.__table__.delete())
    db.commit()
    client.post(IMPORT, json={"text": out.text, "reason": "round trip"}, headers=headers)
    assert {(b.pdq, b.quality) for b in db.scalars(select(MediaBlockedHash))} == set(expected)
    actions = set(db.scalars(select(AdminAudit.action)))
    assert {"media.hash_import", "media.hash_export"} <= actions


def test_bad_lines_are_named_and_nothing_is_imported(client, db):
    _, headers = admin(db)
    rng = random.Random(2)
    text = "\n".join([_hex(rng), "not-a-hash", f"{_hex(rng)},101,x.jpg", _hex(rng)[:60], _hex(rng)])
    res = client.post(IMPORT, json={"text": text, "reason": "partner list"}, headers=headers)
    assert res.status_code == 422
    body = res.json()
    assert body["code"] == "invalid_hash_list"
    assert body["message"] == "The list was not imported: 3 lines have problems."
    assert body["errors"]["text"] == [
        "line 2: not a PDQ hash (64 hexadecimal digits)",
        "line 3: the quality must be a whole number from 0 to 100",
        "line 4: not a PDQ hash (64 hexadecimal digits)",
    ]
    assert db.scalar(select(func.count()).select_from(MediaBlockedHash)) == 0
    many = "\n".join(["nope"] * 30)
    errors = client.post(IMPORT, json={"text": many, "reason": "x list"}, headers=headers).json()["errors"]
    assert len(errors["text"]) == 21 and errors["text"][-1] == "and 10 more lines with problems"
    empty = client.post(IMPORT, json={"text": "\n# nothing\n", "reason": "x list"}, headers=headers)
    assert empty.status_code == 422 and empty.json()["code"] == "invalid_hash_list"


def test_a_list_is_bounded(client, db):
    _, headers = admin(db)
    rng = random.Random(3)
    too_many = "\n".join(_hex(rng) for _ in range(50_001))
    res = client.post(IMPORT, json={"text": too_many, "reason": "big list"}, headers=headers)
    assert res.status_code == 422 and "at most 50000 lines" in res.json()["message"]
    assert db.scalar(select(func.count()).select_from(MediaBlockedHash)) == 0


def test_an_imported_hash_blocks_uploads(client, db, owner):
    _, headers, username = owner
    item = upload(client, headers, username.id, picture(12)).json()["data"][0]
    _, admin_headers = admin(db)
    page = client.get("/v1/admin/gallery", headers=admin_headers).json()
    hexed = next(m["pdq"] for m in page["data"] if m["id"] == item["id"])
    client.post(IMPORT, json={"text": f"{hexed},100,shared", "reason": "shared list"}, headers=admin_headers)
    again = upload(client, headers, username.id, ("b.jpg", picture(12, fmt="JPEG", quality=50)))
    assert again.status_code == 422 and again.json()["code"] == "blocked_image"
    listed = client.get("/v1/admin/image-bans?source=import", headers=admin_headers).json()
    assert [b["pdq"] for b in listed["data"]] == [hexed]
    assert client.get("/v1/admin/image-bans?source=stopncii", headers=admin_headers).json()["data"] == []


@pytest.mark.parametrize("level", [None, "Moderator", "AdPartner"])
def test_only_full_admins_import_and_export(client, db, level):
    _, headers = admin(db, level) if level else member(db)
    assert client.get(EXPORT, headers=headers).status_code == 403
    res = client.post(IMPORT, json={"text": "a" * 64, "reason": "x list"}, headers=headers)
    assert res.status_code == 403
    assert client.get(EXPORT).status_code == 401
