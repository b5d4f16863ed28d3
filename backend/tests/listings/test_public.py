"""The public directory: filters, orders, Dirty, profiles, counters, search and the cache."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import event, select

from addme.core import clock, reads
from addme.core.db import get_engine
from addme.listings import service
from addme.listings.models import Username
from addme.listings.search import sql, tag_sizes
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.listings import make_username


def _names(client, headers=None, **params):
    r = client.get("/v1/usernames", params=params, headers=headers or {})
    assert r.status_code == 200, r.text
    return [c["username"] for c in r.json()["data"]]


def _signed_in(db):
    return auth(token_for(db, make_user(db)))


def test_dirty_needs_a_signed_in_viewer(client, db):
    make_username(db, username="dirty_one", type="Dirty")
    make_username(db, username="clean_one")
    r = client.get("/v1/usernames", params={"type": "Dirty"})
    assert r.status_code == 401
    assert r.json()["message"] == "You must be logged in order to see Dirty usernames."
    assert _names(client) == ["clean_one"]
    assert _names(client, headers=_signed_in(db), type="Dirty") == ["dirty_one"]


def test_filters(client, db):
    vip = make_user(db, promotion_ending_at=clock.now() + timedelta(days=1))
    make_username(db, username="snap_f_us", tags=["gamer", "gym"])
    make_username(db, username="kik_m_fr", app="kik", gender="Male", country_code="FR", orientation="Gay")
    make_username(db, username="tg_vip", app="telegram", user=vip, tags=["Gamer"])
    assert set(_names(client, app="kik")) == {"kik_m_fr"}
    assert set(_names(client, gender="Male")) == {"kik_m_fr"}
    assert set(_names(client, orientation="Gay")) == {"kik_m_fr"}
    assert set(_names(client, country="fr")) == {"kik_m_fr"}
    assert set(_names(client, tag="gamer")) == {"snap_f_us", "tg_vip"}
    assert set(_names(client, vip="true")) == {"tg_vip"}
    cards = {c["username"]: c for c in client.get("/v1/usernames").json()["data"]}
    assert cards["tg_vip"]["is_promoted"] is True and cards["snap_f_us"]["is_promoted"] is False
    assert cards["kik_m_fr"]["country"] == "France"


def test_has_tag_keeps_only_listings_with_a_tag(client, db):
    owner = make_user(db)
    bare = make_username(db, username="no_tags_here", user=owner)
    make_username(db, username="one_tag", tags=["gym"])
    make_username(db, username="kik_tagged", app="kik", tags=["gamer", "art"])
    # Unfiltered first: the cached answer of the plain list must not answer the filtered one.
    assert set(_names(client)) == {"no_tags_here", "one_tag", "kik_tagged"}
    r = client.get("/v1/usernames", params={"has_tag": "true"})
    assert {c["username"] for c in r.json()["data"]} == {"one_tag", "kik_tagged"}
    assert r.json()["meta"]["total"] == 2
    assert set(_names(client, has_tag="false")) == {"no_tags_here", "one_tag", "kik_tagged"}
    assert _names(client, has_tag="true", app="kik") == ["kik_tagged"]
    # A text search keeps the filter too.
    assert _names(client, q="no_tags_here") == ["no_tags_here"]
    assert _names(client, has_tag="true", q="no_tags_here") == []
    # The owner adds a tag: the listing joins the filtered list at once.
    r = client.patch(
        f"/v1/user/usernames/{bare.id}", json={"tags": ["beach"]}, headers=auth(token_for(db, owner))
    )
    assert r.status_code == 200, r.text
    assert set(_names(client, has_tag="true")) == {"no_tags_here", "one_tag", "kik_tagged"}
    assert client.get("/v1/usernames", params={"has_tag": "maybe"}).status_code == 422


def test_latest_order_pins_first_then_top_ups_then_approval_time(client, db):
    now = clock.now()
    make_username(db, username="old_approved", approved_at=now - timedelta(days=3))
    make_username(db, username="new_approved", approved_at=now - timedelta(hours=2))
    make_username(
        db, username="topped", approved_at=now - timedelta(days=9), last_top_up=now - timedelta(hours=1)
    )
    make_username(db, username="pin_older", fire_pinned_until=now + timedelta(minutes=5),
                  approved_at=now - timedelta(days=30))  # fmt: skip
    make_username(db, username="pin_newer", fire_pinned_until=now + timedelta(minutes=14),
                  approved_at=now - timedelta(days=30))  # fmt: skip
    make_username(db, username="pin_expired", fire_pinned_until=now - timedelta(minutes=1),
                  approved_at=now - timedelta(days=20))  # fmt: skip
    expected = ["pin_newer", "pin_older", "topped", "new_approved", "old_approved", "pin_expired"]
    assert _names(client) == expected
    # Paging walks the same order across the pins/rest boundary.
    pages = [_names(client, per_page=4, page=1), _names(client, per_page=4, page=2)]
    assert pages == [expected[:4], expected[4:]]
    # Every page size cuts the same order: pages that start inside, at or after the pins.
    for per_page in range(1, 7):
        walked, page, more = [], 1, True
        while more:
            body = client.get("/v1/usernames", params={"per_page": per_page, "page": page}).json()
            walked += [c["username"] for c in body["data"]]
            more, page = body["meta"]["has_next"], page + 1
            assert body["meta"]["total"] == len(expected)
        assert walked == expected, per_page
    cards = client.get("/v1/usernames").json()["data"]
    assert cards[0]["is_fire_pinned"] is True and cards[2]["is_fire_pinned"] is False
    assert cards[2]["time_ago"] == "1 hour ago"


def test_pages_and_meta(client, db):
    for i in range(5):
        make_username(db, username=f"page_{i}", approved_at=clock.now() - timedelta(minutes=10 - i))
    r = client.get("/v1/usernames", params={"per_page": 2, "page": 3}).json()
    assert [c["username"] for c in r["data"]] == ["page_0"]
    assert r["meta"] == {"page": 3, "per_page": 2, "total": 5, "has_next": False}
    assert client.get("/v1/usernames", params={"per_page": 2}).json()["meta"]["has_next"] is True
    assert client.get("/v1/usernames", params={"per_page": 61}).status_code == 422


def test_list_filters_are_validated_with_field_messages(client, db):
    make_username(db, username="any_one", gender="Female")
    bad = client.get("/v1/usernames", params={"gender": "Robot", "page": "two"})
    assert bad.status_code == 422
    assert set(bad.json()["errors"]) == {"gender", "page"}
    # The same bad query again is refused again (a parse is cached only when it succeeds).
    assert client.get("/v1/usernames", params={"gender": "Robot", "page": "two"}).status_code == 422
    # A blank filter is no filter; unknown keys (tracking parameters) are ignored; last value wins.
    assert _names(client, gender="", utm_source="x") == ["any_one"]
    assert client.get("/v1/usernames?gender=Male&gender=Female").json()["data"][0]["username"] == "any_one"
    assert client.get("/v1/usernames", params={"country": "fr"}).json()["data"] == []


def test_popular_counts_views_and_clicks_of_the_last_7_days(client, db):
    a = make_username(db, username="quiet", approved_at=clock.now() - timedelta(minutes=1))
    b = make_username(db, username="liked", approved_at=clock.now() - timedelta(days=2))
    assert client.post(f"/v1/usernames/{b.id}/view").status_code == 204
    assert client.post(f"/v1/usernames/{b.id}/message-click").status_code == 204
    service.invalidate_listings()
    assert _names(client, order="popular") == ["liked", "quiet"]
    assert _names(client) == ["quiet", "liked"]
    del a


def test_a_view_counts_once_per_viewer_per_hour(client, db):
    owner = make_user(db)
    u = make_username(db, user=owner)
    for _ in range(3):
        client.post(f"/v1/usernames/{u.id}/view")
    h = auth(token_for(db, owner))
    assert client.get(f"/v1/user/usernames/{u.id}", headers=h).json()["views_7d"] == 1
    client.post(f"/v1/usernames/{u.id}/message-click")
    client.post(f"/v1/usernames/{u.id}/message-click")
    assert client.get(f"/v1/user/usernames/{u.id}", headers=h).json()["clicks_7d"] == 2


def test_popularity_job_forgets_views_older_than_7_days(client, db):
    from addme.listings import stats

    u = make_username(db, username="was_hot")
    client.post(f"/v1/usernames/{u.id}/view")
    clock.travel(8 * 86400)
    assert stats.refresh_popularity(db) >= 1
    db.refresh(u)
    assert u.popularity == 0


def _pairs_of(id_ranges):
    return lambda low, high, **kw: id_ranges(low, high, **{**kw, "rows": 2})


def test_popularity_job_rewrites_only_the_scores_that_moved(client, db, monkeypatch):
    """The job walks id ranges (each its own short transaction) and leaves right scores alone."""
    from addme.core import batches
    from addme.listings import stats
    from addme.listings.models import UsernameDailyStat

    monkeypatch.setattr(batches, "MAX_ROWS", 2)
    monkeypatch.setattr(batches, "id_ranges", _pairs_of(batches.id_ranges))  # five usernames: 3 ranges
    viewed = make_username(db, username="viewed_today")
    stale = make_username(db, username="stale_score", popularity=7)
    unseen = [make_username(db, username=f"never_seen{i}") for i in range(2)]
    counted = make_username(db, username="counted_late")
    client.post(f"/v1/usernames/{viewed.id}/view")  # popularity 1, its day's row says 1: right already
    db.add(UsernameDailyStat(username_id=counted.id, day=clock.now().date(), views=3, clicks=2))
    db.commit()

    assert stats.refresh_popularity(db) == 2  # the stale score and the late count, nothing else
    for u in (viewed, stale, *unseen, counted):
        db.refresh(u)
    assert (viewed.popularity, stale.popularity, counted.popularity) == (1, 0, 5)
    assert [u.popularity for u in unseen] == [0, 0]
    assert stats.refresh_popularity(db) == 0  # a second run finds every score right


def test_profile_shows_everything_and_404s_when_not_listed(client, db):
    u = make_username(
        db, username="full_prof", description="A long description.", tags=["a1", "b2", "c3", "d4"]
    )
    p = client.get(f"/v1/usernames/{u.id}").json()
    assert p["description"] == "A long description." and p["is_owner"] is False
    assert p["tags"] == ["a1", "b2", "c3", "d4"]
    assert client.get("/v1/usernames").json()["data"][0]["tags"] == ["a1", "b2", "c3"]
    pending = make_username(db, status="pending")
    r = client.get(f"/v1/usernames/{pending.id}")
    assert r.status_code == 404
    assert r.json()["message"] == "Username could not be found or connexion failed."
    assert client.get("/v1/usernames/999999").status_code == 404


def test_owner_sees_their_pending_profile(client, db):
    owner = make_user(db)
    u = make_username(db, user=owner, status="pending")
    r = client.get(f"/v1/usernames/{u.id}", headers=auth(token_for(db, owner)))
    assert r.status_code == 200 and r.json()["is_owner"] is True


def test_similar_usernames(client, db):
    base = make_username(db, username="base_one", orientation="Gay", tags=["gym"])
    make_username(
        db, username="alike", orientation="Gay", tags=["gym"], approved_at=clock.now() - timedelta(days=1)
    )
    make_username(db, username="other_app", app="kik")
    make_username(db, username="less_alike", orientation="Straight", country_code="DE")
    names = [c["username"] for c in client.get(f"/v1/usernames/{base.id}/similar").json()]
    assert names[0] == "alike"
    assert "other_app" not in names and "base_one" not in names and len(names) <= 8


def test_a_verified_owner_leads_the_suggestions_among_equals(client, db):
    base = make_username(db, username="base_two", orientation="Bi", country_code="GB")
    # Two alike candidates; the older one's owner proved the handle.
    make_username(db, username="newer_unproved", orientation="Bi", country_code="GB")
    proved = make_username(
        db,
        username="older_proved",
        orientation="Bi",
        country_code="GB",
        approved_at=clock.now() - timedelta(days=2),
    )
    proved.owner_verified_at = clock.now()
    db.commit()
    similar = client.get(f"/v1/usernames/{base.id}/similar").json()
    assert [c["username"] for c in similar][:2] == ["older_proved", "newer_unproved"]
    assert similar[0]["owner_verified"] is True


def test_tags_countries_and_options(client, db):
    make_username(db, tags=["gamer"], country_code="FR")
    make_username(db, tags=["gamer", "gym"], app="kik", country_code="FR")
    make_username(db, tags=["gym"], status="pending")
    assert {t["name"]: t["count"] for t in client.get("/v1/tags").json()} == {"gamer": 2, "gym": 1}
    assert {t["name"]: t["count"] for t in client.get("/v1/tags", params={"app": "kik"}).json()} == {
        "gamer": 1,
        "gym": 1,
    }
    assert client.get("/v1/countries").json() == [{"code": "FR", "name": "France", "count": 2}]
    opts = client.get("/v1/options").json()
    assert len(opts["countries"]) == 249
    assert {"code": "DE", "name": "Germany"} in opts["countries"]
    assert opts["report_types"] == ["underage", "fake", "removal", "sell", "other"]
    assert opts["link_types"] == ["chaturbate", "linktree", "onlyfans", "mym", "fansly"]


@pytest.mark.parametrize(("q", "hits"), [("sunny", {"sunny_fox"}), ("gam", {"sunny_fox", "kitty_r"}),
                                         ("coffee lover", {"kitty_r"}), ("zzz", set()),
                                         # A word inside a handle, whatever joins the words.
                                         ("kitty", {"kitty_r", "blue_kitty912", "shy.kitty", "snap-kitty"}),
                                         ("fox", {"sunny_fox"}), ("blue_kit", {"blue_kitty912"}),
                                         ("SHY.KITTY", {"shy.kitty"})])  # fmt: skip
def test_text_search(client, db, q, hits):
    make_username(db, username="sunny_fox", tags=["gamer"], description="Beach days")
    make_username(db, username="kitty_r", tags=["games"], description="Coffee lover and reader")
    make_username(db, username="blue_kitty912", app="snapchat")
    make_username(db, username="shy.kitty", app="kik")
    make_username(db, username="snap-kitty", app="snapchat")
    make_username(db, username="hidden_sunny", status="pending")
    assert set(_names(client, q=q)) == hits


def test_search_follows_edits(client, db):
    owner = make_user(db)
    u = make_username(db, user=owner, username="renamed_me")
    client.patch(f"/v1/user/usernames/{u.id}", json={"description": "pineapple"},
                 headers=auth(token_for(db, owner)))  # fmt: skip
    assert _names(client, q="pineapple") == ["renamed_me"]


def test_anonymous_list_is_cacheable_with_an_etag(client, db):
    make_username(db)
    r = client.get("/v1/usernames")
    assert r.headers["cache-control"].startswith("public") and "s-maxage=" in r.headers["cache-control"]
    again = client.get("/v1/usernames", headers={"If-None-Match": r.headers["etag"]})
    assert again.status_code == 304
    signed = client.get("/v1/usernames", headers=_signed_in(db))
    assert signed.headers["cache-control"] == "private, no-store" and "etag" not in signed.headers


def test_a_new_listing_reaches_the_cached_list_at_once(client, db):
    make_username(db, username="first")
    assert _names(client) == ["first"]
    owner = make_user(db)
    h = auth(token_for(db, owner))
    client.post("/v1/user/usernames", json={"app": "snapchat", "username": "second", "age": 30,
                                            "gender": "Male", "orientation": "Gay"}, headers=h)  # fmt: skip
    assert _names(client) == ["second", "first"]


def test_a_fixed_number_of_queries_whatever_the_page_length(client, db):
    for i in range(30):
        make_username(
            db,
            tags=["t1", "t2", "t3"],
            fire_pinned_until=clock.now() + timedelta(minutes=10) if i < 3 else None,
        )
    reads_seen: list[object] = []
    engine_seen: list[str] = []

    def _engine(_conn, _cur, statement, *_args):
        engine_seen.append(statement)

    stop = reads.listen(lambda stmt, _params: reads_seen.append(stmt))
    event.listen(get_engine(), "before_cursor_execute", _engine)
    try:
        sizes = []
        for per_page in (5, 30):
            service.invalidate_listings()
            reads_seen.clear()
            engine_seen.clear()
            assert len(client.get("/v1/usernames", params={"per_page": per_page}).json()["data"]) == per_page
            # Nothing else touches the database: on SQLite the reads go through the engine. The
            # maintenance switch is read at most every few seconds per process, not per list.
            listed = [s for s in engine_seen if "FROM site_settings" not in s]
            assert len(listed) in (0, len(reads_seen))
            sizes.append(len(reads_seen))
        # With the total memoized, the same list is a single statement.
        reads_seen.clear()
        client.get("/v1/usernames", params={"per_page": 5, "page": 2})
        assert len(reads_seen) == 1
    finally:
        stop()
        event.remove(get_engine(), "before_cursor_execute", _engine)
    # One page with its pins first, one capped count: 2, for 5 cards or 30.
    assert sizes[0] == sizes[1] == 2


def test_tag_and_country_counts_follow_the_recount_job(client, db):
    from addme.listings import service, stats

    make_username(db, tags=["gamer"], country_code="FR")
    assert client.get("/v1/countries").json() == [{"code": "FR", "name": "France", "count": 1}]
    make_username(db, tags=["gamer"], country_code="DE")
    stats.refresh_facets(db)
    db.commit()
    service.invalidate_listings()
    counts = {c["code"]: c["count"] for c in client.get("/v1/countries").json()}
    assert counts == {"FR": 1, "DE": 1}
    assert client.get("/v1/tags").json() == [{"name": "gamer", "count": 2}]


class _RecountAtOnce:
    """A thread that has finished as soon as it starts: the fastest a recount behind can be."""

    def __init__(self, *, target, name, daemon):  # type: ignore[no-untyped-def]
        self.target = target

    def start(self) -> None:
        self.target()


def test_counts_older_than_five_minutes_are_recounted_by_the_reader(client, db, monkeypatch):
    import time

    from addme.core import clock
    from addme.listings import facets, service

    # Even a recount that ends at once leaves this answer the old counts (on CI's busy machine a
    # real thread once finished before the answer was read).
    monkeypatch.setattr(facets, "Thread", _RecountAtOnce)
    make_username(db, country_code="FR")
    assert client.get("/v1/countries").json() == [{"code": "FR", "name": "France", "count": 1}]
    make_username(db, country_code="DE")
    clock.travel(6 * 60)
    service.invalidate_listings()
    # The old counts answer at once (a recount takes seconds at a million usernames) while the
    # reader recounts behind them; the next answer has the new ones.
    assert client.get("/v1/countries").json() == [{"code": "FR", "name": "France", "count": 1}]
    for _ in range(200):
        if not facets.recounting():
            break
        time.sleep(0.01)
    service.invalidate_listings()
    counts = {c["code"]: c["count"] for c in client.get("/v1/countries").json()}
    assert counts == {"FR": 1, "DE": 1}


def test_long_query_strings_are_answered_but_not_remembered(client, db):
    from addme.listings import schemas

    make_username(db, username="long_query")
    before = schemas._parse_list_query_cached.cache_info().currsize
    junk = "x" * 4000
    r = client.get("/v1/usernames", params={"utm_source": junk})
    assert [c["username"] for c in r.json()["data"]] == ["long_query"]
    assert schemas._parse_list_query_cached.cache_info().currsize == before


@pytest.mark.parametrize("rare", [True, False], ids=["tag's rows first", "walked"])
def test_a_tag_list_reads_the_same_either_way(client, db, monkeypatch, rare):
    # A tag few usernames carry is read from its own rows, then sorted; a common one by walking
    # the list in order. Same pages, same order, same totals, pins first in both.
    monkeypatch.setattr(tag_sizes, "RARE_TAG_ROWS", 1_000 if rare else 0)
    for i in range(30):
        make_username(db, username=f"plain_{i:02d}", approved_at=clock.now() - timedelta(minutes=i))
    for i in range(7):
        make_username(
            db,
            username=f"owl_{i}",
            tags=["night-owl"],
            approved_at=clock.now() - timedelta(minutes=2 * i + 1),
        )
    make_username(
        db, username="owl_pinned", tags=["night-owl"], approved_at=clock.now() - timedelta(days=2),
        fire_pinned_until=clock.now() + timedelta(hours=1),
    )  # fmt: skip
    make_username(db, username="owl_kik", app="kik", tags=["night-owl"], approved_at=clock.now())
    seen: list[str] = []
    stop = reads.listen(lambda stmt, _params: seen.append(str(stmt)))
    try:
        body = client.get("/v1/usernames", params={"tag": "Night-Owl", "per_page": 3}).json()
    finally:
        stop()
    assert any("tag_members" in s for s in seen) == rare
    names = [c["username"] for c in body["data"]]
    assert names == ["owl_pinned", "owl_kik", "owl_0"]
    assert body["meta"] == {"page": 1, "per_page": 3, "total": 9, "has_next": True}
    page3 = client.get("/v1/usernames", params={"tag": "night-owl", "per_page": 3, "page": 3}).json()
    assert [c["username"] for c in page3["data"]] == ["owl_4", "owl_5", "owl_6"]
    assert page3["meta"]["has_next"] is False
    beyond = client.get("/v1/usernames", params={"tag": "night-owl", "per_page": 3, "page": 9}).json()
    assert beyond["data"] == [] and beyond["meta"]["total"] == 9
    assert _names(client, tag="night-owl", app="kik") == ["owl_kik"]
    popular = _names(client, tag="night-owl", order="popular", per_page=50)
    assert sorted(popular) == sorted(["owl_pinned", "owl_kik", *(f"owl_{i}" for i in range(7))])
    assert _names(client, tag="nobody-has-it") == []


def test_a_walked_tag_list_matches_whole_tags_only(client, db, monkeypatch):
    # Walked lists test each row's tag words: a tag never matches a part of another tag, and a
    # filter that normalizes to nothing ("#") matches nobody rather than every untagged row.
    monkeypatch.setattr(tag_sizes, "RARE_TAG_ROWS", 0)
    make_username(db, username="untagged")
    make_username(db, username="night_owl_only", tags=["night-owl"])
    make_username(db, username="owl_last", tags=["gym", "chill", "owl"])
    make_username(db, username="owl_middle", tags=["gym", "owl", "chill"])
    make_username(db, username="owlish", tags=["owls", "owl-friend"])
    assert sorted(_names(client, tag="owl")) == ["owl_last", "owl_middle"]
    assert _names(client, tag="Night Owl") == ["night_owl_only"]
    assert _names(client, tag="night") == []
    assert sorted(_names(client, tag="gym")) == ["owl_last", "owl_middle"]
    assert _names(client, tag="#") == []
    assert _names(client, tag="owl%") == []
    assert _names(client, tag="ow_") == []
    # Read by whatever caller, the filter of an empty name matches nobody.
    where = sql.filter_terms(type="Clean", now=clock.now(), tag="")
    assert db.scalars(select(Username.id).where(*where)).all() == []
