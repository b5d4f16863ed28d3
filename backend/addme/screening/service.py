"""Reading the blacklist: a username's text, a handle removed for good, an address in a blacklisted range."""

from __future__ import annotations

import ipaddress
import threading
import time
from collections.abc import Sequence
from enum import StrEnum

from sqlalchemy import event, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from addme.core.errors import AppError
from addme.screening import minors, rules
from addme.screening.defaults import DEFAULT_TERMS
from addme.screening.models import BlacklistTerm, RemovedHandle, TermKind

_TERMS_TTL = 60.0

_lock = threading.Lock()
_compiled: tuple[float, rules.CompiledTerms] | None = None


def ensure_default_terms(session: Session) -> int:
    """Fill an empty blacklist with the defaults (first run); returns rows added."""
    if (session.scalar(select(func.count()).select_from(BlacklistTerm)) or 0) > 0:
        return 0
    for kind, pattern, is_regex in DEFAULT_TERMS:
        session.add(BlacklistTerm(kind=kind, pattern=pattern, is_regex=is_regex))
    try:
        session.flush()
    except IntegrityError:
        session.rollback()  # another process seeded it first
        return 0
    return len(DEFAULT_TERMS)


def invalidate_terms() -> None:
    """Forget the compiled blacklist (after an admin edits it)."""
    global _compiled
    with _lock:
        _compiled = None


def active_terms(session: Session) -> rules.CompiledTerms:
    """The active blacklist, compiled once a minute per process at most."""
    global _compiled
    cached = _compiled
    if cached is not None and cached[0] > time.monotonic():
        return cached[1]
    ensure_default_terms(session)
    rows = session.execute(
        select(BlacklistTerm.kind, BlacklistTerm.pattern, BlacklistTerm.is_regex).where(
            # IP ranges are for the risk check (ipbans.blacklisted_ip), not for a username's text.
            BlacklistTerm.active.is_(True),
            BlacklistTerm.kind != TermKind.IP,
        )
    ).all()
    compiled = rules.compile_terms((r[0], r[1], r[2]) for r in rows)
    with _lock:
        _compiled = (time.monotonic() + _TERMS_TTL, compiled)
    return compiled


def review_text(session: Session, *, texts: list[str]) -> str | None:
    """The reason a username's text needs a human, or None to approve it at once."""
    return rules.review_reason("\n".join(t for t in texts if t), active_terms(session))


# The review reason of a username held as a possible minor: the queue puts these first.
POSSIBLE_MINOR = "possible minor"
MINOR_REFUSED = (
    "AddMe is for adults only: your {field} reads as if you were under 18 (“{words}”). "
    "Remove those words to list this username."
)


def minor_signal(*, texts: Sequence[str | None]) -> tuple[int, minors.MinorSignal] | None:
    """The strongest minor signal in a username's texts and which text holds it, or None.

    A `clear` one is refused by the caller; a `possible` one is held for review with a reason
    starting with POSSIBLE_MINOR (`possible_minor_reason`).
    """
    return minors.first_signal(texts)


def refuse_clear_minor(*, fields: dict[str, str | None], code: StrEnum) -> None:
    """Refuse (422 with `code`, on the field that holds it) a text with a clear minor signal."""
    names = list(fields)
    found = minors.first_signal(list(fields.values()))
    if found is None or found[1].strength != "clear":
        return
    field = names[found[0]]
    words = found[1].words[:60]
    message = MINOR_REFUSED.format(field=field.replace("_", " "), words=words)
    # `words` lets a client word the refusal itself and still name what to remove.
    raise AppError(message, code=code, status_code=422, errors={field: [message]}, extra={"words": words})


def possible_minor_reason(signal: minors.MinorSignal) -> str:
    return f"{POSSIBLE_MINOR}: “{signal.words[:60]}”"


def is_possible_minor(review_reason: str | None) -> bool:
    return bool(review_reason and review_reason.startswith(POSSIBLE_MINOR))


def suspect_words(session: Session, *, text: str) -> str | None:
    """The suspect words of a description (what its owner must remove), or None when it is clean."""
    if not text:
        return None
    return rules.suspect_words(text, active_terms(session))


def handle_removed(session: Session, *, app: str, normalized: str) -> bool:
    """True when this handle was removed on its owner's request: it is never listed again on that app."""
    found = session.scalar(
        select(RemovedHandle.id).where(
            RemovedHandle.app == app, RemovedHandle.handle_normalized == normalized
        )
    )
    return found is not None


def add_term(session: Session, *, kind: str, pattern: str, is_regex: bool) -> BlacklistTerm:
    """A new blacklist entry, flushed (IntegrityError when it exists); read by everyone after commit."""
    ensure_default_terms(session)
    row = BlacklistTerm(kind=kind, pattern=pattern, is_regex=is_regex)
    session.add(row)
    session.flush()
    _forget_after_commit(session)
    return row


def switch_term(session: Session, *, term: BlacklistTerm, active: bool) -> None:
    term.active = active
    _forget_after_commit(session)


def remove_term(session: Session, *, term: BlacklistTerm) -> None:
    session.delete(term)
    _forget_after_commit(session)


def _forget_after_commit(session: Session) -> None:
    # The compiled blacklist is forgotten once the change is committed, never before.
    session.info["screening_changed"] = True


@event.listens_for(Session, "after_commit")
def _forget_terms(session: Session) -> None:
    if session.info.pop("screening_changed", False):
        invalidate_terms()


@event.listens_for(Session, "after_rollback")
def _keep_terms(session: Session) -> None:
    session.info.pop("screening_changed", None)


def forbid_handle(session: Session, *, app: str, normalized: str, removal_request_id: int) -> None:
    """Never list this handle again on this app (its owner asked for its removal)."""
    if not handle_removed(session, app=app, normalized=normalized):
        session.add(
            RemovedHandle(app=app, handle_normalized=normalized, removal_request_id=removal_request_id)
        )


def blacklisted_ip(session: Session, *, ip: str | None) -> bool:
    """Whether an address is inside an active blacklist IP range (the risk check: high-risk)."""
    if not ip:
        return False
    try:
        addr = ipaddress.ip_address(ip)
    except ValueError:
        return False
    patterns = session.scalars(
        select(BlacklistTerm.pattern).where(BlacklistTerm.kind == TermKind.IP, BlacklistTerm.active.is_(True))
    ).all()
    for pattern in patterns:
        try:
            net = ipaddress.ip_network(pattern, strict=False)
        except ValueError:
            continue
        if addr.version == net.version and addr in net:
            return True
    return False
