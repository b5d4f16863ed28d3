"""First-party page views: route templates only, no IP kept, counted into the figures; and the
optional hosted service at its HTTP boundary."""

from __future__ import annotations

import json

import httpx
from sqlalchemy import inspect, select

from addme.core import clock
from addme.core.config import Settings
from addme.stats import hosted, rollup
from addme.stats.models import DailyFigure, PageView


def _views(db):  # type: ignore[no-untyped-def]
    return [
        (v.path, v.referrer_host, v.country_code) for v in db.scalars(select(PageView).order_by(PageView.id))
    ]


def test_a_visitor_s_route_changes_are_stored_as_templates_with_the_referrer_host(client, db):
    res = client.post(
        "/v1/pageviews",
        json={
            "views": [
                {"path": "/u/:handle", "referrer": "https://www.example.org/some/page?q=secret"},
                {"path": "/search?q=alice", "referrer": "http://testserver/"},
                # An address with an id or an e-mail in it is dropped, never stored.
                {"path": "/admin/users/123456"},
                {"path": "/auth/reset/jane@example.com"},
            ]
        },
    )
    assert res.status_code == 204
    assert _views(db) == [("/u/:handle", "www.example.org", None), ("/search", "", None)]
    # No column could hold an address: the table has no IP of any kind.
    assert not any("ip" in c["name"] for c in inspect(db.get_bind()).get_columns("page_views"))


def test_page_views_are_counted_into_the_daily_figures(client, db):
    for _ in range(3):
        client.post("/v1/pageviews", json={"views": [{"path": "/"}, {"path": "/shop"}]})
    rollup.refresh_recent(db)
    today = clock.now().date()
    rows = {
        f.dimension: f.value
        for f in db.scalars(
            select(DailyFigure).where(DailyFigure.metric == "pageviews", DailyFigure.day == today)
        )
    }
    assert rows == {"": 6, "path:/": 3, "path:/shop": 3}


def test_the_beacon_refuses_empty_or_oversized_batches_and_floods(client, db):
    assert client.post("/v1/pageviews", json={"views": []}).status_code == 422
    assert client.post("/v1/pageviews", json={"views": [{"path": "/"}] * 21}).status_code == 422
    statuses = [client.post("/v1/pageviews", json={"views": [{"path": "/"}]}).status_code for _ in range(121)]
    assert statuses[:120] == [204] * 120 and statuses[120] == 429


def test_hosted_analytics_are_off_by_default():
    assert isinstance(hosted.provider_for(Settings()), hosted.NoHostedAnalytics)
    assert isinstance(hosted.provider_for(Settings(analytics_provider="plausible")), hosted.NoHostedAnalytics)


def test_plausible_receives_the_documented_event():
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(202, text="ok")

    settings = Settings(
        analytics_provider="plausible", plausible_domain="addme.example", site_url="https://addme.example"
    )
    provider = hosted.provider_for(settings, transport=httpx.MockTransport(handler))
    view = hosted.HostedView(
        path="/u/:handle", referrer="https://ref.example/", user_agent="Mozilla/5.0", ip="203.0.113.9"
    )
    assert provider.send(view) is True
    [request] = seen
    assert str(request.url) == "https://plausible.io/api/event"
    assert json.loads(request.content) == {
        "name": "pageview",
        "url": "https://addme.example/u/:handle",
        "domain": "addme.example",
        "referrer": "https://ref.example/",
    }
    assert request.headers["user-agent"] == "Mozilla/5.0"
    assert request.headers["x-forwarded-for"] == "203.0.113.9"

    failing = hosted.provider_for(settings, transport=httpx.MockTransport(lambda r: httpx.Response(400)))
    assert failing.send(view) is False

    def down(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("down", request=request)

    assert hosted.provider_for(settings, transport=httpx.MockTransport(down)).send(view) is False
