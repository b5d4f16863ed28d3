"""What AddMe holds about a member, section by section, as JSON-ready rows: every domain's tables
read (never written) here, secrets left out (password and token hashes)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from addme.accounts import service as accounts
from addme.accounts.models import AuthToken, User
from addme.listings.models import Username
from addme.media.models import Media
from addme.moderation import member_decisions
from addme.moderation.models import Report
from addme.shop.models import Order
from addme.wallet.models import LedgerEntry, Wallet

# Never exported: what would let anyone sign in as the member, and the search engine's own columns.
_SECRET = {"password_hash", "token_hash", "code_hash", "search_vector"}


def plain(value: Any) -> Any:
    """A value JSON can carry."""
    if isinstance(value, datetime):
        return value.isoformat() + ("Z" if value.tzinfo is None else "")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, bytes):
        return value.hex()
    return value


def row(obj: Any) -> dict[str, Any]:
    """A model row's columns, secrets left out."""
    return {
        c.key: plain(getattr(obj, c.key))
        for c in obj.__table__.columns
        if c.key not in _SECRET and hasattr(obj, c.key)
    }


def sections(session: Session, *, user: User) -> tuple[dict[str, Any], list[Media]]:
    """Every section of the export (file name -> rows), and the media rows whose files go with it."""
    uid = user.id
    wallet = session.get(Wallet, uid)
    media = list(session.scalars(select(Media).where(Media.user_id == uid).order_by(Media.id)))
    data: dict[str, Any] = {
        "account.json": {**row(user), "wallet": row(wallet) if wallet else None},
        "usernames.json": [
            row(u)
            for u in session.scalars(select(Username).where(Username.user_id == uid).order_by(Username.id))
        ],
        "media.json": [{**row(m), "file": f"media/{file_name(m)}"} for m in media],
        "orders.json": [
            row(o)
            for o in session.scalars(
                select(Order)
                .where(or_(Order.user_id == uid, Order.email_normalized == user.email_normalized))
                .order_by(Order.id)
            )
        ],
        "ledger.json": [
            row(e)
            for e in session.scalars(
                select(LedgerEntry).where(LedgerEntry.user_id == uid).order_by(LedgerEntry.id)
            )
        ],
        "reports.json": [
            row(r)
            for r in session.scalars(select(Report).where(Report.reporter_id == uid).order_by(Report.id))
        ],
        "decisions.json": [
            {k: plain(v) for k, v in d.items()}
            for d in member_decisions.decisions_about(session, user_id=uid)
        ],
        "sessions.json": [
            row(t)
            for t in session.scalars(select(AuthToken).where(AuthToken.user_id == uid).order_by(AuthToken.id))
        ],
        "consents.json": [
            {"kind": k, "granted": g, "at": plain(at)}
            for k, g, at in accounts.consents.changes(session, user_id=uid)
        ],
    }
    return data, media


def file_name(media: Media) -> str:
    """The file's name inside the ZIP: the media row's id and its stored name's extension."""
    ext = media.storage_key.rsplit(".", 1)[-1] if "." in media.storage_key else "bin"
    return f"{media.id}-{media.kind}.{ext}"
