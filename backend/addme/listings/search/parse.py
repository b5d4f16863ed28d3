"""The first step of a list request: its parameters read into a frozen value, and `q` read as
both search indexes cut it.

ListParams (schemas.py) has already validated each parameter (FastAPI answers a 422 otherwise);
what is left is what the statements need from them: `q` as bound values (search_values, or
None when it has nothing to search for: then the list without it answers), the shape of the
filters (which statements a request runs) and the filters' bound values. Nothing here reads the
database or builds SQL.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from addme.listings.schemas import ListParams
from addme.listings.search.indexes import MIN_FRAGMENT
from addme.listings.validation import normalize_tag


@dataclass(frozen=True, slots=True)
class Query:
    """One list request as the pipeline reads it."""

    p: ListParams
    now: datetime
    dialect: str
    values: dict[str, str] | None  # search_values(p.q); None: a list (no `q`, or nothing in it to search)


def parse(p: ListParams, *, now: datetime, dialect: str) -> Query:
    """The request's frozen value: `q` read once, here, for every later step."""
    return Query(p, now, dialect, search_values(p.q, dialect) if p.q else None)


def search_key(p: ListParams) -> tuple[Any, ...]:
    """Where a search's total is remembered (count.py): `q` in its handle form and every filter."""
    assert p.q is not None
    return (
        "q",
        handle_of(p.q),
        p.app,
        p.type,
        p.gender,
        p.orientation,
        p.country,
        p.vip,
        p.verified,
        p.has_tag,
        p.tag,
    )


# (app, gender, orientation, country, vip, verified, has_tag, tag, order): which filters are set; the
# tag as "" (none), "walk" or "rare" (read from the tag's own rows, _among_tag_members).
Shape = tuple[bool, bool, bool, bool, bool, bool, bool, str, str]


def shape_of(p: ListParams, *, rare_tag: bool = False) -> Shape:
    tag = ("rare" if rare_tag else "walk") if p.tag else ""
    return (
        bool(p.app),
        bool(p.gender),
        bool(p.orientation),
        bool(p.country),
        p.vip,
        p.verified,
        p.has_tag,
        tag,
        p.order,
    )


def bound_values(p: ListParams, now: datetime) -> dict[str, Any]:
    values: dict[str, Any] = {
        "type": p.type,
        "now": now,
        "off": (p.page - 1) * p.per_page,
    }
    for key, value in (("app", p.app), ("gender", p.gender), ("orientation", p.orientation),
                       ("country", p.country)):  # fmt: skip
        if value:
            values[key] = value
    if p.tag:
        values["tag"] = normalize_tag(p.tag)
    return values


# Words as both indexes cut them: letters and digits; everything else separates.
_TOKEN = re.compile(r"[^\W_]+")


def _tokens(query: str) -> list[str]:
    norm = unicodedata.normalize("NFKC", query).casefold()
    return [t for t in _TOKEN.findall(norm)][:8]


def handle_of(query: str) -> str:
    """`q` in the form handles are stored in (username_normalized): NFKC, case-folded, trimmed."""
    return unicodedata.normalize("NFKC", query).strip().casefold()


def _fragment(query: str) -> str | None:
    """`q` as a piece of a handle, or None: one word (handles have no spaces), 3 characters or more."""
    handle = handle_of(query)
    if len(handle) < MIN_FRAGMENT or any(ch.isspace() for ch in handle):
        return None
    return handle


def _pg_operand(token: str) -> str:
    # A quoted prefix lexeme: user text never reaches tsquery syntax unescaped.
    return "'" + token.replace("'", "''").replace("\\", "") + "':*"


def search_values(query: str, dialect: str) -> dict[str, str] | None:
    """The bound values of a search for `q`, or None when `q` has nothing to search for.

    Keys: `search_q` (every word as a prefix), `search_part` (`q` as a part of a handle) and on
    PostgreSQL `search_suffix` (the same as the start of a suffix, for the suffix index), each
    only when it applies, and `handle` (`q` as a whole handle).
    """
    tokens = _tokens(query)
    fragment = _fragment(query)
    if not tokens and not fragment:
        return None
    values = {"handle": handle_of(query)}
    pg = dialect == "postgresql"
    if tokens and pg:
        values["search_q"] = " & ".join(_pg_operand(t) for t in tokens)
    elif tokens:
        values["search_q"] = " ".join('"' + t.replace('"', '""') + '"*' for t in tokens)
    if fragment and pg:
        # LIKE '%...%' (the trigram index): `_`, `%` and `\` in the handle are literal.
        values["search_part"] = (
            "%" + fragment.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        )
        # A quoted prefix lexeme, kept as typed: tsquery's input parser, not to_tsquery's words.
        values["search_suffix"] = "'" + fragment.replace("\\", "\\\\").replace("'", "''") + "':*"
    elif fragment:
        # A quoted string in SQLite's trigram table matches it anywhere in the handle.
        values["search_part"] = '"' + fragment.replace('"', '""') + '"'
    return values


def words_of(query: str) -> list[str]:
    """The words of `q` as both indexes cut them (at most 8), in word_operands' order."""
    return _tokens(query)


def word_operands(query: str) -> list[str]:
    """Each word of `q` alone, as search_q writes it on PostgreSQL (a prefix lexeme)."""
    return [_pg_operand(t) for t in _tokens(query)]


def interior_words(query: str) -> list[int]:
    """The words of `q` (positions in word_operands) that any handle containing `q` has as the
    start of one of its own words: those after a separator inside `q`, ASCII only.

    Handles are ASCII letters, digits and `._-`; their tsvector holds each run of letters and
    digits as a word ('simple' only lowercases). In a handle holding "cosmic_angel12345", the
    character before "angel12345" is that `_`, so one of its words starts with "angel12345": the
    tsvector's index finds every such handle with the prefix 'angel12345':* (0.03 ms at 1M rows),
    where the trigram index read the posting lists of 18 trigrams for it (1.7 ms). "cosmic" may
    be the end of a longer word ("xcosmic_angel12345"), so it is not one of them.
    """
    fragment = _fragment(query)
    if fragment is None:
        return []
    # The fragment's words are _tokens(query)'s, in the same order (it is `q` trimmed).
    return [
        i for i, m in enumerate(_TOKEN.finditer(fragment)) if i < 8 and m.start() > 0 and m.group().isascii()
    ]
