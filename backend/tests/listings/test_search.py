"""Text search: what `q` finds, in which order, with every filter, page by page, on both databases."""

from __future__ import annotations

from datetime import timedelta

import pytest

from addme.core import clock
from addme.listings import queries, service
from tests.factories.accounts import make_user
from tests.factories.listings import make_username


@pytest.fixture(autouse=True, params=["probed", "walk", "search_index"])
def read_path(request, monkeypatch):
    """Every test three times: the path the probe picks, then each way of reading the matches
    forced (walking the list's index, or the search index then sorting): same results, same order."""
    if request.param == "walk":
        monkeypatch.setattr(queries, "PROBE_COMMON", 0)  # any count is "common"
    elif request.param == "search_index":
        monkeypatch.setattr(queries, "PROBE_COMMON", 10**9)  # no count is
    return request.param


# More newer rows than the probe's "common" count: read before read_path's fixture changes it.
_MANY = queries.PROBE_COMMON + 10


def _get(client, **params):
    r = client.get("/v1/usernames", params=params)
    assert r.status_code == 200, r.text
    return r.json()


def _names(client, **params):
    return [c["username"] for c in _get(client, **params)["data"]]


def _ago(minutes: int):
    return clock.now() - timedelta(minutes=minutes)


def test_any_part_of_a_handle_finds_it(client, db):
    make_username(db, username="blue_kitty912", approved_at=_ago(3))
    make_username(db, username="KittyCat", app="kik", approved_at=_ago(2))
    make_username(db, username="dog_walker", approved_at=_ago(1))
    # Inside a word of the handle, and across the "_" between two of its words.
    assert _names(client, q="itty") == ["KittyCat", "blue_kitty912"]
    assert _names(client, q="e_kitty9") == ["blue_kitty912"]
    # Under three characters only whole-word prefixes count: "it" starts no word.
    assert _names(client, q="it") == []
    # "%" and "_" are plain characters, not patterns.
    assert _names(client, q="%itty") == []
    assert _names(client, q="g_w") == ["dog_walker"]
    assert _names(client, q="o_w") == []


def test_a_handle_typed_in_full_comes_first_then_the_newest(client, db):
    make_username(db, username="gamer", tags=["chill"], approved_at=_ago(60))
    make_username(db, username="gamer_girl", approved_at=_ago(5))
    make_username(db, username="pro_player", tags=["gamer"], approved_at=_ago(1))
    make_username(db, username="GAMER", app="kik", approved_at=_ago(30))
    make_username(db, username="bored", description="Not a gamer at all", approved_at=_ago(10))
    # Both exact handles (any case, newest first), then every other match newest first.
    assert _names(client, q="Gamer") == ["GAMER", "gamer", "pro_player", "gamer_girl", "bored"]
    # Popular order keeps the exact handles ahead too.
    assert _names(client, q="gamer", order="popular")[:2] == ["GAMER", "gamer"]


def test_search_pages_through_exact_and_other_matches(client, db):
    make_username(db, username="fox", approved_at=_ago(100))
    make_username(db, username="fox", app="kik", approved_at=_ago(101))
    for i in range(7):
        make_username(db, username=f"red_fox_{i}", approved_at=_ago(i))
    expected = ["fox", "fox", *[f"red_fox_{i}" for i in range(7)]]
    pages = [_get(client, q="fox", per_page=2, page=n) for n in range(1, 6)]
    assert [c["username"] for page in pages for c in page["data"]] == expected
    assert [page["meta"]["has_next"] for page in pages] == [True, True, True, True, False]
    assert all(page["meta"]["total"] >= 9 for page in pages[:4]) and pages[4]["meta"]["total"] == 9
    beyond = _get(client, q="fox", per_page=2, page=9)
    assert beyond["data"] == [] and beyond["meta"]["total"] == 9


def test_q_combines_with_every_filter(client, db):
    vip = make_user(db, promotion_ending_at=clock.now() + timedelta(days=1))
    make_username(db, username="night_snap", tags=["gamer"], approved_at=_ago(1))
    make_username(db, username="night_kik", app="kik", gender="Male", country_code="FR", orientation="Gay",
                  tags=["gym"], approved_at=_ago(2))  # fmt: skip
    make_username(db, username="night_vip", user=vip, approved_at=_ago(3))
    make_username(db, username="night_tg", app="telegram", orientation="Lesbian", approved_at=_ago(4))
    make_username(db, username="day_kik", app="kik", gender="Male", country_code="FR", orientation="Gay")
    assert _names(client, q="night") == ["night_snap", "night_kik", "night_vip", "night_tg"]
    assert _names(client, q="night", app="kik") == ["night_kik"]
    assert _names(client, q="night", gender="Male") == ["night_kik"]
    assert _names(client, q="night", country="FR") == ["night_kik"]
    assert _names(client, q="night", orientation="Lesbian") == ["night_tg"]
    assert _names(client, q="night", tag="gamer") == ["night_snap"]
    assert _names(client, q="night", vip="true") == ["night_vip"]
    assert _names(client, q="night", type="Clean", app="kik", gender="Female") == []


def test_search_ignores_what_is_not_listed_and_follows_renames(client, db):
    u = make_username(db, username="old_handle")
    make_username(db, username="old_pending", status="pending")
    assert _names(client, q="old") == ["old_handle"]
    u.username, u.username_normalized = "new_handle", "new_handle"
    db.commit()
    service.invalidate_listings()
    assert _names(client, q="old") == []
    assert _names(client, q="handle") == ["new_handle"]
    assert _names(client, q="w_han") == ["new_handle"]


@pytest.mark.parametrize("q", ["'", '"', "\\", "a' & b", "*:", "!!", "(", "% _", "x" * 100, "ÉTÉ"])
def test_odd_queries_answer_normally(client, db, q):
    make_username(db, username="ete_fan", description="Été à la plage")
    r = client.get("/v1/usernames", params={"q": q})
    assert r.status_code == 200, r.text


def test_a_rare_word_among_many_usernames(client, db):
    # Few matches among many newer rows: read from the search index, still in the list's order.
    make_username(db, username="zebra_quill", tags=["art"], approved_at=_ago(500))
    make_username(db, username="quiet_one", description="Quillwork and beads", approved_at=_ago(400))
    make_username(db, username="quill", app="kik", approved_at=_ago(450))
    for i in range(_MANY):
        make_username(db, username=f"plain_{i}", approved_at=_ago(i))
    body = _get(client, q="quill", per_page=2)
    assert [c["username"] for c in body["data"]] == ["quill", "quiet_one"]
    assert body["meta"] == {"page": 1, "per_page": 2, "total": 3, "has_next": True}
    assert _names(client, q="quill", per_page=2, page=2) == ["zebra_quill"]
    assert _names(client, q="quill", order="popular")[0] == "quill"
    assert _names(client, q="quill", app="kik") == ["quill"]
    assert _names(client, q="uill") == ["quill", "zebra_quill"]  # part of a handle only


def test_a_word_with_no_match_answers_an_empty_list(client, db):
    for i in range(_MANY):
        make_username(db, username=f"plain_{i}", approved_at=_ago(i))
    for params in ({"q": "xylophone"}, {"q": "xylophone", "order": "popular"}, {"q": "ylop", "page": 3}):
        body = _get(client, **params)
        assert body["data"] == [] and body["meta"]["total"] == 0 and not body["meta"]["has_next"]
