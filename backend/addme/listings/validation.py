"""Pure checks on submitted fields: handles, tags, creator links. No database here."""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import urlsplit

from addme.core import options
from addme.listings import constants as c

# Characters that make two handles look alike or reorder text on screen: control (Cc), format (Cf:
# zero-width joiners, bidi overrides, BOM...), and the rest of the bidi controls by code point.
_BIDI = {chr(x) for x in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C)}
_ZERO_WIDTH = {"\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u180e"}


def has_forbidden_chars(value: str) -> bool:
    """True when the text holds control, bidi-override or zero-width characters."""
    for ch in value:
        if ch in _BIDI or ch in _ZERO_WIDTH:
            return True
        if unicodedata.category(ch) in ("Cc", "Cf") and ch not in "\n\t":
            return True
    return False


def normalize_handle(value: str) -> str:
    """The form handles are compared in: NFKC, case-folded, trimmed."""
    return unicodedata.normalize("NFKC", value).strip().casefold()


def handle_problem(app: str, username: str) -> str | None:
    """Why a handle is refused for this app, or None."""
    if has_forbidden_chars(username):
        return c.BAD_CHARS
    pattern, message = c.USERNAME_RULES[options.App(app)]
    return None if pattern.fullmatch(username) else message


_TAG_SEP = re.compile(r"[\s_]+")
_TAG_OK = re.compile(r"[^\W_]+(?:-[^\W_]+)*")


def normalize_tag(raw: str) -> str:
    """Lowercase, NFKC, no leading '#', words joined by '-'."""
    tag = unicodedata.normalize("NFKC", raw).strip().lstrip("#").casefold()
    return _TAG_SEP.sub("-", tag).strip("-")


def clean_tags(raw: list[str]) -> tuple[list[str], str | None]:
    """Normalized, de-duplicated tags in the member's order, or a reason to refuse them."""
    tags: list[str] = []
    for item in raw:
        tag = normalize_tag(item)
        if not tag:
            continue
        if has_forbidden_chars(item) or not _TAG_OK.fullmatch(tag) or not 2 <= len(tag) <= 30:
            return [], f"The tag “{item.strip()[:30]}” is not valid: use 2 to 30 letters or digits."
        if tag not in tags:
            tags.append(tag)
    if len(tags) > c.MAX_TAGS:
        return [], f"You can add up to {c.MAX_TAGS} tags."
    return tags, None


def link_problem(link: str, link_type: str | None) -> tuple[str, str] | None:
    """(field, message) when a creator link is refused: https only, on its site or a subdomain."""
    if not link_type:
        return "link_type", c.LINK_TYPE_NEEDED
    try:
        parts = urlsplit(link)
    except ValueError:
        return "link", c.LINK_HTTPS
    if parts.scheme != "https" or not parts.hostname:
        return "link", c.LINK_HTTPS
    host = parts.hostname.rstrip(".").lower()
    allowed = c.LINK_HOSTS[c.LinkType(link_type)]
    if parts.username or parts.password or parts.port not in (None, 443):
        return "link", c.LINK_HOST.format(host=allowed)
    if host != allowed and not host.endswith("." + allowed):
        return "link", c.LINK_HOST.format(host=allowed)
    return None


def short_description(description: str) -> str:
    """The card's one-liner: the first line of the description, cut on a word."""
    first = " ".join(description.split())
    if len(first) <= c.SHORT_DESCRIPTION_MAX:
        return first
    cut = first[: c.SHORT_DESCRIPTION_MAX - 1].rsplit(" ", 1)[0]
    return cut + "…"


def time_ago(seconds: float) -> str:
    """'just now', '5 min ago', '3 hours ago', '2 days ago'."""
    s = max(0, int(seconds))
    if s < 60:
        return "just now"
    if s < 3600:
        return f"{s // 60} min ago"
    if s < 86400:
        h = s // 3600
        return f"{h} hour ago" if h == 1 else f"{h} hours ago"
    d = s // 86400
    if d < 30:
        return f"{d} day ago" if d == 1 else f"{d} days ago"
    m = d // 30
    if m < 12:
        return f"{m} month ago" if m == 1 else f"{m} months ago"
    y = d // 365
    return f"{y} year ago" if y <= 1 else f"{y} years ago"


def wait_text(seconds: float) -> str:
    """A wait a member reads: '3 hours', '25 minutes'."""
    s = max(60, int(seconds))
    if s >= 3600:
        h = -(-s // 3600)
        return f"{h} hour" if h == 1 else f"{h} hours"
    m = -(-s // 60)
    return f"{m} minute" if m == 1 else f"{m} minutes"
