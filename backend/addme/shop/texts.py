"""The mails the shop sends a buyer, in English and French (the buyer's account language)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from addme.accounts import service as accounts
from addme.accounts.models import User
from addme.mail import service as mail
from addme.shop.constants import DELIVERY_NOTE
from addme.shop.models import Order

MAILS: dict[str, dict[str, str]] = {
    "en": {
        "keys_subject": "Your {site} keys - order #{number}",
        "keys_intro": "Thank you for your order. Here are your keys.",
        "keys_intro_resent": "Here are new codes for the keys of your order (the old codes no longer work).",
        "keys_body": (
            "{intro}\n\n{lines}\n\n"
            "Apply each key once in your account: {link}\n"
            "Each key works once. Purchases are non-refundable.\n\n"
            "Order number: {number}\n" + DELIVERY_NOTE
        ),
        "frozen_subject": "Order #{number} is frozen",
        "frozen_body": (
            "Your order #{number} is frozen: {reason}\n\n"
            "It will be cancelled and refunded minus the fee. Write to support with the order number "
            "if you have a question (reason: frozen order)."
        ),
        "refunded_subject": "Order #{number} cancelled and refunded",
        "refunded_body": (
            "Your frozen order #{number} is cancelled. {refund} {currency} was refunded to the sending "
            "address; the {fee} fee is not refunded."
        ),
    },
    "fr": {
        "keys_subject": "Vos clés {site} - commande n° {number}",
        "keys_intro": "Merci pour votre commande. Voici vos clés.",
        "keys_intro_resent": (
            "Voici de nouveaux codes pour les clés de votre commande (les anciens codes ne fonctionnent plus)."
        ),
        "keys_body": (
            "{intro}\n\n{lines}\n\n"
            "Appliquez chaque clé une fois dans votre compte : {link}\n"
            "Chaque clé ne fonctionne qu'une fois. Les achats ne sont pas remboursables.\n\n"
            "Numéro de commande : {number}\n"
            "Les clés sont envoyées par e-mail en 30 secondes à 5 minutes, rarement jusqu'à 30 minutes. "
            "Vérifiez votre dossier courrier indésirable et spam."
        ),
        "frozen_subject": "La commande n° {number} est gelée",
        "frozen_body": (
            "Votre commande n° {number} est gelée : {reason}\n\n"
            "Elle sera annulée et remboursée, frais déduits. Écrivez au support avec le numéro de "
            "commande si vous avez une question (motif : commande gelée)."
        ),
        "refunded_subject": "Commande n° {number} annulée et remboursée",
        "refunded_body": (
            "Votre commande gelée n° {number} est annulée. {refund} {currency} ont été remboursés à "
            "l'adresse d'envoi ; les frais de {fee} ne sont pas remboursés."
        ),
    },
}


def words_for(session: Session, order: Order) -> dict[str, str]:
    """The mail texts in the language of the order's account, else of the account that owns the
    checkout e-mail (a card order arrives by webhook without an account); English for nobody's."""
    buyer = session.get(User, order.user_id) if order.user_id is not None else None
    if buyer is None:
        buyer = accounts.get_by_email(session, email=order.email)
    return MAILS[mail.language_of(buyer)]
