"""/admin/blog: write, preview, publish, edit and remove posts; the spec's words; audited; Full only."""

from __future__ import annotations

from datetime import datetime

import pytest
from sqlalchemy import select

from addme.audit.models import AdminAudit
from addme.content.models import BlogPost
from tests.factories.media import picture
from tests.factories.wallet import admin, member

POST = {
    "title": "Écrire un billet !",
    "summary": "A short summary.",
    "body_markdown": "## Hello\n\nSome **bold** text.<script>alert(1)</script>",
    "picture_url": "https://cdn.example/picture.webp",
    "visible": False,
}


def test_a_post_is_written_hidden_then_published_for_visitors(client, db):
    boss, headers = admin(db)
    r = client.post("/v1/admin/blog", json=POST, headers=headers)
    assert r.status_code == 201, r.text
    post = r.json()
    assert post["slug"] == "ecrire-un-billet" and post["visible"] is False
    # Hidden: visitors do not see it, the admin list does.
    assert client.get("/v1/blog/ecrire-un-billet").json()["message"] == "Blog Post Not Found"
    assert [p["slug"] for p in client.get("/v1/admin/blog", headers=headers).json()["data"]] == [
        "ecrire-un-billet"
    ]
    r = client.put(
        f"/v1/admin/blog/{post['id']}", json={**POST, "visible": True, "reason": "ready"}, headers=headers
    )
    assert r.status_code == 200 and r.json()["visible"] is True
    seen = client.get("/v1/blog/ecrire-un-billet").json()
    assert "<strong>bold</strong>" in seen["body_html"] and "<script>" not in seen["body_html"]
    assert seen["picture_url"] == "https://cdn.example/picture.webp"
    rows = db.execute(
        select(AdminAudit.action, AdminAudit.admin_id, AdminAudit.reason).order_by(AdminAudit.id)
    ).all()
    assert rows == [("blog.create", boss.id, ""), ("blog.update", boss.id, "ready")]


def test_slugs_are_unique_and_checked(client, db):
    _, headers = admin(db)
    first = client.post("/v1/admin/blog", json=POST, headers=headers).json()
    second = client.post("/v1/admin/blog", json=POST, headers=headers).json()
    assert second["slug"] == "ecrire-un-billet-2"
    taken = client.post("/v1/admin/blog", json={**POST, "slug": "ecrire-un-billet"}, headers=headers)
    assert taken.status_code == 422 and "already used" in taken.text
    bad = client.post("/v1/admin/blog", json={**POST, "slug": "Not A Slug"}, headers=headers)
    assert bad.status_code == 422
    moved = client.put(
        f"/v1/admin/blog/{first['id']}", json={**POST, "slug": "ecrire-un-billet-2"}, headers=headers
    )
    assert moved.status_code == 422


def test_preview_renders_like_the_public_page(client, db):
    _, headers = admin(db)
    r = client.post("/v1/admin/blog/preview", json={"body_markdown": POST["body_markdown"]}, headers=headers)
    assert (
        r.status_code == 200 and "<h2>Hello</h2>" in r.json()["html"] and "<script>" not in r.json()["html"]
    )


def test_removing_a_post_needs_a_reason_and_says_the_spec_words(client, db):
    _, headers = admin(db)
    post = client.post("/v1/admin/blog", json=POST, headers=headers).json()
    assert (
        client.request("DELETE", f"/v1/admin/blog/{post['id']}", json={}, headers=headers).status_code == 422
    )
    r = client.request("DELETE", f"/v1/admin/blog/{post['id']}", json={"reason": "outdated"}, headers=headers)
    assert r.status_code == 204
    again = client.request(
        "DELETE", f"/v1/admin/blog/{post['id']}", json={"reason": "outdated"}, headers=headers
    )
    assert again.status_code == 404 and again.json()["message"] == "Error, Post Not Removed"
    assert (
        client.get(f"/v1/admin/blog/{post['id']}", headers=headers).json()["message"] == "Blog Post Not Found"
    )
    assert db.scalar(select(AdminAudit.reason).where(AdminAudit.action == "blog.delete")) == "outdated"


@pytest.mark.parametrize(
    "change",
    [{"title": "x"}, {"picture_url": "javascript:alert(1)"}, {"body_markdown": ""}, {"visible": "yes"}],
)
def test_bad_posts_are_422(client, db, change):
    _, headers = admin(db)
    assert client.post("/v1/admin/blog", json={**POST, **change}, headers=headers).status_code == 422


def test_a_picture_upload_is_re_encoded_and_stored(client, db):
    _, headers = admin(db)
    r = client.post(
        "/v1/admin/blog/picture", files={"file": ("a.png", picture(), "image/png")}, headers=headers
    )
    assert r.status_code == 201, r.text
    url = r.json()["url"]
    assert url.startswith("/media/blog/") and url.endswith(".webp")
    assert (
        client.post("/v1/admin/blog", json={**POST, "picture_url": url}, headers=headers).status_code == 201
    )


@pytest.mark.parametrize("level", [None, "Moderator", "AdPartner"])
def test_only_full_admins_write_the_blog(client, db, level):
    _, headers = admin(db, level) if level else member(db)
    assert client.get("/v1/admin/blog", headers=headers).status_code == 403
    assert client.post("/v1/admin/blog", json=POST, headers=headers).status_code == 403


def test_a_publication_time_with_an_offset_is_kept_as_the_same_instant(client, db):
    # 10:00 at +02:00 is 08:00 UTC: a post scheduled from Paris must not show two hours late.
    _, headers = admin(db)
    created = client.post(
        "/v1/admin/blog", json={**POST, "published_at": "2026-12-01T10:00:00+02:00"}, headers=headers
    ).json()
    assert db.get(BlogPost, created["id"]).published_at == datetime(2026, 12, 1, 8, 0)
    client.put(
        f"/v1/admin/blog/{created['id']}",
        json={**POST, "published_at": "2026-12-02T09:30:00-05:00", "reason": "moved"},
        headers=headers,
    )
    db.expire_all()
    assert db.get(BlogPost, created["id"]).published_at == datetime(2026, 12, 2, 14, 30)
