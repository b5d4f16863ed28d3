"""Notice shapes: the public form, its receipt, and the moderators' queue and decisions."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from addme.core.schemas import StrictInput, UtcDatetime

NoticeKind = Literal["ncii", "minor", "impersonation", "illegal", "other"]
MAX_URLS = 10
MAX_URL_LENGTH = 500
MAX_DESCRIPTION = 4000
MIN_REASON = 10
NoticeUrl = Annotated[str, Field(max_length=MAX_URL_LENGTH)]

# The DSA transparency database's statement categories (STATEMENT_CATEGORY_*), in lower case.
Category = Literal[
    "animal_welfare",
    "data_protection_and_privacy_violations",
    "illegal_or_harmful_speech",
    "intellectual_property_infringements",
    "negative_effects_on_civic_discourse_or_elections",
    "non_consensual_behaviour",
    "pornography_or_sexualized_content",
    "protection_of_minors",
    "risk_for_public_security",
    "scams_and_fraud",
    "self_harm",
    "scope_of_platform_service",
    "unsafe_and_illegal_products",
    "violence",
]


class NoticeIn(StrictInput):
    """POST /v1/notices as JSON (multipart sends the same fields, `urls` repeated, and `picture`).

    Every field has a default so that one answer lists every missing field at once (the service
    checks what is required: good_faith true, a signature and a contact but for a minor's notice).
    """

    kind: NoticeKind
    urls: list[NoticeUrl] = Field(default_factory=list, max_length=MAX_URLS)
    description: str = Field(default="", max_length=MAX_DESCRIPTION)
    good_faith: bool = False
    signature: str = Field(default="", max_length=200, description="The requester's typed full name")
    contact_email: str = Field(default="", max_length=254)
    captcha_token: str | None = Field(default=None, max_length=4000)


class NoticeReceipt(BaseModel):
    reference: str
    due_at: UtcDatetime


class NoticeReceiptOut(BaseModel):
    data: NoticeReceipt


# -- the moderators' side ---------------------------------------------------------------------------

Urgency = Literal["ok", "soon", "late", "overdue"]
TargetKind = Literal["image", "username", "group"]


class NoticeTarget(BaseModel):
    """One thing a notice's URLs name: an image, a listing or a group, with what a moderator needs."""

    key: str  # "media:12", "ad:<url>", "username:4", "group:3": what `skip` names
    kind: TargetKind
    label: str
    url: str
    # Images: the PDQ distance to what they matched (copies), the owner's account and listing.
    distance: int | None = None
    user_id: int | None = None
    username_id: int | None = None


class StatementRead(BaseModel):
    decision: str
    decision_visibility: str | None
    ground: str
    category: str
    source_type: str
    automated_detection: bool
    automated_decision: str
    facts: str
    content: list[str]
    decided_by: int | None
    decided_at: UtcDatetime


class NoticeAdmin(BaseModel):
    id: int
    reference: str
    kind: str
    status: str
    urls: list[str]
    description: str
    signature: str
    contact_email: str
    has_picture: bool
    picture_url: str | None
    reporter_id: int | None
    created_at: UtcDatetime
    # The legal deadline, and the staff's target (24 hours for intimate images and minors).
    due_at: UtcDatetime
    target_at: UtcDatetime
    urgency: Urgency
    decided_at: UtcDatetime | None
    decision: StatementRead | None = None


class NoticeDetail(NoticeAdmin):
    targets: list[NoticeTarget]
    # Stored images within the PDQ match distance of the targets' images and of the sent picture.
    copies: list[NoticeTarget]


class NoticeDecideIn(StrictInput):
    action: Literal["remove", "reject"]
    ground: Literal["law", "terms"]
    category: Category
    reason: str = Field(
        default="", max_length=2000, description="At least 10 characters; mailed to the requester"
    )
    # Target keys (from the notice's detail) the moderator chose to leave up; everything else goes.
    skip: list[Annotated[str, Field(max_length=600)]] = Field(default_factory=list, max_length=200)


class NoticeDecision(BaseModel):
    success: bool
    message: str
    notice: NoticeAdmin
    removed: list[NoticeTarget]
    copies: list[NoticeTarget]


class AlertSetting(StrictInput):
    enabled: bool
