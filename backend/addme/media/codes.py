"""The stable error codes of galleries and profile pictures: clients key their own texts on these."""

from __future__ import annotations

from enum import StrEnum


class MediaCode(StrEnum):
    """The stable error codes of galleries and profile pictures."""

    BLOCKED_IMAGE = "blocked_image"
    GALLERY_FULL = "gallery_full"
    INVALID_HASH_LIST = "invalid_hash_list"
    LOGIN_REQUIRED = "login_required"
    MEDIA_NOT_REMOVED = "media_not_removed"
    NOT_UPLOADED = "not_uploaded"
    PICTURE_NOT_UPDATED = "picture_not_updated"
