"""A page of the web app is the same answer however the request reaches it: sent straight to the
catch-all past the API's routes (core/routes.py), or by the router asking every route first; built,
or read back from the response cache."""

from __future__ import annotations

import os
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.requests import Request

from addme.accounts.cookies import SESSION_COOKIE
from addme.core import pages
from addme.core.config import get_settings
from addme.core.routes import FastPaths
from addme.main import create_app
from tests.core.test_first_visit import boot_of, built_web  # noqa: F401 - the fixture
from tests.factories.listings import make_username

pytestmark = pytest.mark.usefixtures("built_web")

PAGES = ["/help", "/snapchat-usernames", "/snapchat-usernames?page=2", "/", "/terms", "/no/such/page"]


def _seen(response: Any) -> tuple[int, bytes, dict[str, str]]:
    headers = {k: v for k, v in response.headers.items() if k != "x-request-id"}
    return response.status_code, response.content, headers


@pytest.fixture
def walked() -> TestClient:
    """The app without its shortcuts: every request asks the routes in order, as FastAPI does.
    No lifespan (no `with`): the test's client keeps the one it opened."""
    app = create_app()
    app.router.middleware_stack = app.router.middleware_stack.app  # FastPaths' inner app: the router
    return TestClient(app, base_url="http://testserver")


def test_the_app_sends_a_page_straight_to_the_catch_all(client):
    fast = client.app.router.middleware_stack
    assert isinstance(fast, FastPaths)
    fast._build()
    assert fast._catch_all is not None and fast._catch_all.route.path == "/{path:path}"
    # Every route before it is the API's, a file's or the docs': a page's path starts with none.
    firsts = {prefix.split("/")[1] for prefix in fast._catch_all.earlier_prefixes}
    assert firsts <= {"v1", "media", "metrics", "robots.txt", "sitemap.xml", "docs"}
    assert {"v1", "media", "metrics"} <= firsts


@pytest.mark.parametrize("cookie", [None, "signed-in-token"])
def test_a_page_is_the_same_through_the_shortcut_and_through_every_route(client, walked, db, cookie):
    make_username(db, username="in.the.page")
    if cookie:  # a member's session: the page is the public one all the same
        client.cookies.set(SESSION_COOKIE, cookie)
        walked.cookies.set(SESSION_COOKIE, cookie)
    for path in PAGES:
        first = client.get(path)
        again = client.get(path)  # from the response cache now
        through_router = walked.get(path)
        assert _seen(first) == _seen(again) == _seen(through_router), path
        status, _, headers = _seen(first)
        assert status == (404 if path == "/no/such/page" else 200), path
        assert headers["content-type"] == "text/html; charset=utf-8"
        assert headers["cache-control"].startswith("public, max-age=0, s-maxage=")
        not_modified = client.get(path, headers={"If-None-Match": headers["etag"]})
        if status == 200:
            assert not_modified.status_code == 304 and not_modified.content == b"", path
            assert not_modified.headers["etag"] == headers["etag"].removeprefix("W/")  # not compressed
            assert _seen(not_modified) == _seen(walked.get(path, headers={"If-None-Match": headers["etag"]}))
        else:
            assert not_modified.status_code == 404, path
    # The list's first answers are in its page, whichever way it came.
    answers = boot_of(client.get("/snapchat-usernames").text)["answers"]
    usernames = next(a for a in answers if a["name"] == "usernames")
    assert [card["username"] for card in usernames["data"]["data"]] == ["in.the.page"]


def test_api_paths_and_files_stay_what_they_were(client, walked):
    dist = get_settings().web_dist  # the built_web fixture's
    (dist / "sw.js").write_text("self.addEventListener('fetch', () => {})")
    (dist / "flags").mkdir()
    outside = dist.parent / f"{dist.name}-secret.txt"
    outside.write_text("not part of the build")
    os.symlink(outside, dist / "leak.txt")
    for path in ("/v1/nope", "/v1", "/sw.js", "/flags", "/leak.txt", "/sw.js/more", "/.vite/manifest.json",
                 "/media/none.png", "/robots.txt"):  # fmt: skip
        assert _seen(client.get(path)) == _seen(walked.get(path)), path
    assert client.get("/sw.js").text.startswith("self.addEventListener")
    for page in ("/flags", "/leak.txt", "/sw.js/more"):  # a folder, a link out of the build, a file's child
        r = client.get(page)
        assert r.status_code == 404 and r.headers["content-type"].startswith("text/html"), page
        assert "not part of the build" not in r.text


def _request(path: str, query: bytes = b"") -> Request:
    return Request(
        {
            "type": "http",
            "method": "GET",
            "scheme": "http",
            "server": ("testserver", 80),
            "path": path,
            "root_path": "",
            "query_string": query,
            "headers": [(b"host", b"testserver")],
        }
    )


@pytest.mark.parametrize(
    "query",
    [
        b"",
        b"page=2",
        b"a=1&page=3",
        b"page=2#frag",
        b"page=2%0A",
        b"page=\t2",
        b"p=%E2%82%AC&page=4",
    ],
)
def test_the_query_a_page_reads_is_the_urls(query):
    request = _request("/snapchat-usernames", query)
    assert pages._query(request) == request.url.query


def test_a_raw_byte_in_the_query_is_read_not_a_500():
    # Starlette's own URL fails on it (UnicodeDecodeError): the page reads the bytes as Latin-1.
    request = _request("/snapchat-usernames", b"x=\xff&page=5")
    assert pages._PAGE.search(pages._query(request)).group(1) == "5"
