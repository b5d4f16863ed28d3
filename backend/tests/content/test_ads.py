"""Ads: /admin/ad CRUD (Full and AdPartner, audited with a reason, validated), what a visitor gets
(country, VIP, Full admin, schedule), the debug view and a Code ad's own sandboxed document."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from addme.audit.models import AdminAudit
from addme.content.ads_rules import AdFacts, Refusal, ViewerFacts, refusals
from addme.content.models import Ad
from addme.core import clock
from addme.core.config import get_settings
from tests.factories.community import make_ad, vip
from tests.factories.media import picture
from tests.factories.wallet import admin, member

LINK = {
    "name": "Summer banner",
    "spots": ["layout-top", "header-link"],
    "type": "Link",
    "countries": ["GLOBAL"],
    "safe_link": "https://partner.example/go",
    "image": "https://cdn.example/banner.webp",
}
CODE = {
    "name": "Network tag",
    "spots": ["layout-bottom", "global-code"],
    "type": "Code",
    "countries": ["fr", "BE"],
    "code": "<div id='ad'>Hello</div><script>document.getElementById('ad').textContent='Run'</script>",
}


@pytest.fixture
def geo(monkeypatch):
    # The trusted proxy's country header (no proxy list: the operator put the app behind it alone).
    monkeypatch.setattr(get_settings(), "country_header", "CF-IPCountry")
    monkeypatch.setattr(get_settings(), "trusted_proxies", [])


def _names(response) -> set[str]:
    assert response.status_code == 200, response.text
    return {a["name"] for a in response.json()}


# -- the pure rules ---------------------------------------------------------------------------------

NOW = clock.now()
AD = AdFacts(
    spots=("header-link", "layout-top", "global-code"),
    countries=("GLOBAL",),
    active=True,
    starts_at=None,
    ends_at=None,
)
VISITOR = ViewerFacts(country="FR", vip=False, full_admin=False)


def _ad(**changes) -> AdFacts:
    return AdFacts(**{**AD.__dict__, **changes})


def test_rules_a_running_global_ad_is_every_spot_of_a_visitor():
    assert refusals(AD, VISITOR, now=NOW) == {}


def test_rules_switched_off_not_yet_and_over():
    assert set(refusals(_ad(active=False), VISITOR, now=NOW).values()) == {Refusal.INACTIVE}
    later = _ad(starts_at=NOW + timedelta(hours=1))
    assert set(refusals(later, VISITOR, now=NOW).values()) == {Refusal.NOT_STARTED}
    over = _ad(ends_at=NOW)
    assert set(refusals(over, VISITOR, now=NOW).values()) == {Refusal.ENDED}
    running = _ad(starts_at=NOW - timedelta(hours=1), ends_at=NOW + timedelta(hours=1))
    assert refusals(running, VISITOR, now=NOW) == {}


def test_rules_country_list_or_global():
    ca = _ad(countries=("CA", "US"))
    assert set(refusals(ca, VISITOR, now=NOW).values()) == {Refusal.COUNTRY}
    assert refusals(ca, ViewerFacts(country="CA", vip=False, full_admin=False), now=NOW) == {}
    # An unknown country (no header, private address) gets GLOBAL ads only.
    unknown = ViewerFacts(country=None, vip=False, full_admin=False)
    assert set(refusals(ca, unknown, now=NOW).values()) == {Refusal.COUNTRY}
    assert refusals(AD, unknown, now=NOW) == {}


def test_rules_vip_get_no_ads_at_all():
    assert refusals(AD, ViewerFacts(country="FR", vip=True, full_admin=False), now=NOW) == dict.fromkeys(
        AD.spots, Refusal.VIP
    )


def test_rules_full_admins_keep_header_links_only():
    full = ViewerFacts(country="FR", vip=False, full_admin=True)
    assert refusals(AD, full, now=NOW) == {
        "layout-top": Refusal.FULL_ADMIN,
        "global-code": Refusal.FULL_ADMIN,
    }


# -- the admin screen's API -------------------------------------------------------------------------


def test_an_ad_is_created_listed_edited_and_deleted_with_audited_reasons(client, db):
    boss, headers = admin(db)
    r = client.post("/v1/admin/ads", json={**LINK, "reason": "summer deal"}, headers=headers)
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["spots"] == ["layout-top", "header-link"] and made["countries"] == ["GLOBAL"]
    assert made["orientation"] is None and made["active"] is True
    assert client.get("/v1/admin/ads", headers=headers).json()[0]["id"] == made["id"]
    r = client.put(
        f"/v1/admin/ads/{made['id']}",
        json={**LINK, "orientation": "Gay", "countries": ["fr", "be", "fr"], "reason": "targeted"},
        headers=headers,
    )
    assert r.status_code == 200, r.text
    assert r.json()["orientation"] == "Gay" and r.json()["countries"] == ["FR", "BE"]
    no_reason = client.request("DELETE", f"/v1/admin/ads/{made['id']}", json={"reason": ""}, headers=headers)
    assert no_reason.status_code == 422
    r = client.request("DELETE", f"/v1/admin/ads/{made['id']}", json={"reason": "deal over"}, headers=headers)
    assert r.status_code == 204
    gone = client.put(f"/v1/admin/ads/{made['id']}", json={**LINK, "reason": "again"}, headers=headers)
    assert gone.status_code == 404 and gone.json()["code"] == "ad_not_found"
    rows = db.execute(
        select(AdminAudit.action, AdminAudit.admin_id, AdminAudit.reason).order_by(AdminAudit.id)
    ).all()
    assert rows == [
        ("ad.create", boss.id, "summer deal"),
        ("ad.update", boss.id, "targeted"),
        ("ad.delete", boss.id, "deal over"),
    ]


def test_ad_partners_manage_ads_moderators_and_members_do_not(client, db):
    _, partner = admin(db, "AdPartner")
    assert (
        client.post("/v1/admin/ads", json={**LINK, "reason": "partner ad"}, headers=partner).status_code
        == 201
    )
    assert len(client.get("/v1/admin/ads", headers=partner).json()) == 1
    for _, headers in (admin(db, "Moderator"), member(db)):
        assert client.get("/v1/admin/ads", headers=headers).status_code == 403
        assert (
            client.post("/v1/admin/ads", json={**LINK, "reason": "x" * 5}, headers=headers).status_code == 403
        )
    assert client.get("/v1/admin/ads").status_code == 401


def test_an_ad_partner_changes_only_its_own_ads(client, db):
    _, boss = admin(db)
    _, partner = admin(db, "AdPartner")
    _, rival = admin(db, "AdPartner")
    full_ad = client.post("/v1/admin/ads", json={**LINK, "reason": "house ad"}, headers=boss).json()
    own = client.post("/v1/admin/ads", json={**LINK, "reason": "partner ad"}, headers=partner).json()
    rivals = client.post("/v1/admin/ads", json={**LINK, "reason": "rival ad"}, headers=rival).json()
    # Each partner lists its own; the Full admin every ad.
    assert [a["id"] for a in client.get("/v1/admin/ads", headers=partner).json()] == [own["id"]]
    assert {a["id"] for a in client.get("/v1/admin/ads", headers=boss).json()} == {
        full_ad["id"],
        own["id"],
        rivals["id"],
    }
    for other in (full_ad, rivals):
        r = client.put(
            f"/v1/admin/ads/{other['id']}",
            json={**LINK, "name": "Mine now", "reason": "taking it"},
            headers=partner,
        )
        assert r.status_code == 403, r.text
        assert r.json()["message"] == "You can change only the ads you created."
        r = client.request("DELETE", f"/v1/admin/ads/{other['id']}", json={"reason": "gone"}, headers=partner)
        assert r.status_code == 403
    db.expire_all()
    assert db.get(Ad, full_ad["id"]).name == full_ad["name"] and db.get(Ad, rivals["id"]) is not None
    # Its own: yes; and the Full admin may change the partner's.
    ok = client.put(f"/v1/admin/ads/{own['id']}", json={**LINK, "reason": "new dates"}, headers=partner)
    assert ok.status_code == 200
    ok = client.put(f"/v1/admin/ads/{own['id']}", json={**LINK, "reason": "fixed"}, headers=boss)
    assert ok.status_code == 200


@pytest.mark.parametrize(
    "change",
    [
        {"reason": ""},
        {"spots": []},
        {"spots": ["sidebar"]},
        {"type": "Banner"},
        {"countries": ["France"]},
        {"countries": []},
        {"safe_link": "javascript:alert(1)"},
        {"safe_link": "http://partner.example/plain"},
        {"safe_link": None},
        {"image": None},
        {"image": "javascript:alert(1)"},
        {"spots": ["global-code"]},
        {"type": "Code", "code": ""},
        {"type": "Code", "code": "<b>x</b>", "spots": ["header-link"]},
        {"orientation": "Robots"},
        {"starts_at": "2030-01-02T00:00:00Z", "ends_at": "2030-01-01T00:00:00Z"},
        {"active": "yes"},
    ],
)
def test_bad_ads_are_422(client, db, change):
    _, headers = admin(db)
    r = client.post("/v1/admin/ads", json={**LINK, "reason": "checking", **change}, headers=headers)
    assert r.status_code == 422, (change, r.text)


def test_a_crak_ad_needs_its_link_only_and_a_banner_upload_is_re_encoded(client, db):
    _, headers = admin(db)
    crak = {"name": "Crak", "spots": ["header-link"], "type": "Crak", "safe_link": "https://t.crak.example/1"}
    r = client.post("/v1/admin/ads", json={**crak, "code": "12345", "reason": "partner"}, headers=headers)
    assert r.status_code == 201, r.text
    r = client.post("/v1/admin/ads/image", files={"file": ("a.png", picture(), "image/png")}, headers=headers)
    assert r.status_code == 201, r.text
    url = r.json()["url"]
    # Re-encoded by the media pipeline (metadata dropped), as every other upload.
    assert url.startswith("/media/ads/") and url.endswith(".webp")
    r = client.post("/v1/admin/ads", json={**LINK, "image": url, "reason": "uploaded"}, headers=headers)
    assert r.status_code == 201 and r.json()["image"] == url
    bad = client.post(
        "/v1/admin/ads/image", files={"file": ("a.png", b"not a picture", "image/png")}, headers=headers
    )
    assert bad.status_code == 422


# -- what visitors get ------------------------------------------------------------------------------


def test_visitors_get_ads_of_their_country_or_global_every_orientation(client, db, geo):
    make_ad(db, name="Everywhere", spots="layout-top,header-link", safe_link="https://a.example")
    make_ad(db, name="Canada", country_codes="CA,US")
    make_ad(db, name="Gay", orientation="Gay")
    make_ad(db, name="Off", active=False)
    assert _names(client.get("/v1/ads", headers={"CF-IPCountry": "FR"})) == {"Everywhere", "Gay"}
    assert _names(client.get("/v1/ads", headers={"CF-IPCountry": "CA"})) == {"Everywhere", "Canada", "Gay"}
    # The page may ask for one orientation: ads for any orientation come too.
    assert _names(client.get("/v1/ads", params={"orientation": "Straight"})) == {"Everywhere"}
    assert _names(client.get("/v1/ads", params={"spot": "header-link"})) == {"Everywhere"}


def test_scheduled_ads_show_only_between_their_dates(client, db):
    now = clock.now()
    make_ad(db, name="Running", starts_at=now - timedelta(hours=1), ends_at=now + timedelta(hours=1))
    make_ad(db, name="Tomorrow", starts_at=now + timedelta(days=1))
    make_ad(db, name="Yesterday", ends_at=now - timedelta(minutes=1))
    assert _names(client.get("/v1/ads")) == {"Running"}


def test_vip_get_no_ads_full_admins_header_links_only(client, db):
    make_ad(db, name="Banner", spots="layout-top,header-link")
    make_ad(db, name="Tag", spots="global-code", type="Code", code="<b>x</b>")
    _, vh = vip(db)
    assert client.get("/v1/ads", headers=vh).json() == []
    _, studio = member(db, studio_ending_at=clock.now() + timedelta(days=3))
    assert client.get("/v1/ads", headers=studio).json() == []
    _, fh = admin(db)
    full = client.get("/v1/ads", headers=fh).json()
    assert [(a["name"], a["spots"]) for a in full] == [("Banner", ["header-link"])]
    _, partner = admin(db, "AdPartner")
    assert _names(client.get("/v1/ads", headers=partner)) == {"Banner", "Tag"}


def test_a_code_ads_code_is_never_in_the_list_only_in_its_sandboxed_document(client, db):
    tag = make_ad(
        db, name="Tag", spots="layout-bottom", type="Code", code="<p id='x'>Ad</p><script>run()</script>"
    )
    listed = client.get("/v1/ads").json()
    assert listed[0]["name"] == "Tag" and "code" not in listed[0] and listed[0]["safe_link"] is None
    r = client.get(f"/v1/ads/{tag.id}/frame")
    assert r.status_code == 200
    assert "<p id='x'>Ad</p><script>run()</script>" in r.text
    policy = r.headers["content-security-policy"]
    # An opaque origin (no allow-same-origin), nothing posted, framed by this site only.
    assert policy.startswith("sandbox allow-scripts allow-popups") and "allow-same-origin" not in policy
    assert "connect-src 'none'" in policy and "form-action 'none'" in policy
    assert "frame-ancestors 'self'" in policy
    assert r.headers["x-frame-options"] == "SAMEORIGIN"


def test_a_code_ad_not_running_is_framed_for_ad_admins_only(client, db):
    later = make_ad(db, type="Code", code="<b>soon</b>", starts_at=clock.now() + timedelta(days=1))
    link = make_ad(db, type="Link", code="")
    assert client.get(f"/v1/ads/{later.id}/frame").status_code == 404
    _, partner = admin(db, "AdPartner")
    assert client.get(f"/v1/ads/{later.id}/frame", headers=partner).status_code == 200
    _, moderator = admin(db, "Moderator")
    assert client.get(f"/v1/ads/{later.id}/frame", headers=moderator).status_code == 404
    assert client.get(f"/v1/ads/{link.id}/frame", headers=partner).status_code == 404


def test_the_debug_view_says_why_per_spot(client, db, geo):
    make_ad(db, name="Canada", country_codes="CA")
    make_ad(db, name="Later", spots="header-link", starts_at=clock.now() + timedelta(days=1))
    make_ad(db, name="Everywhere", spots="layout-bottom,header-link")
    r = client.get("/v1/ads/explain", headers={"CF-IPCountry": "FR"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["country"], body["vip"], body["full_admin"]) == ("FR", False, False)
    why = {a["name"]: a["refused"] for a in body["ads"]}
    assert why == {
        "Canada": {"layout-top": "country"},
        "Later": {"header-link": "not_started"},
        "Everywhere": {},
    }
    _, vh = vip(db)
    assert {a["name"]: a["refused"] for a in client.get("/v1/ads/explain", headers=vh).json()["ads"]}[
        "Everywhere"
    ] == {"layout-bottom": "vip", "header-link": "vip"}
