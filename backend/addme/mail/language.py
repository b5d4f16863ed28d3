"""The one rule for which language a member's mail is written in: English or French.

The member's own choice (`language`, set at registration from the site's locale cookie and when
they switch language signed in) comes first; an account older than that choice reads French when
its country speaks it (docs/decisions.md, "Decision records and appeals"). Mail to staff (alerts,
the contact inbox) is English whatever this says.
"""

from __future__ import annotations

from typing import Protocol

LANGUAGES = ("en", "fr")
DEFAULT = "en"
FRENCH_COUNTRIES = frozenset({"FR", "BE", "LU", "MC", "CH"})


class Reader(Protocol):
    """Who a mail is for, as accounts' User gives it (mail sits below accounts)."""

    @property
    def language(self) -> str | None: ...

    @property
    def country_code(self) -> str | None: ...


def of_country(country_code: str | None) -> str:
    """The language of a country's members: French for French-speaking countries, else English."""
    return "fr" if (country_code or "").upper() in FRENCH_COUNTRIES else DEFAULT


def chosen(value: str | None) -> str:
    """A language a visitor asked for (the locale cookie, an API field): "fr" or "en", never else."""
    return value if value in LANGUAGES else DEFAULT


def language_of(reader: Reader | None) -> str:
    """The language of this member's mail: their choice, else their country's; English for nobody."""
    if reader is None:
        return DEFAULT
    if reader.language in LANGUAGES:
        return str(reader.language)
    return of_country(reader.country_code)
