"""The public reads' rows as plain tuples, no ORM objects on the hot path: the card and profile
columns, the listed test every public read starts with, a card or a profile from a row, and a
username's similar ones."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, select

from addme.listings import constants as c
from addme.listings.columns import shown_time
from addme.listings.countries import country_name
from addme.listings.models import Username
from addme.listings.validation import time_ago

U = Username.__table__.c
CARD_COLUMNS = (
    U.id, U.username, U.app, U.age, U.gender, U.orientation, U.type, U.country_code, U.tags_text,
    U.short_description, U.profile_picture, U.last_top_up, U.sort_at, U.owner_vip_until,
    U.fire_pinned_until, U.created_at, U.owner_verified_at,
)  # fmt: skip
PROFILE_COLUMNS = (
    *CARD_COLUMNS, U.description, U.link, U.link_type, U.paid_content, U.reputation, U.user_id, U.listed,
    U.status,
)  # fmt: skip
LISTED = U.listed == True  # noqa: E712 - "listed = true" is what the partial indexes' predicate matches


# Positions in a card row (CARD_COLUMNS first, in every statement that feeds card()).
_ORIENTATION, _COUNTRY, _TAGS, _VERIFIED = 5, 7, 8, 16
_DESCRIPTION, _LINK, _LINK_TYPE, _PAID, _REPUTATION, _OWNER, _LISTED, _STATUS = range(17, 25)
# In a similar_query row, the reputation follows the card columns.
SIMILAR_REPUTATION = 17


# How long a Top-Up counts as a paid placement: the spec's day (VIP's 5 daily Top-Ups reset at 24 h,
# Auto Top-Up runs daily). Past it the card stands where any username of that age would (decisions.md).
TOP_UP_WINDOW = timedelta(hours=24)


def promoted_reason(
    *, now: datetime, pin: datetime | None, vip: datetime | None, last_top_up: datetime | None
) -> str | None:
    """Why a card is placed or shown higher for a payment, the strongest first: a Fire Pin (first in
    its lists), a Top-Up within its window (the order of "latest"), the owner's VIP or Studio (the
    VIP lists, bold card); None for a card that stands where it does for free."""
    if pin is not None and pin > now:
        return "fire_pin"
    if last_top_up is not None and now - last_top_up < TOP_UP_WINDOW:
        return "top_up"
    if vip is not None and vip > now:
        return "vip"
    return None


def card(row: Sequence[Any], now: datetime, *, all_tags: bool = False) -> dict[str, Any]:
    """A card dict straight from a row (the UsernameCard shape); rows are plain tuples."""
    (id_, username, app, age, gender, orientation, type_, country_code, tags_text, short_description,
     profile_picture, last_top_up, sort_at, vip, pin, created_at, verified_at) = row[:17]  # fmt: skip
    tags = tags_text.split() if tags_text else []
    pinned = pin is not None and pin > now
    promoted = vip is not None and vip > now
    return {
        "id": id_,
        "username": username,
        "app": app,
        "age": age,
        "gender": gender,
        "orientation": orientation,
        "type": type_,
        "country_code": country_code,
        "country": country_name(country_code),
        "tags": tags if all_tags else tags[: c.CARD_TAGS],
        "short_description": short_description,
        "profile_picture": profile_picture,
        "last_top_up": last_top_up,
        "time_ago": _time_ago((now - (shown_time(sort_at) or created_at)) // _MINUTE),
        "is_promoted": promoted,
        "is_fire_pinned": pinned,
        # promoted_reason() inline: the list route builds up to 60 of these per body.
        "promoted_reason": "fire_pin"
        if pinned
        else "top_up"
        if last_top_up is not None and now - last_top_up < TOP_UP_WINDOW
        else "vip"
        if promoted
        else None,
        "created_at": created_at,
        "owner_verified": verified_at is not None,
    }


_MINUTE = timedelta(minutes=1)
_TIME_AGO: dict[int, str] = {}


def _time_ago(minutes: int) -> str:
    # time_ago's text changes only from one whole minute of age to the next, and a page's cards
    # share a few dozen ages: the text of each is made once, not 24 times a page (~1 us each).
    text = _TIME_AGO.get(minutes)
    if text is None:
        if len(_TIME_AGO) > 100_000:  # ages up to ten weeks by the minute; older ones are rare
            _TIME_AGO.clear()
        text = _TIME_AGO[minutes] = time_ago(minutes * 60)
    return text


def profile_fields(row: Sequence[Any]) -> dict[str, Any]:
    """The profile-only columns of a PROFILE_COLUMNS row, by name."""
    return {
        "description": row[_DESCRIPTION],
        "link": row[_LINK],
        "link_type": row[_LINK_TYPE],
        "paid_content": row[_PAID],
        "reputation": row[_REPUTATION],
        "user_id": row[_OWNER],
        "listed": row[_LISTED],
        "status": row[_STATUS],
    }


def profile_query(username_id: int) -> tuple[Any, dict[str, Any]]:
    """A username's public columns, listed or not (the caller decides who may see it)."""
    return _PROFILE, {"id": username_id}


_PROFILE = select(*PROFILE_COLUMNS).where(U.id == bindparam("id"))


def similar_query(base: Sequence[Any]) -> tuple[Any, dict[str, Any]]:
    """Candidates for "similar usernames": the newest 48 of the same app, type and gender."""
    return _SIMILAR, {"app": base[2], "type": base[6], "gender": base[4], "id": base[0]}


_SIMILAR = (
    # The score rides after the card columns: only a VIP viewer's suggestions show it.
    select(*CARD_COLUMNS, U.reputation)
    .where(
        LISTED,
        U.app == bindparam("app"),
        U.type == bindparam("type"),
        U.gender == bindparam("gender"),
        U.id != bindparam("id"),
    )
    .order_by(U.sort_at.desc(), U.id.desc())
    .limit(48)
)


def rank_similar(
    base: Sequence[Any], candidates: Sequence[Sequence[Any]], *, limit: int = c.SIMILAR_MAX
) -> list[Sequence[Any]]:
    """Up to `limit` candidates, same orientation, country and shared tags first; a handle its owner
    proved is worth as much as a shared orientation (issue 34's boost), so among equals it leads."""
    base_tags = set(base[_TAGS].split())

    def score(row: Sequence[Any]) -> int:
        return int(
            2 * (row[_ORIENTATION] == base[_ORIENTATION])
            + 2 * (row[_COUNTRY] is not None and row[_COUNTRY] == base[_COUNTRY])
            + 2 * (row[_VERIFIED] is not None)
            + len(base_tags & set(row[_TAGS].split()))
        )

    ranked = sorted(candidates, key=score, reverse=True)  # stable: recency breaks ties
    return ranked[:limit]
