"""Request bodies are limited per route while they are read, chunked ones included: the server
stops reading at the allowance and answers 413 in the JSON envelope, before any parsing."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from addme.core.bodylimit import DEFAULT_BYTES, MB, MULTIPART_OVERHEAD
from addme.media import constants as c
from tests.factories.listings import make_username
from tests.factories.media import files, picture
from tests.factories.wallet import member

CHUNK = 64 * 1024


def _send_forever(app: Any, path: str, headers: dict[str, str], *, declared: int | None = None) -> tuple[
    int, dict[str, str], dict[str, Any], int
]:  # fmt: skip
    """POST an endless body in 64 KB chunks (chunked: no Content-Length unless `declared`);
    returns the status, headers, JSON body and how many bytes the server pulled."""
    pulled = 0
    messages: list[dict[str, Any]] = []
    raw_headers = [(k.lower().encode(), v.encode()) for k, v in headers.items()]
    if declared is not None:
        raw_headers.append((b"content-length", str(declared).encode()))
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"testserver"), *raw_headers],
        "client": ("127.0.0.1", 5000),
        "server": ("testserver", 80),
    }
    boundary = b'--b\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\n'

    async def receive() -> dict[str, Any]:
        nonlocal pulled
        body = boundary if pulled == 0 else b"\0" * CHUNK
        pulled += len(body)
        if pulled > 200 * MB:  # a server that never stops reading: give up, the test fails below
            return {"type": "http.disconnect"}
        return {"type": "http.request", "body": body, "more_body": True}

    async def send(message: dict[str, Any]) -> None:
        messages.append(message)

    asyncio.run(app(scope, receive, send))
    start = next(m for m in messages if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in messages if m["type"] == "http.response.body")
    names = {k.decode().lower(): v.decode() for k, v in start["headers"]}
    return start["status"], names, json.loads(body), pulled


MULTIPART = {"content-type": "multipart/form-data; boundary=b"}


def test_an_anonymous_chunked_body_to_the_removal_form_stops_at_one_proof(app):
    status, headers, body, pulled = _send_forever(app, "/v1/remove-username", MULTIPART)
    assert status == 413
    assert body == {
        "message": "The request is too large: at most 4 MB can be sent here.",
        "errors": {},
        "code": "too_large",
    }
    allowance = c.MAX_FILE_BYTES + MULTIPART_OVERHEAD
    assert pulled <= allowance + CHUNK  # read no further than the allowance
    assert headers["x-content-type-options"] == "nosniff" and headers["content-type"] == "application/json"


def test_a_chunked_gallery_upload_stops_at_five_files_worth(app, db):
    user, auth = member(db)
    username = make_username(db, user=user)
    status, _, body, pulled = _send_forever(
        app, f"/v1/user/usernames/{username.id}/media", {**MULTIPART, **auth}
    )
    assert status == 413 and body["code"] == "too_large"
    assert pulled <= c.MAX_FILES * c.MAX_FILE_BYTES + MULTIPART_OVERHEAD + CHUNK


def test_a_declared_length_past_the_allowance_is_refused_unread(app):
    status, _, body, pulled = _send_forever(
        app, "/v1/auth/login", {"content-type": "application/json"}, declared=DEFAULT_BYTES + 1
    )
    assert status == 413 and body["message"] == "The request is too large: at most 64 KB can be sent here."
    assert pulled == 0


def test_a_chunked_json_body_stops_at_64kb(app):
    status, _, body, pulled = _send_forever(app, "/v1/auth/login", {"content-type": "application/json"})
    assert status == 413 and body["code"] == "too_large"
    assert pulled <= DEFAULT_BYTES + CHUNK


def test_bodies_within_the_allowance_still_work(client, db):
    r = client.post("/v1/auth/login", json={"email": "nobody@example.com", "password": "x" * 12})
    assert r.status_code in (401, 422)  # the route answered, not the limit
    assert client.get("/v1/usernames").status_code == 200


def test_the_removal_form_takes_one_screenshot_only(client):
    form = {"username": "victim_01", "app": "snapchat", "reason": "mine", "email": "a@example.com"}
    six = [("screenshot", (f"s{i}.png", picture(i), "image/png")) for i in range(6)]
    r = client.post("/v1/remove-username", data=form, files=six)
    assert r.status_code == 400 and "Too many files" in r.json()["message"]


def test_a_gallery_upload_with_21_fields_says_what_is_wrong(client, db):
    user, auth = member(db)
    username = make_username(db, user=user)
    fields = {f"field{i}": "x" for i in range(21)}
    r = client.post(
        f"/v1/user/usernames/{username.id}/media", data=fields, files=files(picture(1)), headers=auth
    )
    assert r.status_code == 422
    assert r.json()["message"] == "The upload has too many form fields: at most 10 besides the files."
