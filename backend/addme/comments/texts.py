"""The mails comments send a listing's owner, in English and French (mail.language_of)."""

from __future__ import annotations

MAILS: dict[str, dict[str, str]] = {
    "en": {
        "burst_subject": "Many comments on {handle}: some wait for a moderator",
        "burst_body": (
            "More than {n} comments arrived on your listing {handle} within an hour. To keep a pile-on off "
            "your profile, the next ones wait for a moderator before they are shown. Nothing is needed "
            "from you."
        ),
    },
    "fr": {
        "burst_subject": "Beaucoup de commentaires sur {handle} : certains attendent un modérateur",
        "burst_body": (
            "Plus de {n} commentaires sont arrivés sur votre fiche {handle} en moins d'une heure. Pour "
            "protéger votre profil d'un afflux, les suivants attendent un modérateur avant d'être "
            "affichés. Vous n'avez rien à faire."
        ),
    },
}
