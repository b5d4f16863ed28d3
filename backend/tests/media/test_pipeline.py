"""The pipeline on hostile and ordinary files, without the API."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from addme.media import constants as c
from addme.media import pdq, pipeline
from tests.factories.media import jpeg_with_gps, picture, png_declaring


def _open(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


def test_a_png_declaring_50000_squared_pixels_is_refused_from_its_header():
    bomb = png_declaring(50000, 50000)
    assert len(bomb) < 1000
    with pytest.raises(pipeline.ImageRejected, match="too large"):
        pipeline.process(bomb)


@pytest.mark.parametrize("size", [(7681, 100), (100, 7681), (4321, 4321), (7000, 6000)])
def test_dimensions_over_8k_or_40_megapixels_are_refused(size):
    with pytest.raises(pipeline.ImageRejected, match="7680x4320"):
        pipeline.process(png_declaring(*size))


def test_an_8k_picture_is_accepted_and_scaled_down_for_storage():
    out = pipeline.process(picture(size=(7680, 4320), fmt="JPEG", quality=70))
    assert (out.width, out.height) == (c.STORED_LONG_SIDE, 1152)


@pytest.mark.parametrize(
    "data",
    [
        b"this is plain text, not a photo",
        b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>",
        b"<!DOCTYPE html><html><body><script>alert(1)</script></body></html>",
        b"\xff\xd8\xff\xe0 a JPEG signature and then nothing",
        b"GIF89a",
    ],
)
def test_files_that_are_not_images_are_refused_whatever_their_name(data):
    with pytest.raises(pipeline.ImageRejected):
        pipeline.process(data)


def test_bmp_and_tiff_are_refused_even_though_pillow_reads_them():
    with pytest.raises(pipeline.ImageRejected, match="JPEG, PNG, WebP or GIF"):
        pipeline.process(picture(fmt="BMP"))
    with pytest.raises(pipeline.ImageRejected, match="JPEG, PNG, WebP or GIF"):
        pipeline.process(picture(fmt="TIFF"))


def test_a_truncated_image_is_refused():
    with pytest.raises(pipeline.ImageRejected, match="could not be read"):
        pipeline.process(picture(fmt="JPEG")[:3000])
    with pytest.raises(pipeline.ImageRejected, match="could not be read"):
        pipeline.process(picture(fmt="PNG")[:1000])


def test_reencoding_drops_exif_gps_and_appended_payloads():
    raw = jpeg_with_gps() + b"<?php system($_GET['c']); ?>"
    assert _open(raw).getexif().get_ifd(0x8825)  # the upload does carry a position
    out = pipeline.process(raw)
    stored = _open(out.data)
    assert stored.format == "WEBP" and out.content_type == "image/webp"
    assert not stored.getexif() and "exif" not in stored.info and "xmp" not in stored.info
    assert b"<?php" not in out.data and b"GPS" not in out.data and b"TestCam" not in out.data


def test_exif_orientation_is_applied_before_it_is_stripped():
    out = pipeline.process(jpeg_with_gps((400, 200), orientation=6))
    assert (out.width, out.height) == (200, 400)


def test_formats_thumbnail_preview_and_transparency():
    for fmt in ("PNG", "GIF", "WEBP", "JPEG"):
        out = pipeline.process(picture(3, size=(900, 600), fmt=fmt))
        assert (out.width, out.height) == (900, 600)
        assert _open(out.thumb).size == (c.THUMB_SIDE, 213)
        assert max(_open(out.preview).size) == c.PREVIEW_SIDE
        assert len(out.pdq) == 64 and out.quality >= 50
    see_through = Image.new("RGBA", (50, 50), (0, 0, 0, 0))
    see_through.paste((200, 30, 30, 255), (10, 10, 40, 40))
    buf = io.BytesIO()
    see_through.save(buf, "PNG")
    assert _open(pipeline.process(buf.getvalue()).data).mode == "RGBA"


def test_an_animated_gif_keeps_its_first_frame():
    frames = [Image.new("RGB", (64, 64), colour) for colour in ((250, 0, 0), (0, 0, 250))]
    buf = io.BytesIO()
    frames[0].save(buf, "GIF", save_all=True, append_images=frames[1:])
    out = _open(pipeline.process(buf.getvalue()).data).convert("RGB")
    r, _, b = out.getpixel((32, 32))  # type: ignore[misc]
    assert r > 200 and b < 50


def test_near_duplicates_are_within_pdq_distance_and_different_pictures_are_not():
    original = pipeline.process(picture(5)).pdq
    copy = pipeline.process(picture(5, size=(640, 480), fmt="JPEG", quality=50)).pdq
    assert pdq.distance(copy, original) <= pdq.MATCH_DISTANCE
    for seed in range(6, 16):
        assert pdq.distance(pipeline.process(picture(seed)).pdq, original) > pdq.MATCH_DISTANCE


def test_random_names_are_unguessable_and_unique():
    names = {pipeline.random_name() for _ in range(100)}
    assert len(names) == 100 and all(len(n) >= 24 for n in names)
