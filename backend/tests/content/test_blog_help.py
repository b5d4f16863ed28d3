"""Blog (sanitized Markdown), the seeded posts, the help FAQ's figures, alerts and ads."""

from __future__ import annotations

from datetime import timedelta

from addme.content.markdown import render
from addme.core import clock
from addme.demo import content as demo_content
from tests.factories.community import make_alert, make_post

EVIL = """\
# Title

<script>alert(document.cookie)</script>

<img src="x" onerror="alert(1)">

<a href="javascript:alert(2)" onclick="steal()">click</a>

[safe](https://example.com) <iframe src="https://evil.example"></iframe>

<p style="color:red" onmouseover="x()">styled</p>
"""


def test_blog_post_html_is_sanitized(client, db) -> None:
    make_post(db, slug="evil", body_markdown=EVIL)
    r = client.get("/v1/blog/evil")
    assert r.status_code == 200
    html = r.json()["body_html"].lower()
    for bad in (
        "<script",
        "alert(document",
        "onerror",
        "onclick",
        "onmouseover",
        "javascript:",
        "<iframe",
        "style=",
    ):
        assert bad not in html, bad
    assert '<a href="https://example.com" rel="noopener nofollow noreferrer">safe</a>' in html
    assert "<h1>" not in html  # headings start at h2 inside a post


def test_markdown_formatting_survives() -> None:
    html = render("## Sub\n\n- **bold** and *em*\n\n| a | b |\n|---|---|\n| 1 | 2 |")
    assert "<h2>Sub</h2>" in html and "<strong>bold</strong>" in html and "<td>1</td>" in html


def test_blog_lists_visible_published_posts_only(client, db) -> None:
    make_post(db, slug="new", title="New", published_at=clock.now() - timedelta(hours=1))
    make_post(db, slug="old", title="Old", published_at=clock.now() - timedelta(days=3))
    make_post(db, slug="hidden", visible=False)
    make_post(db, slug="future", published_at=clock.now() + timedelta(days=1))
    r = client.get("/v1/blog", params={"per_page": 1}).json()
    assert r["meta"] == {"page": 1, "per_page": 1, "total": 2, "has_next": True}
    assert [p["slug"] for p in r["data"]] == ["new"]
    assert "body_html" not in r["data"][0]
    assert client.get("/v1/blog/hidden").status_code == 404
    missing = client.get("/v1/blog/future")
    assert missing.status_code == 404 and missing.json()["message"] == "Blog Post Not Found"


def test_seeded_posts_include_age_verification(client, db) -> None:
    assert demo_content.seed_posts(db) == 5
    db.commit()
    assert demo_content.seed_posts(db) == 0
    posts = client.get("/v1/blog").json()["data"]
    titles = {p["title"] for p in posts}
    assert "Mandatory age verification: what it means for you" in titles
    body = client.get("/v1/blog/mandatory-age-verification").json()["body_html"]
    assert "United Kingdom" in body and "never receive or store your ID" in body


def test_help_states_the_figures(client) -> None:
    r = client.get("/v1/help")
    assert r.status_code == 200
    sections = r.json()["sections"]
    text = " ".join(i["a"] for s in sections for i in s["items"])
    for figure in (
        "30 seconds to 5 minutes",
        "rarely up to 30 minutes",
        "4 to 48 hours",
        "up to 5 days",
        "3 free Top-Ups before its first purchase",
        "10 more",
        "8 hours",
        "at most 5 per 24 hours",
        "30 days",
        "30-day cool-down",
        "VPN",
        "within 24 hours",
        "no refunds",
    ):
        assert figure in text, figure


def test_alerts_active_for_spot_with_html_as_written_for_the_sandbox(client, db) -> None:
    make_alert(db, spots="global", html='<b>Hi</b><script>x()</script><img src=x onerror="y()">')
    make_alert(db, spots="shop", text="Shop only")
    make_alert(db, spots="global", active=False, text="Off")
    make_alert(db, spots="global", ends_at=clock.now() - timedelta(minutes=1), text="Over")
    r = client.get("/v1/alerts", params={"spot": "home"}).json()
    assert len(r) == 1
    # Served as written: the client runs it only in a sandboxed frame without same-origin access.
    assert r[0]["html"] == '<b>Hi</b><script>x()</script><img src=x onerror="y()">'
    assert {a["text"] for a in client.get("/v1/alerts", params={"spot": "shop"}).json()} == {
        "Hi",
        "Shop only",
    }
