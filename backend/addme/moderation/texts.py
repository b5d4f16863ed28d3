"""The mails moderation sends members and requesters, in English and French.

A member's mail follows their language (mail.language_of). A request or notice can come from a
visitor: its answers follow the account that sent it (signed in) or that owns its reply address,
and are English for someone without an account. Mail to moderators stays English (alerts.py).
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from addme.accounts import service as accounts
from addme.accounts.models import User
from addme.mail import service as mail

MAILS: dict[str, dict[str, str]] = {
    "en": {
        "unban_accepted_subject": "Your unban request for {handle} was accepted",
        "unban_refused_subject": "Your unban request for {handle} was refused",
        "unban_accepted_body": "Your unban request for {handle} ({app}) was accepted: your username is listed again.\n\n",
        "unban_refused_body": "Your unban request for {handle} ({app}) was refused: it stays banned.\n\n",
        "reason_line": "Reason: {reason}\n",
        "removal_received_subject": "Your removal request #{id} was received",
        "removal_received_body": (
            "We received your request to remove {handle} ({app}) from AddMe.\n\n"
            "We will decide by {due} and e-mail you the outcome.\n"
        ),
        "removal_subject": "Your removal request #{id}",
        "removal_done_body": (
            "The username {handle} ({app}) has been removed from AddMe and cannot be listed again.\n"
        ),
        "removal_refused_body": "We did not remove the username {handle} ({app}).\n\nReason: {reason}\n",
        "notice_received_subject": "Your notice {ref} was received",
        "notice_received_intro": "We received your notice {ref} about content on AddMe.",
        "notice_what": "What you reported: {kind}",
        "notice_addresses": "Addresses:",
        "notice_picture": "A picture, kept privately for our moderators.",
        "notice_due": "We will decide by {due} and write to you at this address with the outcome.",
        "notice_quote": "Quote {ref} if you write to us about it.",
        "kind_ncii": "An intimate image shared without consent",
        "kind_minor": "A minor (someone under 18)",
        "kind_impersonation": "Impersonation or a stolen photo",
        "kind_illegal": "Illegal content",
        "kind_other": "Something else",
        "notice_removed_subject": "Your notice {ref}: the content was removed",
        "notice_removed_copies": ", including {copies} copies found by image matching",
        "notice_removed_body": (
            "We removed the content your notice {ref} named ({removed} items{extra}).\n"
            "An image removed this way cannot be uploaded to AddMe again.\n\n"
            "Reason: {reason}\n"
        ),
        "notice_kept_subject": "Your notice {ref}: the content stays",
        "notice_kept_body": (
            "We looked at your notice {ref} and did not remove the content.\n\n"
            "Reason: {reason}\n\n"
            "If you disagree, write to us through the contact page, quoting {ref}.\n"
        ),
    },
    "fr": {
        "unban_accepted_subject": "Votre demande de débannissement pour {handle} a été acceptée",
        "unban_refused_subject": "Votre demande de débannissement pour {handle} a été refusée",
        "unban_accepted_body": (
            "Votre demande de débannissement pour {handle} ({app}) a été acceptée : votre nom "
            "d'utilisateur est de nouveau listé.\n\n"
        ),
        "unban_refused_body": (
            "Votre demande de débannissement pour {handle} ({app}) a été refusée : il reste banni.\n\n"
        ),
        "reason_line": "Motif : {reason}\n",
        "removal_received_subject": "Votre demande de retrait n° {id} a bien été reçue",
        "removal_received_body": (
            "Nous avons bien reçu votre demande de retrait de {handle} ({app}) d'AddMe.\n\n"
            "Nous déciderons d'ici le {due} et vous enverrons la réponse par e-mail.\n"
        ),
        "removal_subject": "Votre demande de retrait n° {id}",
        "removal_done_body": (
            "Le nom d'utilisateur {handle} ({app}) a été retiré d'AddMe et ne peut plus y être listé.\n"
        ),
        "removal_refused_body": (
            "Nous n'avons pas retiré le nom d'utilisateur {handle} ({app}).\n\nMotif : {reason}\n"
        ),
        "notice_received_subject": "Votre notification {ref} a bien été reçue",
        "notice_received_intro": "Nous avons bien reçu votre notification {ref} concernant un contenu sur AddMe.",
        "notice_what": "Ce que vous avez signalé : {kind}",
        "notice_addresses": "Adresses :",
        "notice_picture": "Une image, conservée en privé pour nos modérateurs.",
        "notice_due": (
            "Nous déciderons d'ici le {due} et vous écrirons à cette adresse pour vous donner la réponse."
        ),
        "notice_quote": "Indiquez la référence {ref} si vous nous écrivez à ce sujet.",
        "kind_ncii": "Une image intime partagée sans consentement",
        "kind_minor": "Un mineur (une personne de moins de 18 ans)",
        "kind_impersonation": "Une usurpation d'identité ou une photo volée",
        "kind_illegal": "Un contenu illicite",
        "kind_other": "Autre chose",
        "notice_removed_subject": "Votre notification {ref} : le contenu a été retiré",
        "notice_removed_copies": ", dont {copies} copies trouvées par comparaison d'images",
        "notice_removed_body": (
            "Nous avons retiré le contenu désigné par votre notification {ref} ({removed} éléments{extra}).\n"
            "Une image retirée ainsi ne peut plus être envoyée sur AddMe.\n\n"
            "Motif : {reason}\n"
        ),
        "notice_kept_subject": "Votre notification {ref} : le contenu reste en ligne",
        "notice_kept_body": (
            "Nous avons examiné votre notification {ref} et n'avons pas retiré le contenu.\n\n"
            "Motif : {reason}\n\n"
            "Si vous n'êtes pas d'accord, écrivez-nous via la page de contact en indiquant {ref}.\n"
        ),
    },
}


def words_for(
    session: Session, *, user: User | None = None, email: str | None = None, language: str | None = None
) -> dict[str, str]:
    """The texts in the language of `user`, else of the account that owns `email`, else `language`
    (the visitor's own at filing time: someone without an account still reads their language)."""
    if user is None and email:
        user = accounts.get_by_email(session, email=email)
    if user is None:
        return MAILS[mail.chosen(language)]
    return MAILS[mail.language_of(user)]
