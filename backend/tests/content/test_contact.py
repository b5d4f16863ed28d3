"""The contact form: captcha, per-reason fields, the 5-digit order number, account hopping, support copy."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from addme.content.contact import REASON_FIELDS
from addme.content.models import ContactRequest
from addme.core.config import get_settings
from addme.mail.models import OutboxMessage
from tests.factories.community import CAPTCHA, member
from tests.factories.listings import make_username

FULL: dict[str, object] = {
    "order_number": "12345",
    "checkout_email": "buyer@example.com",
    "checked_junk": True,
    "received_confirmation": "yes",
    "pasted_content": "tx 0xabc",
    "usernames": ["someone"],
    "justification": "Because.",
    "other_notes": "Details here.",
}


def form(reason: str, **over: object) -> dict[str, object]:
    body: dict[str, object] = {"reason": reason, "reply_email": "me@example.com", "captcha_token": CAPTCHA}
    body.update(over)
    return body


def test_submit_stores_and_mails_support(client, db) -> None:
    r = client.post(
        "/v1/contact",
        json=form(
            "nokey",
            **{
                k: FULL[k]
                for k in ("order_number", "checkout_email", "checked_junk", "received_confirmation")
            },
        ),
    )
    assert r.status_code == 200, r.text
    assert r.json() == {"success": True, "message": "Thank you. Your inquiry has been submitted."}
    req = db.scalar(select(ContactRequest))
    assert req is not None and req.reason == "nokey" and req.fields["order_number"] == "12345"
    mail = db.scalar(select(OutboxMessage).where(OutboxMessage.to == get_settings().support_email))
    assert mail is not None and "nokey" in mail.subject and "12345" in mail.body


def test_captcha_required(client, db) -> None:
    r = client.post("/v1/contact", json=form("general", other_notes="hi", captcha_token=None))
    assert r.status_code == 422 and r.json()["message"] == "Please complete the captcha."
    assert db.scalar(select(func.count()).select_from(ContactRequest)) == 0


@pytest.mark.parametrize("bad", ["1234", "123456", "12a45", "١٢٣٤٥"])
def test_order_number_is_five_digits(client, bad) -> None:  # type: ignore[no-untyped-def]
    r = client.post("/v1/contact", json=form("blocktx", order_number=bad, checkout_email="b@example.com"))
    assert r.status_code == 422
    assert r.json()["errors"]["order_number"] == ["The order number is 5 digits."]


@pytest.mark.parametrize("reason", sorted(REASON_FIELDS))
def test_each_reason_lists_its_missing_fields(client, reason) -> None:  # type: ignore[no-untyped-def]
    required, _ = REASON_FIELDS[reason]
    r = client.post("/v1/contact", json=form(reason))
    assert r.status_code == 422
    assert set(r.json()["errors"]) == set(required)


@pytest.mark.parametrize("reason", sorted(set(REASON_FIELDS) - {"accounthopping"}))
def test_each_reason_accepts_its_fields(client, db, reason) -> None:  # type: ignore[no-untyped-def]
    r = client.post("/v1/contact", json=form(reason, **FULL))
    assert r.status_code == 200, r.text
    req = db.scalar(select(ContactRequest))
    required, optional = REASON_FIELDS[reason]
    # Fields the reason does not use are dropped.
    assert set(req.fields) <= set(required) | set(optional)


def test_nokey_needs_junk_checked(client) -> None:
    r = client.post("/v1/contact", json=form("nokey", **{**FULL, "checked_junk": False}))
    assert r.status_code == 422 and r.json()["errors"]["checked_junk"] == [
        "Please check your junk and spam folder first."
    ]


def test_received_confirmation_is_yes_or_no(client) -> None:
    r = client.post("/v1/contact", json=form("nokey", **{**FULL, "received_confirmation": "maybe"}))
    assert r.status_code == 422 and "received_confirmation" in r.json()["errors"]


def test_account_hopping_usernames_must_be_on_the_account(client, db) -> None:
    user, h = member(db)
    make_username(db, user=user, username="mine_one")
    make_username(db, username="not_mine")
    body = form("accounthopping", usernames=["Mine_One"], justification="Shared device.")
    assert client.post("/v1/contact", json=body).status_code == 422  # signed out
    assert client.post("/v1/contact", json=body, headers=h).status_code == 200
    r = client.post("/v1/contact", json={**body, "usernames": ["mine_one", "not_mine"]}, headers=h)
    assert r.status_code == 422 and "not_mine" in r.json()["errors"]["usernames"][0]


def test_unknown_fields_and_reasons_refused(client) -> None:
    assert client.post("/v1/contact", json=form("refund", other_notes="x")).status_code == 422
    assert client.post("/v1/contact", json=form("general", other_notes="x", admin=True)).status_code == 422


def test_rate_limited_per_ip(client) -> None:
    for _ in range(5):
        assert client.post("/v1/contact", json=form("general", other_notes="hello")).status_code == 200
    r = client.post("/v1/contact", json=form("general", other_notes="hello"))
    assert r.status_code == 429 and "Retry-After" in r.headers
