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

from pydantic import BaseModel, Field, field_validator, model_validator
from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.content import publish
from addme.content import service as content_service
from addme.content.codes import ContentCode
from addme.content.models import Alert
from addme.core import clock
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
        unknown = [s for s in value if s not in SPOTS]
        if unknown:
            raise ValueError(f"Unknown spot: {', '.join(unknown)}. Spots are {', '.join(SPOTS)}.")
        return list(dict.fromkeys(value))

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
        if self.starts_at and self.ends_at and self.ends_at <= self.starts_at:
            raise ValueError("The end must come after the start.")
        return self


class AlertRemoveIn(StrictInput):
    reason: str = Field(min_length=3, max_length=300)


class AlertAdminRead(BaseModel):
    id: int
    spots: list[str]
    type: str
    text: str
    html: str
    script: str
    icon: str | None
    classes: str | None
    style: str | None
    dismissible: bool
    active: bool
    starts_at: UtcDatetime | None
    ends_at: UtcDatetime | None
    updated_at: UtcDatetime


def _read(a: Alert) -> AlertAdminRead:
    return AlertAdminRead(
        id=a.id,
        spots=[s for s in a.spots.split(",") if s],
        type=a.type,
        text=a.text,
        html=a.html,
        script=a.script,
        icon=a.icon,
        classes=a.classes,
        style=a.style,
        dismissible=a.dismissible,
        active=a.active,
        starts_at=a.starts_at,
        ends_at=a.ends_at,
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
        "active": a.active,
        "starts_at": a.starts_at.isoformat() if a.starts_at else None,
        "ends_at": a.ends_at.isoformat() if a.ends_at else None,
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
    a.active = body.active
    a.starts_at = publish.naive_utc(body.starts_at)
    a.ends_at = publish.naive_utc(body.ends_at)


def _alert(session: Session, alert_id: int) -> Alert:
    found = session.get(Alert, alert_id)
    if found is None:
        raise NotFound(ALERT_NOT_FOUND, code=ContentCode.ALERT_NOT_FOUND)
    return found


# The frame's own policy: a sandbox (opaque origin, even when opened directly), its inline html and
# script allowed, nothing fetched or posted from it, and only this site may frame it.
FRAME_CSP = "; ".join(
    [
        "sandbox allow-scripts",
        "default-src 'none'",
        "script-src 'unsafe-inline'",
        "style-src 'unsafe-inline'",
        "img-src https: data:",
        "font-src https: data:",
        "connect-src 'none'",
        "form-action 'none'",
        "base-uri 'none'",
        "frame-ancestors 'self'",
    ]
)
_COLOR = re.compile(r"^(#[0-9a-fA-F]{3,8}|rgba?\([0-9., ]{5,40}\))$")


def _is_live(a: Alert) -> bool:
    now = clock.now()
    return a.active and (a.starts_at is None or a.starts_at <= now) and (a.ends_at is None or a.ends_at > now)


def frame_document(session: Session, *, alert_id: int, viewer: User | None, color: str | None) -> str:
    """The page an html alert's sandboxed frame loads: the admin's html, a size reporter, their script.

    A document of its own (not srcdoc) because a srcdoc frame inherits the site's policy, which runs
    no inline script. Visitors get live alerts only; alert admins any, for the preview.
    """
    found = session.get(Alert, alert_id)
    may_preview = viewer is not None and Permission.ALERTS in permissions_of(viewer.admin_level)
    if found is None or not found.html.strip() or not (_is_live(found) or may_preview):
        raise NotFound(ALERT_NOT_FOUND, code=ContentCode.ALERT_NOT_FOUND)
    text_color = color if color and _COLOR.match(color) else "inherit"
    sizer = (
        f"(function(){{function s(){{parent.postMessage({{addmeAlert:{found.id},"
        "height:document.documentElement.scrollHeight},'*')}addEventListener('load',s);"
        "if(window.ResizeObserver){new ResizeObserver(s).observe(document.documentElement)}s()})();"
    )
    return "".join(
        [
            '<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">',
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
_FORGET = content_service.forget_alerts


def create(session: Session, *, admin: User, body: AlertIn) -> AlertAdminRead:
    new = Alert()
    _apply(new, body)
    publish.create(
        session,
        admin=admin,
        kind="alert",
        target="alert",
        row=new,
        reason=body.reason,
        fields=_fields,
        after_commit=_FORGET,
    )
    return _read(new)


def update(session: Session, *, admin: User, alert_id: int, body: AlertIn) -> AlertAdminRead:
    found = _alert(session, alert_id)
    publish.update(
        session,
        admin=admin,
        kind="alert",
        target="alert",
        row=found,
        change=lambda: _apply(found, body),
        reason=body.reason,
        fields=_fields,
        after_commit=_FORGET,
    )
    return _read(found)


def remove(session: Session, *, admin: User, alert_id: int, reason: str) -> None:
    found = _alert(session, alert_id)
    publish.remove(
        session,
        admin=admin,
        kind="alert",
        target="alert",
        row=found,
        reason=reason,
        fields=_fields,
        after_commit=_FORGET,
    )
