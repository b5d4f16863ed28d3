"""Writing decision records and telling the member: every restricting action calls `record` in the
transaction that performs it, after `reason_text` checked the moderator gave a reason."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Protocol, TypedDict, Unpack

from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.core import clock
from addme.core.config import get_settings
from addme.core.errors import FieldError
from addme.decisions import texts
from addme.decisions.macros import BY_KEY
from addme.decisions.models import HeldContent, StatementOfReasons
from addme.mail import service as mail

MIN_REASON = 10
REASON_REQUIRED = f"Give a reason of at least {MIN_REASON} characters, or pick a macro."
UNKNOWN_MACRO = "This macro does not exist."
# Art. 20(1): the internal complaint route stays open at least six months after the decision.
APPEAL_WINDOW = timedelta(days=183)
# Every EEA state: a restriction on AddMe applies site-wide.
EEA = [
    "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU", "IE", "IS",
    "IT", "LI", "LT", "LU", "LV", "MT", "NL", "NO", "PL", "PT", "RO", "SE", "SI", "SK",
]  # fmt: skip
# Decisions a member may appeal (an appeal's own outcome is not appealed again here: Art. 21).
APPEALABLE = frozenset(
    {
        "reject_username",
        "ban_username",
        "ban_account",
        "warn_account",
        "remove_media",
        "remove_group",
        "refuse_unban",
        "remove_username",
        "label_paid",
        "block_upload",
        "remove",
        "remove_comment",
        "delist_dead_handle",
    }
)


class Member(Protocol):
    """The member a decision concerns, as accounts' User gives it (decisions sits below accounts)."""

    id: int
    email: str
    country_code: str | None
    language: str | None


def reason_text(reason: str | None, macro: str | None = None) -> str:
    """The reason a restricting decision carries: a macro's text, the typed words, or both; a 422 on
    the `reason` field when there is less than MIN_REASON characters of it."""
    typed = (reason or "").strip()
    if macro:
        found = BY_KEY.get(macro)
        if found is None:
            raise FieldError("macro", UNKNOWN_MACRO)
        return f"{found.text} {typed}".strip()
    if len(typed) < MIN_REASON:
        raise FieldError("reason", REASON_REQUIRED)
    return typed


def record(
    session: Session,
    *,
    decision: str,
    facts: str,
    subject_type: str,
    subject_id: int | None,
    about: str,
    member: Member | None,
    decided_by: int | None,
    ground: str = "terms",
    ground_reference: str = "",
    category: str = "STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE",
    source_type: str = "voluntary",
    visibility: str | None = None,
    account: str | None = None,
    content: list[str] | None = None,
    automated_detection: bool = False,
    automated_decision: str = "not_automated",
    notice_id: int | None = None,
    appeal_of_id: int | None = None,
    notify: bool = True,
) -> StatementOfReasons:
    """Add one statement of reasons and, when it concerns a member, mail them the statement; both
    commit (or not) with the caller's action. `about` names the subject for the member
    ("your username alice (Snapchat)")."""
    row = StatementOfReasons(
        notice_id=notice_id,
        decision=decision,
        decision_visibility=visibility,
        decision_account=account,
        account_type="private" if member is not None else None,
        ground=ground,
        ground_reference=ground_reference or texts.default_reference(ground),
        category=category,
        source_type=source_type,
        automated_detection=automated_detection,
        automated_decision=automated_decision,
        facts=facts,
        territorial_scope=list(EEA),
        content=content if content is not None else [f"{subject_type}:{subject_id}"],
        subject_type=subject_type,
        subject_id=subject_id,
        about=about[:200],
        user_id=member.id if member is not None else None,
        appeal_of_id=appeal_of_id,
        decided_by=decided_by,
        decided_at=clock.now(),
    )
    session.add(row)
    session.flush()
    if member is not None and notify and member.email:
        lang = mail.language_of(member)
        subject, body = texts.statement_mail(
            row, about=about, lang=lang, appeal_url=f"{get_settings().site_url}/user/decisions"
        )
        mail.queue(session, to=member.email, subject=subject, body=body)
    return row


class Options(TypedDict, total=False):
    """The statement's fields with a default in `record`, for a `Subject.record` to pass on."""

    ground: str
    ground_reference: str
    category: str
    source_type: str
    visibility: str | None
    account: str | None
    content: list[str] | None
    automated_detection: bool
    automated_decision: str
    notice_id: int | None
    appeal_of_id: int | None
    notify: bool


@dataclass(frozen=True, kw_only=True)
class Subject:
    """What a statement is about, the same for every decision on it: its kind and id, its name as
    the member reads it ("alice (Snapchat)") and the member told (None: nobody is). The owning
    domain builds it (`listings.statement_subject`); decisions sits below and never reads the row."""

    type: str
    id: int | None
    about: str
    member: Member | None

    def record(
        self,
        session: Session,
        *,
        decision: str,
        facts: str,
        decided_by: int | None,
        **options: Unpack[Options],
    ) -> StatementOfReasons:
        """`record` a statement about this subject."""
        return record(
            session,
            decision=decision,
            facts=facts,
            subject_type=self.type,
            subject_id=self.id,
            about=self.about,
            member=self.member,
            decided_by=decided_by,
            **options,
        )


def language_of(member: Member) -> str:
    """The language a member's mail is written in ("en" or "fr": their choice, else their country's)."""
    return mail.language_of(member)


def appealable_until(row: StatementOfReasons) -> Any:
    """The last moment a member may appeal this decision, or None when it is not appealable."""
    if row.decision not in APPEALABLE or row.user_id is None:
        return None
    return row.decided_at + APPEAL_WINDOW


def get(session: Session, *, statement_id: int) -> StatementOfReasons | None:
    return session.get(StatementOfReasons, statement_id)


def of_notice(session: Session, *, notice_ids: list[int]) -> dict[int, StatementOfReasons]:
    """The statements notices' decisions wrote, by notice id."""
    if not notice_ids:
        return {}
    rows = session.scalars(select(StatementOfReasons).where(StatementOfReasons.notice_id.in_(notice_ids)))
    return {r.notice_id: r for r in rows if r.notice_id is not None}


def latest_about(
    session: Session, *, subject_type: str, subject_id: int, decisions: tuple[str, ...]
) -> StatementOfReasons | None:
    """The newest statement of these kinds about one subject (the ban an unban request is about)."""
    return session.scalar(
        select(StatementOfReasons)
        .where(
            StatementOfReasons.subject_type == subject_type,
            StatementOfReasons.subject_id == subject_id,
            StatementOfReasons.decision.in_(decisions),
        )
        .order_by(StatementOfReasons.decided_at.desc(), StatementOfReasons.id.desc())
        .limit(1)
    )


# Removed media and groups are held this long so a reversed appeal can restore them (Art. 20).
HOLD_FOR = timedelta(days=183)


def hold(
    session: Session,
    *,
    kind: str,
    subject_id: int,
    statement: StatementOfReasons,
    user_id: int | None,
    snapshot: dict[str, Any],
    held_keys: dict[str, str] | None = None,
) -> HeldContent:
    """Keep a removed item's snapshot for the appeal period, in the removal's transaction."""
    now = clock.now()
    row = HeldContent(
        kind=kind,
        subject_id=subject_id,
        statement_id=statement.id,
        user_id=user_id,
        snapshot=snapshot,
        held_keys=held_keys or {},
        removed_at=now,
        purge_after=now + HOLD_FOR,
    )
    session.add(row)
    session.flush()
    return row


def held_for(session: Session, *, statement_id: int) -> HeldContent | None:
    """What a removal holds, by the removal's statement (None once purged or restored)."""
    return session.scalar(select(HeldContent).where(HeldContent.statement_id == statement_id))


def release(session: Session, *, held: HeldContent) -> None:
    """Drop a held snapshot once it is restored or purged: the owner of the content says which."""
    session.delete(held)


def held_due(session: Session, *, kind: str, limit: int = 500) -> list[HeldContent]:
    """Held items whose appeal period is over (the purge job's next batch)."""
    return list(
        session.scalars(
            select(HeldContent)
            .where(HeldContent.kind == kind, HeldContent.purge_after <= clock.now())
            .order_by(HeldContent.purge_after, HeldContent.id)
            .limit(limit)
        )
    )
