"""The contact form: per-reason required fields, the account-hopping ownership check, and the copy
mailed to support.

What each reason requires (besides reason, reply_email and the captcha):
- nokey (paid, no key): order_number (5 digits), checkout_email, checked_junk (must be true: the
  key mail often lands there), received_confirmation (yes/no).
- blocktx (blocked card transaction): order_number, checkout_email.
- frozenorder (frozen crypto order): order_number, checkout_email; pasted_content optional (tx id).
- ageverification, vpnaccess, general: other_notes (what happened); pasted_content optional.
- usernamelists (a username missing from the lists): usernames.
- profileviolation, disputeban: usernames and justification.
- accounthopping: usernames and justification, from a signed-in member, and every username must be
  on that account when the request is submitted (spec §5).
Fields a reason does not use are dropped, not stored ("contact requests with wrong option may be ignored").
"""

from __future__ import annotations

import unicodedata

from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.content.models import ContactRequest
from addme.content.schemas import ContactIn
from addme.core import ratelimit
from addme.core.config import get_settings
from addme.core.errors import FieldError
from addme.listings.models import Username
from addme.mail import service as mail

SUBMITTED = "Thank you. Your inquiry has been submitted."
REQUIRED = "This field is required."
CHECK_JUNK = "Please check your junk and spam folder first."
HOPPING_LOGIN = "Log in to the account that holds these usernames to send this request."
HOPPING_NOT_YOURS = "These usernames are not on your account: {names}."
CONTACT_LIMIT = "5/hour"

_ORDER = ("order_number", "checkout_email")
REASON_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # reason: (required, optional)
    "nokey": ((*_ORDER, "checked_junk", "received_confirmation"), ("pasted_content",)),
    "blocktx": (_ORDER, ("pasted_content",)),
    "frozenorder": (_ORDER, ("pasted_content",)),
    "ageverification": (("other_notes",), ("pasted_content",)),
    "vpnaccess": (("other_notes",), ("pasted_content",)),
    "general": (("other_notes",), ("order_number", "pasted_content")),
    "usernamelists": (("usernames",), ()),
    "profileviolation": (("usernames", "justification"), ("pasted_content",)),
    "disputeban": (("usernames", "justification"), ()),
    "accounthopping": (("usernames", "justification"), ()),
}
_EXTRA = ("order_number", "checkout_email", "checked_junk", "received_confirmation", "pasted_content",
          "usernames", "justification")  # fmt: skip


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip()) or value == []


def _check_hopping(session: Session, *, user: User | None, names: list[str]) -> None:
    if user is None:
        raise FieldError("usernames", HOPPING_LOGIN)
    wanted = {unicodedata.normalize("NFKC", n).strip().casefold(): n for n in names}
    owned = set(
        session.scalars(
            select(Username.username_normalized).where(
                Username.user_id == user.id,
                Username.status != "deleted",
                Username.username_normalized.in_(list(wanted)),
            )
        )
    )
    missing = [name for key, name in wanted.items() if key not in owned]
    if missing:
        raise FieldError("usernames", HOPPING_NOT_YOURS.format(names=", ".join(missing)))


def submit(session: Session, *, data: ContactIn, user: User | None, ip: str, ip_key: str) -> str:
    """Validate the reason's fields, store the request and queue a copy to support."""
    ratelimit.hit(CONTACT_LIMIT, "contact", ip_key)
    required, optional = REASON_FIELDS[data.reason]
    errors = {f: [REQUIRED] for f in required if _blank(getattr(data, f))}
    if errors:
        raise FieldError(errors)
    if data.reason == "nokey" and data.checked_junk is not True:
        raise FieldError("checked_junk", CHECK_JUNK)
    if data.reason == "accounthopping":
        _check_hopping(session, user=user, names=data.usernames or [])
    kept = {
        f: getattr(data, f) for f in _EXTRA if f in (*required, *optional) and not _blank(getattr(data, f))
    }
    fields = {k: str(v) if k == "checkout_email" else v for k, v in kept.items() if k != "other_notes"}
    req = ContactRequest(
        user_id=user.id if user else None,
        reason=data.reason,
        reply_email=str(data.reply_email),
        other_notes=data.other_notes,
        fields=fields,
        ip_address=ip,
    )
    session.add(req)
    session.flush()
    lines = [
        f"Reason: {data.reason}",
        f"Reply to: {data.reply_email}",
        f"Account: {user.id if user else '-'}",
    ]
    lines += [f"{k}: {', '.join(v) if isinstance(v, list) else v}" for k, v in fields.items()]
    lines += ["", data.other_notes]
    mail.queue(
        session,
        to=get_settings().support_email,
        subject=f"[Contact #{req.id}] {data.reason}",
        body="\n".join(lines),
    )
    session.commit()
    return SUBMITTED
