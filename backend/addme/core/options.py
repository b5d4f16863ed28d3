"""The option lists every layer shares (schemas, models, queries, page heads): one source each."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal


class ReportType(StrEnum):
    UNDERAGE = "underage"
    FAKE = "fake"
    REMOVAL = "removal"
    SELL = "sell"
    OTHER = "other"


class App(StrEnum):
    SNAPCHAT = "snapchat"
    TELEGRAM = "telegram"
    KIK = "kik"


APP_LABELS = {App.SNAPCHAT: "Snapchat", App.TELEGRAM: "Telegram", App.KIK: "Kik"}


class Gender(StrEnum):
    MALE = "Male"
    FEMALE = "Female"
    TRANSGENDER = "Transgender"
    OTHER = "Other"


class Orientation(StrEnum):
    GAY = "Gay"
    LESBIAN = "Lesbian"
    BISEXUAL = "Bisexual"
    STRAIGHT = "Straight"
    OTHER = "Other"


class UsernameType(StrEnum):
    CLEAN = "Clean"
    DIRTY = "Dirty"


class Order(StrEnum):
    LATEST = "latest"
    POPULAR = "popular"


# The same lists as Literal types, for request and response schemas: the OpenAPI document writes
# them inline, as the web client's generated types expect. tests/core/test_options.py holds each
# equal to its enum.
AppName = Literal["snapchat", "telegram", "kik"]
GenderName = Literal["Male", "Female", "Transgender", "Other"]
OrientationName = Literal["Gay", "Lesbian", "Bisexual", "Straight", "Other"]
TypeName = Literal["Clean", "Dirty"]
OrderName = Literal["latest", "popular"]
ReportTypeName = Literal["underage", "fake", "removal", "sell", "other"]
# Why a card stands where it does for a payment (issue 31, the Omnibus directive): shown as "Promoted".
PromotedReason = Literal["fire_pin", "top_up", "vip", "promotion"]
