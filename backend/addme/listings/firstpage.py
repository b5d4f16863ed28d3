"""The API answers the public listing pages start with (core/firstanswers.py).

Each provider reads a page's path as the web app does (web/src/features/listings/filters.ts,
`scopeFromPath` and `toApiQuery`; web/src/routes/prefetch.ts says which queries each page
starts) and names the query with the same values, so the app finds the answer under the key it
would have asked for. A path or page number the app would read otherwise only costs the embed:
the app then asks the API itself. Only what a visitor gets is embedded (the pages are shared),
and never a Dirty list or profile, which need a signed-in member. With caching off (or its store
unreachable) a page carries none: it would otherwise read the database three more times per page
for bodies the app can ask for itself.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from addme.core import options
from addme.core.config import get_settings
from addme.core.errors import AppError
from addme.core.firstanswers import Answer, AnswerProvider
from addme.listings import cache, public, seo
from addme.listings import constants as c
from addme.listings.schemas import ListParams

# web/src/features/listings/queries.ts, HOME_COUNT: the latest usernames on home.
HOME_COUNT = 8
_PAGE = re.compile(r"page=(\d+)")


def _page(query: str) -> int:
    # filtersFromSearch: a page under 2 is page 1 (and then not in the app's query at all).
    found = _PAGE.fullmatch(query)
    return max(1, int(found.group(1))) if found else 1


async def _usernames(params: dict[str, Any]) -> Answer | None:
    if cache.caching_off():
        return None  # told before the parameters are read: a page served uncached pays nothing here
    try:
        parsed = ListParams.model_validate(params)
    except ValidationError:
        return None  # the API would answer a 422: the app shows it from its own request
    body = await public.anonymous_list(parsed).get_if_caching()
    return Answer("usernames", body, params) if body is not None else None


async def _list_answers(params: dict[str, Any], *, app: str | None) -> list[Answer]:
    """A listing page's first queries: its usernames, and the filter bar's countries and tags."""
    found = await _usernames(params)
    if found is None:
        return []
    answers = [found]
    if (countries := await public.country_counts().get_if_caching()) is not None:
        answers.append(Answer("countries", countries))
    if (tags := await public.tag_counts(app).get_if_caching()) is not None:
        answers.append(Answer("tags", tags, {"app": app} if app else {}))
    return answers


async def home(_m: re.Match[str], _query: str) -> Sequence[Answer]:
    app = get_settings().default_app
    found = await _usernames({"app": app, "page": 1, "per_page": HOME_COUNT})
    return [found] if found else []


async def listing(m: re.Match[str], query: str) -> Sequence[Answer]:
    """/list, /{app}-usernames and its sub-paths (as seo.LIST_PATH reads them)."""
    groups = m.groupdict()
    app, kind = groups.get("app"), groups.get("kind")
    if not groups.get("base") or kind == "dirty" or (kind and app != options.App.KIK):
        return []
    if not app and any(groups.get(k) for k in ("vip", "hot", "gender", "orientation", "kind")):
        return []
    params: dict[str, Any] = {"app": app} if app else {}
    if groups.get("vip"):
        params["vip"] = True
    if groups.get("hot"):
        params["order"] = "popular"
    for key in ("gender", "orientation"):
        if groups.get(key):
            params[key] = groups[key]
    if kind == "clean":
        params["type"] = "Clean"
    return await _list_answers(_with_page(params, query), app=app)


async def tag(m: re.Match[str], query: str) -> Sequence[Answer]:
    """/tags/{tag} and /{app}-usernames/tags/{tag}; /tags alone is the tags' index, not a list."""
    name, app = m.groupdict().get("tag"), m.groupdict().get("app")
    if not name:
        return []
    params: dict[str, Any] = {"app": app, "tag": name} if app else {"tag": name}
    return await _list_answers(_with_page(params, query), app=app)


async def country(m: re.Match[str], query: str) -> Sequence[Answer]:
    """/countries/{code}; /countries alone is the countries' index."""
    code = m.groupdict().get("code")
    if not code:
        return []
    return await _list_answers(_with_page({"country": code.upper()}, query), app=None)


def _with_page(params: dict[str, Any], query: str) -> dict[str, Any]:
    return {**params, "page": _page(query), "per_page": c.PER_PAGE_DEFAULT}


async def profile(m: re.Match[str], _query: str) -> Sequence[Answer]:
    """A profile and its similar usernames; nothing for one a visitor cannot see (404, Dirty)."""
    if cache.caching_off():
        return []
    username_id = int(m.group("id"))
    params = {"id": username_id}
    try:
        found = await public.anonymous_profile(username_id).get_if_caching()
        similar = await public.anonymous_similar(username_id).get_if_caching()
    except AppError:
        return []
    if found is None or similar is None:
        return []
    return [Answer("profile", found, params), Answer("similar", similar, params)]


# Wired in addme/api/pages.py; first full match wins, so home comes before the lists' pattern.
ANSWERS: list[tuple[str, AnswerProvider]] = [
    (r"/", home),
    (seo.APP_TAG_PATH, tag),
    (seo.TAG_PATH, tag),
    (seo.COUNTRY_PATH, country),
    *((path, profile) for path in seo.PROFILE_PATHS),
    (seo.LIST_PATH, listing),
]
