"""Managing alerts (/admin/alerts): the rotating banner's messages, their spots, look and schedule.

Full admins only. Every change goes through here and writes an audit row with its reason. The html
and script an admin writes are stored as written: browsers run them only inside a sandboxed frame
without same-origin access (web/src/features/content/AlertView.tsx), which is what keeps them away
from the visitor's session, not a sanitizer.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Literal

from pydantic import Field, field_validator, model_validator
from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.content import frames, publish
from addme.content import service as content_service
from addme.content.codes import ContentCode
from addme.content.models import Alert
from addme.content.schemas import AlertRead
from addme.core import clock
from addme.core.db import get_or_404
from addme.core.errors import NotFound
from addme.core.permissions import Permission, permissions_of
from addme.core.schemas import StrictInput, UtcDatetime

ALERT_NOT_FOUND = "Alert not found"
# Where an alert can show: "global" is every page; the others are the pages the banner knows.
SPOTS = ("global", "home", "listings", "swipes", "groups", "shop", "auth", "blog", "help", "account")
AlertType = Literal["info", "success", "warning", "danger", "primary"]
# The inline icons the web app draws (web/src/components/Icon.tsx).
AlertIcon = Literal["shield", "heart", "chat", "zap", "flame", "sun", "moon", "user", "search"]
CLASSES_PATTERN = r"^[A-Za-z0-9_ -]*$"
# CSS declarations only: no url() (no request leaves from a style), no braces, no at-rules.
_STYLE_FORBIDDEN = re.compile(r"url\s*\(|expression\s*\(|[{}<>@\\]|/\*", re.IGNORECASE)


class AlertIn(StrictInput):
    spots: list[str] = Field(default_factory=lambda: ["global"], min_length=1, max_length=len(SPOTS))
    type: AlertType = "info"
    text: str = Field(default="", max_length=500)
    html: str = Field(default="", max_length=20_000)
    script: str = Field(default="", max_length=20_000)
    icon: AlertIcon | None = None
    classes: str | None = Field(default=None, max_length=120, pattern=CLASSES_PATTERN)
    style: str | None = Field(default=None, max_length=300)
    dismissible: bool = Field(default=True, strict=True)
    active: bool = Field(default=True, strict=True)
    starts_at: datetime | None = None
    ends_at: datetime | None = None
    reason: str = Field(default="", max_length=300)

    @field_validator("spots")
    @classmethod
    def _spots(cls, value: list[str]) -> list[str]:
        return publish.known_spots(value, spots=SPOTS)

    @field_validator("text", "classes", "style")
    @classmethod
    def _strip(cls, value: str | None) -> str | None:
        return value.strip() if value is not None else None

    @field_validator("style")
    @classmethod
    def _style(cls, value: str | None) -> str | None:
        if value and _STYLE_FORBIDDEN.search(value):
            raise ValueError(
                "A custom style is CSS declarations only (color: #fff; background: #222), no url()."
            )
        return value or None

    @model_validator(mode="after")
    def _content_and_dates(self) -> AlertIn:
        if not self.text and not self.html.strip():
            raise ValueError("An alert needs a text or some html.")
        publish.check_window(starts_at=self.starts_at, ends_at=self.ends_at)
        return self


class AlertRemoveIn(publish.RemoveIn):
    pass


class AlertAdminRead(AlertRead):
    # What the site shows (AlertRead's fields, first), then the switch and the window.
    active: bool
    starts_at: UtcDatetime | None
    ends_at: UtcDatetime | None
    updated_at: UtcDatetime


def _read(a: Alert) -> AlertAdminRead:
    return AlertAdminRead(
        **content_service.alert_read(a).model_dump(),
        **publish.window_read(a),
        updated_at=a.updated_at,
    )


def _fields(a: Alert) -> dict[str, object]:
    return {
        "spots": a.spots,
        "type": a.type,
        "text": a.text,
        "has_html": bool(a.html),
        "has_script": bool(a.script),
        "dismissible": a.dismissible,
        **publish.schedule_fields(a),
    }


def _apply(a: Alert, body: AlertIn) -> None:
    a.spots = ",".join(body.spots)
    a.type = body.type
    a.text = body.text
    a.html = body.html
    a.script = body.script
    a.icon = body.icon
    a.classes = body.classes or None
    a.style = body.style
    a.dismissible = body.dismissible
    publish.schedule(a, active=body.active, starts_at=body.starts_at, ends_at=body.ends_at)


def _alert(session: Session, alert_id: int) -> Alert:
    return get_or_404(session, Alert, alert_id, ALERT_NOT_FOUND, code=ContentCode.ALERT_NOT_FOUND)


# The frame's own policy: a sandbox (opaque origin, even when opened directly), its inline html and
# script allowed, nothing else loaded but pictures and fonts (content/frames.py).
FRAME_CSP = frames.policy(
    sandbox="allow-scripts",
    sources=[
        "script-src 'unsafe-inline'",
        "style-src 'unsafe-inline'",
        "img-src https: data:",
        "font-src https: data:",
    ],
)
_COLOR = re.compile(r"^(#[0-9a-fA-F]{3,8}|rgba?\([0-9., ]{5,40}\))$")


def frame_document(session: Session, *, alert_id: int, viewer: User | None, color: str | None) -> str:
    """The page an html alert's sandboxed frame loads: the admin's html, a size reporter, their script.

    Visitors get live alerts only; alert admins any, for the preview.
    """
    found = session.get(Alert, alert_id)
    may_preview = viewer is not None and Permission.ALERTS in permissions_of(viewer.admin_level)
    if (
        found is None
        or not found.html.strip()
        or not (publish.is_live(found, now=clock.now()) or may_preview)
    ):
        raise NotFound(ALERT_NOT_FOUND, code=ContentCode.ALERT_NOT_FOUND)
    text_color = color if color and _COLOR.match(color) else "inherit"
    sizer = frames.size_reporter(key="addmeAlert", row_id=found.id, element="document.documentElement")
    return "".join(
        [
            frames.HEAD,
            f"<style>html,body{{margin:0;padding:0;background:transparent;color:{text_color};",
            "font:14px/1.45 system-ui,sans-serif}a{color:inherit}img{max-width:100%}</style>",
            f"</head><body>{found.html}<script>{sizer}</script>",
            f"<script>{found.script}</script>" if found.script else "",
            "</body></html>",
        ]
    )


def alerts(session: Session) -> list[AlertAdminRead]:
    """Every alert, switched off and out-of-date ones too, newest first."""
    return [_read(a) for a in session.scalars(select(Alert).order_by(Alert.id.desc())).all()]


# After each change: this process shows it at once.
_PUBLISHED = publish.Published[Alert](
    kind="alert", target="alert", fields=_fields, after_commit=content_service.forget_alerts
)


def create(session: Session, *, admin: User, body: AlertIn) -> AlertAdminRead:
    new = Alert()
    _apply(new, body)
    return _read(_PUBLISHED.create(session, admin=admin, row=new, reason=body.reason))


def update(session: Session, *, admin: User, alert_id: int, body: AlertIn) -> AlertAdminRead:
    found = _alert(session, alert_id)
    _PUBLISHED.update(session, admin=admin, row=found, change=lambda: _apply(found, body), reason=body.reason)
    return _read(found)


def remove(session: Session, *, admin: User, alert_id: int, reason: str) -> None:
    _PUBLISHED.remove(session, admin=admin, row=_alert(session, alert_id), reason=reason)
