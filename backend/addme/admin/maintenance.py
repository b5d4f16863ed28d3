"""Maintenance mode: an admin's switch that closes the site to everyone but admins.

While it is on, the API answers 503 with the spec's server-down message to every caller but an
admin (addme/api/maintenance.py), and the web app sends visitors to /maintenance. MAINTENANCE=true
in the environment forces it on.
"""

from __future__ import annotations

from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core import sitemode
from addme.core.config import get_settings
from addme.core.schemas import StrictInput, UtcDatetime


class MaintenanceRead(BaseModel):
    on: bool
    # True when MAINTENANCE=true in the environment: the switch cannot turn it off.
    forced: bool
    reason: str
    since: UtcDatetime | None
    by: int | None


class MaintenanceIn(StrictInput):
    on: bool = Field(strict=True)
    reason: str = Field(min_length=3, max_length=300)


def state(session: Session) -> MaintenanceRead:
    found = sitemode.row(session, sitemode.MAINTENANCE)
    value = found.value if found else {}
    forced = get_settings().maintenance
    return MaintenanceRead(
        on=forced or bool(value.get("on")),
        forced=forced,
        reason=str(value.get("reason", "")),
        since=found.updated_at if found else None,
        by=found.updated_by if found else None,
    )


def switch(session: Session, *, admin: User, on: bool, reason: str) -> MaintenanceRead:
    """Turn maintenance on or off, with the admin's reason in the audit log."""
    found = sitemode.row(session, sitemode.MAINTENANCE)
    before = {"on": bool(found and found.value.get("on"))}
    value = {"on": on, "reason": reason.strip()}
    sitemode.put(session, key=sitemode.MAINTENANCE, value=value, by=admin.id)
    audit.record(
        session,
        admin=admin,
        action="site.maintenance",
        target="site:maintenance",
        reason=reason.strip(),
        before=before,
        after={"on": on},
    )
    session.commit()
    sitemode.forget()
    return state(session)
