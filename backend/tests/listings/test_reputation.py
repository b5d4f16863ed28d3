"""Reputation scores and more suggestions: VIP perks of spec section 6."""

from __future__ import annotations

from datetime import timedelta

from addme.accounts.models import User
from addme.core import clock
from addme.jobs import registry  # noqa: F401 - registers the jobs
from addme.jobs.service import registered
from addme.listings import constants as c
from addme.listings.models import Username
from addme.moderation import reputation
from addme.moderation.models import Report
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.listings import make_username


def _vip(db):
    return make_user(db, promotion_ending_at=clock.now() + timedelta(days=7))


def _score(db, username_id: int) -> int:
    db.expire_all()
    row = db.get(Username, username_id)
    assert row is not None
    return row.reputation


def test_the_job_scores_from_what_the_site_knows(db):
    trusted_owner = make_user(db, age_verified=True)
    trusted = make_username(
        db, user=trusted_owner, popularity=250, approved_at=clock.now() - timedelta(days=120)
    )
    newcomer = make_username(db, user=make_user(db, confirmed=False))
    reported = make_username(db, approved_at=clock.now() - timedelta(days=10))
    for status in ("upheld", "upheld", "dismissed", "open"):
        db.add(Report(username_id=reported.id, reporter_id=make_user(db).id, type="fake", status=status))
    db.commit()

    assert "refresh-reputation" in registered()
    assert reputation.refresh(db) == 3
    # 40 + age verified 20 + e-mail 10 + listed 90 days 15 + 200 weekly views 15, capped at 100.
    assert _score(db, trusted.id) == 100
    # Only the base: no proof of age or e-mail yet, just listed, nobody has opened it.
    assert _score(db, newcomer.id) == 40
    # 40 + e-mail 10 + a week listed 5 - two upheld reports 50; dismissed and open ones do not count.
    assert _score(db, reported.id) == 5
    # A rerun with nothing new writes nothing.
    assert reputation.refresh(db) == 0


def test_the_score_never_goes_below_zero(db):
    u = make_username(db, user=make_user(db, confirmed=False))
    for _ in range(3):
        db.add(Report(username_id=u.id, reporter_id=make_user(db).id, type="fake", status="upheld"))
    db.commit()
    reputation.refresh(db)
    assert _score(db, u.id) == 0


def test_a_vip_viewer_sees_scores_others_do_not(client, db):
    u = make_username(db)
    reputation.refresh(db)
    assert client.get(f"/v1/usernames/{u.id}").json()["reputation"] is None
    member = auth(token_for(db, make_user(db)))
    assert client.get(f"/v1/usernames/{u.id}", headers=member).json()["reputation"] is None
    vip = auth(token_for(db, _vip(db)))
    assert client.get(f"/v1/usernames/{u.id}", headers=vip).json()["reputation"] == 50
    studio = auth(token_for(db, make_user(db, studio_ending_at=clock.now() + timedelta(days=7))))
    assert client.get(f"/v1/usernames/{u.id}", headers=studio).json()["reputation"] == 50
    # The owner always sees their own listing's score.
    mine = auth(token_for(db, db.get(User, u.user_id)))
    assert client.get(f"/v1/usernames/{u.id}", headers=mine).json()["reputation"] == 50


def test_an_expired_vip_is_a_member_again(client, db):
    u = make_username(db)
    lapsed = make_user(db, promotion_ending_at=clock.now() - timedelta(minutes=1))
    assert (
        client.get(f"/v1/usernames/{u.id}", headers=auth(token_for(db, lapsed))).json()["reputation"] is None
    )


def test_a_vip_gets_more_suggestions_with_their_scores(client, db):
    base = make_username(db, username="base_one")
    for i in range(30):
        make_username(db, username=f"alike_{i:02d}", approved_at=clock.now() - timedelta(minutes=i + 2))
    reputation.refresh(db)

    anonymous = client.get(f"/v1/usernames/{base.id}/similar").json()
    member = client.get(f"/v1/usernames/{base.id}/similar", headers=auth(token_for(db, make_user(db)))).json()
    vip = client.get(f"/v1/usernames/{base.id}/similar", headers=auth(token_for(db, _vip(db)))).json()

    assert len(anonymous) == len(member) == c.SIMILAR_MAX == 8
    assert len(vip) == c.SIMILAR_MAX_VIP == 24
    assert all(card["reputation"] is None for card in anonymous + member)
    assert all(card["reputation"] == 50 for card in vip)
    # The VIP's list starts with the same suggestions a member sees.
    assert [card["username"] for card in vip[:8]] == [card["username"] for card in member]
