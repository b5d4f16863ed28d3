"""The blacklist admins edit: terms (and regexes) the automated approval reads, and IP ranges the
risk check reads. Switching a term off keeps it, so the defaults never come back uninvited."""

from __future__ import annotations

import re

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.audit import service as audit
from addme.core.db import get_or_404
from addme.core.errors import Conflict, FieldError
from addme.core.paging import exact_page
from addme.core.schemas import PageMeta
from addme.moderation import ipbans
from addme.moderation.admin_schemas import BlacklistTermIn
from addme.moderation.codes import ModerationCode
from addme.screening import service as screening
from addme.screening.models import BlacklistTerm, TermKind

NOT_FOUND = "Blacklist entry not found."
DUPLICATE = "This entry is already on the blacklist."


AUDITED = audit.Audited[BlacklistTerm](
    target="blacklist", fields=audit.columns("kind", "pattern", "is_regex", "active")
)


def entries(
    session: Session, *, kind: str | None, page: int, per_page: int
) -> tuple[list[BlacklistTerm], PageMeta]:
    """Blacklist entries (of one kind, when given), newest first, and their page's meta."""
    screening.ensure_default_terms(session)
    session.commit()
    stmt = select(BlacklistTerm)
    if kind:
        stmt = stmt.where(BlacklistTerm.kind == kind)
    return exact_page(session, stmt, order=(BlacklistTerm.id.desc(),), page=page, per_page=per_page)


def add(session: Session, *, admin: User, data: BlacklistTermIn) -> BlacklistTerm:
    """Add a term, regex or IP range; it applies to the next submission or sign-in."""
    pattern, is_regex = data.pattern.strip(), data.is_regex
    if data.kind == TermKind.IP:
        pattern, is_regex = str(ipbans.parse_network(pattern)), False
    elif is_regex:
        try:
            re.compile(pattern)
        except re.error as exc:
            raise FieldError("pattern", f"This regular expression is not valid: {exc}.") from None
    try:
        row = screening.add_term(session, kind=data.kind, pattern=pattern, is_regex=is_regex)
    except IntegrityError:
        session.rollback()
        raise Conflict(DUPLICATE, code=ModerationCode.DUPLICATE) from None
    AUDITED.created(session, admin=admin, row=row, action="blacklist.add")
    session.commit()
    return row


def switch(session: Session, *, admin: User, term_id: int, active: bool) -> BlacklistTerm:
    """Switch an entry on or off."""
    row = get_or_404(session, BlacklistTerm, term_id, NOT_FOUND)
    with AUDITED.change(session, admin=admin, row=row, action="blacklist.switch"):
        screening.switch_term(session, term=row, active=active)
    session.commit()
    return row


def remove(session: Session, *, admin: User, term_id: int) -> None:
    """Delete an entry for good."""
    row = get_or_404(session, BlacklistTerm, term_id, NOT_FOUND)
    AUDITED.removed(session, admin=admin, row=row, action="blacklist.delete")
    screening.remove_term(session, term=row)
    session.commit()
