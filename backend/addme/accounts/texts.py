"""The mails accounts send a member, in English and French (the member's language: mail.language_of)."""

from __future__ import annotations

MAILS: dict[str, dict[str, str]] = {
    "en": {
        "taken_subject": "Someone tried to register on {site} with your email",
        "taken_body": (
            "Hello,\n\nSomeone (maybe you) tried to create a {site} account with this email address. "
            "You already have an account.\n\n"
            "If you forgot your password, reset it here: {link}\n\n"
            "If it wasn't you, you can ignore this message."
        ),
        "confirm_subject": "Confirm your {site} account",
        "confirm_body": (
            "Welcome to {site}!\n\nConfirm your email address to log in:\n{link}\n\n"
            "This link expires in 24 hours.\nIf you did not register, ignore this message."
        ),
        "reset_subject": "Reset your {site} password",
        "reset_body": (
            "Someone asked to reset the password of your account.\n\n"
            "Choose a new password here: {link}\n\n"
            "This link expires in 1 hour and works once. If it wasn't you, ignore this message."
        ),
    },
    "fr": {
        "taken_subject": "Quelqu'un a tenté de s'inscrire sur {site} avec votre adresse e-mail",
        "taken_body": (
            "Bonjour,\n\nQuelqu'un (peut-être vous) a tenté de créer un compte {site} avec cette adresse "
            "e-mail. Vous avez déjà un compte.\n\n"
            "Si vous avez oublié votre mot de passe, réinitialisez-le ici : {link}\n\n"
            "Si ce n'était pas vous, vous pouvez ignorer ce message."
        ),
        "confirm_subject": "Confirmez votre compte {site}",
        "confirm_body": (
            "Bienvenue sur {site} !\n\nConfirmez votre adresse e-mail pour vous connecter :\n{link}\n\n"
            "Ce lien expire dans 24 heures.\nSi vous ne vous êtes pas inscrit, ignorez ce message."
        ),
        "reset_subject": "Réinitialisez votre mot de passe {site}",
        "reset_body": (
            "Quelqu'un a demandé à réinitialiser le mot de passe de votre compte.\n\n"
            "Choisissez un nouveau mot de passe ici : {link}\n\n"
            "Ce lien expire dans 1 heure et ne fonctionne qu'une fois. Si ce n'était pas vous, "
            "ignorez ce message."
        ),
    },
}
