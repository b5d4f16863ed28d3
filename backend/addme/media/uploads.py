"""Reading multipart uploads: the body size is capped while it is read (core/bodylimit.py), the file
and field counts by the parser itself, and no file is read past the 4 MB limit, so a 50-file or
1 GB request costs us little before it is refused."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException

from addme.accounts.callers import CurrentUser
from addme.accounts.models import User
from addme.core import ratelimit
from addme.core.bodylimit import MULTIPART_OVERHEAD
from addme.core.errors import FieldError
from addme.media import constants as c

MAX_FIELDS = 10  # a stray text field or two from a client library, never hundreds
# What the body-limit middleware lets an upload route read: five files at 4 MB plus the framing.
# The profile picture gets as much, so one file over 4 MB still gets the spec's "skipped" answer.
UPLOAD_BYTES = c.MAX_FILES * c.MAX_FILE_BYTES + MULTIPART_OVERHEAD


@dataclass(frozen=True)
class Incoming:
    """One uploaded file: its bytes, or None when it is over the limit (skipped, read no further)."""

    name: str
    data: bytes | None

    @property
    def too_large(self) -> bool:
        return self.data is None


async def _read(request: Request, *, field: str, max_files: int, too_many: str) -> list[Incoming]:
    try:
        form = await request.form(max_files=max_files, max_fields=MAX_FIELDS)
    except (MultiPartException, HTTPException) as exc:
        detail = getattr(exc, "message", None) or getattr(exc, "detail", "")
        if "Too many files" in str(detail):
            raise FieldError(field, too_many) from exc
        if "Too many fields" in str(detail):
            raise FieldError(field, c.TOO_MANY_FIELDS.format(n=MAX_FIELDS)) from exc
        raise FieldError(field, c.UNREADABLE) from exc
    try:
        uploads = [u for u in form.getlist(field) if isinstance(u, UploadFile)]
        if not uploads:
            raise FieldError(field, c.NO_FILE)
        if len(uploads) > max_files:
            raise FieldError(field, too_many)
        files: list[Incoming] = []
        for upload in uploads:
            head = await upload.read(c.MAX_FILE_BYTES + 1)
            name = (upload.filename or "file")[:100]
            files.append(Incoming(name=name, data=head if len(head) <= c.MAX_FILE_BYTES else None))
        return files
    finally:
        await form.close()


async def gallery_files(request: Request) -> list[Incoming]:
    """The `files` field of a gallery upload: at most 5."""
    return await _read(request, field="files", max_files=c.MAX_FILES, too_many=c.TOO_MANY_FILES)


async def picture_file(request: Request) -> Incoming:
    """The `file` field of a profile-picture upload: exactly one."""
    return (await _read(request, field="file", max_files=1, too_many=c.ONE_FILE))[0]


def uploader(user: CurrentUser) -> User:
    """The signed-in member, within the per-account upload throttle (checked before the body is read)."""
    ratelimit.hit(c.UPLOAD_LIMIT, "upload", str(user.id))
    return user


# Routes take Uploader before their files: dependencies resolve in order, so a refusal reads nothing.
Uploader = Annotated[User, Depends(uploader)]
GalleryFiles = Annotated[list[Incoming], Depends(gallery_files)]
PictureFile = Annotated[Incoming, Depends(picture_file)]


def _form_body(field: str, schema: dict[str, object]) -> dict[str, object]:
    """A route's multipart body in the OpenAPI document: one required field."""
    return {
        "requestBody": {
            "required": True,
            "content": {
                "multipart/form-data": {
                    "schema": {"type": "object", "required": [field], "properties": {field: schema}}
                }
            },
        }
    }


# The request bodies in the OpenAPI document (the routes read the form themselves, with limits).
GALLERY_BODY = _form_body(
    "files", {"type": "array", "items": {"type": "string", "format": "binary"}, "maxItems": c.MAX_FILES}
)
PICTURE_BODY = _form_body("file", {"type": "string", "format": "binary"})
