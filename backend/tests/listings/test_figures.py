"""The owner's figures on /user: views and clicks per day, the list place, Top-Up and Fire Pin days."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from addme.core import clock, ratelimit
from addme.listings import stats
from addme.listings.models import UsernameDailyStat, UsernameViewSource
from tests.factories.listings import make_username
from tests.factories.wallet import give, member


def _stats(client, headers, username_id, **params):
    return client.get(f"/v1/user/usernames/{username_id}/stats", headers=headers, params=params)


def _vip(db):
    return member(db, promotion_ending_at=clock.now() + timedelta(days=30))


def _day(n_ago: int):
    return (clock.now() - timedelta(days=n_ago)).date()


def test_a_view_and_a_message_click_show_in_todays_figures_at_once(client, db):
    owner, headers = member(db)
    name = make_username(db, user=owner)
    assert _stats(client, headers, name.id).json()["data"][-1]["views"] == 0
    assert client.post(f"/v1/usernames/{name.id}/view").status_code == 204
    assert client.post(f"/v1/usernames/{name.id}/message-click").status_code == 204

    r = _stats(client, headers, name.id)
    assert r.status_code == 200, r.text
    body = r.json()
    assert len(body["data"]) == 30
    today = body["data"][-1]
    assert today == {"day": _day(0).isoformat(), "views": 1, "clicks": 1, "top_ups": 0, "fire_pins": 0}
    assert body["data"][0]["day"] == _day(29).isoformat()
    assert body["meta"]["views_total"] == 1 and body["meta"]["clicks_total"] == 1
    assert body["meta"]["max_days"] == 30 and body["meta"]["can_export_csv"] is False


def test_someone_elses_username_is_not_found(client, db):
    owner, _ = member(db)
    name = make_username(db, user=owner)
    _other, headers = member(db)
    r = _stats(client, headers, name.id)
    assert r.status_code == 404
    assert client.get(f"/v1/user/usernames/{name.id}/stats").status_code == 401


def test_free_members_see_30_days_and_vips_90(client, db):
    owner, headers = member(db)
    name = make_username(db, user=owner)
    r = _stats(client, headers, name.id, days=90)
    assert r.status_code == 422
    assert r.json()["errors"]["days"] == [
        "Free members see up to 30 days of figures; VIP and Studio members up to 90."
    ]
    assert len(_stats(client, headers, name.id, days=7).json()["data"]) == 7
    assert _stats(client, headers, name.id, days=0).status_code == 422

    vip, vip_headers = _vip(db)
    theirs = make_username(db, user=vip)
    body = _stats(client, vip_headers, theirs.id, days=90).json()
    assert len(body["data"]) == 90 and body["meta"]["max_days"] == 90
    assert _stats(client, vip_headers, theirs.id, days=91).status_code == 422


def test_vip_downloads_csv_and_a_free_member_is_told_it_is_vip_only(client, db):
    vip, headers = _vip(db)
    name = make_username(db, user=vip, username="csv_fan")
    client.post(f"/v1/usernames/{name.id}/view")
    r = _stats(client, headers, name.id, format="csv", days=3)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/csv")
    assert 'filename="addme-csv_fan-3d.csv"' in r.headers["content-disposition"]
    lines = r.text.strip().split("\r\n")
    assert lines[0] == "day,views,message_clicks,top_ups,fire_pins"
    assert lines[-1] == f"{_day(0).isoformat()},1,0,0,0"
    assert len(lines) == 4
    by_accept = client.get(f"/v1/user/usernames/{name.id}/stats", headers={**headers, "Accept": "text/csv"})
    assert by_accept.status_code == 200 and by_accept.text.startswith("day,views")

    free, free_headers = member(db)
    theirs = make_username(db, user=free)
    refused = _stats(client, free_headers, theirs.id, format="csv")
    assert refused.status_code == 403
    assert refused.json()["code"] == "stats_vip_only"
    assert "VIP and Studio" in refused.json()["message"]
    accept = client.get(
        f"/v1/user/usernames/{theirs.id}/stats", headers={**free_headers, "Accept": "text/csv"}
    )
    assert accept.status_code == 403


def test_a_top_up_day_is_marked_with_what_it_did_to_views(client, db):
    owner, headers = member(db)
    give(db, owner, top_ups=1, fire_pins=1)
    name = make_username(db, user=owner, approved_at=clock.now() - timedelta(days=20))
    for n in range(1, 8):  # 2 views a day the week before
        db.add(UsernameDailyStat(username_id=name.id, day=_day(n), views=2, clicks=0))
    db.add(UsernameDailyStat(username_id=name.id, day=_day(0), views=9, clicks=1))
    db.commit()
    assert client.post(f"/v1/user/usernames/{name.id}/topup", headers=headers).json()["success"] is True
    assert client.post(f"/v1/user/usernames/{name.id}/fire-pin", headers=headers).status_code == 200

    body = _stats(client, headers, name.id, days=7).json()
    today = body["data"][-1]
    assert (today["views"], today["top_ups"], today["fire_pins"]) == (9, 1, 1)
    assert all(p["top_ups"] == 0 for p in body["data"][:-1])
    effects = {e["kind"]: e for e in body["meta"]["boosts"]}
    assert effects["top_up"] == {
        "day": _day(0).isoformat(),
        "kind": "top_up",
        "uses": 1,
        "views": 9,
        "views_before": 2.0,
        "change_percent": 350,
    }
    assert effects["fire_pin"]["uses"] == 1


def test_a_first_day_boost_has_nothing_to_compare_with(client, db):
    owner, headers = member(db)
    give(db, owner, top_ups=1)
    name = make_username(db, user=owner)
    client.post(f"/v1/user/usernames/{name.id}/topup", headers=headers)
    [effect] = _stats(client, headers, name.id).json()["meta"]["boosts"]
    assert effect["views_before"] is None and effect["change_percent"] is None


def test_place_in_the_main_list_today(client, db):
    owner, headers = member(db)
    give(db, owner, top_ups=1)
    now = clock.now()
    make_username(db, username="newest", approved_at=now - timedelta(minutes=1))
    mine = make_username(db, user=owner, username="mine", approved_at=now - timedelta(hours=1))
    make_username(db, username="oldest", approved_at=now - timedelta(hours=2))
    make_username(db, username="other_app", app="kik", approved_at=now)
    make_username(db, username="dirty_one", type="Dirty", approved_at=now)

    place = _stats(client, headers, mine.id).json()["meta"]["place"]
    assert place == {"app": "snapchat", "type": "Clean", "position": 2, "capped": False, "pinned": False}

    client.post(f"/v1/user/usernames/{mine.id}/topup", headers=headers)
    assert _stats(client, headers, mine.id).json()["meta"]["place"]["position"] == 1

    pin_owner, pin_headers = member(db)
    give(db, pin_owner, fire_pins=1)
    pinned = make_username(db, user=pin_owner, username="pinned", approved_at=now - timedelta(days=3))
    client.post(f"/v1/user/usernames/{pinned.id}/fire-pin", headers=pin_headers)
    assert _stats(client, headers, mine.id).json()["meta"]["place"]["position"] == 2
    theirs = _stats(client, pin_headers, pinned.id).json()["meta"]["place"]
    assert (theirs["position"], theirs["pinned"]) == (1, True)

    client.post(f"/v1/user/usernames/{mine.id}/delist", headers=headers)
    assert _stats(client, headers, mine.id).json()["meta"]["place"]["position"] is None


def test_the_cleanup_keeps_90_days_of_figures(client, db):
    name = make_username(db)
    for n in (0, 89, 96, 97, 120):
        db.add(UsernameDailyStat(username_id=name.id, day=_day(n), views=1, clicks=0))
        db.add(UsernameViewSource(username_id=name.id, day=_day(n), source="list", views=1))
    db.commit()
    stats.refresh_popularity(db)
    kept = sorted(db.scalars(select(UsernameDailyStat.day).where(UsernameDailyStat.username_id == name.id)))
    assert kept == sorted([_day(0), _day(89), _day(96)])
    kept_sources = db.scalars(select(UsernameViewSource.day).where(UsernameViewSource.username_id == name.id))
    assert sorted(kept_sources) == kept


def test_views_are_told_apart_by_where_the_viewer_came_from(client, db):
    owner, headers = member(db)
    name = make_username(db, user=owner)
    for source in ("search", "tag", "search", None):
        ratelimit.reset()  # another viewer each time
        params = {"source": source} if source else {}
        assert client.post(f"/v1/usernames/{name.id}/view", params=params).status_code == 204
    # The same viewer again within the hour: neither the total nor a place moves.
    client.post(f"/v1/usernames/{name.id}/view", params={"source": "list"})
    meta = _stats(client, headers, name.id).json()["meta"]
    assert meta["views_total"] == 4
    assert meta["sources"] == [{"source": "search", "views": 2}, {"source": "tag", "views": 1}]
    assert client.post(f"/v1/usernames/{name.id}/view", params={"source": "elsewhere"}).status_code == 422
