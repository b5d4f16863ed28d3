"""Content shapes: blog, help, alerts, ads and the contact form."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, EmailStr, Field, field_validator

from addme.core.schemas import PageMeta, Schema, StrictInput, UtcDatetime

ContactReason = Literal[
    "ageverification",
    "blocktx",
    "nokey",
    "usernamelists",
    "profileviolation",
    "disputeban",
    "accounthopping",
    "general",
    "vpnaccess",
    "frozenorder",
]
ORDER_NUMBER = "The order number is 5 digits."


class BlogCard(BaseModel):
    slug: str
    title: str
    summary: str
    picture_url: str | None
    published_at: UtcDatetime


class BlogPage(BaseModel):
    data: list[BlogCard]
    meta: PageMeta


class BlogPostRead(BlogCard):
    body_html: str


class HelpItem(BaseModel):
    q: str
    a: str


class HelpSection(BaseModel):
    id: str
    title: str
    items: list[HelpItem]


class HelpRead(BaseModel):
    sections: list[HelpSection]


class AlertRead(BaseModel):
    id: int
    spots: list[str]
    type: str
    text: str
    # Run only inside a sandboxed frame by the client (see content/alerts_admin.py).
    html: str
    script: str
    icon: str | None
    classes: str | None
    style: str | None
    dismissible: bool


class AdRead(BaseModel):
    id: int
    name: str
    # The spots this viewer may get it in (the explain view: every spot of the ad).
    spots: list[str]
    orientation: str | None
    type: str
    countries: list[str]
    # Link and Crak: where a click goes and the banner. A Code ad's code is never sent here: it
    # runs only in its own sandboxed document, GET /v1/ads/{id}/frame.
    safe_link: str | None
    image: str | None
    # Only in the explain view (?debugad=1): spot -> why this viewer does not get it there.
    refused: dict[str, str] = {}


class AdExplainRead(BaseModel):
    """What the server decided for this viewer, for ?debugad=1."""

    country: str | None
    vip: bool
    full_admin: bool
    ads: list[AdRead]


class ContactIn(StrictInput):
    """The contact form. Which of the optional fields a reason requires is in content.contact."""

    reason: ContactReason
    reply_email: EmailStr
    other_notes: str = Field(default="", max_length=2000)
    captcha_token: str | None = None
    order_number: str | None = None
    checkout_email: EmailStr | None = None
    checked_junk: bool | None = None
    received_confirmation: Literal["yes", "no"] | None = None
    pasted_content: str | None = Field(default=None, max_length=4000)
    usernames: list[str] | None = Field(default=None, max_length=10)
    justification: str | None = Field(default=None, max_length=2000)

    @field_validator("order_number")
    @classmethod
    def _five_digits(cls, value: str | None) -> str | None:
        if value is None or value == "":
            return None
        value = value.strip().lstrip("#")
        if len(value) != 5 or not value.isascii() or not value.isdigit():
            raise ValueError(ORDER_NUMBER)
        return value

    @field_validator("usernames")
    @classmethod
    def _names(cls, value: list[str] | None) -> list[str] | None:
        if value is None:
            return None
        names = [v.strip().lstrip("@") for v in value if v.strip()]
        if any(len(n) > 40 for n in names):
            raise ValueError("A username has at most 40 characters.")
        return names or None


# -- the contact inbox (admin) --------------------------------------------------------------------

ContactStatus = Literal["new", "answered", "closed"]


class ContactMessageRead(Schema):
    id: int
    user_id: int | None
    reason: str
    reply_email: str
    other_notes: str
    fields: dict[str, object]
    status: str
    created_at: UtcDatetime
    answered_at: UtcDatetime | None


class ContactReplyIn(StrictInput):
    body: str = Field(min_length=1, max_length=5000)
    # Close the thread with the reply (nothing more to do), or leave it answered.
    close: bool = False


class ContactStatusIn(StrictInput):
    status: ContactStatus
    reason: str = Field(default="", max_length=2000)
