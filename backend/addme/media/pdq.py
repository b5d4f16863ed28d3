"""PDQ, Meta's open perceptual hash (256 bits and a quality 0-100), and its multi-index chunks.

The hash itself comes from the `pdqhash` package (Meta's C++ reference, compiled here). The hex
string is the one ThreatExchange, StopNCII and HMA exchange: the hash vector's first bit is the
most significant bit of the first hex digit (checked against ThreatExchange's own test images).

Matching follows Meta's recommendations: two hashes match at a Hamming distance of 31 bits or less,
and a hash of quality 49 or less is too featureless to match on. Copies are found through 16 chunks
of 16 bits (docs/decisions.md "Image hashes"): two hashes within 31 bits differ by at most one bit in
at least one chunk (if every chunk differed by two or more, they would differ by 32 or more), so the
candidates are the rows sharing, in some chunk, the needle's value or one of its 16 one-bit flips.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from PIL import Image

MATCH_DISTANCE = 31
# Hashes of quality below this are kept but never matched (Meta's guidance: discard <= 49).
MIN_QUALITY = 50
CHUNKS = 16
CHUNK_BITS = 16
# Hashing a 2048-pixel image costs about 30 times a 512-pixel one in the reference's filters, for
# the same hash within a few bits; the reference's own photo hasher reduces to 512 the same way.
HASH_SIDE = 512
HEX = re.compile(r"^[0-9a-f]{64}$")


def compute(img: Image.Image) -> tuple[str, int]:
    """The PDQ hash (64 lower-case hex digits) and quality of a decoded image."""
    # numpy and pdqhash load here, when an image is hashed: a web worker starts without them (#36).
    import numpy as np
    import pdqhash

    if max(img.size) > HASH_SIDE:
        img = img.copy()
        img.thumbnail((HASH_SIDE, HASH_SIDE), Image.Resampling.BILINEAR, reducing_gap=2.0)
    # RGB only: alpha is dropped, as ThreatExchange's hasher does with the first three channels.
    rgb = img if img.mode == "RGB" else img.convert("RGB")
    vector, quality = pdqhash.compute(np.asarray(rgb))
    bits = np.packbits(np.asarray(vector, dtype=np.uint8))
    return bits.tobytes().hex(), int(quality)


def normalize(value: str) -> str | None:
    """The canonical form of a hex PDQ hash (lower case, no spaces), or None when it is not one."""
    hexed = value.strip().lower()
    return hexed if HEX.match(hexed) else None


def distance(a: str, b: str) -> int:
    """Bits that differ between two hex PDQ hashes."""
    return (int(a, 16) ^ int(b, 16)).bit_count()


def chunks(hexed: str) -> list[int]:
    """The 16 chunk values (16 bits each, most significant first) the multi-index stores."""
    return [int(hexed[i * 4 : i * 4 + 4], 16) for i in range(CHUNKS)]


def neighbours(value: int) -> list[int]:
    """A chunk value and its 16 one-bit flips."""
    return [value] + [value ^ (1 << bit) for bit in range(CHUNK_BITS)]


def probe(pdqs: Iterable[str]) -> list[set[int]]:
    """For each chunk position, every value a match of any of `pdqs` may hold there."""
    wanted: list[set[int]] = [set() for _ in range(CHUNKS)]
    for hexed in pdqs:
        for i, value in enumerate(chunks(hexed)):
            wanted[i].update(neighbours(value))
    return wanted


def matchable(quality: int | None) -> bool:
    """True when a hash of this quality is used for matching (unknown quality counts as usable)."""
    return quality is None or quality >= MIN_QUALITY


def closest(hexed: str, needles: Sequence[str]) -> int:
    """The smallest distance from a hash to any of the needles."""
    value = int(hexed, 16)
    return min(((value ^ int(n, 16)).bit_count() for n in needles), default=256)
