"""Upload limits and the spec's messages for media."""

from __future__ import annotations

from enum import StrEnum


class Kind(StrEnum):
    PROFILE = "profile"
    GALLERY = "gallery"


# An image hash's kind: a media row's (above), or an ad image (a stored object, no media row).
AD = "ad"


class BlockSource(StrEnum):
    """Where a blocked hash came from."""

    NOTICE = "notice"
    ADMIN_BAN = "admin_ban"
    IMPORT = "import"
    STOPNCII = "stopncii"


MAX_FILES = 5
MAX_FILE_BYTES = 4 * 1024 * 1024
# security.md: refuse above 8K UHD or 40 megapixels, judged from the header before any decoding.
MAX_LONG_SIDE = 7680
MAX_SHORT_SIDE = 4320
MAX_PIXELS = 40_000_000
# All the images of one request together, judged from their headers before any is decoded: five
# 12-megapixel phone photos fit; five 33-megapixel images (380 MB and seconds of decoding) do not.
MAX_REQUEST_PIXELS = 60_000_000
# Images decoded at once in a process: decoding is CPU-bound and a full-size one holds ~100-130 MB.
DECODE_SLOTS = 2
# Uploads (requests, not files) per account: plenty for filling galleries, not for a decoding loop.
UPLOAD_LIMIT = "60/hour"
# What is kept: large enough for any screen, small enough that a gallery page stays light.
STORED_LONG_SIDE = 2048
THUMB_SIDE = 320
PREVIEW_SIDE = 48
GALLERY_LIMIT = 5
GALLERY_LIMIT_VIP = 20
# A hash list import (the ThreatExchange PDQ text format): bounded in bytes and in lines.
IMPORT_MAX_BYTES = 5_000_000
IMPORT_MAX_LINES = 50_000
# Lines reported when an import is refused: the first ones, then a count of the rest.
IMPORT_MAX_PROBLEMS = 20

TOO_MANY_FILES = "Only 5 files are allowed to upload."
TOO_LARGE = "FILESDELCOUNT files exceed the limit of 4MB. They will not be uploaded"
UPLOADED = "Media Uploaded."
NOT_UPLOADED = "Error, Media not uploaded, please contact support."
PICTURE_UPDATED = "Profile picture updated."
PICTURE_NOT_UPDATED = "Profile picture not updated."
DELETED = "Media deleted."
REMOVED = "Media removed."
NOT_REMOVED = "Error, Media Not Removed"
NOT_FOUND = "Medias could not be found or the connection failed."
MEDIA_NOT_FOUND = "Media not found."
TOO_MANY_FIELDS = "The upload has too many form fields: at most {n} besides the files."
NO_FILE = "Choose an image to upload."
ONE_FILE = "Only one file is allowed."
NOT_AN_IMAGE = "The file is not a JPEG, PNG, WebP or GIF image."
TOO_BIG_PIXELS = "The image is too large: at most 7680x4320 pixels (40 megapixels)."
UNREADABLE = "The image could not be read."
TOO_MANY_PIXELS = (
    "These images are too large together: at most 60 megapixels in one upload. Send fewer at a time."
)
BLOCKED_IMAGE = "This image matches one removed from the site and cannot be uploaded."
BANNED = "Image banned."
GALLERY_FULL = "A username can hold {limit} images and this one has {count}; delete some first."
GALLERY_FULL_VIP_HINT = " VIP and Studio accounts can keep 20."


def too_large_message(count: int) -> str:
    """The spec's skipped-files notice with the count filled in."""
    return TOO_LARGE.replace("FILESDELCOUNT", str(count))


IMPORT_EMPTY = "The list has no hash in it."
IMPORT_TOO_LARGE = "The list is too large: at most {lines} lines (5 MB) at a time."
IMPORT_BAD_LINE = "line {n}: {problem}"
IMPORT_BAD_HASH = "not a PDQ hash (64 hexadecimal digits)"
IMPORT_BAD_QUALITY = "the quality must be a whole number from 0 to 100"
IMPORT_MORE = "and {n} more lines with problems"
IMPORT_REFUSED = "The list was not imported: {n} lines have problems."
