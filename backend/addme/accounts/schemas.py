"""Account request and response schemas."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, EmailStr, Field, field_validator

from addme.core.schemas import Schema, StrictInput, UtcDatetime


class RegisterIn(StrictInput):
    email: EmailStr = Field(max_length=254)
    password: str = Field(max_length=512)
    password_confirmation: str = Field(max_length=512)
    terms: bool = False
    captcha_token: str | None = Field(default=None, max_length=4096)
    # The stamp GET /v1/form-stamp gave when the form was shown (bot and device assessment).
    form_ts: str | None = Field(default=None, max_length=64)


class ConfirmEmailIn(StrictInput):
    token: str = Field(min_length=10, max_length=200)


class ConfirmEmailOut(BaseModel):
    message: str
    token: str | None = None


class ResendConfirmationIn(StrictInput):
    email: EmailStr = Field(max_length=254)


class LoginIn(StrictInput):
    email: str = Field(min_length=1, max_length=254)
    password: str = Field(min_length=1, max_length=512)
    form_ts: str | None = Field(default=None, max_length=64)


class TokenOut(BaseModel):
    token: str
    restored: bool = False


class ForgotPasswordIn(StrictInput):
    email: EmailStr = Field(max_length=254)


class ResetPasswordIn(StrictInput):
    token: str = Field(min_length=10, max_length=200)
    password: str = Field(max_length=512)
    password_confirmation: str = Field(max_length=512)


class ChangePasswordIn(StrictInput):
    current_password: str = Field(min_length=1, max_length=512)
    password: str = Field(max_length=512)
    password_confirmation: str = Field(max_length=512)


class AccountUpdate(StrictInput):
    first_name: str | None = Field(default=None, max_length=60)
    country_code: str | None = Field(default=None, min_length=2, max_length=2)

    @field_validator("country_code")
    @classmethod
    def _upper(cls, v: str | None) -> str | None:
        if v is not None and not v.isalpha():
            raise ValueError("The country must be a two-letter code.")
        return v.upper() if v else v


class LanguageIn(StrictInput):
    """The language the member switched the site to; their mails follow it."""

    language: Literal["en", "fr"]


class DeleteAccountIn(StrictInput):
    password: str = Field(min_length=1, max_length=512)


class AccountRead(Schema):
    email: str
    first_name: str | None
    country_code: str | None
    created_at: UtcDatetime


class UserRead(Schema):
    """The signed-in user, with the spec's User fields."""

    id: int
    first_name: str | None
    email: str
    email_confirmed: bool
    country_code: str | None
    ip_address: str | None
    admin_level: str | None
    usernames_count: int = 0
    max_usernames: int
    username_slots: int
    top_ups_count: int
    fire_pins_count: int
    is_studio: bool
    studio_ending_at: UtcDatetime | None
    is_automated_topup: bool
    automation_topup_ending_at: UtcDatetime | None
    is_promoted: bool
    promotion_ending_at: UtcDatetime | None
    age_verified: bool
    high_risk: bool
    last_top_up: UtcDatetime | None
    # Always null: see User.last_group_top_up.
    last_group_top_up: UtcDatetime | None
    last_free_topup: UtcDatetime | None
    latest_username: UtcDatetime | None
    created_at: UtcDatetime
    updated_at: UtcDatetime


class SessionRead(Schema):
    id: int
    created_at: UtcDatetime
    last_used_at: UtcDatetime
    user_agent: str | None
    ip_address: str | None
    current: bool = False
