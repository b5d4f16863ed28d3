"""What the OpenAPI document promises, checked against the answers (an outside test's findings)."""

from __future__ import annotations

import json
import re

import pytest
from pydantic import BaseModel, ValidationError

from tests.factories.trust import add_jurisdiction
from tests.factories.wallet import admin, member

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


def _subclasses(kind: type) -> list[type]:
    out = []
    for sub in kind.__subclasses__():
        out += [sub, *_subclasses(sub)]
    return out


def _request_models(app) -> dict[str, type[BaseModel]]:
    """Every model a route reads its body from, by the name the OpenAPI document gives it."""
    named = set()
    for ops in app.openapi()["paths"].values():
        for op in ops.values():
            for media in (op.get("requestBody") or {}).get("content", {}).values():
                ref = media.get("schema", {}).get("$ref", "")
                named.add(ref.rsplit("/", 1)[-1])
    return {k.__name__: k for k in _subclasses(BaseModel) if k.__name__ in named}


def _int_list_fields(model: type[BaseModel]) -> list[str]:
    props = model.model_json_schema()["properties"]
    return [
        name
        for name, spec in props.items()
        if any(
            alt.get("type") == "array" and alt.get("items", {}).get("type") == "integer"
            for alt in spec.get("anyOf", [spec])
        )
    ]


def test_no_request_takes_a_boolean_or_a_string_for_an_id(app):
    checked = []
    for name, model in _request_models(app).items():
        for field in _int_list_fields(model):
            for wrong in ([False], [True], ["3"], [2.0]):
                with pytest.raises(ValidationError) as caught:
                    model.model_validate_json(json.dumps({field: wrong}))
                assert any(err["loc"][:1] == (field,) for err in caught.value.errors()), (name, wrong)
            checked.append(f"{name}.{field}")
    assert "BulkIn.ids" in checked


def test_bulk_decisions_refuse_false_for_an_id(client, db):
    _, headers = admin(db)
    r = client.post(
        "/v1/admin/usernames/bulk",
        json={"ids": [False], "action": "approve", "reason": "Looks fine to me"},
        headers=headers,
    )
    assert r.status_code == 422, r.text
    assert "ids" in r.text


def _sweep(client, headers: dict[str, str]) -> list[str]:
    """Each documented operation, its path filled with 1, an empty JSON body: the status it gets
    must be one the document lists for it."""
    undocumented = []
    for path, ops in client.app.openapi()["paths"].items():
        filled = re.sub(r"\{[^}]+\}", "1", path)
        for method, op in ops.items():
            r = client.request(method.upper(), filled, json={}, headers=headers)
            if str(r.status_code) not in op["responses"]:
                undocumented.append(f"{method.upper()} {path} -> {r.status_code}")
    return undocumented


def test_every_answer_to_a_visitor_is_documented(client):
    assert _sweep(client, {}) == []


def test_every_answer_to_a_member_is_documented(client, db):
    _user, headers = member(db)
    assert _sweep(client, headers) == []


def test_every_write_documents_its_budget_and_a_body_it_cannot_take(app):
    missing = []
    for path, ops in app.openapi()["paths"].items():
        for method, op in ops.items():
            if method in {"post", "put", "patch", "delete"}:
                missing += [f"{method} {path} {s}" for s in ("400", "413", "429") if s not in op["responses"]]
    assert missing == []


def test_a_members_route_documents_401_and_an_admins_403(app):
    ops = app.openapi()["paths"]
    assert "401" in ops["/v1/user/free-topup"]["post"]["responses"]
    assert "401" in ops["/v1/ondato/webhook"]["post"]["responses"]
    assert {"401", "403"} <= set(ops["/v1/admin/contact"]["get"]["responses"])
