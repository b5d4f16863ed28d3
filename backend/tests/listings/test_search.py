"""Text search: what `q` finds, in which order, with every filter, page by page, on both databases."""

from __future__ import annotations

from datetime import timedelta

import pytest

from addme.core import clock, reads
from addme.listings import constants, service
from addme.listings.search import pipeline, plan
from tests.factories.accounts import make_user
from tests.factories.listings import make_username


@pytest.fixture(autouse=True, params=["chosen", "probed", "walk", "short_walk", "search_index"])
def read_path(request, monkeypatch):
    """Every test five times: as a visitor's search runs (on PostgreSQL a search never seen before
    is read from the index at once), the path the probe's word frequency picks, then each way of
    reading the matches forced: walking the list's index, walking a window too small for any page
    (every short walk then falls back to the index), or the search index then sorting. Same
    results, same order, same totals."""
    forced = {
        "walk": plan.Path(plan.WALK_MAX),
        "short_walk": plan.Path(2),
        "search_index": plan.INDEX,
    }.get(request.param)
    if request.param != "chosen":
        monkeypatch.setattr(pipeline, "FIRST_READING", False)
    if forced is not None:
        monkeypatch.setattr(plan, "choose", lambda *_a, **_k: forced)
    return request.param


# More newer rows than the probe's window holds, so a word's frequency is measured, not assumed.
_MANY = 60


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


def test_a_partial_handle_finds_its_members_and_only_the_listed_clean_ones(client, db):
    # "tter452" is neither a word of these handles nor the start of one: only its trigrams find it.
    make_username(db, username="shy_otter4521", approved_at=_ago(5))
    make_username(db, username="Blue_OTTER45299", approved_at=_ago(4))
    make_username(db, username="wild_otter4521x", type="Dirty", approved_at=_ago(3))
    make_username(db, username="dark_otter45211", is_hidden=True, approved_at=_ago(2))
    make_username(db, username="tiny_otter45212", status="pending", approved_at=_ago(2))
    make_username(db, username="sunny_otter4531", approved_at=_ago(1))
    for n in range(_MANY):  # newer rows without it: the probe measures it rare
        make_username(db, username=f"lazy_kitty{n}", approved_at=_ago(0))
    body = _get(client, q="tter452")
    assert [c["username"] for c in body["data"]] == ["Blue_OTTER45299", "shy_otter4521"]
    assert body["meta"]["total"] == 2
    assert _names(client, q="TTER452") == ["Blue_OTTER45299", "shy_otter4521"]
    assert _names(client, q="tter4529") == ["Blue_OTTER45299"]


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


def _all_pages(client, per_page: int, **params) -> tuple[list[str], list[dict]]:
    """Every page of a search, until has_next is false: the names in order and each page's meta."""
    names, metas = [], []
    for page in range(1, 50):
        body = _get(client, per_page=per_page, page=page, **params)
        names += [c["username"] for c in body["data"]]
        metas.append(body["meta"])
        if not body["meta"]["has_next"]:
            return names, metas
    raise AssertionError("no last page")


def test_a_whole_handle_its_words_and_its_parts(client, db):
    make_username(db, username="cosmic_angel12345", app="kik", approved_at=_ago(90))
    make_username(db, username="cosmic_angel12345", app="snapchat", approved_at=_ago(80))
    make_username(db, username="the_cosmic_angel123456", approved_at=_ago(5))  # contains the handle
    make_username(db, username="angel12345_cosmic", approved_at=_ago(4))  # both words, other order
    make_username(db, username="cosmic_devil", description="an angel12345 fan", approved_at=_ago(3))
    make_username(db, username="xcosmic_angel1234", approved_at=_ago(2))  # neither
    for i in range(_MANY):
        make_username(db, username=f"cosmic_{i}", approved_at=_ago(100 + i))
    # The handle typed in full: its two listings first (newest first), then every other match.
    both = ["cosmic_angel12345", "cosmic_angel12345"]
    assert _names(client, q="Cosmic_Angel12345") == [
        *both,
        "cosmic_devil",
        "angel12345_cosmic",
        "the_cosmic_angel123456",
    ]
    # A prefix of a word, a part inside one, and two words in any order.
    assert _names(client, q="angel1234") == [
        "xcosmic_angel1234",
        "cosmic_devil",
        "angel12345_cosmic",
        "the_cosmic_angel123456",
        *both,
    ]
    assert _names(client, q="ngel12345") == ["angel12345_cosmic", "the_cosmic_angel123456", *both]
    assert _names(client, q="angel12345 cosmic") == [
        "cosmic_devil",
        "angel12345_cosmic",
        "the_cosmic_angel123456",
        *both,
    ]
    assert _names(client, q="cosmic_angel12345", app="kik") == ["cosmic_angel12345"]


def test_a_common_word_pages_through_in_the_lists_order(client, db):
    # 40 matches among 70 rows, an exact handle in two apps, pins that do not jump a search.
    make_username(db, username="gamer", app="kik", approved_at=_ago(300))
    make_username(db, username="gamer", app="telegram", approved_at=_ago(1))
    expected_latest = ["gamer", "gamer"]
    for i in range(70):
        name = f"gamer_{i:02d}" if i % 7 < 4 else f"reader_{i:02d}"
        make_username(
            db,
            username=name,
            approved_at=_ago(10 + i),
            popularity=(i * 37) % 11,
            fire_pinned_until=clock.now() + timedelta(hours=1) if i == 50 else None,
        )
        if name.startswith("gamer"):
            expected_latest.append(name)
    for per_page in (1, 7, 24):
        names, metas = _all_pages(client, per_page, q="gamer")
        assert names[:2] == ["gamer", "gamer"] and names == expected_latest
        assert metas[-1]["total"] == len(expected_latest)
        assert all(m["total"] >= len(names[: m["page"] * per_page]) for m in metas)
    popular, _ = _all_pages(client, 5, q="gamer", order="popular")
    assert popular[:2] == ["gamer", "gamer"] and sorted(popular) == sorted(expected_latest)
    past = _get(client, q="gamer", per_page=10, page=30)
    assert past["data"] == [] and past["meta"]["total"] == len(expected_latest)


def test_q_and_filters_page_together(client, db):
    for i in range(30):
        make_username(
            db,
            username=f"panda_{i:02d}",
            gender="Male" if i % 3 == 0 else "Female",
            country_code="FR" if i % 2 == 0 else "US",
            approved_at=_ago(i),
        )
    make_username(
        db, username="fox_cub", gender="Male", country_code="FR", tags=["panda-lover"], approved_at=_ago(15)
    )
    expected = [f"panda_{i:02d}" for i in range(30) if i % 3 == 0 and i % 2 == 0]
    expected.insert(3, "fox_cub")  # a tag's word; between panda_12 and panda_18
    names, metas = _all_pages(client, 2, q="panda", gender="Male", country="FR")
    assert names == expected and metas[-1]["total"] == len(expected)
    assert _names(client, q="panda", gender="Male", country="FR", app="kik") == []


def test_the_capped_total_of_a_search(client, db, monkeypatch):
    monkeypatch.setattr(constants, "COUNT_CAP", 5)
    for i in range(12):
        make_username(db, username=f"wolf_{i:02d}", approved_at=_ago(i))
    first = _get(client, q="wolf", per_page=3)
    assert first["meta"] == {"page": 1, "per_page": 3, "total": 5, "has_next": True}  # "at least"
    assert _get(client, q="wolf", per_page=3, page=3)["meta"]["total"] >= 9
    assert _get(client, q="wolf", per_page=3, page=4)["meta"] == {
        "page": 4,
        "per_page": 3,
        "total": 12,
        "has_next": False,
    }
    assert _get(client, q="wolf", per_page=3, page=9)["meta"] == {
        "page": 9,
        "per_page": 3,
        "total": 12,
        "has_next": False,
    }


def test_a_words_frequency_picks_the_way_its_matches_are_read(client, db, monkeypatch, read_path):
    if read_path != "probed":
        pytest.skip("about the path the frequency picks")
    monkeypatch.setattr(plan, "PROBE_ROWS", 20)  # a "large" list: more rows than the probe reads
    for i in range(40):
        make_username(db, username=f"common_{i}", approved_at=_ago(i))
    make_username(db, username="rare_unicorn", approved_at=_ago(100))
    seen: list[object] = []
    stop = reads.listen(lambda stmt, _params: seen.append(stmt))
    try:
        assert _names(client, q="common", per_page=5) == [f"common_{i}" for i in range(5)]
        assert any(_is_walk(s) for s in seen) and not any(_is_index(s) for s in seen)
        seen.clear()
        assert _names(client, q="unicorn") == ["rare_unicorn"]
        assert any(_is_index(s) for s in seen) and not any(_is_walk(s) for s in seen)
        seen.clear()
        # The word's frequency is remembered (no probe the second time), and the total too.
        assert _names(client, q="unicorn", page=1, per_page=3) == ["rare_unicorn"]
        assert len(seen) == 1 and _is_index(seen[0])
    finally:
        stop()


def _is_walk(stmt) -> bool:
    """A page read by walking the list (a page statement is the union `found`)."""
    return " found" in str(stmt) and "walk" in str(stmt) and "search_matches" not in str(stmt)


def _is_index(stmt) -> bool:
    """A page read from the search indexes."""
    return " found" in str(stmt) and "search_matches" in str(stmt)


def test_a_part_of_a_handle_found_by_its_inner_word(client, db, monkeypatch):
    # On PostgreSQL "cosmic_angel123" as part of a handle is looked up by the handle's word
    # starting "angel123" (after the `_`, one starts in any handle holding it), not by trigrams.
    monkeypatch.setattr(plan, "PROBE_ROWS", 20)  # the newest 20 lack the word: it reads as rare
    make_username(db, username="xcosmic_angel12345", approved_at=_ago(50))  # the part only
    make_username(db, username="cosmic-angel123", approved_at=_ago(51))  # both words, not the part
    make_username(db, username="angel123_cosmic", approved_at=_ago(52))  # both words
    make_username(db, username="cosmic_xangel123", approved_at=_ago(53))  # neither
    make_username(db, username="cosmic.angel1", description="angel123 fan", approved_at=_ago(54))  # words
    make_username(db, username="xcosmic.angel123", approved_at=_ago(55))  # `.` is not `_`: neither
    for i in range(40):
        make_username(db, username=f"cosmic_{i}", approved_at=_ago(i))
    expected = ["xcosmic_angel12345", "cosmic-angel123", "angel123_cosmic", "cosmic.angel1"]
    assert _names(client, q="cosmic_angel123") == expected
    assert _names(client, q="Cosmic_Angel123", order="popular", per_page=2) == expected[:2]
    assert _get(client, q="cosmic_angel123", per_page=2)["meta"]["total"] == 4
    assert _names(client, q="cosmic_angel123", per_page=2, page=2) == expected[2:]
    assert _names(client, q="osmic_angel1234") == ["xcosmic_angel12345"]  # inside a word, then `_`


def _statements(client, **params) -> tuple[list[str], list[str]]:
    """The names a search answers and the statements it ran."""
    seen: list[object] = []
    stop = reads.listen(lambda stmt, _params: seen.append(stmt))
    try:
        return _names(client, **params), [str(s) for s in seen]
    finally:
        stop()


def test_a_search_never_seen_before_is_read_at_once(client, db, read_path):
    if read_path != "chosen" or db.get_bind().dialect.name != "postgresql":
        pytest.skip("PostgreSQL reads a search never seen before from the index at once")
    make_username(db, username="shy_otter4242", approved_at=_ago(30))
    make_username(db, username="otter4242", app="kik", approved_at=_ago(40))
    for i in range(_MANY):
        make_username(db, username=f"shy_{i}", approved_at=_ago(i))
    names, statements = _statements(client, q="shy_otter4242")
    assert names == ["shy_otter4242"]
    # One statement: no probe of the word's frequency first.
    assert len(statements) == 1 and "search_candidates" in statements[0]
    # The handle typed in full first, then the other matches; every page read at once.
    names, statements = _statements(client, q="otter4242", per_page=1, page=2)
    assert names == ["shy_otter4242"] and len(statements) == 1
    assert _get(client, q="otter4242", per_page=1)["meta"] == {
        "page": 1,
        "per_page": 1,
        "total": 2,
        "has_next": True,
    }


def test_a_common_word_read_at_once_is_probed_instead(client, db, monkeypatch, read_path):
    if read_path != "chosen" or db.get_bind().dialect.name != "postgresql":
        pytest.skip("PostgreSQL reads a search never seen before from the index at once")
    monkeypatch.setattr(plan, "FIRST_CANDIDATES", 10)  # "common": more than ten rows
    monkeypatch.setattr(plan, "PROBE_ROWS", 20)
    for i in range(40):
        make_username(db, username=f"dreamer_{i}", approved_at=_ago(i))
    names, statements = _statements(client, q="dreamer", per_page=5)
    assert names == [f"dreamer_{i}" for i in range(5)]
    # Read at once, found common, then probed and walked like any common word.
    assert "search_candidates" in statements[0] and "probe_window" in statements[1]
    assert any(_is_walk(s) for s in statements[2:])
    # A new search with that word is probed at once: the word is remembered as common.
    names, statements = _statements(client, q="dreamer_1", per_page=5)
    assert names[0] == "dreamer_1" and not any("search_candidates" in s for s in statements)
