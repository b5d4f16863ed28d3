"""Check-in stores a coarse position only; local swipes are VIP-only, nearby, never finer than 10 km."""

from __future__ import annotations

import math
from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from addme.core import clock
from addme.listings.models import Username
from addme.swipes import service
from addme.swipes.models import SwipeDailyStat
from tests.factories.community import checked_in, member, vip
from tests.factories.listings import make_username

PARIS = (48.85661, 2.35222)


def _on_grid(lat: float, lng: float) -> bool:
    """A stored point is a grid point: snapping it again changes nothing."""
    return service.coarse(lat, lng) == (lat, lng)


@settings(max_examples=300, deadline=None)
@given(st.floats(-90, 90), st.floats(-180, 180))
def test_coarse_is_a_grid_point_within_half_a_cell(lat: float, lng: float) -> None:
    lat_c, lng_c = service.coarse(lat, lng)
    assert _on_grid(lat_c, lng_c)
    assert abs(lat_c - lat) <= service.LAT_STEP / 2 + 1e-4
    # No finer than the grid: every point of a cell lands on the same point.
    assert service.coarse(lat_c + 0.01, lng_c) == (lat_c, lng_c) or abs(lat_c) > 89


def test_checkin_stores_and_returns_only_the_grid_point(client, db) -> None:
    user, h = member(db)
    u = make_username(db, user=user)
    r = client.post(f"/v1/user/usernames/{u.id}/check-in", json={"lat": PARIS[0], "lng": PARIS[1]}, headers=h)
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["message"] == "Checked in." and data["success"] is True
    loc = data["location"]
    assert loc["precision_km"] == 5 and _on_grid(loc["lat"], loc["lng"])
    assert (loc["lat"], loc["lng"]) != PARIS
    assert abs(loc["lat"] / 0.05 - round(loc["lat"] / 0.05)) < 1e-6
    row = db.get(Username, u.id)
    assert row is not None
    db.refresh(row)
    assert (row.checkin_lat, row.checkin_lng) == (loc["lat"], loc["lng"])
    assert row.checked_in_at is not None


def test_two_nearby_points_share_a_cell(client, db) -> None:
    # About 300 m apart in central Paris: indistinguishable after snapping.
    assert service.coarse(48.8566, 2.3522) == service.coarse(48.8580, 2.3550)


def test_clear_location_keeps_the_checkin_time(client, db) -> None:
    user, h = member(db)
    u = checked_in(db, user=user, lat=PARIS[0], lng=PARIS[1])
    r = client.post(f"/v1/user/usernames/{u.id}/clear-location", headers=h)
    assert r.json() == {"success": True, "message": "Location cleared.", "location": None}
    db.refresh(u)
    assert u.checkin_lat is None and u.checkin_lng is None and u.checked_in_at is not None


def test_checkin_someone_elses_username_is_404(client, db) -> None:
    _, h = member(db)
    other = make_username(db)
    r = client.post(f"/v1/user/usernames/{other.id}/check-in", json={"lat": 1, "lng": 1}, headers=h)
    assert r.status_code == 404


def test_checkin_needs_an_approved_username(client, db) -> None:
    user, h = member(db)
    u = make_username(db, user=user, status="pending")
    r = client.post(f"/v1/user/usernames/{u.id}/check-in", json={"lat": 1, "lng": 1}, headers=h)
    assert r.status_code == 400 and r.json()["message"] == "Only a listed username can check in."


def test_checkin_validates_coordinates(client, db) -> None:
    user, h = member(db)
    u = make_username(db, user=user)
    r = client.post(f"/v1/user/usernames/{u.id}/check-in", json={"lat": 91, "lng": 0}, headers=h)
    assert r.status_code == 422 and "lat" in r.json()["errors"]


@pytest.mark.parametrize("path", ["/v1/user/swipes/deck?username_id=1", "/v1/user/swipes/favorites"])
def test_non_vip_gets_403_with_upsell(client, db, path) -> None:  # type: ignore[no-untyped-def]
    _, h = member(db)
    r = client.get(path, headers=h)
    assert r.status_code == 403
    assert r.json()["message"] == service.NEEDS_VIP


def test_non_vip_cannot_swipe(client, db) -> None:
    _, h = member(db)
    r = client.post(
        "/v1/user/swipes", json={"from_username_id": 1, "to_username_id": 2, "action": "like"}, headers=h
    )
    assert r.status_code == 403


def test_studio_may_swipe(client, db) -> None:
    user, h = member(db, studio_ending_at=clock.now() + timedelta(days=3))
    u = checked_in(db, user=user, lat=PARIS[0], lng=PARIS[1])
    assert client.get(f"/v1/user/swipes/deck?username_id={u.id}", headers=h).status_code == 200


def test_deck_requires_a_checkin(client, db) -> None:
    user, h = vip(db)
    u = make_username(db, user=user)
    r = client.get(f"/v1/user/swipes/deck?username_id={u.id}", headers=h)
    assert r.status_code == 400 and r.json()["message"] == "Check in first to see who is nearby."


def test_deck_lists_nearby_with_buckets_never_coordinates(client, db) -> None:
    user, h = vip(db)
    me = checked_in(db, user=user, lat=PARIS[0], lng=PARIS[1])
    mine_too = checked_in(db, user=user, lat=PARIS[0], lng=PARIS[1])
    near = checked_in(db, user=member(db)[0], lat=48.86, lng=2.36)
    mid = checked_in(db, user=member(db)[0], lat=49.05, lng=2.35)  # ~22 km north
    far = checked_in(db, user=member(db)[0], lat=51.5, lng=-0.12)  # London
    hidden = checked_in(db, user=member(db)[0], lat=48.86, lng=2.36, status="pending")
    stale = checked_in(db, user=member(db)[0], lat=48.86, lng=2.36)
    stale.checked_in_at = clock.now() - timedelta(days=8)
    near.owner_verified_at = clock.now()  # its owner proved the handle
    db.commit()
    r = client.get(f"/v1/user/swipes/deck?username_id={me.id}", headers=h)
    assert r.status_code == 200
    data = r.json()["data"]
    ids = [c["id"] for c in data]
    assert ids == [near.id, mid.id]
    assert [c["owner_verified"] for c in data] == [True, False]
    assert {far.id, hidden.id, stale.id, mine_too.id, me.id}.isdisjoint(ids)
    assert data[0]["distance"] == "within 10 km" and data[1]["distance"] == "within 25 km"
    text = r.text
    assert "lat" not in text and "lng" not in text


def test_swipe_removes_from_deck_and_like_lands_in_favorites(client, db) -> None:
    user, h = vip(db)
    me = checked_in(db, user=user, lat=PARIS[0], lng=PARIS[1])
    a = checked_in(db, user=member(db)[0], lat=48.86, lng=2.36)
    b = checked_in(db, user=member(db)[0], lat=48.87, lng=2.34)
    r = client.post(
        "/v1/user/swipes",
        json={"from_username_id": me.id, "to_username_id": a.id, "action": "like"},
        headers=h,
    )
    assert r.json() == {"success": True, "message": "Added to your favorites.", "match": False}
    r = client.post(
        "/v1/user/swipes",
        json={"from_username_id": me.id, "to_username_id": b.id, "action": "pass"},
        headers=h,
    )
    assert r.json()["message"] == "Skipped."
    deck = client.get(f"/v1/user/swipes/deck?username_id={me.id}", headers=h).json()["data"]
    assert deck == []
    favs = client.get("/v1/user/swipes/favorites", headers=h).json()["data"]
    assert [f["id"] for f in favs] == [a.id]
    assert favs[0]["distance"] == "within 10 km" and favs[0]["from_username_id"] == me.id
    stat = db.scalar(select(SwipeDailyStat))
    assert stat is not None and (stat.likes, stat.passes) == (1, 1)


def test_mutual_like_is_a_match(client, db) -> None:
    a_user, ah = vip(db)
    b_user, bh = vip(db)
    a = checked_in(db, user=a_user, lat=PARIS[0], lng=PARIS[1])
    b = checked_in(db, user=b_user, lat=48.86, lng=2.36)
    client.post(
        "/v1/user/swipes",
        json={"from_username_id": a.id, "to_username_id": b.id, "action": "like"},
        headers=ah,
    )
    r = client.post(
        "/v1/user/swipes",
        json={"from_username_id": b.id, "to_username_id": a.id, "action": "like"},
        headers=bh,
    )
    assert r.json()["match"] is True and r.json()["message"] == service.MATCHED


def test_reswipe_changes_the_action_and_counts_once(client, db) -> None:
    user, h = vip(db)
    me = checked_in(db, user=user, lat=PARIS[0], lng=PARIS[1])
    a = checked_in(db, user=member(db)[0], lat=48.86, lng=2.36)
    payload = {"from_username_id": me.id, "to_username_id": a.id, "action": "like"}
    client.post("/v1/user/swipes", json=payload, headers=h)
    client.post("/v1/user/swipes", json={**payload, "action": "pass"}, headers=h)
    assert client.get("/v1/user/swipes/favorites", headers=h).json()["data"] == []
    assert service.total_swipes(db) == 1


def test_cannot_swipe_own_or_from_someone_elses(client, db) -> None:
    user, h = vip(db)
    me = checked_in(db, user=user, lat=PARIS[0], lng=PARIS[1])
    mine = checked_in(db, user=user, lat=PARIS[0], lng=PARIS[1])
    other = checked_in(db, user=member(db)[0], lat=48.86, lng=2.36)
    r = client.post(
        "/v1/user/swipes",
        json={"from_username_id": me.id, "to_username_id": mine.id, "action": "like"},
        headers=h,
    )
    assert r.status_code == 400
    r = client.post(
        "/v1/user/swipes",
        json={"from_username_id": other.id, "to_username_id": me.id, "action": "like"},
        headers=h,
    )
    assert r.status_code == 404


def test_bucket_is_never_finer_than_10_km() -> None:
    assert service.bucket(0.0) == "within 10 km"
    assert service.bucket(3.2) == "within 10 km"
    assert service.bucket(60) == "within 100 km"
    assert service.bucket(150) is None
    assert math.isclose(service.distance_km((0, 0), (0, 1)), 111.19, rel_tol=1e-3)
