"""A public page carries the API answers its first render asks for (core/firstanswers.py): the
same bodies the API gives a visitor, named as the web app names its queries."""

from __future__ import annotations

from typing import Any

import pytest

from addme.core.config import get_settings
from addme.listings import public
from tests.core.test_first_visit import boot_of, built_web  # noqa: F401 - the fixture
from tests.factories.listings import make_username

pytestmark = pytest.mark.usefixtures("built_web")


def answers_of(client, path: str) -> dict[str, Any]:
    response = client.get(path)
    assert response.status_code == 200, path
    return {a["name"]: a for a in boot_of(response.text).get("answers", [])}


def test_a_list_page_carries_its_usernames_countries_and_tags_as_the_api_answers_them(client, db):
    make_username(db, username="first.answer", tags=["gamer"])
    make_username(db, username="second.answer", app="kik")
    got = answers_of(client, "/snapchat-usernames")
    assert set(got) == {"usernames", "countries", "tags"}
    assert got["usernames"]["params"] == {"app": "snapchat", "page": 1, "per_page": 24}
    listed = client.get("/v1/usernames", params={"app": "snapchat", "page": 1, "per_page": 24}).json()
    assert got["usernames"]["data"] == listed
    assert [card["username"] for card in listed["data"]] == ["first.answer"]
    assert got["countries"]["data"] == client.get("/v1/countries").json()
    assert got["tags"] == {
        "name": "tags",
        "params": {"app": "snapchat"},
        "data": client.get("/v1/tags?app=snapchat").json(),
    }


@pytest.mark.parametrize(
    ("path", "params"),
    [
        ("/list", {"page": 1, "per_page": 24}),
        ("/snapchat-usernames?page=2", {"app": "snapchat", "page": 2, "per_page": 24}),
        ("/snapchat-usernames/vip", {"app": "snapchat", "vip": True, "page": 1, "per_page": 24}),
        ("/telegram-usernames/hottest", {"app": "telegram", "order": "popular", "page": 1, "per_page": 24}),
        ("/kik-usernames/gender/Female", {"app": "kik", "gender": "Female", "page": 1, "per_page": 24}),
        ("/kik-usernames/clean", {"app": "kik", "type": "Clean", "page": 1, "per_page": 24}),
        ("/tags/gamer", {"tag": "gamer", "page": 1, "per_page": 24}),
        ("/kik-usernames/tags/gamer", {"app": "kik", "tag": "gamer", "page": 1, "per_page": 24}),
        ("/countries/us", {"country": "US", "page": 1, "per_page": 24}),
        ("/", {"app": "snapchat", "page": 1, "per_page": 8}),
    ],
)
def test_each_list_page_names_the_query_the_app_makes_for_it(client, db, path, params):
    make_username(db, username="any.answer", app="kik", tags=["gamer"])
    got = answers_of(client, path)["usernames"]
    assert got["params"] == params, path
    assert got["data"] == client.get("/v1/usernames", params=params).json(), path


@pytest.mark.parametrize(
    "path", ["/kik-usernames/dirty", "/tags", "/countries", "/help", "/snapchat-usernames/clean"]
)
def test_pages_that_are_not_a_visitors_list_carry_no_list(client, path):
    response = client.get(path)
    assert "answers" not in boot_of(response.text), path


def test_a_profile_carries_itself_and_its_similar_usernames(client, db):
    u = make_username(db, username="profile.answer")
    make_username(db, username="similar.answer")
    for path in (f"/profile/{u.id}", f"/username/profile.answer/{u.id}"):
        got = answers_of(client, path)
        assert got["profile"]["params"] == {"id": u.id}
        assert got["profile"]["data"] == client.get(f"/v1/usernames/{u.id}").json()
        assert got["similar"]["data"] == client.get(f"/v1/usernames/{u.id}/similar").json()
        assert [s["username"] for s in got["similar"]["data"]] == ["similar.answer"]


def test_a_dirty_profile_is_not_written_into_a_page_anyone_can_read(client, db):
    u = make_username(db, username="dirty.answer", type="Dirty")
    response = client.get(f"/profile/{u.id}")
    assert response.status_code == 200
    assert "answers" not in boot_of(response.text)
    assert "dirty.answer" not in response.text.split('id="addme-boot"')[1]


def test_the_shop_carries_its_catalogue(client):
    got = answers_of(client, "/shop")
    assert got["catalogue"]["data"] == client.get("/v1/shop/products").json()
    assert got["catalogue"]["data"]["products"]


def test_a_page_whose_answer_cannot_be_read_is_served_without_it(client, db, monkeypatch):
    make_username(db, username="down.answer")

    async def down(*_a: object, **_k: object) -> bytes:
        raise OSError("the database is down")

    monkeypatch.setattr(public, "build_list", down)
    response = client.get("/telegram-usernames")
    assert response.status_code == 200
    assert "answers" not in boot_of(response.text)
    assert '<link rel="canonical"' in response.text


def test_with_caching_off_a_page_reads_no_list_for_its_answers(client, db, monkeypatch):
    # Each page would otherwise read the database three more times: the app asks for them itself.
    make_username(db, username="uncached.answer")
    monkeypatch.setattr(get_settings(), "listing_cache_seconds", 0)
    built: list[object] = []
    real = public.build_list

    async def counting(*args: Any, **kwargs: Any) -> bytes:
        built.append(args)
        return await real(*args, **kwargs)

    monkeypatch.setattr(public, "build_list", counting)
    for _ in range(3):
        response = client.get("/snapchat-usernames")
        assert response.status_code == 200
        assert "answers" not in boot_of(response.text)
    assert built == []
    assert client.get("/v1/usernames?app=snapchat").json()["data"][0]["username"] == "uncached.answer"
    assert len(built) == 1


def test_an_answer_cannot_close_the_script_it_travels_in(client, db):
    make_username(db, username="script.answer", description="Say hi </script><script>alert(1)</script>")
    u = make_username(db, username="script.answer2", description="</script><!-- x")
    html = client.get(f"/profile/{u.id}").text
    assert "</script><script>alert(1)" not in html and "</script><!--" not in html
    assert boot_of(html)["answers"][0]["data"]["description"] == "</script><!-- x"
