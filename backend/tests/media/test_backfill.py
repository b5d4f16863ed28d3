"""Images stored before PDQ get their hash from a logged, resumable job (and `addme pdq-backfill`)."""

from __future__ import annotations

from sqlalchemy import delete, select
from typer.testing import CliRunner

from addme.cli import app as cli
from addme.content.models import Ad
from addme.jobs import registry  # noqa: F401 - registers the jobs
from addme.jobs.models import JobRun
from addme.jobs.service import run_due
from addme.media import backfill, pipeline
from addme.media.models import Media, MediaHashCursor, MediaImageHash
from addme.media.storage import get_storage
from tests.factories.media import make_media, picture


def _old_images(db, owner, n: int) -> list[int]:
    user, _, username = owner
    ids = [make_media(db, username_id=username.id, user_id=user.id, seed=s).id for s in range(1, n + 1)]
    # As before PDQ: stored, with no hash.
    db.execute(delete(MediaImageHash))
    db.commit()
    return ids


def test_the_job_hashes_old_images_and_resumes_where_it_stopped(db, owner):
    ids = _old_images(db, owner, 5)
    gone = db.get(Media, ids[2])
    get_storage().delete(gone.storage_key)
    # A run cut short (here: two images per batch, no time left after the first batch).
    first = backfill.hash_media(db, batch=2, budget_seconds=0.000001)
    assert first == {"hashed": 2, "missing": 0}
    assert db.get(MediaHashCursor, "backfill").position == str(ids[1])
    assert run_due(only="hash-stored-images", force=True) == ["hash-stored-images"]
    hashed = dict(db.execute(select(MediaImageHash.media_id, MediaImageHash.pdq)).all())
    assert set(hashed) == {ids[0], ids[1], ids[3], ids[4]}
    run = db.scalar(select(JobRun).where(JobRun.name == "hash-stored-images"))
    assert run is not None and run.counts == {"hashed": 2, "missing": 1, "ads": 0}
    # The hash is the one an upload of that file gives today.
    row = db.scalar(select(MediaImageHash).where(MediaImageHash.media_id == ids[0]))
    assert row.pdq == pipeline.fingerprint(get_storage().get(row.storage_key))[0]
    # Again: nothing left to do, nothing written twice.
    assert backfill.hash_media(db) == {"hashed": 0, "missing": 0}
    assert backfill.remaining(db) == 0


def test_stored_ad_images_are_hashed_too(db):
    storage = get_storage()
    data = pipeline.process(picture(9)).data
    storage.put("ads/old-banner.webp", data, content_type="image/webp")
    db.add(
        Ad(
            name="old",
            spots="home",
            type="Link",
            image=storage.url("ads/old-banner.webp"),
            safe_link="https://a.example",
        )
    )
    db.add(
        Ad(
            name="remote",
            spots="home",
            type="Link",
            image="https://cdn.example/x.png",
            safe_link="https://a.example",
        )
    )
    db.commit()
    run_due(only="hash-stored-images", force=True)
    rows = db.scalars(select(MediaImageHash)).all()
    assert [(r.kind, r.storage_key, r.media_id) for r in rows] == [("ad", "ads/old-banner.webp", None)]


def test_the_cli_hashes_everything_at_once(db, owner):
    ids = _old_images(db, owner, 3)
    result = CliRunner().invoke(cli, ["pdq-backfill"])
    assert result.exit_code == 0, result.output
    assert "left 0" in result.output
    assert set(db.scalars(select(MediaImageHash.media_id))) == set(ids)
