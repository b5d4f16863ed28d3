"""The one upload pipeline: decide the type from the bytes, check the size from the header, decode,
re-encode, thumbnail and hash (PDQ, media/pdq.py). Pure functions: no database, no storage.

Re-encoding is the point: what is stored is pixels we wrote, so EXIF, GPS, comments, ICC tricks
and anything appended after the image's end never leave the member's device through us.
"""

from __future__ import annotations

import io
import secrets
import warnings
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from PIL import Image, ImageFile, ImageFilter, ImageOps, UnidentifiedImageError

from addme.media import constants as c
from addme.media import pdq

# Pillow refuses (DecompressionBombError) past twice this, and warns past it; the warning is an
# error below, so anything over 40 megapixels is refused before a single pixel is decoded.
Image.MAX_IMAGE_PIXELS = c.MAX_PIXELS
# A truncated file is refused, never half-decoded into a grey picture.
ImageFile.LOAD_TRUNCATED_IMAGES = False

# Decoding holds the full-size pixels (4 bytes a pixel: ~130 MB for 33 megapixels), so it runs on
# these few threads only: concurrent uploads queue instead of adding up. A semaphore alone would
# bound the decodes at once but not the memory: glibc gives every thread that decoded its own arena
# and keeps the freed pages there, so six request threads held six images' worth (850 MB measured).
_decoder = ThreadPoolExecutor(max_workers=c.DECODE_SLOTS, thread_name_prefix="addme-decode")

ALLOWED_FORMATS = ("JPEG", "PNG", "WEBP", "GIF")
CONTENT_TYPE = "image/webp"
EXTENSION = "webp"


class ImageRejected(ValueError):
    """The file is not an image we accept; the message is for the member."""


@dataclass(frozen=True)
class Processed:
    """A re-encoded image, ready for storage."""

    data: bytes
    thumb: bytes
    preview: bytes
    width: int
    height: int
    # PDQ: 64 hex digits and a quality 0-100 (below 50, never matched).
    pdq: str
    quality: int
    content_type: str = CONTENT_TYPE
    extension: str = EXTENSION


def random_name() -> str:
    """An object name that says nothing about the member or their file."""
    return secrets.token_urlsafe(18)


def check_dimensions(width: int, height: int) -> None:
    """Refuse above 7680x4320 (either orientation) or 40 megapixels."""
    long_side, short_side = max(width, height), min(width, height)
    if (
        width <= 0
        or height <= 0
        or long_side > c.MAX_LONG_SIDE
        or short_side > c.MAX_SHORT_SIDE
        or width * height > c.MAX_PIXELS
    ):
        raise ImageRejected(c.TOO_BIG_PIXELS)


def _fit(width: int, height: int, side: int) -> tuple[int, int]:
    scale = min(1.0, side / max(width, height))
    return max(1, round(width * scale)), max(1, round(height * scale))


def _open(raw: bytes) -> Image.Image:
    """Read the header only: the format from the magic bytes, the size before decoding."""
    try:
        img = Image.open(io.BytesIO(raw), formats=list(ALLOWED_FORMATS))
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise ImageRejected(c.TOO_BIG_PIXELS) from exc
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        # SVG, HTML, text or a lie about the extension: Pillow finds no known signature.
        raise ImageRejected(c.NOT_AN_IMAGE) from exc
    if img.format not in ALLOWED_FORMATS:
        raise ImageRejected(c.NOT_AN_IMAGE)
    check_dimensions(*img.size)
    return img


def _decode(img: Image.Image, side: int = c.STORED_LONG_SIDE) -> Image.Image:
    """Decode the first frame, upright (EXIF orientation applied), in RGB or RGBA."""
    target = _fit(*img.size, side)
    if img.format == "JPEG":
        # Let libjpeg decode at 1/2, 1/4 or 1/8 scale when the stored size allows: less memory, less time.
        img.draft("RGB", target)
    img.seek(0)  # GIF and animated WebP: the first frame only
    img.load()
    # In place: without an orientation to apply, exif_transpose would return a full copy.
    ImageOps.exif_transpose(img, in_place=True)
    upright = img
    has_alpha = upright.mode in ("RGBA", "LA", "PA") or (
        upright.mode == "P" and "transparency" in upright.info
    )
    mode = "RGBA" if has_alpha else "RGB"
    # convert() to the same mode is a full copy: skipped, it halves the peak for the common case.
    return upright if upright.mode == mode else upright.convert(mode)


def _webp(img: Image.Image, *, quality: int) -> bytes:
    out = io.BytesIO()
    # No exif=, icc_profile= or xmp= arguments: the new file carries pixels only.
    img.save(out, "WEBP", quality=quality, method=4)
    return out.getvalue()


def dimensions(raw: bytes) -> tuple[int, int]:
    """Width and height from the header alone (nothing decoded), or raise ImageRejected."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        img = _open(raw)
        try:
            return img.size
        finally:
            img.close()


def process(raw: bytes) -> Processed:
    """Validate and re-encode one upload, or raise ImageRejected (DECODE_SLOTS at a time per process)."""
    return _decoder.submit(_process, raw).result()


def fingerprint(raw: bytes) -> tuple[str, int]:
    """The PDQ hash and quality of an image file, nothing stored, or raise ImageRejected."""
    return _decoder.submit(_fingerprint, raw).result()


def _fingerprint(raw: bytes) -> tuple[str, int]:
    # Only the hash's 512 pixels are needed: a JPEG decodes at 1/2 to 1/8 scale, several times faster.
    return pdq.compute(_pixels(raw, side=pdq.HASH_SIDE))


def _pixels(raw: bytes, side: int = c.STORED_LONG_SIDE) -> Image.Image:
    """The decoded first frame, upright, or raise ImageRejected."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        img = _open(raw)
        pixels: Image.Image | None = None
        try:
            pixels = _decode(img, side)
        except ImageRejected:
            raise
        except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
            raise ImageRejected(c.TOO_BIG_PIXELS) from exc
        except (OSError, SyntaxError, ValueError, EOFError) as exc:
            raise ImageRejected(c.UNREADABLE) from exc
        finally:
            if pixels is not img:  # an RGB(A) file decodes in place: the same object, still in use
                img.close()
    return pixels


def _process(raw: bytes) -> Processed:
    pixels = _pixels(raw)
    if max(pixels.size) > c.STORED_LONG_SIDE:
        # reducing_gap: a fast integer box reduction first, then Lanczos: less time, smaller buffers.
        pixels = pixels.resize(
            _fit(*pixels.size, c.STORED_LONG_SIDE), Image.Resampling.LANCZOS, reducing_gap=3.0
        )
    thumb = pixels.copy()
    thumb.thumbnail((c.THUMB_SIDE, c.THUMB_SIDE), Image.Resampling.LANCZOS)
    # The preview shown where age verification is required: too small and blurred to show anything.
    preview = thumb.copy()
    preview.thumbnail((c.PREVIEW_SIDE, c.PREVIEW_SIDE), Image.Resampling.BILINEAR)
    preview = preview.filter(ImageFilter.GaussianBlur(3))
    # From the pixels stored (not the upload's): the backfill, hashing a stored file, agrees.
    hexed, quality = pdq.compute(pixels)
    return Processed(
        data=_webp(pixels, quality=85),
        thumb=_webp(thumb, quality=75),
        preview=_webp(preview, quality=50),
        width=pixels.width,
        height=pixels.height,
        pdq=hexed,
        quality=quality,
    )
