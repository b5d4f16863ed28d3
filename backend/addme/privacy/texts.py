"""The mails privacy sends a member, in English and French (mail.language_of)."""

from __future__ import annotations

MAILS: dict[str, dict[str, str]] = {
    "en": {
        "export_subject": "Your {site} data is ready",
        "export_body": (
            "The copy of your data you asked for is ready.\n\n"
            "Download it from your account page (signed in): {link}\n\n"
            "It is a ZIP of JSON files and your pictures. It is deleted in 72 hours; you can ask for a new "
            "one at any time."
        ),
    },
    "fr": {
        "export_subject": "Vos données {site} sont prêtes",
        "export_body": (
            "La copie de vos données que vous avez demandée est prête.\n\n"
            "Téléchargez-la depuis la page de votre compte (connecté) : {link}\n\n"
            "C'est un fichier ZIP de fichiers JSON et de vos photos. Elle est supprimée dans 72 heures ; "
            "vous pouvez en demander une nouvelle à tout moment."
        ),
    },
}
