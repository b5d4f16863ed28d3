"""The storage providers: local disk, and S3 against moto's real server over HTTP."""

from __future__ import annotations

import boto3
import pytest
from moto.server import ThreadedMotoServer

from addme.core.config import get_settings
from addme.media import storage
from addme.media.storage import LocalStorage, S3Storage
from tests.factories.media import picture, upload

BUCKET = "addme-media"
KEYS = {"aws_access_key_id": "testing", "aws_secret_access_key": "testing"}


@pytest.fixture(scope="module")
def s3_endpoint():
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    endpoint = f"http://{host}:{port}"
    boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1", **KEYS).create_bucket(Bucket=BUCKET)
    yield endpoint
    server.stop()


@pytest.fixture
def raw_s3(s3_endpoint):
    return boto3.client("s3", endpoint_url=s3_endpoint, region_name="us-east-1", **KEYS)


def _s3(endpoint: str, public_url: str = "https://media.example.com") -> S3Storage:
    return S3Storage(
        bucket=BUCKET,
        endpoint_url=endpoint,
        region="us-east-1",
        access_key_id="testing",
        secret_access_key="testing",
        public_url=public_url,
    )


def test_s3_put_url_and_delete_against_the_server(s3_endpoint, raw_s3):
    store = _s3(s3_endpoint)
    store.put("gallery/abc.webp", b"RIFF....WEBP", content_type="image/webp")
    head = raw_s3.head_object(Bucket=BUCKET, Key="gallery/abc.webp")
    assert head["ContentType"] == "image/webp"
    assert head["CacheControl"] == "public, max-age=31536000, immutable"
    assert raw_s3.get_object(Bucket=BUCKET, Key="gallery/abc.webp")["Body"].read() == b"RIFF....WEBP"
    assert store.exists("gallery/abc.webp")
    assert store.url("gallery/abc.webp") == "https://media.example.com/gallery/abc.webp"
    store.delete("gallery/abc.webp")
    assert not store.exists("gallery/abc.webp")
    store.delete("gallery/abc.webp")  # deleting twice is harmless


def test_without_a_media_host_urls_point_at_the_bucket(s3_endpoint):
    assert _s3(s3_endpoint, public_url="").url("a/b.webp") == f"{s3_endpoint}/{BUCKET}/a/b.webp"


def test_uploads_go_to_s3_when_configured(client, db, owner, s3_endpoint, raw_s3, monkeypatch):
    settings = get_settings()
    for name, value in {
        "storage_provider": "s3",
        "s3_bucket": BUCKET,
        "s3_endpoint_url": s3_endpoint,
        "s3_access_key_id": "testing",
        "s3_secret_access_key": "testing",
        "media_host_url": "https://media.example.com",
    }.items():
        monkeypatch.setattr(settings, name, value)
    _, headers, username = owner
    item = upload(client, headers, username.id, picture(4)).json()["data"][0]
    assert item["url"].startswith("https://media.example.com/gallery/")
    key = item["url"].removeprefix("https://media.example.com/")
    body = raw_s3.get_object(Bucket=BUCKET, Key=key)["Body"].read()
    assert body[:4] == b"RIFF" and body[8:12] == b"WEBP"
    client.delete(f"/v1/user/usernames/{username.id}/media/{item['id']}", headers=headers)
    listed = raw_s3.list_objects_v2(Bucket=BUCKET, Prefix="gallery/").get("Contents", [])
    assert key not in {o["Key"] for o in listed}


def test_an_s3_provider_needs_a_bucket():
    with pytest.raises(ValueError, match="S3_BUCKET"):
        S3Storage(bucket="", endpoint_url=None, region="us-east-1", access_key_id=None,
                  secret_access_key=None, public_url="")  # fmt: skip


def test_local_storage_is_the_default_and_keys_cannot_escape_its_root(tmp_path):
    assert isinstance(storage.get_storage(), LocalStorage)
    store = LocalStorage(tmp_path, "/media/")
    store.put("gallery/x.webp", b"data", content_type="image/webp")
    assert (tmp_path / "gallery" / "x.webp").read_bytes() == b"data"
    assert store.url("gallery/x.webp") == "/media/gallery/x.webp"
    for bad in ("../etc/passwd", "/etc/passwd", "a/../../b", "a\\..\\b", ""):
        with pytest.raises(ValueError):
            store.put(bad, b"x", content_type="image/webp")
    assert not list(tmp_path.parent.glob("passwd"))
