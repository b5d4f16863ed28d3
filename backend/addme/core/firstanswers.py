"""The API answers a page's first render asks for, written into the page itself.

A first visit to a list used to go: the HTML, then the app's JavaScript, then `/v1/usernames`,
`/v1/countries` and `/v1/tags`, and only then the cards. The answers are the same for every
visitor and already in the public response cache, so the page carries them (in its boot data,
core/web.py): the app renders the cards in the same task that draws the page, with no API round
trip between the script and the content. Each domain says which answers its pages need
(addme/api/pages.py lists them); an answer is the body an anonymous `GET` of that endpoint gets.

The answers are an optimisation, never a condition: a page whose answer cannot be read (a
profile that is not listed, a read past its deadline, a database that is down) is served without
it, and the app asks the API as it always did.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Answer:
    """One query of the app, answered: `name` and `params` say which (web/src/boot.ts maps them
    to the app's query keys), `body` is the endpoint's JSON as an anonymous visitor gets it."""

    name: str
    body: bytes
    params: dict[str, Any] = field(default_factory=dict)

    def as_boot(self) -> dict[str, Any]:
        return {"name": self.name, "params": self.params, "data": orjson.Fragment(self.body)}


# (the page's path match, the page's query string: "" or "page=N") -> the answers
AnswerProvider = Callable[["re.Match[str]", str], Awaitable[Sequence[Answer]]]
_providers: list[tuple[re.Pattern[str], AnswerProvider]] = []


def install_answers(providers: Sequence[tuple[str, AnswerProvider]]) -> None:
    """Answer these paths' first queries (full-match patterns, first match wins), replacing any before."""
    _providers[:] = [(re.compile(pattern), provider) for pattern, provider in providers]


async def first_answers(path: str, query: str) -> list[Answer]:
    """The answers a page at `path` starts with; none when no provider matches or its reads fail."""
    for pattern, provider in _providers:
        match = pattern.fullmatch(path)
        if match is None:
            continue
        try:
            return list(await provider(match, query))
        except Exception:  # the page is served without them; the app asks the API itself
            log.warning("first answers for %s not embedded", path, exc_info=True)
            return []
    return []
