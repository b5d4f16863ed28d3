"""Decoding is bounded: a pixel budget per request (from the headers, before decoding), a few decodes
at a time per process, and an upload throttle per account, so concurrent uploads of huge-dimension,
tiny-byte images cannot take the server's memory."""

from __future__ import annotations

import io
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path

import pytest
from PIL import Image

from addme.media import constants as c
from addme.media import pipeline
from tests.factories.listings import make_username
from tests.factories.media import files, picture, upload
from tests.factories.wallet import member

PAGE = 4096


@cache
def flat_png(width: int, height: int) -> bytes:
    """A flat-colour RGB image of width x height: ~100 KB of PNG that decodes to 4 bytes a pixel."""
    out = io.BytesIO()
    Image.new("RGB", (width, height), (200, 30, 90)).save(out, "PNG", optimize=True)
    return out.getvalue()


def _rss() -> int:
    return int(Path("/proc/self/statm").read_text().split()[1]) * PAGE


class PeakRss:
    """The process's resident memory, sampled every few milliseconds while the block runs."""

    def __enter__(self) -> PeakRss:
        self.base = self.peak = _rss()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()
        return self

    def _sample(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, _rss())
            time.sleep(0.003)

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    @property
    def grew(self) -> int:
        return self.peak - self.base


def test_a_request_over_the_pixel_budget_is_refused_before_any_decoding(client, db, monkeypatch):
    user, headers = member(db)
    username = make_username(db, user=user)
    decoded: list[int] = []
    real = pipeline._process
    monkeypatch.setattr(pipeline, "_process", lambda raw: decoded.append(1) or real(raw))
    big = flat_png(5000, 4100)  # 20.5 megapixels each: three are 61.5, over the 60 budget
    assert len(big) < 200_000
    r = upload(client, headers, username.id, big, big, big)
    assert r.status_code == 422, r.text
    assert r.json()["message"] == c.TOO_MANY_PIXELS, r.text
    assert decoded == []
    # Two of them fit the budget and are stored.
    ok = upload(client, headers, username.id, big, big).json()
    assert ok["success"] is True and len(ok["data"]) == 2


def test_concurrent_huge_uploads_keep_memory_bounded(client, db):
    members = [member(db) for _ in range(6)]
    targets = [(headers, make_username(db, user=user).id) for user, headers in members]
    huge = flat_png(7000, 4300)  # 30 megapixels (under the 40 per image), ~120 MB once decoded
    decoded = 7000 * 4300 * 4

    def send(target: tuple[dict[str, str], int]) -> int:
        headers, username_id = target
        return upload(client, headers, username_id, huge).status_code

    with PeakRss() as rss, ThreadPoolExecutor(len(targets)) as pool:
        statuses = list(pool.map(send, targets))
    assert statuses == [200] * len(targets)
    # Unbounded, six at once grew the process by ~2 GB; the decode threads let two through.
    assert rss.grew < 2 * c.DECODE_SLOTS * decoded, f"peak grew {rss.grew >> 20} MB"


def test_the_upload_throttle_refuses_before_reading_the_files(client, db, monkeypatch):
    monkeypatch.setattr(c, "UPLOAD_LIMIT", "2/hour")
    user, headers = member(db)
    username = make_username(db, user=user)
    for seed in (1, 2):
        assert upload(client, headers, username.id, picture(seed)).status_code == 200
    r = upload(client, headers, username.id, picture(3))
    assert r.status_code == 429 and "Retry-After" in r.headers
    url = f"/v1/user/usernames/{username.id}/profile-picture"
    assert client.post(url, files=files(picture(4), field="file"), headers=headers).status_code == 429
    # Another member is not affected.
    other, other_headers = member(db)
    assert upload(client, other_headers, make_username(db, user=other).id, picture(5)).status_code == 200


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "P", "L"])
def test_images_in_every_mode_still_decode(mode):
    out = pipeline.process(picture(3, mode=mode))
    assert out.width == 400 and out.height == 300
