"""Trust factories: jurisdictions that require age verification."""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from addme.trust import service
from addme.trust.models import AgeJurisdiction


def add_jurisdiction(
    db: Session,
    country: str,
    region: str = "",
    *,
    effective_on: date = date(2024, 1, 1),
    law: str = "A test law",
) -> AgeJurisdiction:
    row = AgeJurisdiction(country_code=country, region_code=region, effective_on=effective_on, law=law)
    db.add(row)
    db.commit()
    service.forget_rows()
    return row
