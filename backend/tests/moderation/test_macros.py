"""Macros: canned answers moderators manage and pick from."""

from __future__ import annotations

from sqlalchemy import select

from addme.audit.models import AdminAudit
from tests.factories.accounts import auth, make_user, token_for


def test_moderators_create_edit_list_and_delete_macros(client, db):
    h = auth(token_for(db, make_user(db, admin_level="Moderator")))
    r = client.post(
        "/v1/admin/macros",
        json={"name": "No links", "type": "review", "text": "Links are not allowed."},
        headers=h,
    )
    assert r.status_code == 201, r.text
    macro_id = r.json()["id"]
    client.post(
        "/v1/admin/macros", json={"name": "Adult", "type": "report", "text": "Verified adult."}, headers=h
    )
    assert [
        m["name"] for m in client.get("/v1/admin/macros", params={"type": "review"}, headers=h).json()
    ] == ["No links"]
    r = client.patch(f"/v1/admin/macros/{macro_id}", json={"text": "No external links, please."}, headers=h)
    assert r.json()["text"] == "No external links, please." and r.json()["name"] == "No links"
    assert client.delete(f"/v1/admin/macros/{macro_id}", headers=h).status_code == 204
    assert [m["name"] for m in client.get("/v1/admin/macros", headers=h).json()] == ["Adult"]
    assert client.delete(f"/v1/admin/macros/{macro_id}", headers=h).status_code == 404
    actions = [row.action for row in db.scalars(select(AdminAudit).order_by(AdminAudit.id))]
    assert actions == ["macro.create", "macro.create", "macro.update", "macro.delete"]


def test_a_macro_needs_a_known_type_and_text(client, db):
    h = auth(token_for(db, make_user(db, admin_level="Full")))
    r = client.post("/v1/admin/macros", json={"name": "X", "type": "nope", "text": ""}, headers=h)
    assert r.status_code == 422 and {"type", "text"} <= set(r.json()["errors"])
