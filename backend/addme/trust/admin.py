"""Age verification as the admin runs it: the jurisdiction list, the figures, a check of the
provider, and the risk check's Tor exit list. Every change leaves an audit row with its reason."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core import clock
from addme.core.db import get_or_404
from addme.core.errors import FieldError
from addme.core.schemas import from_row
from addme.listings.countries import country_name
from addme.screening import risk
from addme.trust import providers
from addme.trust.models import AgeJurisdiction, AgeVerificationAttempt
from addme.trust.schemas import (
    AgeStats,
    JurisdictionRead,
    JurisdictionWrite,
    ProviderCheck,
    StatsRow,
    TorExitsRead,
)
from addme.trust.service import forget_rows

JURISDICTION_NOT_FOUND = "Jurisdiction not found."
JURISDICTION_EXISTS = "This place is already in the list."
BAD_COUNTRY = "Choose a country from the list."
BAD_REGION = "A region is 1 to 3 letters or digits, as in ISO 3166-2 (TX for Texas)."


def _read(row: AgeJurisdiction) -> JurisdictionRead:
    code = f"{row.country_code}-{row.region_code}" if row.region_code else row.country_code
    return from_row(
        JurisdictionRead, row, location_code=code, in_force=row.effective_on <= clock.now().date()
    )


def list_jurisdictions(session: Session) -> list[JurisdictionRead]:
    rows = session.scalars(
        select(AgeJurisdiction).order_by(AgeJurisdiction.country_code, AgeJurisdiction.region_code)
    )
    return [_read(r) for r in rows]


def _validate(session: Session, *, data: JurisdictionWrite, exclude: int | None) -> None:
    if not country_name(data.country_code):
        raise FieldError("country_code", BAD_COUNTRY)
    if data.region_code and not data.region_code.isalnum():
        raise FieldError("region_code", BAD_REGION)
    clash = select(AgeJurisdiction.id).where(
        AgeJurisdiction.country_code == data.country_code, AgeJurisdiction.region_code == data.region_code
    )
    if exclude is not None:
        clash = clash.where(AgeJurisdiction.id != exclude)
    if session.scalar(clash) is not None:
        raise FieldError("region_code" if data.region_code else "country_code", JURISDICTION_EXISTS)


def _snapshot(row: AgeJurisdiction) -> dict[str, object]:
    return {
        "country_code": row.country_code,
        "region_code": row.region_code,
        "effective_on": row.effective_on.isoformat(),
        "law": row.law,
    }


AUDITED = audit.Audited(target="jurisdiction", fields=_snapshot)


def create_jurisdiction(session: Session, *, admin: User, data: JurisdictionWrite) -> JurisdictionRead:
    """Add a place to the list (Full admins), with its audit row."""
    _validate(session, data=data, exclude=None)
    row = AgeJurisdiction(
        country_code=data.country_code,
        region_code=data.region_code,
        effective_on=data.effective_on,
        law=data.law,
    )
    session.add(row)
    session.flush()
    AUDITED.created(session, admin=admin, row=row, action="trust.jurisdiction_add", reason=data.reason)
    session.commit()
    forget_rows()
    return _read(row)


def update_jurisdiction(
    session: Session, *, admin: User, jurisdiction_id: int, data: JurisdictionWrite
) -> JurisdictionRead:
    row = get_or_404(session, AgeJurisdiction, jurisdiction_id, JURISDICTION_NOT_FOUND)
    _validate(session, data=data, exclude=row.id)
    with AUDITED.change(session, admin=admin, row=row, action="trust.jurisdiction_edit", reason=data.reason):
        row.country_code, row.region_code = data.country_code, data.region_code
        row.effective_on, row.law = data.effective_on, data.law
        session.flush()
    session.commit()
    forget_rows()
    return _read(row)


def delete_jurisdiction(session: Session, *, admin: User, jurisdiction_id: int, reason: str) -> None:
    row = get_or_404(session, AgeJurisdiction, jurisdiction_id, JURISDICTION_NOT_FOUND)
    AUDITED.removed(session, admin=admin, row=row, action="trust.jurisdiction_remove", reason=reason)
    session.delete(row)
    session.commit()
    forget_rows()


def stats(session: Session, *, days: int) -> AgeStats:
    """Attempts, successes and failures by place and day, over the last `days` days."""
    since = clock.now() - timedelta(days=days)
    day = func.date(AgeVerificationAttempt.created_at)
    status = AgeVerificationAttempt.status

    def count(value: str):  # type: ignore[no-untyped-def]
        return func.sum(case((status == value, 1), else_=0))

    rows = session.execute(
        select(
            day,
            AgeVerificationAttempt.location_code,
            func.count(),
            count("success"),
            count("failure"),
            count("abandoned"),
        )
        .where(AgeVerificationAttempt.created_at >= since)
        .group_by(day, AgeVerificationAttempt.location_code)
        .order_by(day.desc(), AgeVerificationAttempt.location_code)
    ).all()
    out = [
        StatsRow(
            day=d if isinstance(d, date) else date.fromisoformat(str(d)),
            location_code=loc or "",
            attempts=int(n),
            successes=int(s or 0),
            failures=int(f or 0),
            abandoned=int(a or 0),
        )
        for d, loc, n, s, f, a in rows
    ]
    return AgeStats(
        attempts=sum(r.attempts for r in out),
        successes=sum(r.successes for r in out),
        failures=sum(r.failures for r in out),
        abandoned=sum(r.abandoned for r in out),
        rows=out,
    )


def check_provider(session: Session, *, admin: User) -> ProviderCheck:
    """/admin/ondato/test: one round trip to the configured provider, with its audit row."""
    provider = providers.provider()
    try:
        message, ok = provider.check(), True
    except providers.ProviderError as exc:
        message, ok = f"The provider could not be reached: {exc}", False
    audit.record(
        session,
        admin=admin,
        action="trust.provider_test",
        target=f"provider:{provider.name}",
        details={"ok": ok},
    )
    session.commit()
    return ProviderCheck(provider=provider.name, ok=ok, message=message)


# -- the risk check's Tor exit list -----------------------------------------------------------------


def tor_exits_read() -> TorExitsRead:
    path = risk.tor_exits_path()
    try:
        updated = datetime.fromtimestamp(path.stat().st_mtime, UTC).replace(tzinfo=None)
    except OSError:
        updated = None
    return TorExitsRead(count=len(risk.tor_exits()), updated_at=updated)


def replace_tor_exits(session: Session, *, admin: User, addresses: str, reason: str) -> TorExitsRead:
    """An admin refreshes the Tor exit list the local risk check reads (with its audit row)."""
    count = risk.save_tor_exits(addresses)
    if count == 0:
        raise FieldError("addresses", "No IP address was found in the list.")
    audit.record(
        session,
        admin=admin,
        action="trust.tor_exits",
        target="risk:tor",
        reason=reason,
        details={"count": count},
    )
    session.commit()
    return tor_exits_read()
