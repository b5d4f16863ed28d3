"""The reminder mails the wallet sends a member, in English and French (mail.language_of)."""

from __future__ import annotations

MAILS: dict[str, dict[str, str]] = {
    "en": {
        "studio": "Studio Key",
        "auto_topup": "Auto Top-Up",
        "vip": "VIP",
        "ending_subject": "Your {what} ends on {date}",
        "ending_body": (
            "Hello,\n\n"
            "Your {what} on AddMe ends on {date} UTC. After that date its perks stop.\n\n"
            "Renew it now to keep them: {link}\n\n"
            "If you already renewed, you can ignore this message.\n\n"
            "AddMe"
        ),
    },
    "fr": {
        "studio": "abonnement Studio",
        "auto_topup": "Auto Top-Up",
        "vip": "VIP",
        "ending_subject": "Votre {what} se termine le {date}",
        "ending_body": (
            "Bonjour,\n\n"
            "Votre {what} sur AddMe se termine le {date} UTC. Après cette date, ses avantages "
            "s'arrêtent.\n\n"
            "Renouvelez maintenant pour les garder : {link}\n\n"
            "Si vous avez déjà renouvelé, vous pouvez ignorer ce message.\n\n"
            "AddMe"
        ),
    },
}
