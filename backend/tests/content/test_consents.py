"""Orientation-targeted ads only after the member opts in (issue 31, GDPR Art. 9): off by default,
each change recorded with its time, and without it the ads fall back to Straight."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from addme.accounts.models import ConsentEvent
from addme.core import clock
from tests.factories.listings import make_username
from tests.factories.wallet import member


def test_the_opt_in_is_off_by_default_and_ads_ignore_the_orientation(client, db):
    user, headers = member(db)
    make_username(db, user=user, orientation="Gay")
    r = client.get("/v1/user/consents", headers=headers)
    assert r.status_code == 200
    assert r.json() == {"orientation_ads": False, "ad_orientation": None, "changes": []}


def test_opting_in_uses_the_orientation_and_each_change_is_recorded_with_its_time(client, db):
    user, headers = member(db)
    make_username(db, user=user, orientation="Lesbian", approved_at=clock.now() - timedelta(days=2))
    make_username(db, user=user, orientation="Gay")  # the newest username's orientation is used
    on = client.put("/v1/user/consents", json={"orientation_ads": True}, headers=headers)
    assert on.status_code == 200
    assert on.json()["orientation_ads"] is True and on.json()["ad_orientation"] == "Gay"
    assert [(c["kind"], c["granted"]) for c in on.json()["changes"]] == [("orientation_ads", True)]
    # The same answer twice records nothing new.
    client.put("/v1/user/consents", json={"orientation_ads": True}, headers=headers)
    off = client.put("/v1/user/consents", json={"orientation_ads": False}, headers=headers)
    assert off.json()["ad_orientation"] is None
    assert [(c["kind"], c["granted"]) for c in off.json()["changes"]] == [
        ("orientation_ads", False),
        ("orientation_ads", True),
    ]
    rows = db.scalars(select(ConsentEvent).order_by(ConsentEvent.id)).all()
    assert [r.granted for r in rows] == [True, False]
    assert all(abs(r.created_at - clock.now()) < timedelta(minutes=1) for r in rows)


def test_consents_are_the_members_own(client, db):
    assert client.get("/v1/user/consents").status_code == 401
    _, headers = member(db)
    bad = client.put("/v1/user/consents", json={"orientation_ads": "yes please"}, headers=headers)
    assert bad.status_code == 422
    extra = client.put("/v1/user/consents", json={"orientation_ads": True, "user_id": 1}, headers=headers)
    assert extra.status_code == 422
