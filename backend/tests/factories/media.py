"""Media factories: test images drawn in code (gradients and shapes, never photographs), crafted
hostile files, and upload helpers."""

from __future__ import annotations

import io
import random
import struct
import zlib
from typing import Any

from PIL import Image, ImageDraw
from sqlalchemy.orm import Session

from addme.media import constants as c
from addme.media import intake, pipeline
from addme.media.models import Media


def picture(
    seed: int = 1,
    *,
    size: tuple[int, int] = (400, 300),
    fmt: str = "PNG",
    mode: str = "RGB",
    **save: Any,
) -> bytes:
    """An abstract test picture in `fmt`: a gradient and shapes laid out from `seed`, so different
    seeds have clearly different perceptual hashes."""
    rng = random.Random(seed)
    w, h = size
    small = Image.new("RGB", (2, 1))
    small.putdata([_colour(rng), _colour(rng)])
    img = small.resize(size, Image.Resampling.BILINEAR)
    draw = ImageDraw.Draw(img)
    for _ in range(8):
        x0, y0 = rng.uniform(0, w * 0.8), rng.uniform(0, h * 0.8)
        x1, y1 = x0 + rng.uniform(w * 0.1, w * 0.5), y0 + rng.uniform(h * 0.1, h * 0.5)
        shape = draw.ellipse if rng.random() < 0.5 else draw.rectangle
        shape((x0, y0, x1, y1), fill=_colour(rng))
    if mode != "RGB":
        img = img.convert(mode)
    out = io.BytesIO()
    img.save(out, fmt, **save)
    return out.getvalue()


def _colour(rng: random.Random) -> tuple[int, int, int]:
    return (rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    )


def png_declaring(width: int, height: int) -> bytes:
    """A small PNG whose header declares width x height (IHDR patched, CRC fixed): a bomb's header."""
    raw = picture(size=(8, 8))
    assert raw[12:16] == b"IHDR"
    ihdr = bytearray(raw[16:29])
    ihdr[0:8] = struct.pack(">II", width, height)
    return raw[:8] + _chunk(b"IHDR", bytes(ihdr)) + raw[33:]


def jpeg_with_gps(size: tuple[int, int] = (400, 300), *, orientation: int | None = None) -> bytes:
    """A JPEG carrying camera EXIF and a GPS position (and optionally an orientation)."""
    exif = Image.Exif()
    exif[0x010F] = "TestCam"  # Make
    exif[0x0110] = "Model X"  # Model
    if orientation:
        exif[0x0112] = orientation
    gps = exif.get_ifd(0x8825)
    gps[1] = "N"
    gps[2] = (48.0, 51.0, 29.0)
    gps[3] = "E"
    gps[4] = (2.0, 17.0, 40.0)
    return picture(7, size=size, fmt="JPEG", exif=exif.tobytes(), quality=90)


def five_mb() -> bytes:
    """A real image padded past 5 MB (the pad sits after the PNG's end, where readers ignore it)."""
    return picture() + b"\0" * (5 * 1024 * 1024)


def files(
    *items: bytes | tuple[str, bytes], field: str = "files"
) -> list[tuple[str, tuple[str, bytes, str]]]:
    """Multipart parts for TestClient: bytes, or (filename, bytes)."""
    parts = []
    for i, item in enumerate(items):
        name, data = item if isinstance(item, tuple) else (f"picture{i}.png", item)
        parts.append((field, (name, data, "image/png")))
    return parts


def upload(client: Any, headers: dict[str, str], username_id: int, *items: bytes | tuple[str, bytes]) -> Any:
    """POST the files to a username's gallery."""
    return client.post(f"/v1/user/usernames/{username_id}/media", files=files(*items), headers=headers)


def make_media(db: Session, *, username_id: int, user_id: int, seed: int = 1,
               kind: str = c.Kind.GALLERY) -> Media:  # fmt: skip
    """A stored gallery image straight through the pipeline and storage, committed."""
    row = intake.store(
        db, user_id=user_id, username_id=username_id, kind=kind, images=[pipeline.process(picture(seed))]
    )[0]
    db.commit()
    return row
