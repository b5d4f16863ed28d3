"""Check-in and swipe shapes. Positions leave the server only as 5 km grid points."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from addme.core.options import PromotedReason, TypeName
from addme.core.params import IdField
from addme.core.schemas import ActionResult, CardBase, StrictInput, UtcDatetime


class CheckInIn(StrictInput):
    lat: float = Field(ge=-90, le=90)
    lng: float = Field(ge=-180, le=180)


class CoarseLocation(BaseModel):
    lat: float
    lng: float
    precision_km: int


class CheckInResult(ActionResult):
    location: CoarseLocation | None = None


class SwipeCard(CardBase):
    type: TypeName
    short_description: str
    tags: list[str]
    profile_picture: str | None
    is_vip: bool
    promoted_reason: PromotedReason | None = Field(
        description="why the card is shown as Promoted (fire_pin, top_up, vip), else null"
    )
    # A bucket such as "within 10 km"; never a finer distance, never coordinates.
    distance: str | None
    # The owner proved the handle is theirs (issue 34), the same badge as on list cards.
    owner_verified: bool = False


class Deck(BaseModel):
    username_id: int
    data: list[SwipeCard]


class SwipeIn(StrictInput):
    from_username_id: IdField
    to_username_id: IdField
    action: Literal["like", "pass"]


class SwipeResult(ActionResult):
    # Both sides liked each other.
    match: bool = False


class Favorite(SwipeCard):
    liked_at: UtcDatetime
    from_username_id: int


class Favorites(BaseModel):
    data: list[Favorite]
