"""Mails arrive in the member's language (issue 32): English or French, chosen at registration from
the site's locale cookie and again whenever the member switches language signed in."""

from __future__ import annotations

import importlib
import pkgutil
import re
import string
from datetime import timedelta

import pytest
from sqlalchemy import select

import addme
from addme.accounts.models import User
from addme.core import clock
from addme.core.config import get_settings
from addme.mail import service as mail
from addme.mail.models import OutboxMessage
from addme.moderation.models import Notice
from addme.moderation.requests import RemovalRequest
from addme.wallet.reminders import send_end_reminders
from tests.factories.accounts import auth, make_user, token_for
from tests.factories.community import CAPTCHA, banned, png
from tests.factories.listings import make_username
from tests.factories.wallet import paid_order, webhook

GOOD = "a long enough passphrase"


def _register(client, email: str, cookie: str | None):
    if cookie is not None:
        client.cookies.set("i18n_redirected", cookie)
    return client.post(
        "/v1/auth/register",
        json={
            "email": email,
            "password": GOOD,
            "password_confirmation": GOOD,
            "terms": True,
            "captcha_token": "local-captcha-ok",
        },
    )


def _last_mail(db, email: str) -> OutboxMessage:
    db.expire_all()
    msg = db.scalars(
        select(OutboxMessage).where(OutboxMessage.to == email).order_by(OutboxMessage.id.desc())
    ).first()
    assert msg is not None, f"no mail to {email}"
    return msg


def _confirm_and_sign_in(client, db, email: str) -> None:
    token = re.search(r"/auth/email-confirmation/(\S+)", _last_mail(db, email).body)
    assert token, "no confirmation link"
    r = client.post("/v1/auth/email-confirmation", json={"token": token.group(1)})
    assert r.status_code == 200, r.text


def test_a_member_registered_in_french_gets_the_confirmation_in_french(client, db):
    assert _register(client, "amelie@example.com", "fr").status_code == 201
    msg = _last_mail(db, "amelie@example.com")
    assert msg.subject.startswith("Confirmez votre compte")
    assert "Confirmez votre adresse e-mail pour vous connecter" in msg.body
    assert "Ce lien expire dans 24 heures." in msg.body
    assert "/auth/email-confirmation/" in msg.body
    assert "Confirm your" not in msg.subject + msg.body


@pytest.mark.parametrize("cookie", [None, "en", "de", "fr-FR"])
def test_any_other_locale_registers_an_english_member(client, db, cookie):
    assert _register(client, "jo@example.com", cookie).status_code == 201
    msg = _last_mail(db, "jo@example.com")
    assert msg.subject.startswith("Confirm your") and "Welcome to" in msg.body
    assert db.scalar(select(User.language).where(User.email == "jo@example.com")) == "en"


def test_after_switching_to_english_the_password_reset_arrives_in_english(client, db):
    _register(client, "claire@example.com", "fr")
    _confirm_and_sign_in(client, db, "claire@example.com")
    client.post("/v1/auth/forgot-password", json={"email": "claire@example.com"})
    assert _last_mail(db, "claire@example.com").subject.startswith("Réinitialisez votre mot de passe")

    # Signed in by the confirmation link's cookie, as the web app is (with its CSRF twin).
    csrf = {"X-CSRF-Token": client.cookies.get("addme_csrf") or ""}
    r = client.put("/v1/user/language", json={"language": "en"}, headers=csrf)
    assert r.status_code == 204, r.text
    client.post("/v1/auth/forgot-password", json={"email": "claire@example.com"})
    msg = _last_mail(db, "claire@example.com")
    assert msg.subject.startswith("Reset your") and msg.subject.endswith("password")
    assert "Choose a new password here: " in msg.body and "/auth/forgot-password/" in msg.body
    assert "mot de passe" not in msg.body


def test_only_english_or_french_can_be_chosen_and_only_signed_in(client, db):
    user = make_user(db, language="fr")
    h = auth(token_for(db, user))
    r = client.put("/v1/user/language", json={"language": "de"}, headers=h)
    assert r.status_code == 422
    db.refresh(user)
    assert user.language == "fr"
    assert client.put("/v1/user/language", json={"language": "en"}).status_code == 401


def test_an_account_without_a_choice_reads_its_countrys_language(db):
    old_fr = make_user(db, country_code="BE")
    old_us = make_user(db, country_code="US")
    chose_en = make_user(db, country_code="FR", language="en")
    assert mail.language_of(old_fr) == "fr"
    assert mail.language_of(old_us) == "en"
    assert mail.language_of(chose_en) == "en"
    assert mail.language_of(None) == "en"


def test_a_french_member_gets_their_shop_keys_in_french(client, db):
    make_user(db, email="acheteur@example.com", language="fr")
    raw, headers = webhook(paid_order(email="acheteur@example.com", topup_100=1))
    assert client.post("/v1/webhooks/shop", content=raw, headers=headers).status_code == 200
    msg = _last_mail(db, "acheteur@example.com")
    assert msg.subject.startswith("Vos clés") and "commande n°" in msg.subject
    assert "Merci pour votre commande. Voici vos clés." in msg.body
    assert "- 100 Top-Ups: " in msg.body
    assert "Les achats ne sont pas remboursables." in msg.body

    # A buyer without an account reads English.
    raw, headers = webhook(paid_order(820982911946154509, email="guest@example.com", topup_100=1))
    client.post("/v1/webhooks/shop", content=raw, headers=headers)
    assert "Thank you for your order. Here are your keys." in _last_mail(db, "guest@example.com").body


def test_a_french_member_is_reminded_in_french_that_their_vip_ends(db):
    fr = make_user(db, language="fr", promotion_ending_at=clock.now() + timedelta(days=2))
    en = make_user(db, country_code="FR", language="en", studio_ending_at=clock.now() + timedelta(days=1))
    send_end_reminders(db)
    msg = _last_mail(db, fr.email)
    assert msg.subject.startswith("Votre VIP se termine le")
    assert "Renouvelez maintenant pour les garder" in msg.body and "/shop#product-vip-month" in msg.body
    assert _last_mail(db, en.email).subject.startswith("Your Studio Key ends on")


def test_a_french_member_reads_the_unban_decision_in_french(client, db):
    owner = make_user(db, language="fr")
    u = banned(db, user=owner, until=None)
    r = client.post(
        f"/v1/user/usernames/{u.id}/unban-request",
        json={"message": "Svp"},
        headers=auth(token_for(db, owner)),
    )
    req_id = r.json()["request"]["id"]
    moderator = auth(token_for(db, make_user(db, admin_level="Moderator")))
    r = client.post(
        f"/v1/admin/unban-requests/{req_id}/decide",
        json={"action": "accept", "reason": "Seconde chance"},
        headers=moderator,
    )
    assert r.status_code == 200, r.text
    msg = _last_mail(db, owner.email)
    assert msg.subject == f"Votre demande de débannissement pour {u.username} a été acceptée"
    assert "votre nom d'utilisateur est de nouveau listé" in msg.body
    assert "Motif : Seconde chance" in msg.body


def test_a_visitor_who_files_a_notice_in_french_reads_the_receipt_and_outcome_in_french(client, db):
    """No account owns the contact address: the site's language at filing time is the one kept."""
    from tests.moderation.test_notices import SITE
    from tests.moderation.test_notices import body as notice_body

    client.cookies.set("i18n_redirected", "fr")
    target = make_username(db)
    r = client.post(
        "/v1/notices",
        json=notice_body(
            kind="other", urls=[f"{SITE}/profile/{target.id}"], contact_email="visiteuse@example.com"
        ),
    )
    assert r.status_code == 201, r.text
    ref = r.json()["data"]["reference"]
    assert _last_mail(db, "visiteuse@example.com").subject == f"Votre notification {ref} a bien été reçue"
    client.cookies.clear()  # the moderator's own language has no say in the requester's mail

    notice_id = db.scalar(select(Notice.id).where(Notice.reference == ref))
    moderator = auth(token_for(db, make_user(db, admin_level="Moderator")))
    r = client.post(
        f"/v1/admin/notices/{notice_id}/decide",
        json={
            "action": "reject",
            "ground": "terms",
            "category": "scope_of_platform_service",
            "reason": "Rien d'illicite ici.",
        },
        headers=moderator,
    )
    assert r.status_code == 200, r.text
    assert (
        _last_mail(db, "visiteuse@example.com").subject
        == f"Votre notification {ref} : le contenu reste en ligne"
    )


def test_a_visitor_who_asks_for_a_removal_in_french_reads_both_mails_in_french(client, db):
    client.cookies.set("i18n_redirected", "fr")
    r = client.post(
        "/v1/remove-username",
        data={
            "username": "ma_poche",
            "app": "snapchat",
            "reason": "C'est mon compte et je ne l'ai jamais inscrit.",
            "email": "proprio@example.com",
            "captcha_token": CAPTCHA,
        },
        files={"screenshot": ("shot.png", png(), "image/png")},
    )
    assert r.status_code == 200, r.text
    req_id = db.scalar(select(RemovalRequest.id).order_by(RemovalRequest.id.desc()))
    assert (
        _last_mail(db, "proprio@example.com").subject
        == f"Votre demande de retrait n° {req_id} a bien été reçue"
    )
    client.cookies.clear()
    moderator = auth(token_for(db, make_user(db, admin_level="Moderator")))
    r = client.post(
        f"/v1/admin/removal-requests/{req_id}/decide",
        json={"action": "refuse", "reason": "Preuve absente"},
        headers=moderator,
    )
    assert r.status_code == 200, r.text
    assert _last_mail(db, "proprio@example.com").subject == f"Votre demande de retrait n° {req_id}"


def test_a_visitor_filing_in_english_still_reads_english(client, db):
    from tests.moderation.test_notices import body as notice_body

    r = client.post("/v1/notices", json=notice_body(contact_email="visitor@example.com"))
    assert r.status_code == 201, r.text
    assert _last_mail(db, "visitor@example.com").subject.startswith("Your notice ")


# -- every text in both languages ------------------------------------------------------------------


def _text_tables() -> dict[str, dict[str, object]]:
    """Every domain's mail texts: `texts` modules' MAILS (and any other {"en":..., "fr":...} table
    in them), plus the dead-handle mail's SUBJECT and BODY."""
    tables: dict[str, dict[str, object]] = {}
    for info in pkgutil.walk_packages(addme.__path__, "addme."):
        if not info.name.endswith(".texts"):
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if (
                isinstance(value, dict)
                and set(value) >= {"en"}
                and all(isinstance(v, dict) for v in value.values())
            ):
                tables[f"{info.name}.{name}"] = value
    dead = importlib.import_module("addme.listings.dead_handles")
    tables["dead_handles.SUBJECT"] = {k: {"subject": v} for k, v in dead.SUBJECT.items()}
    tables["dead_handles.BODY"] = {k: {"body": v} for k, v in dead.BODY.items()}
    return tables


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_every_member_mail_text_exists_in_english_and_french():
    tables = _text_tables()
    for expected in (
        "accounts",
        "shop",
        "wallet",
        "moderation",
        "comments",
        "privacy",
        "content",
        "decisions",
    ):
        assert f"addme.{expected}.texts.MAILS" in tables or expected == "decisions", expected
    assert "addme.decisions.texts.WORDS" in tables
    for where, table in tables.items():
        assert set(table) == {"en", "fr"}, where
        en, fr = table["en"], table["fr"]
        assert isinstance(en, dict) and isinstance(fr, dict)
        assert set(en) == set(fr), f"{where}: {set(en) ^ set(fr)}"
        for key, text in en.items():
            assert isinstance(text, str) and isinstance(fr[key], str), (where, key)
            assert fr[key].strip(), (where, key)
            # The same blanks filled in both languages: a French mail never loses the link or number.
            assert _fields(text) == _fields(fr[key]), (where, key)


def test_a_removal_request_is_answered_in_the_language_of_the_account_that_owns_its_address(client, db):
    make_user(db, email="proprietaire@example.com", language="fr")
    form = {
        "username": "victim_01",
        "app": "snapchat",
        "reason": "C'est mon compte et je ne l'ai jamais listé.",
        "email": "proprietaire@example.com",
        "captcha_token": CAPTCHA,
    }
    r = client.post("/v1/remove-username", data=form, files={"screenshot": ("s.png", png(), "image/png")})
    assert r.status_code == 200, r.text
    receipt = _last_mail(db, "proprietaire@example.com")
    assert receipt.subject.startswith("Votre demande de retrait n°") and "a bien été reçue" in receipt.subject
    assert "Nous avons bien reçu votre demande de retrait de victim_01 (snapchat)" in receipt.body
    # Support's copy stays English.
    staff = _last_mail(db, get_settings().support_email)
    assert staff.subject.startswith("[Removal request #") and "Reason:" in staff.body
