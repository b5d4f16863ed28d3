"""Trust schemas: the age-verification state, the flow, jurisdictions and their figures."""

from __future__ import annotations

from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from addme.core.schemas import UtcDatetime, from_row


class AgeState(BaseModel):
    """The spec's age-verification state, computed on the server for this visitor."""

    isRequired: bool = Field(description="the visitor's place requires age verification")
    isVerified: bool = Field(description="a verification cookie or a verified account")
    countryCode: str | None
    regionCode: str | None
    locationCode: str = Field(description='"US-TX", "GB", or "" when unknown')
    showNSFW: bool = Field(description="adult media may be shown unblurred")


class FlowStarted(BaseModel):
    id: str = Field(description="the provider's verification session")
    url: str = Field(description="where the visitor continues: the provider's hosted flow")


class FlowResult(BaseModel):
    """What the browser reports when the flow ends: only a pointer, the server asks the provider."""

    id: str = Field(min_length=1, max_length=80, description="the verification session")
    location_code: str = Field(default="", max_length=6)
    status: str | None = Field(default=None, max_length=40, description="ignored: the provider's word counts")


class FlowFailure(FlowResult):
    reason: str = Field(default="Unknown", max_length=200)


class SimulatorOutcome(BaseModel):
    outcome: str = Field(pattern="^(success|failure|abandon)$")
    date_of_birth: date | None = None
    reason: str = Field(default="", max_length=200)


class SimulatorSession(BaseModel):
    id: str
    outcome: str


class JurisdictionRead(BaseModel):
    id: int
    country_code: str
    region_code: str
    location_code: str
    effective_on: date
    law: str
    in_force: bool
    updated_at: UtcDatetime


class JurisdictionWrite(BaseModel):
    country_code: str = Field(min_length=2, max_length=2, description="ISO 3166-1 alpha-2")
    region_code: str = Field(
        default="", max_length=3, description='ISO 3166-2 part after the dash; "" = whole country'
    )
    effective_on: date
    law: str = Field(min_length=3, max_length=500)
    reason: str = Field(min_length=3, max_length=500, description="why, for the audit log")

    @field_validator("country_code", "region_code")
    @classmethod
    def _upper(cls, value: str) -> str:
        return value.strip().upper()


class ReasonBody(BaseModel):
    reason: str = Field(min_length=3, max_length=500)


class StatsRow(BaseModel):
    day: date
    location_code: str
    attempts: int
    successes: int
    failures: int
    abandoned: int


class AgeStats(BaseModel):
    attempts: int
    successes: int
    failures: int
    abandoned: int
    rows: list[StatsRow]


class ProviderCheck(BaseModel):
    provider: str
    ok: bool
    message: str


class TorExitsWrite(BaseModel):
    """The Tor Project's exit list (https://check.torproject.org/torbulkexitlist), pasted or uploaded."""

    addresses: str = Field(min_length=7, max_length=2_000_000, description="one address a line")
    reason: str = Field(min_length=3, max_length=500)


class TorExitsRead(BaseModel):
    count: int
    updated_at: UtcDatetime | None


class FreeTopUpClaim(BaseModel):
    """A free Top-Up claim: the captcha proves a person asked (bots farmed free Top-Ups)."""

    captcha_token: str | None = Field(default=None, max_length=4096)
    # The stamp GET /v1/form-stamp gave when the claim was offered (bot and device assessment).
    form_ts: str | None = Field(default=None, max_length=64)


class FormStamp(BaseModel):
    """A signed time for a form: sent back as `form_ts`, it tells how fast the form was filled."""

    form_ts: str


class TrackerRow(BaseModel):
    """One visit in the admin's visit log."""

    id: int
    kind: str = Field(description='"page" (a page of the web app) or "profile" (a profile view)')
    path: str
    ip: str
    country: str | None
    city: str | None
    region: str | None
    postal: str | None
    browser: str
    platform: str
    user_agent: str
    referer: str
    username: str | None = Field(description="the profile viewed")
    username_id: int | None
    user_id: int | None = Field(description="the signed-in visitor")
    user_email: str | None
    created_at: UtcDatetime

    @classmethod
    def of(cls, row: Any, *, email: str | None) -> TrackerRow:
        return from_row(cls, row, user_email=email)


TrustFlag = Literal["high_risk", "hopping"]


class BotAssessmentRead(BaseModel):
    """One assessment that found something: where (signup, login, free_topup), its score 0..1,
    whether that made a bot, and the reasons (e.g. `scripted_user_agent:HeadlessChrome`)."""

    model_config = ConfigDict(from_attributes=True)

    action: Literal["signup", "login", "free_topup"]
    provider: str
    score: float
    bot: bool
    reasons: list[str]
    created_at: UtcDatetime


class TrustFlagsRead(BaseModel):
    """An account's risk and account-hopping flags, and the clearances a moderator gave."""

    user_id: int
    high_risk: bool
    # Free Top-Up claims refused until then (account hopping); None: not restricted.
    hopping_restricted_until: UtcDatetime | None
    # The risk check leaves high_risk off until then (a moderator found the flag false).
    high_risk_cleared_until: UtcDatetime | None
    # Account-hopping links made before then no longer count.
    hopping_cleared_at: UtcDatetime | None
    # Why the bot and device assessment found something, newest first (issue 37).
    assessments: list[BotAssessmentRead] = Field(default_factory=list)


class TrustFlagClearIn(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    flag: TrustFlag
    reason: str = Field(default="", max_length=500, description="at least 10 characters, audited")
