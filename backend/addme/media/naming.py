"""Naming stored images by URL: a media file, thumbnail or preview URL, a gallery page, a profile
(its picture and gallery), an ad image; what a notice or a moderator points at."""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import urlsplit

from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.core.config import get_settings
from addme.media import constants as c
from addme.media import pipeline
from addme.media.hashes import ImageRef, ensure_hash
from addme.media.models import Media, MediaImageHash
from addme.media.storage import Storage, get_storage

_KEY = re.compile(r"^[a-z]+/[A-Za-z0-9_-]+(\.[a-z0-9]+)$")
_GALLERY_PAGE = re.compile(r"^/(?:v1/)?nudes?/(?P<slug>[^/]+)/?$")
_PROFILE_PAGE = re.compile(r"^/(?:profile|v1/usernames)/(?P<id>\d{1,12})/?$")
_USERNAME_PAGE = re.compile(r"^/username/[^/]+/(?P<id>\d{1,12})/?$")


def _host(url: str) -> str:
    return (urlsplit(url).hostname or "").lower().removeprefix("www.")


def _own_hosts(storage: Storage) -> set[str]:
    settings = get_settings()
    hosts = {_host(settings.site_url), _host(settings.media_host_url), _host(storage.url("x"))}
    return {h for h in hosts if h}


def _media_prefixes(storage: Storage) -> list[str]:
    """The paths under which stored objects are served (the storage's own, and the local route)."""
    base = storage.url("x")[:-2]
    prefixes = {urlsplit(base).path.rstrip("/"), get_settings().media_url.rstrip("/")}
    return [p for p in prefixes if p]


def _main_keys(key: str) -> list[str]:
    """The stored image's key for a file, thumbnail or blurred preview key."""
    keys = [key]
    for suffix in ("-t.webp", "-b.webp"):
        if key.endswith(suffix):
            keys.append(key.removesuffix(suffix) + "." + pipeline.EXTENSION)
    return keys


def _username_id(path: str) -> int | None:
    if m := _GALLERY_PAGE.match(path):
        tail = m.group("slug").rsplit("-", 1)[-1]
        return int(tail) if tail.isdigit() and len(tail) <= 12 else None
    if m := _PROFILE_PAGE.match(path) or _USERNAME_PAGE.match(path):
        return int(m.group("id"))
    return None


def images_at(session: Session, *, urls: Sequence[str]) -> list[ImageRef]:
    """The stored images these AddMe URLs show (a media file or thumbnail, a gallery page, a profile:
    its picture and gallery); anything else gives nothing."""
    storage = get_storage()
    hosts = _own_hosts(storage)
    prefixes = _media_prefixes(storage)
    keys: list[str] = []
    username_ids: list[int] = []
    for url in urls:
        if not isinstance(url, str) or len(url) > 2000:
            continue
        try:
            parts = urlsplit(url.strip())
        except ValueError:
            continue
        host = (parts.hostname or "").lower().removeprefix("www.")
        if host and host not in hosts:
            continue
        path = parts.path
        for prefix in prefixes:
            if path.startswith(prefix + "/"):
                key = path[len(prefix) + 1 :]
                if _KEY.match(key):
                    keys.extend(_main_keys(key))
                break
        else:
            found = _username_id(path.rstrip("/") or "/")
            if found is not None:
                username_ids.append(found)
    media: dict[int, Media] = {}
    if keys:
        for m in session.scalars(select(Media).where(Media.storage_key.in_(keys[:1000]))):
            media[m.id] = m
    if username_ids:
        for m in session.scalars(
            select(Media).where(Media.username_id.in_(username_ids[:200])).order_by(Media.id)
        ):
            media[m.id] = m
    refs: list[ImageRef] = []
    for m in sorted(media.values(), key=lambda row: row.id):
        row = ensure_hash(session, m)
        if row is None:
            continue
        refs.append(
            ImageRef(
                media_id=m.id,
                kind=m.kind,
                user_id=m.user_id,
                username_id=m.username_id,
                url=storage.url(m.storage_key),
                pdq=row.pdq,
            )
        )
    # Ad images have no media row: found by their key in the hash table alone.
    ad_keys = [k for k in keys if k.startswith("ads/")]
    if ad_keys:
        for h in session.scalars(
            select(MediaImageHash).where(MediaImageHash.storage_key.in_(ad_keys), MediaImageHash.kind == c.AD)
        ):
            refs.append(
                ImageRef(
                    media_id=None,
                    kind=c.AD,
                    user_id=None,
                    username_id=None,
                    url=storage.url(h.storage_key),
                    pdq=h.pdq,
                )
            )
    return refs


def key_of(url: str) -> str | None:
    """The storage key behind one of our media URLs, or None."""
    storage = get_storage()
    path = urlsplit(url).path
    for prefix in _media_prefixes(storage):
        if path.startswith(prefix + "/"):
            key = path[len(prefix) + 1 :]
            return key if _KEY.match(key) else None
    return None
