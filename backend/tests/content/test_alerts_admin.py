"""/admin/alerts: Full admins create, edit, schedule and delete alerts; audited with a reason; validated."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from addme.audit.models import AdminAudit
from addme.core import clock
from tests.factories.wallet import admin, member

ALERT = {
    "spots": ["home", "shop"],
    "type": "warning",
    "text": "Maintenance tonight",
    "icon": "zap",
    "classes": "fw-bold",
    "style": "background: #222; color: #fff",
    "dismissible": True,
}


def test_an_alert_is_created_shown_in_its_spots_edited_and_deleted(client, db):
    boss, headers = admin(db)
    r = client.post("/v1/admin/alerts", json={**ALERT, "reason": "planned work"}, headers=headers)
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["spots"] == ["home", "shop"] and made["style"] == "background: #222; color: #fff"
    home = client.get("/v1/alerts", params={"spot": "home"}).json()
    assert [(a["text"], a["icon"], a["classes"], a["style"]) for a in home] == [
        ("Maintenance tonight", "zap", "fw-bold", "background: #222; color: #fff")
    ]
    assert client.get("/v1/alerts", params={"spot": "blog"}).json() == []
    html = {**ALERT, "text": "", "html": "<p>Hi</p>", "script": "parent.postMessage('x', '*')"}
    r = client.put(f"/v1/admin/alerts/{made['id']}", json={**html, "reason": "richer"}, headers=headers)
    assert r.status_code == 200 and r.json()["script"] == "parent.postMessage('x', '*')"
    shown = client.get("/v1/alerts", params={"spot": "shop"}).json()[0]
    assert shown["html"] == "<p>Hi</p>" and shown["script"] == "parent.postMessage('x', '*')"
    assert client.get("/v1/admin/alerts", headers=headers).json()[0]["id"] == made["id"]
    no_reason = client.request(
        "DELETE", f"/v1/admin/alerts/{made['id']}", json={"reason": ""}, headers=headers
    )
    assert no_reason.status_code == 422
    r = client.request(
        "DELETE", f"/v1/admin/alerts/{made['id']}", json={"reason": "work done"}, headers=headers
    )
    assert r.status_code == 204
    assert client.get("/v1/alerts").json() == []
    gone = client.put(f"/v1/admin/alerts/{made['id']}", json=ALERT, headers=headers)
    assert gone.status_code == 404 and gone.json()["message"] == "Alert not found"
    rows = db.execute(
        select(AdminAudit.action, AdminAudit.admin_id, AdminAudit.reason).order_by(AdminAudit.id)
    ).all()
    assert rows == [
        ("alert.create", boss.id, "planned work"),
        ("alert.update", boss.id, "richer"),
        ("alert.delete", boss.id, "work done"),
    ]


def test_a_scheduled_alert_shows_only_inside_its_window(client, db):
    _, headers = admin(db)
    now = clock.now()
    later = {**ALERT, "starts_at": (now + timedelta(hours=1)).isoformat() + "Z"}
    over = {**ALERT, "text": "Over", "ends_at": (now - timedelta(minutes=1)).isoformat() + "Z"}
    running = {
        **ALERT,
        "text": "Now",
        "starts_at": (now - timedelta(hours=1)).isoformat() + "Z",
        "ends_at": (now + timedelta(hours=1)).isoformat() + "Z",
    }
    off = {**ALERT, "text": "Off", "active": False}
    for body in (later, over, running, off):
        assert client.post("/v1/admin/alerts", json=body, headers=headers).status_code == 201
    assert [a["text"] for a in client.get("/v1/alerts", params={"spot": "home"}).json()] == ["Now"]
    assert len(client.get("/v1/admin/alerts", headers=headers).json()) == 4


def test_inputs_are_checked_with_clear_messages(client, db):
    _, headers = admin(db)
    cases = [
        ({**ALERT, "spots": ["nowhere"]}, "Unknown spot: nowhere"),
        ({**ALERT, "spots": []}, "spots"),
        ({**ALERT, "text": "", "html": "  "}, "An alert needs a text or some html."),
        ({**ALERT, "style": "background: url(https://evil.example/x)"}, "no url()"),
        ({**ALERT, "classes": 'x" onclick="y'}, "classes"),
        ({**ALERT, "type": "fancy"}, "type"),
        ({**ALERT, "icon": "skull"}, "icon"),
        (
            {**ALERT, "starts_at": "2030-01-02T00:00:00Z", "ends_at": "2030-01-01T00:00:00Z"},
            "The end must come after the start.",
        ),
        ({**ALERT, "dismissible": "yes"}, "dismissible"),
    ]
    for body, expected in cases:
        r = client.post("/v1/admin/alerts", json=body, headers=headers)
        assert r.status_code == 422, body
        assert expected in r.text, (expected, r.text)


def test_only_full_admins_manage_alerts(client, db):
    for level in ("Moderator", "AdPartner", ""):
        _, headers = admin(db, level) if level else member(db)
        assert client.get("/v1/admin/alerts", headers=headers).status_code == 403
        assert client.post("/v1/admin/alerts", json=ALERT, headers=headers).status_code == 403
    assert client.get("/v1/admin/alerts").status_code == 401


def test_an_html_alert_has_its_own_sandboxed_document(client, db):
    _, headers = admin(db)
    body = {**ALERT, "text": "", "html": "<p>Hi</p>", "script": "go()"}
    live = client.post("/v1/admin/alerts", json=body, headers=headers).json()
    off = client.post("/v1/admin/alerts", json={**body, "active": False}, headers=headers).json()
    text_only = client.post("/v1/admin/alerts", json=ALERT, headers=headers).json()
    r = client.get(f"/v1/alerts/{live['id']}/frame", params={"color": "rgb(1, 2, 3)"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    csp = r.headers["content-security-policy"]
    # Opaque origin even when opened on its own; nothing fetched from it; framed by this site only.
    assert "sandbox allow-scripts" in csp and "allow-same-origin" not in csp
    assert "connect-src 'none'" in csp and "frame-ancestors 'self'" in csp
    assert r.headers["x-frame-options"] == "SAMEORIGIN"
    assert "<p>Hi</p>" in r.text and "<script>go()</script>" in r.text and "color:rgb(1, 2, 3)" in r.text
    bad_color = client.get(f"/v1/alerts/{live['id']}/frame", params={"color": "red;}</style><script>x()"})
    assert "x()" not in bad_color.text and "color:inherit" in bad_color.text
    # Switched off: visitors get nothing, the alert admin's preview still works.
    assert client.get(f"/v1/alerts/{off['id']}/frame").status_code == 404
    assert client.get(f"/v1/alerts/{off['id']}/frame", headers=headers).status_code == 200
    assert client.get(f"/v1/alerts/{text_only['id']}/frame").status_code == 404
    assert client.get("/v1/alerts/999999/frame").json()["message"] == "Alert not found"
