"""Listing request and response schemas (the public hot path renders the same shapes with orjson)."""

from __future__ import annotations

from datetime import date
from functools import cached_property, lru_cache
from typing import Literal
from urllib.parse import parse_qsl

from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from addme.core.options import AppName, GenderName, OrderName, OrientationName, PromotedReason, TypeName
from addme.core.schemas import CardBase, PageMeta, StrictInput, UtcDatetime
from addme.listings import constants as c
from addme.listings.constants import UsernameStatus

LinkTypeName = Literal["chaturbate", "linktree", "onlyfans", "mym", "fansly"]
# Where a profile view came from: profile = opened directly (a shared link, a bookmark); suggestions = similar usernames.
ViewSource = Literal["list", "search", "tag", "profile", "suggestions"]


class ListParams(BaseModel):
    """GET /v1/usernames filters. Unknown query keys are ignored (tracking parameters, debugad)."""

    # Frozen: parse_list_query shares one instance between requests with the same query string.
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True, frozen=True)

    app: AppName | None = None
    gender: GenderName | None = None
    orientation: OrientationName | None = None
    country: str | None = Field(default=None, min_length=2, max_length=2, description="ISO 3166-1 code")
    tag: str | None = Field(default=None, max_length=40)
    type: TypeName = "Clean"
    vip: bool = False
    verified: bool = Field(default=False, description="only listings whose owner proved the handle is theirs")
    has_tag: bool = Field(default=False, description="only listings with at least one tag")
    order: OrderName = "latest"
    q: str | None = Field(default=None, max_length=100, description="text search")
    page: int = Field(default=1, ge=1, le=10_000)
    per_page: int = Field(default=c.PER_PAGE_DEFAULT, ge=1, le=c.PER_PAGE_MAX)

    @field_validator("country")
    @classmethod
    def _upper(cls, v: str | None) -> str | None:
        return v.upper() if v else None

    def cache_key(self) -> str:
        """A stable key for equal filters, whatever the query string's order."""
        return self._cache_key

    # Made once per instance: parse_list_query hands the same (frozen) instance to every request
    # with the same query string; a dump and a sort each time cost ~3 us of an uncached list.
    # Pydantic leaves a cached_property out of fields, dumps and equality.
    @cached_property
    def _cache_key(self) -> str:
        return "|".join(f"{k}={v}" for k, v in sorted(self.model_dump(exclude_defaults=True).items()))


def parse_list_query(query_string: bytes) -> ListParams:
    """ListParams from a raw query string, parsed once per distinct string.

    The public list is the busiest route, and most of its requests carry one of a few query
    strings (a listing's first pages); FastAPI validating eleven query fields one by one cost a
    sixth of an uncached list (docs/performance.md). Parsed as Starlette parses query strings;
    a blank value (`?gender=`) means "no filter". Errors read as FastAPI's own 422s. Only short
    strings are remembered: every real filter set fits, and junk cannot fill memory.
    """
    if len(query_string) > _CACHED_QUERY_MAX:
        return _parse_list_query(query_string)
    return _parse_list_query_cached(query_string)


_CACHED_QUERY_MAX = 512


def _parse_list_query(query_string: bytes) -> ListParams:
    pairs = parse_qsl(query_string.decode("latin-1"), keep_blank_values=False)
    try:
        return ListParams.model_validate(dict(pairs))
    except ValidationError as exc:
        raise RequestValidationError(
            [{**err, "loc": ("query", *err["loc"])} for err in exc.errors(include_url=False)]
        ) from None


_parse_list_query_cached = lru_cache(maxsize=2048)(_parse_list_query)


class UsernameCard(CardBase):
    type: TypeName
    country: str | None
    tags: list[str] = Field(description="up to 3 on a card")
    short_description: str
    profile_picture: str | None
    last_top_up: UtcDatetime | None
    time_ago: str
    is_promoted: bool = Field(description="owner is VIP or Studio: bold, border, crown")
    is_fire_pinned: bool
    promoted_reason: PromotedReason | None = Field(
        description=(
            "why the card stands higher for a payment (shown as Promoted): fire_pin, top_up (within "
            "24 h of a Top-Up), vip (owner VIP or Studio), promotion; null when it does not"
        )
    )
    created_at: UtcDatetime
    owner_verified: bool = Field(
        description="the lister proved they own the handle (Telegram login, or a code on the app's page)"
    )


class UsernameProfile(UsernameCard):
    description: str
    link: str | None
    link_type: LinkTypeName | None
    paid_content: bool
    reputation: int | None = Field(
        description="0 to 100; shown to a VIP or Studio viewer and to the owner, else null"
    )
    is_owner: bool


class SuggestionCard(UsernameCard):
    """A similar username on a profile; a VIP viewer gets more of them, with their scores."""

    reputation: int | None = Field(description="0 to 100 for a VIP or Studio viewer, else null")


class UsernamePage(BaseModel):
    data: list[UsernameCard]
    meta: PageMeta


class ShortLink(BaseModel):
    """Where a short link `/{token}` leads: a listed username's profile."""

    id: int
    app: str
    path: str


class TagCount(BaseModel):
    name: str
    count: int


class CountryCount(BaseModel):
    code: str
    name: str
    count: int


class CountryOption(BaseModel):
    code: str
    name: str


class Options(BaseModel):
    apps: list[str]
    genders: list[str]
    orientations: list[str]
    types: list[str]
    orders: list[str]
    report_types: list[str]
    link_types: list[str]
    countries: list[CountryOption]


class _UsernameFields(StrictInput):
    @field_validator("country_code", check_fields=False)
    @classmethod
    def _country(cls, v: str | None) -> str | None:
        from addme.listings.countries import COUNTRIES

        if v is None or v == "":
            return None
        if v.upper() not in COUNTRIES:
            raise ValueError("Choose a country from the list.")
        return v.upper()

    @field_validator("age", check_fields=False)
    @classmethod
    def _adult(cls, v: int | None) -> int | None:
        if v is not None and v < c.MIN_AGE:
            raise ValueError(c.AGE_MIN)
        if v is not None and v > c.MAX_AGE:
            raise ValueError("Enter your real age.")
        return v

    @field_validator("link", check_fields=False)
    @classmethod
    def _empty_link(cls, v: str | None) -> str | None:
        return v or None


class UsernameCreate(_UsernameFields):
    app: AppName
    username: str = Field(min_length=1, max_length=40)
    age: int = Field(strict=False)
    gender: GenderName
    orientation: OrientationName
    type: TypeName = "Clean"
    country_code: str | None = Field(default=None, max_length=2)
    description: str = Field(default="", max_length=c.DESCRIPTION_MAX)
    tags: list[str] = Field(default_factory=list, max_length=20)
    link: str | None = Field(default=None, max_length=300)
    link_type: LinkTypeName | None = None
    paid_content: bool = False


class UsernameUpdate(_UsernameFields):
    """Only the fields sent are applied."""

    app: AppName | None = None
    username: str | None = Field(default=None, min_length=1, max_length=40)
    age: int | None = None
    gender: GenderName | None = None
    orientation: OrientationName | None = None
    type: TypeName | None = None
    country_code: str | None = Field(default=None, max_length=2)
    description: str | None = Field(default=None, max_length=c.DESCRIPTION_MAX)
    tags: list[str] | None = Field(default=None, max_length=20)
    link: str | None = Field(default=None, max_length=300)
    link_type: LinkTypeName | None = None
    paid_content: bool | None = None


class MyUsername(CardBase):
    """One of the member's own usernames, as the user area shows it."""

    type: TypeName
    country: str | None
    description: str
    short_description: str
    tags: list[str]
    link: str | None
    link_type: LinkTypeName | None
    paid_content: bool
    profile_picture: str | None
    status: UsernameStatus
    status_notice: str | None
    # The moderator's reason when rejected (also appended to status_notice).
    rejection_reason: str | None = None
    suspect_description: str | None = Field(
        default=None,
        description="blacklisted words in the description: a red warning until a Top-Up after the fix",
    )
    is_listed: bool
    is_hidden: bool
    banned_until: UtcDatetime | None
    ready_to_unban: bool
    last_top_up: UtcDatetime | None
    fire_pinned_until: UtcDatetime | None
    is_fire_pinned: bool
    has_location: bool
    edits_left: int | None = Field(description="null: unlimited (VIP or Studio)")
    views_7d: int
    clicks_7d: int
    reputation: int
    owner_verified: bool
    owner_verified_via: Literal["telegram", "code"] | None
    ownership_code: str | None = Field(description="the one-time code to put in the app's bio, while valid")
    ownership_code_until: UtcDatetime | None
    actions: list[Literal[
        "edit", "topup", "fire_pin", "delist", "relist", "delete", "unban", "check_in", "clear_location"
    ]]  # fmt: skip
    created_at: UtcDatetime
    updated_at: UtcDatetime


class SlotInfo(BaseModel):
    state: Literal["over_limit", "at_max", "purchasable"]
    price: int | None = Field(description="Top-Ups for one more slot (2 x max_usernames)")
    studio_upsell: bool


class MyUsernamesMeta(BaseModel):
    usernames_count: int
    max_usernames: int
    can_add: bool
    add_blocked_reason: str | None
    slot: SlotInfo


class MyUsernames(BaseModel):
    data: list[MyUsername]
    meta: MyUsernamesMeta


class MyUsernameResult(BaseModel):
    success: bool
    message: str
    data: MyUsername


class StatsDay(BaseModel):
    """One day of a username's figures (days with nothing counted are sent as zeros)."""

    day: date
    views: int
    clicks: int = Field(description="Message clicks")
    top_ups: int = Field(description="Top-Ups used on the username that day (paid, VIP daily, scheduled)")
    fire_pins: int = Field(description="Fire Pins used on the username that day")


class BoostEffect(BaseModel):
    """What a day's Top-Ups or Fire Pins did to views: that day against the days before it."""

    day: date
    kind: Literal["top_up", "fire_pin"]
    uses: int
    views: int = Field(description="views on the day of use")
    views_before: float | None = Field(
        description="average views a day over the (up to 7) days before; null: no day before to compare"
    )
    change_percent: int | None = Field(description="views against views_before, in percent; null when none")


class ListPlace(BaseModel):
    """Where the username stands today in its main list: its app's list of its type, latest first."""

    app: AppName
    type: TypeName
    position: int | None = Field(description="1 = first; null when the username is not listed")
    capped: bool = Field(description="true: further down than `position` (counted up to a cap)")
    pinned: bool = Field(description="a Fire Pin holds it among the first")


class SourceViews(BaseModel):
    source: ViewSource
    views: int


class UsernameStatsMeta(BaseModel):
    username_id: int
    username: str
    days: int
    max_days: int = Field(description="30 for free members, 90 for VIP and Studio")
    can_export_csv: bool = Field(description="VIP and Studio: ?format=csv downloads the days")
    views_total: int
    clicks_total: int
    place: ListPlace
    boosts: list[BoostEffect]
    sources: list[SourceViews] = Field(
        description="views of the period by where the viewer came from, most first; views recorded "
        "without a place (before places were recorded) are views_total less their sum"
    )


class UsernameStats(BaseModel):
    """GET /v1/user/usernames/{id}/stats: the days oldest first, today last."""

    data: list[StatsDay]
    meta: UsernameStatsMeta


class TelegramLogin(BaseModel):
    """The Telegram Login Widget's fields, as it hands them to the page (all signed by Telegram)."""

    # Telegram may add fields: every field received is in the signed data-check-string.
    model_config = ConfigDict(extra="allow")

    id: int
    first_name: str = Field(default="", max_length=256)
    last_name: str | None = Field(default=None, max_length=256)
    username: str | None = Field(default=None, max_length=64)
    photo_url: str | None = Field(default=None, max_length=1000)
    auth_date: int
    hash: str = Field(min_length=64, max_length=64, pattern="^[0-9a-fA-F]{64}$")

    @model_validator(mode="after")
    def _small_extras(self) -> TelegramLogin:
        extra = self.model_extra or {}
        if len(extra) > 10 or any(
            not isinstance(v, str | int) or isinstance(v, bool) or len(str(v)) > 1000 for v in extra.values()
        ):
            raise ValueError("Unexpected fields in the Telegram login.")
        return self

    def signed_fields(self) -> dict[str, object]:
        # Only what the widget sent: a default filled in here would change the data-check-string.
        return {k: v for k, v in self.model_dump(exclude_unset=True).items() if v is not None}
