"""Where media bytes live: local disk (the default) or an S3-compatible bucket, behind one interface."""

from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from addme.core.config import Settings, get_settings

# Object names are random and never reused, so a browser or CDN may keep them for good.
IMMUTABLE = "public, max-age=31536000, immutable"


class Storage(Protocol):
    def put(self, key: str, data: bytes, *, content_type: str) -> None: ...

    def delete(self, key: str) -> None: ...

    def get(self, key: str) -> bytes | None: ...

    def exists(self, key: str) -> bool: ...

    def url(self, key: str) -> str: ...


def _safe_key(key: str) -> str:
    # Keys are built by the app, never by a member; this only stops a bug from escaping the root.
    if not key or key.startswith("/") or ".." in key.split("/") or "\\" in key:
        raise ValueError(f"bad storage key: {key!r}")
    return key


class LocalStorage:
    """Files under Settings.media_dir, served by main.py's /media route (with nosniff)."""

    def __init__(self, root: Path, base_url: str) -> None:
        self.root = root
        self.base_url = base_url.rstrip("/")

    def _path(self, key: str) -> Path:
        return self.root / _safe_key(key)

    def put(self, key: str, data: bytes, *, content_type: str) -> None:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        # Write then rename: a reader never sees half a file.
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".up-")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def delete(self, key: str) -> None:
        self._path(key).unlink(missing_ok=True)

    def get(self, key: str) -> bytes | None:
        try:
            return self._path(key).read_bytes()
        except (FileNotFoundError, IsADirectoryError):
            return None

    def exists(self, key: str) -> bool:
        return self._path(key).is_file()

    def url(self, key: str) -> str:
        return f"{self.base_url}/{_safe_key(key)}"


class S3Storage:
    """An S3-compatible bucket; public URLs come from the media host (a CDN or the bucket's site)."""

    def __init__(
        self,
        *,
        bucket: str,
        endpoint_url: str | None,
        region: str,
        access_key_id: str | None,
        secret_access_key: str | None,
        public_url: str,
    ) -> None:
        import boto3

        if not bucket:
            raise ValueError("S3_BUCKET must be set when STORAGE_PROVIDER is s3")
        self.bucket = bucket
        self.client: Any = boto3.client(
            "s3",
            endpoint_url=endpoint_url or None,
            region_name=region,
            aws_access_key_id=access_key_id or None,
            aws_secret_access_key=secret_access_key or None,
        )
        base = public_url or f"{(endpoint_url or f'https://s3.{region}.amazonaws.com').rstrip('/')}/{bucket}"
        self.base_url = base.rstrip("/")

    def put(self, key: str, data: bytes, *, content_type: str) -> None:
        self.client.put_object(
            Bucket=self.bucket,
            Key=_safe_key(key),
            Body=data,
            ContentType=content_type,
            CacheControl=IMMUTABLE,
        )

    def delete(self, key: str) -> None:
        self.client.delete_object(Bucket=self.bucket, Key=_safe_key(key))

    def get(self, key: str) -> bytes | None:
        from botocore.exceptions import ClientError

        try:
            answer = self.client.get_object(Bucket=self.bucket, Key=_safe_key(key))
        except ClientError:
            return None
        return bytes(answer["Body"].read())

    def exists(self, key: str) -> bool:
        from botocore.exceptions import ClientError

        try:
            self.client.head_object(Bucket=self.bucket, Key=_safe_key(key))
        except ClientError:
            return False
        return True

    def url(self, key: str) -> str:
        return f"{self.base_url}/{_safe_key(key)}"


# boto3 clients are thread-safe and slow to build: one per configuration.
_s3 = lru_cache(maxsize=4)(S3Storage)


def build(settings: Settings) -> Storage:
    """The provider the settings name."""
    if settings.storage_provider == "s3":
        return _s3(
            bucket=settings.s3_bucket,
            endpoint_url=settings.s3_endpoint_url,
            region=settings.s3_region,
            access_key_id=settings.s3_access_key_id,
            secret_access_key=settings.s3_secret_access_key,
            public_url=settings.media_host_url,
        )
    base = settings.media_host_url or settings.media_url
    return LocalStorage(settings.media_dir, base)


def get_storage() -> Storage:
    """The app's media storage."""
    return build(get_settings())


def preview_key(thumb_key: str) -> str:
    """The blurred preview's key, stored beside the thumbnail."""
    return thumb_key.removesuffix("-t.webp") + "-b.webp"


_log = logging.getLogger("addme.media")


def discard(keys: Sequence[str]) -> None:
    """Delete stored objects, logging (not raising) failures: an orphan is invisible, a 500 is not."""
    storage = get_storage()
    for key in keys:
        try:
            storage.delete(key)
        except Exception:
            _log.exception("could not delete media object %s", key)
