"""Macros: canned answers moderators pick to fill a decision's reason."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core.db import get_or_404
from addme.moderation.codes import ModerationCode
from addme.moderation.models import Macro
from addme.moderation.schemas import MacroIn, MacroRead, MacroUpdate

NOT_FOUND = "Macro not found."


def list_macros(session: Session, *, type: str | None) -> list[MacroRead]:
    """Every macro (or one type's), by type then name."""
    stmt = select(Macro).order_by(Macro.type, Macro.name, Macro.id)
    if type:
        stmt = stmt.where(Macro.type == type)
    return [MacroRead.model_validate(m) for m in session.scalars(stmt)]


def _get(session: Session, macro_id: int) -> Macro:
    return get_or_404(session, Macro, macro_id, NOT_FOUND, code=ModerationCode.MACRO_NOT_FOUND)


AUDITED = audit.Audited[Macro](target="macro", fields=audit.columns("name", "type", "text"))


def create(session: Session, *, admin: User, data: MacroIn) -> MacroRead:
    """Add a macro."""
    macro = Macro(name=data.name, type=data.type, text=data.text)
    session.add(macro)
    session.flush()
    AUDITED.created(session, admin=admin, row=macro, action="macro.create")
    session.commit()
    return MacroRead.model_validate(macro)


def update(session: Session, *, admin: User, macro_id: int, data: MacroUpdate) -> MacroRead:
    """Change the fields sent."""
    macro = _get(session, macro_id)
    with AUDITED.change(session, admin=admin, row=macro, action="macro.update"):
        for field, value in data.model_dump(exclude_unset=True, exclude_none=True).items():
            setattr(macro, field, value)
    session.commit()
    return MacroRead.model_validate(macro)


def delete(session: Session, *, admin: User, macro_id: int) -> None:
    """Remove a macro."""
    macro = _get(session, macro_id)
    AUDITED.removed(session, admin=admin, row=macro, action="macro.delete")
    session.delete(macro)
    session.commit()
