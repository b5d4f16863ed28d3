"""What the OpenAPI document promises, checked against the answers (an outside test's findings)."""

from __future__ import annotations

import re

from tests.factories.trust import add_jurisdiction
from tests.factories.wallet import admin

# A time sent as a plain string (no `date-time`) is left to the owning domain's helper: the
# moderation actions' answer builds its own ISO text.
_NOT_YET = {("BanOut", "banned_until")}
_RFC3339 = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$")


def test_every_time_in_an_answer_is_a_date_time(app):
    schemas = app.openapi()["components"]["schemas"]
    plain = []
    for name, schema in schemas.items():
        for prop, spec in (schema.get("properties") or {}).items():
            if not re.search(r"_(at|until)$", prop) or (name, prop) in _NOT_YET:
                continue
            strings = [alt for alt in spec.get("anyOf", [spec]) if alt.get("type") == "string"]
            if strings and not any(alt.get("format") == "date-time" for alt in strings):
                plain.append(f"{name}.{prop}")
    assert plain == []


def test_a_jurisdiction_says_when_it_changed_with_its_offset(client, db):
    add_jurisdiction(db, "GB")
    _, headers = admin(db)
    rows = client.get("/v1/admin/ondato/jurisdictions", headers=headers).json()
    assert rows and all(_RFC3339.match(row["updated_at"]) for row in rows), rows
