"""The apps' public pages: the parsers on the recorded shapes, and the real adapter's address checks."""

from __future__ import annotations

import httpx
import pytest

from addme.listings import handle_pages as hp

CODE = "K7QX2MPA"


def _found(app: str, *, name: str, bio: str) -> str:
    hp.LocalHandlePages.set_profile(app=app, handle="alice", display_name=name, bio=bio)
    try:
        return hp.LocalHandlePages().fetch(app=app, handle="alice")
    finally:
        hp.LocalHandlePages.forget()


@pytest.mark.parametrize("app", ["snapchat", "kik"])
def test_a_found_page_gives_the_display_name_and_bio(app):
    page = hp.PARSERS[app](_found(app, name="Alice & co ✨", bio='18+ "say hi" here'))
    assert page.found
    assert page.display_name == "Alice & co ✨"
    assert page.bio == '18+ "say hi" here'


@pytest.mark.parametrize("app", ["snapchat", "kik"])
def test_a_not_found_page_is_not_found(app):
    page = hp.PARSERS[app](hp.recorded_shape(f"{app}_not_found"))
    assert not page.found and not page.shows(CODE)
    assert not hp.PARSERS[app]("").found  # a 404 with no body


@pytest.mark.parametrize("app", ["snapchat", "kik"])
@pytest.mark.parametrize(("name", "bio", "shown"), [
    (f"Alice {CODE}", "just me", True),
    ("Alice", f"verify: {CODE.lower()}", True),
    ("Alice", "no code in here", False),
    ("Alice", CODE[:-1], False),
])  # fmt: skip
def test_the_code_is_found_in_the_display_name_or_bio_only(app, name, bio, shown):
    assert hp.PARSERS[app](_found(app, name=name, bio=bio)).shows(CODE) is shown


def _public(host: str, port: int) -> list[str]:
    return {"www.snapchat.com": ["151.101.1.1"], "kik.me": ["104.18.2.2"]}.get(host, ["127.0.0.1"])


def test_the_real_adapter_reads_the_page_with_an_addme_user_agent():
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, html=hp.recorded_shape("kik_not_found"))

    pages = hp.HttpHandlePages(transport=httpx.MockTransport(handler), resolve=_public)
    assert not hp.read(pages, app="kik", handle="alice").found
    assert str(seen[0].url) == "https://kik.me/alice"
    assert "AddMe" in seen[0].headers["user-agent"]


def test_a_handle_page_that_redirects_to_127_0_0_1_is_refused():
    seen: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(str(request.url))
        if request.url.host == "www.snapchat.com":
            return httpx.Response(302, headers={"location": "https://127.0.0.1/admin"})
        return httpx.Response(200, html="<h1>inside</h1>")

    pages = hp.HttpHandlePages(transport=httpx.MockTransport(handler), resolve=_public)
    with pytest.raises(hp.PageError, match="non-public"):
        pages.fetch(app="snapchat", handle="alice")
    assert seen == ["https://www.snapchat.com/add/alice"]  # the private address was never asked


@pytest.mark.parametrize(
    "addresses", [["10.0.0.5"], ["151.101.1.1", "192.168.1.1"], ["::1"], ["169.254.169.254"]]
)
def test_a_name_resolving_to_a_private_address_is_never_fetched(addresses):
    def handler(request: httpx.Request) -> httpx.Response:
        raise AssertionError("fetched")

    pages = hp.HttpHandlePages(transport=httpx.MockTransport(handler), resolve=lambda h, p: addresses)
    with pytest.raises(hp.PageError):
        pages.fetch(app="kik", handle="alice")


def test_a_redirect_to_a_host_named_like_a_public_one_is_checked_after_resolution():
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.host == "kik.me":
            return httpx.Response(301, headers={"location": "https://rebind.example/x"})
        raise AssertionError("fetched")

    pages = hp.HttpHandlePages(transport=httpx.MockTransport(handler), resolve=_public)
    with pytest.raises(hp.PageError):
        pages.fetch(app="kik", handle="alice")


def test_a_page_over_the_size_cap_and_an_error_answer_are_refused():
    big = hp.HttpHandlePages(
        transport=httpx.MockTransport(lambda r: httpx.Response(200, content=b"x" * (hp.MAX_BYTES + 1))),
        resolve=_public,
    )
    with pytest.raises(hp.PageError, match="too large"):
        big.fetch(app="kik", handle="alice")
    limited = hp.HttpHandlePages(
        transport=httpx.MockTransport(lambda r: httpx.Response(429)), resolve=_public
    )
    with pytest.raises(hp.PageError, match="429"):
        limited.fetch(app="kik", handle="alice")
    gone = hp.HttpHandlePages(transport=httpx.MockTransport(lambda r: httpx.Response(404)), resolve=_public)
    assert not hp.read(gone, app="snapchat", handle="alice").found


def test_the_check_answers_503_when_the_page_cannot_be_read(client, db, monkeypatch):
    from tests.factories.accounts import auth, make_user, token_for
    from tests.factories.listings import make_username

    user = make_user(db)
    h = auth(token_for(db, user))
    u = make_username(db, user=user, app="snapchat", username="alice_snap")
    client.post(f"/v1/user/usernames/{u.id}/ownership/code", headers=h)
    broken = hp.HttpHandlePages(transport=httpx.MockTransport(lambda r: httpx.Response(500)), resolve=_public)
    monkeypatch.setattr(hp, "provider", lambda: broken)
    r = client.post(f"/v1/user/usernames/{u.id}/ownership/check", headers=h)
    assert r.status_code == 503 and r.json()["code"] == "ownership_page_unreadable"
    assert r.json()["message"] == "Snapchat's page could not be read just now: try again in a few minutes."
