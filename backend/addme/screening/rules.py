"""Automated approval: the blacklist and the macro rules applied to a username's text.

Pure functions over text and compiled terms, so the edges can be tested without a database.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from addme.screening.models import TermKind


@dataclass(frozen=True)
class CompiledTerms:
    """One alternation per kind, so a check is a handful of regex searches whatever the list size."""

    by_kind: dict[str, re.Pattern[str]]


def _plain(term: str) -> str:
    body = re.escape(term.casefold()).replace(r"\ ", r"\s+")
    # Whole words for word-like terms; symbols ("$") match anywhere.
    start = r"(?<![^\W_])" if term[:1].isalnum() else ""
    end = r"(?![^\W_])" if term[-1:].isalnum() else ""
    return f"{start}{body}{end}"


def compile_terms(terms: Iterable[tuple[str, str, bool]]) -> CompiledTerms:
    """Compile (kind, pattern, is_regex) rows; a broken admin regex is skipped, never a 500."""
    parts: dict[str, list[str]] = {}
    for kind, pattern, is_regex in terms:
        if is_regex:
            try:
                re.compile(pattern)
            except re.error:
                continue
            parts.setdefault(kind, []).append(f"(?:{pattern})")
        elif pattern.strip():
            parts.setdefault(kind, []).append(_plain(pattern.strip()))
    return CompiledTerms({k: re.compile("|".join(v), re.IGNORECASE) for k, v in parts.items()})


def normalize_text(value: str) -> str:
    """NFKC and case-folded, so full-width or styled letters match their plain forms."""
    return unicodedata.normalize("NFKC", value).casefold()


# "I'm 16", "im 15", "i am 17", "age: 16", "aged 14", "just turned 17"
_AGE_BEFORE = re.compile(
    r"(?<![^\W_])(?:i\s*['’]?\s*a?m|age\s*[:=]?|aged|just\s+turned|turning)\s*(\d{1,2})"
    # ...but not a height or a weight: "I'm 5'10", "im 6ft", "I'm 12 stone".
    r"(?!\d|\s*(?:['’\"]|ft|feet|foot|cm|kg|lbs?|stone|st\b|[.,]\d|%|k\b))"
)
# "16yo", "15 y/o", "16 y.o.", "17 years old", "16yrs", "17 yr old"
_AGE_AFTER = re.compile(
    r"(?<!\d)(\d{1,2})\s*(?:y\s*/\s*o|y\.\s*o\.?|yo|yrs?(?:\s*old)?|years?\s*old)(?![^\W_])"
)


def written_minor_age(text: str) -> int | None:
    """An age from 10 to 17 written in the text, or None (smaller numbers are heights, counts...)."""
    norm = normalize_text(text)
    for pattern in (_AGE_BEFORE, _AGE_AFTER):
        for match in pattern.finditer(norm):
            age = int(match.group(1))
            if 10 <= age < 18:
                return age
    return None


# Order matters: the most serious reason is the one an admin sees first.
_KIND_ORDER = [
    TermKind.UNDERAGE,
    TermKind.ILLEGAL,
    TermKind.SELLING,
    TermKind.PHONE,
    TermKind.LINK,
    TermKind.SPAM,
]


def first_term(text: str, terms: CompiledTerms) -> tuple[str, str] | None:
    """The first blacklist term the text holds, as (kind, the words matched), most serious first."""
    norm = normalize_text(text)
    for kind in _KIND_ORDER:
        pattern = terms.by_kind.get(kind)
        if pattern is None:
            continue
        match = pattern.search(norm)
        if match:
            return kind, match.group(0).strip()[:60]
    return None


def suspect_words(text: str, terms: CompiledTerms) -> str | None:
    """The words of a text the member must remove (a written minor age, a blacklist term), or None."""
    age = written_minor_age(text)
    if age is not None:
        return str(age)
    found = first_term(text, terms)
    return found[1] if found else None


def review_reason(text: str, terms: CompiledTerms) -> str | None:
    """Why the text needs a human (the first rule it trips), or None to approve at once."""
    age = written_minor_age(text)
    if age is not None:
        return f"underage: age {age} written in the text"
    found = first_term(text, terms)
    if found:
        return f"{found[0]}: “{found[1]}”"
    return None
