"""StopNCII: the real adapter at the HTTP boundary (recorded answers in the API's documented shape),
the local file adapter, and the sync job that keeps the block list (withdrawn hashes removed)."""

from __future__ import annotations

import json
import random
from urllib.parse import parse_qs

import httpx
import pytest
from sqlalchemy import func, select

from addme.core.config import get_settings
from addme.jobs import registry  # noqa: F401 - registers the jobs
from addme.jobs.models import JobRun
from addme.jobs.service import run_due
from addme.media import stopncii
from addme.media.models import MediaBlockedHash, MediaHashCursor, MediaHashFeedback
from tests.factories.media import picture, upload
from tests.factories.wallet import admin

RNG = random.Random(29)
H = [f"{RNG.getrandbits(256):064x}" for _ in range(4)]
TOKEN = "cGFnZS10d28tb2YtdHdv"

# FetchHashes as StopNCII answers it: two pages, a video hash and a malformed record skipped.
PAGE_ONE = {
    "count": 3,
    "nextSetTimestamp": 1764600000,
    "nextPageToken": TOKEN,
    "hasMoreRecords": True,
    "hashRecords": [
        {
            "lastModtimestamp": 1764500000,
            "hashValue": H[0],
            "hashStatus": "Received",
            "caseNumbers": {"case-a": "Received"},
            "signalType": "ImagePDQ",
        },
        {
            "lastModtimestamp": 1764500100,
            "hashValue": H[1],
            "hashStatus": "Active",
            "caseNumbers": {"case-b": "Active"},
            "signalType": "ImagePDQ",
            "CSPFeedbacks": [{"source": "Another", "feedbackValue": "Blocked", "tags": ["Nude"]}],
        },
        {
            "lastModtimestamp": 1764500200,
            "hashValue": "0f" * 16,
            "hashStatus": "Active",
            "caseNumbers": {},
            "signalType": "VideoMD5",
        },
        {"signalType": "ImagePDQ", "hashValue": 12},
    ],
}
PAGE_TWO = {
    "count": 2,
    "nextSetTimestamp": 1764600500,
    "nextPageToken": None,
    "hasMoreRecords": False,
    "hashRecords": [
        {
            "lastModtimestamp": 1764600400,
            "hashValue": H[0],
            "hashStatus": "Withdrawn",
            "caseNumbers": {"case-a": "Withdrawn"},
            "signalType": "ImagePDQ",
        },
        {
            "lastModtimestamp": 1764600450,
            "hashValue": H[2].upper(),
            "hashStatus": "Received",
            "caseNumbers": {"case-c": "Received"},
            "signalType": "ImagePDQ",
        },
    ],
}
LATER = {"count": 0, "nextSetTimestamp": 1764600500, "hasMoreRecords": False, "hashRecords": []}


class FakeStopNCII:
    """StopNCII's side: checks the keys, serves recorded pages, records feedback."""

    def __init__(self) -> None:
        self.fetches: list[dict[str, list[str]]] = []
        self.feedback: list[dict[str, object]] = []
        self.down = False

    def __call__(self, request: httpx.Request) -> httpx.Response:
        if self.down:
            return httpx.Response(503)
        if request.headers.get("Ocp-Apim-Subscription-Key") != "sub-key":
            return httpx.Response(401, json={"message": "Access denied"})
        if request.method == "GET" and request.url.path == "/v1/FetchHashes":
            if request.headers.get("x-functions-key") != "fetch-key":
                return httpx.Response(401)
            query = parse_qs(request.url.query.decode())
            self.fetches.append(query)
            if query.get("nextPageToken") == [TOKEN]:
                return httpx.Response(200, json=PAGE_TWO)
            if query["startTimestamp"] == ["1764600500"]:
                return httpx.Response(200, json=LATER)
            return httpx.Response(200, json=PAGE_ONE)
        if request.method == "POST" and request.url.path == "/v1/SubmitFeedback":
            if request.headers.get("x-functions-key") != "feedback-key":
                return httpx.Response(401)
            self.feedback.append(json.loads(request.content))
            return httpx.Response(200, json={})
        return httpx.Response(404)


@pytest.fixture
def stopncii_on(monkeypatch, tmp_path):
    settings = get_settings()
    for key, value in {
        "stopncii_enabled": True,
        "stopncii_provider": "api",
        "stopncii_api_url": "https://api.stopncii.test/v1",
        "stopncii_subscription_key": "sub-key",
        "stopncii_fetch_key": "fetch-key",
        "stopncii_feedback_key": "feedback-key",
        "stopncii_file": tmp_path / "stopncii.txt",
    }.items():
        monkeypatch.setattr(settings, key, value)
    return settings


@pytest.fixture
def fake(monkeypatch, stopncii_on):
    server = FakeStopNCII()
    real = stopncii.provider
    monkeypatch.setattr(stopncii, "provider", lambda transport=None: real(httpx.MockTransport(server)))
    return server


def _blocked(db) -> set[str]:
    return set(db.scalars(select(MediaBlockedHash.pdq).where(MediaBlockedHash.source == "stopncii")))


def test_the_api_adapter_fetches_pages_from_its_checkpoint(fake, stopncii_on):
    api = stopncii.StopNCIIApi(stopncii_on, httpx.MockTransport(fake))
    first = api.fetch(checkpoint="")
    assert [(r.pdq, r.withdrawn) for r in first.records] == [(H[0], False), (H[1], False)]
    assert first.has_more
    assert fake.fetches[0] == {"startTimestamp": ["10"], "pageSize": ["800"]}
    second = api.fetch(checkpoint=first.checkpoint)
    assert fake.fetches[1]["nextPageToken"] == [TOKEN] and fake.fetches[1]["startTimestamp"] == ["10"]
    assert [(r.pdq, r.withdrawn) for r in second.records] == [(H[0], True), (H[2], False)]
    assert not second.has_more and json.loads(second.checkpoint) == {"start": 1764600500, "page": ""}
    api.send_feedback(items=[(H[1], stopncii.Feedback.PENDING_REVIEW)])
    assert fake.feedback == [
        {"count": 1, "hashFeedbacks": [{"hashValue": H[1], "feedbackValue": "PendingReview", "tags": []}]}
    ]


def test_the_api_adapter_reports_what_goes_wrong(fake, stopncii_on, monkeypatch):
    fake.down = True
    api = stopncii.StopNCIIApi(stopncii_on, httpx.MockTransport(fake))
    with pytest.raises(stopncii.ProviderError, match="FetchHashes"):
        api.fetch(checkpoint="")
    fake.down = False
    monkeypatch.setattr(stopncii_on, "stopncii_subscription_key", "wrong")
    with pytest.raises(stopncii.ProviderError):
        stopncii.StopNCIIApi(stopncii_on, httpx.MockTransport(fake)).fetch(checkpoint="")
    garbage = httpx.MockTransport(lambda _r: httpx.Response(200, text="<html>"))
    monkeypatch.setattr(stopncii_on, "stopncii_subscription_key", "sub-key")
    with pytest.raises(stopncii.ProviderError):
        stopncii.StopNCIIApi(stopncii_on, garbage).fetch(checkpoint="")


def test_the_sync_job_blocks_new_hashes_and_removes_withdrawn_ones(client, db, fake):
    assert run_due(only="sync-stopncii", force=True) == ["sync-stopncii"]
    # H[0] came and was withdrawn in the same run; H[1] and H[2] stay blocked.
    assert _blocked(db) == {H[1], H[2]}
    cursor = db.get(MediaHashCursor, "stopncii")
    assert cursor is not None and json.loads(cursor.position) == {"start": 1764600500, "page": ""}
    run = db.scalar(select(JobRun).where(JobRun.name == "sync-stopncii"))
    assert run is not None and run.counts == {"pages": 2, "added": 3, "withdrawn": 1, "feedback": 0}
    # The next run starts from StopNCII's checkpoint and finds nothing new.
    run_due(only="sync-stopncii", force=True)
    assert fake.fetches[-1]["startTimestamp"] == ["1764600500"] and _blocked(db) == {H[1], H[2]}


def test_a_stopncii_match_is_refused_and_reported(client, db, fake, owner):
    _, headers, username = owner
    item = upload(client, headers, username.id, picture(14)).json()["data"][0]
    _, admin_headers = admin(db)
    page = client.get("/v1/admin/gallery", headers=admin_headers).json()
    hexed = next(m["pdq"] for m in page["data"] if m["id"] == item["id"])
    client.delete(f"/v1/admin/gallery/{item['id']}", headers=admin_headers)
    stopncii.sync(db, source=_OneHash(hexed))
    again = upload(client, headers, username.id, ("x.jpg", picture(14, fmt="JPEG", quality=60)))
    assert again.status_code == 422 and again.json()["code"] == "blocked_image"
    owed = db.scalars(select(MediaHashFeedback)).all()
    assert [(f.pdq, f.value, f.sent_at) for f in owed] == [(hexed, "PendingReview", None)]
    run_due(only="sync-stopncii", force=True)
    sent = [fb["hashValue"] for call in fake.feedback for fb in call["hashFeedbacks"]]  # type: ignore[attr-defined]
    assert sent == [hexed]
    db.expire_all()
    assert (
        db.scalar(
            select(func.count()).select_from(MediaHashFeedback).where(MediaHashFeedback.sent_at.is_(None))
        )
        == 0
    )


class _OneHash:
    def __init__(self, hexed: str) -> None:
        self.hexed = hexed

    def fetch(self, *, checkpoint: str) -> stopncii.HashPage:
        return stopncii.HashPage(
            records=[stopncii.HashRecord(self.hexed, False)], checkpoint="x", has_more=False
        )

    def send_feedback(self, *, items):  # type: ignore[no-untyped-def]
        raise AssertionError("not here")


def test_the_local_file_adapter_reads_pages_and_withdrawals(db, stopncii_on, monkeypatch):
    monkeypatch.setattr(stopncii_on, "stopncii_provider", "file")
    monkeypatch.setattr(stopncii_on, "stopncii_page_size", 2)
    path = stopncii_on.stopncii_file
    path.write_text(f"{H[0]}\n{H[1]},100,case\nnot a hash\nhash={H[2]},quality=90\n")
    counts = stopncii.sync(db)
    assert counts["pages"] == 2 and _blocked(db) == {H[0], H[1], H[2]}
    assert stopncii.sync(db)["added"] == 0  # unchanged file: nothing read again
    path.write_text(f"{H[0]},status=withdrawn\n{H[3]}\n")
    stopncii.sync(db)
    assert _blocked(db) == {H[1], H[2], H[3]}
    stopncii.queue_feedback(db, hexed=H[1], value=stopncii.Feedback.NOT_BLOCKED)
    db.commit()
    assert stopncii.sync(db)["feedback"] == 1
    assert path.with_name("stopncii.txt.feedback").read_text().startswith(f"{H[1]},NotBlocked,")


def test_the_sync_is_off_by_default(db):
    assert get_settings().stopncii_enabled is False
    assert stopncii.sync(db) == {}
