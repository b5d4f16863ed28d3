"""Notices from anyone: the public form's checks, the private picture, the clock and the receipt.

A notice is what the TAKE IT DOWN Act calls a removal request and the DSA (Art. 16) a notice: the
content's exact addresses, what is wrong, a good-faith statement, a typed signature and a contact.
No account is needed; the captcha and a per-IP throttle stand where the contact form's do. Its
`due_at` is the law's clock (48 hours for intimate images and minors, 7 days for the rest, the card
networks' limit); docs/decisions.md has the reading.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import urlsplit

from pydantic import EmailStr, TypeAdapter, ValidationError
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock, ratelimit
from addme.core.config import get_settings
from addme.core.errors import AppError, FieldError
from addme.mail import service as mail
from addme.media import constants as media_limits
from addme.media import intake as media
from addme.moderation import alerts, texts
from addme.moderation.models import Notice
from addme.moderation.notice_schemas import MAX_URLS, NoticeIn, NoticeReceipt

log = logging.getLogger("addme.notices")

NOTICE_LIMIT = "5/hour"
# Deadlines from receipt: the law's 48 hours for intimate images and minors, 7 days for the rest.
URGENT_KINDS = frozenset({"ncii", "minor"})
URGENT_CLOCK = timedelta(hours=48)
OTHER_CLOCK = timedelta(days=7)
# What staff aim at for the urgent kinds, well inside the law's limit.
URGENT_TARGET = timedelta(hours=24)
# Usable for matching: PDQ's own quality floor (hashes of quality 49 or less match noise).
MIN_PDQ_QUALITY = 50

REQUIRED = "This field is required."
GOOD_FAITH = "Confirm the statement to send the notice."
SIGNATURE = "Type your full name as your signature."
CONTACT = "Enter the e-mail address we should answer."
DESCRIPTION = "Tell us what is wrong (at least 10 characters)."
NOT_OURS = "This is not an address on AddMe: {url}"
NO_CONTENT = "Give the address of the content on AddMe, or send the picture."
TOO_MANY_URLS = f"Give at most {MAX_URLS} addresses."
PICTURE_TOO_LARGE = "The picture exceeds the limit of 4MB."
SEND_AGAIN = "Your notice could not be recorded. Please send it again."

_email = TypeAdapter(EmailStr)


@dataclass(frozen=True)
class Picture:
    """The optional picture of a multipart notice: its bytes, or None when over the limit."""

    data: bytes | None


def clock_for(kind: str, received: datetime) -> tuple[datetime, datetime, datetime]:
    """(due_at, target_at, warn_at) of a notice of this kind received then."""
    span = URGENT_CLOCK if kind in URGENT_KINDS else OTHER_CLOCK
    due = received + span
    target = received + URGENT_TARGET if kind in URGENT_KINDS else due
    return due, target, received + span / 2


def _hosts() -> set[str]:
    settings = get_settings()
    hosts = {urlsplit(settings.site_url).netloc.lower()}
    if settings.media_host_url:
        hosts.add(urlsplit(settings.media_host_url).netloc.lower())
    return {h for h in hosts if h} | {f"www.{h}" for h in hosts if h and not h.startswith("www.")}


def site_url(raw: str) -> str | None:
    """The address as one of this site's own absolute URLs, or None when it points elsewhere."""
    text = raw.strip()
    if not text or any(ch.isspace() or ord(ch) < 32 for ch in text):
        return None
    root = get_settings().site_url.rstrip("/")
    if text.startswith("/") and not text.startswith("//"):
        parts = urlsplit(root + text)
    else:
        parts = urlsplit(text if "://" in text else f"https://{text}")
        if parts.scheme not in ("http", "https") or parts.netloc.lower() not in _hosts():
            return None
        if parts.netloc.lower() != urlsplit(root).netloc.lower():
            # The media host keeps its own origin: that is where the file is.
            return f"{parts.scheme}://{parts.netloc.lower()}{parts.path or '/'}"
    path = parts.path or "/"
    return root + path + (f"?{parts.query}" if parts.query else "")


def _check(data: NoticeIn, *, has_picture: bool) -> tuple[list[str], dict[str, list[str]]]:
    """The notice's addresses made canonical, and every problem at once, by field."""
    errors: dict[str, list[str]] = {}
    urls: list[str] = []
    for raw in data.urls:
        if not raw.strip():
            continue
        url = site_url(raw)
        if url is None:
            errors.setdefault("urls", []).append(NOT_OURS.format(url=raw.strip()[:100]))
        elif url not in urls:
            urls.append(url)
    if not urls and not has_picture and "urls" not in errors:
        errors["urls"] = [NO_CONTENT]
    if len(data.description.strip()) < 10:
        errors["description"] = [DESCRIPTION]
    if data.good_faith is not True:
        errors["good_faith"] = [GOOD_FAITH]
    # A notice about a minor may be anonymous (DSA Art. 16(2)(c)); every other needs a name and a contact.
    anonymous_ok = data.kind == "minor"
    if len(data.signature.strip()) < 2 and not anonymous_ok:
        errors["signature"] = [SIGNATURE]
    email = data.contact_email.strip()
    if email:
        try:
            _email.validate_python(email)
        except ValidationError:
            errors["contact_email"] = ["Enter a valid e-mail address."]
    elif not anonymous_ok:
        errors["contact_email"] = [CONTACT]
    return urls, errors


def _store_picture(raw: bytes) -> tuple[str, str | None]:
    """Validate, strip and keep the picture privately; its path and usable PDQ hash."""
    if len(raw) > media_limits.MAX_FILE_BYTES:
        raise FieldError("picture", PICTURE_TOO_LARGE)
    try:
        clean = media.reencode_private(raw)
    except FieldError as exc:
        raise FieldError("picture", exc.message) from exc
    pdq, quality = media.hash_upload(data=clean)
    folder = get_settings().private_dir / "notices"
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{secrets.token_urlsafe(24)}.webp"
    (folder / name).write_bytes(clean)
    return f"notices/{name}", pdq if quality >= MIN_PDQ_QUALITY else None


def _discard(path: str | None) -> None:
    if path:
        (get_settings().private_dir / path).unlink(missing_ok=True)


def new_reference() -> str:
    """N-XXXX-XXXX in an alphabet without look-alikes (0/O, 1/I/L), read out loud without mistakes."""
    alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
    chars = "".join(secrets.choice(alphabet) for _ in range(8))
    return f"N-{chars[:4]}-{chars[4:]}"


def _utc(at: datetime) -> str:
    return at.strftime("%Y-%m-%d %H:%M UTC")


def _receipt(notice: Notice, words: dict[str, str]) -> str:
    ref = notice.reference
    lines = [
        words["notice_received_intro"].format(ref=ref),
        "",
        words["notice_what"].format(kind=words[f"kind_{notice.kind}"]),
    ]
    if notice.urls:
        lines += [words["notice_addresses"], *[f"  {u}" for u in notice.urls]]
    if notice.picture_path:
        lines.append(words["notice_picture"])
    lines += ["", words["notice_due"].format(due=_utc(notice.due_at)), words["notice_quote"].format(ref=ref)]
    return "\n".join(lines) + "\n"


def submit(
    session: Session,
    *,
    data: NoticeIn,
    picture: Picture | None,
    reporter: User | None,
    ip: str,
    ip_key: str,
    language: str = "en",
) -> NoticeReceipt:
    """Check and record a notice, keep its picture privately, mail the receipt and alert moderators."""
    ratelimit.hit(NOTICE_LIMIT, "notice", ip_key)
    urls, errors = _check(data, has_picture=picture is not None)
    if picture is not None and picture.data is None:
        errors["picture"] = [PICTURE_TOO_LARGE]
    if errors:
        raise FieldError(errors)
    path, pdq = (
        _store_picture(picture.data) if picture is not None and picture.data is not None else (None, None)
    )
    now = clock.now()
    due, _, warn = clock_for(data.kind, now)
    notice = Notice(
        reference=new_reference(),
        kind=data.kind,
        urls=urls,
        description=data.description.strip(),
        good_faith=True,
        signature=data.signature.strip(),
        contact_email=data.contact_email.strip(),
        language=mail.chosen(language),
        picture_path=path,
        picture_pdq=pdq,
        reporter_id=reporter.id if reporter else None,
        ip_address=ip,
        created_at=now,
        due_at=due,
        warn_at=warn,
    )
    try:
        session.add(notice)
        session.flush()
        if notice.contact_email:
            words = texts.words_for(
                session, user=reporter, email=notice.contact_email, language=notice.language
            )
            mail.queue(
                session,
                to=notice.contact_email,
                subject=words["notice_received_subject"].format(ref=notice.reference),
                body=_receipt(notice, words),
            )
        alerts.new_notice(session, notice=notice)
        session.commit()
    except IntegrityError as exc:  # the one-in-a-trillion reference collision: asked again
        session.rollback()
        _discard(path)
        raise AppError(SEND_AGAIN) from exc
    except Exception:
        session.rollback()
        _discard(path)
        raise
    return NoticeReceipt(reference=notice.reference, due_at=notice.due_at)
