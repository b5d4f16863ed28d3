"""A return address never leaves the site, however it is spelled (an outside test followed
`return=/..//evil.example/phish` from the age-verification simulator)."""

from __future__ import annotations

from urllib.parse import parse_qs, urljoin, urlsplit

import pytest

from addme.core.config import get_settings
from addme.core.returns import safe_return
from addme.trust import providers

SITE = "https://addme.example"


@pytest.mark.parametrize(
    "value",
    [
        "/..//evil.example/phish",
        "/../..//evil.example",
        "/%2e%2e//evil%2eexample/phish",
        "/%2E%2E//evil.example",
        "/.//evil.example",
        "/a/..//evil.example",
        "/%2f/evil.example",
        "/%5Cevil.example",
        "//evil.example",
        "/\\evil.example",
        "/\t/evil.example",
        "https://evil.example/age-verification/return",
        "http://addme.example/age-verification/return",
        "javascript:alert(1)",
        "age-verification/return",
        "",
        None,
    ],
)
def test_never_off_site(value):
    assert safe_return(value, site_url=SITE) is None


@pytest.mark.parametrize(
    ("value", "resolved"),
    [
        ("/age-verification/return", "/age-verification/return"),
        ("/age-verification/return?x=1#top", "/age-verification/return?x=1#top"),
        ("/list/../user", "/user"),
        ("https://addme.example/age-verification/return", "/age-verification/return"),
    ],
)
def test_a_path_of_ours_comes_back_resolved(value, resolved):
    assert safe_return(value, site_url=SITE) == resolved
    # Resolved once more (as the browser does), it stays on the site.
    assert urlsplit(urljoin(SITE, resolved)).netloc == "addme.example"


def test_the_simulator_is_given_a_path_of_ours(db):
    site = get_settings().site_url.rstrip("/")
    flow = providers.LocalSimulator().start(db, return_url=f"{site}/age-verification/return?from=x")
    assert parse_qs(urlsplit(flow.url).query)["return"][0] == "/age-verification/return?from=x"
    hostile = providers.LocalSimulator().start(db, return_url="/..//evil.example/phish")
    assert parse_qs(urlsplit(hostile.url).query)["return"][0] == "/age-verification/return"
