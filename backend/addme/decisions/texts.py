"""The words of a statement of reasons as the member reads them, in English or French."""

from __future__ import annotations

from typing import TYPE_CHECKING

from addme.mail import language as mail

if TYPE_CHECKING:
    from addme.decisions.models import StatementOfReasons

# A member's own language comes first; an account without one reads its country's (addme.mail.language).
FRENCH_COUNTRIES = mail.FRENCH_COUNTRIES

DEFAULT_REFERENCE = {
    "terms": "AddMe Terms of Use, section 5 (what may be listed)",
    "law": "Regulation (EU) 2022/2065 (Digital Services Act), Art. 16 and the national law the notice names",
}

DECISIONS: dict[str, dict[str, str]] = {
    "en": {
        "reject_username": "Username rejected",
        "hold_username": "Username held for review",
        "delist_dead_handle": "Username delisted: handle not found on its app",
        "ban_username": "Username banned",
        "ban_account": "Account banned",
        "warn_account": "Warning on your account",
        "delete_account": "Account deleted",
        "remove_comment": "Comment removed",
        "remove_media": "Picture removed",
        "block_upload": "Upload refused",
        "remove_group": "Group removed",
        "refuse_unban": "Unban request refused",
        "dismiss_report": "Report dismissed",
        "uphold_report": "Report upheld",
        "remove_username": "Username removed",
        "label_paid": "Username marked as paid content",
        "remove": "Content removed after a notice",
        "reject": "Notice rejected",
        "appeal_upheld": "Appeal: the decision stands",
        "appeal_reversed": "Appeal: the decision is reversed",
    },
    "fr": {
        "reject_username": "Nom d'utilisateur refusé",
        "hold_username": "Nom d'utilisateur mis en attente de vérification",
        "delist_dead_handle": "Nom d'utilisateur retiré des listes : introuvable sur son application",
        "ban_username": "Nom d'utilisateur banni",
        "ban_account": "Compte banni",
        "warn_account": "Avertissement sur votre compte",
        "delete_account": "Compte supprimé",
        "remove_comment": "Commentaire retiré",
        "remove_media": "Photo retirée",
        "block_upload": "Envoi refusé",
        "remove_group": "Groupe supprimé",
        "refuse_unban": "Demande de débannissement refusée",
        "dismiss_report": "Signalement rejeté",
        "uphold_report": "Signalement retenu",
        "remove_username": "Nom d'utilisateur supprimé",
        "label_paid": "Nom d'utilisateur marqué comme contenu payant",
        "remove": "Contenu retiré après une notification",
        "reject": "Notification rejetée",
        "appeal_upheld": "Recours : la décision est maintenue",
        "appeal_reversed": "Recours : la décision est annulée",
    },
}

WORDS = {
    "en": {
        "subject": "AddMe: {decision}",
        "intro": "We made a decision about {about}.",
        "decision": "Decision",
        "facts": "Facts and reasons",
        "ground": "Ground",
        "ground_law": "illegal content under {ref}",
        "ground_terms": "incompatible with {ref}",
        "automated": "Automated",
        "detected_yes": "found by an automated check",
        "detected_no": "found by a person",
        "decided_yes": "decided automatically",
        "decided_no": "decided by a moderator",
        "appeal": (
            "You can appeal within 6 months: open {url}, choose the decision and press Appeal. "
            "A different moderator answers within 7 days."
        ),
        "contact": (
            "If you disagree, write to us through the contact form at {url}: a person answers within 7 days."
        ),
        "after_appeal": (
            "This answers your appeal. If you still disagree you may turn to a certified "
            "out-of-court dispute settlement body (DSA Art. 21) or to the courts."
        ),
    },
    "fr": {
        "subject": "AddMe : {decision}",
        "intro": "Nous avons pris une décision concernant {about}.",
        "decision": "Décision",
        "facts": "Faits et motifs",
        "ground": "Fondement",
        "ground_law": "contenu illicite au regard de {ref}",
        "ground_terms": "contraire à {ref}",
        "automated": "Automatisation",
        "detected_yes": "détecté par un contrôle automatique",
        "detected_no": "détecté par une personne",
        "decided_yes": "décidé automatiquement",
        "decided_no": "décidé par un modérateur",
        "appeal": (
            "Vous pouvez faire appel pendant 6 mois : ouvrez {url}, choisissez la décision et "
            "appuyez sur Faire appel. Un autre modérateur répond sous 7 jours."
        ),
        "contact": (
            "Si vous n'êtes pas d'accord, écrivez-nous par le formulaire de contact sur {url} : "
            "une personne vous répond sous 7 jours."
        ),
        "after_appeal": (
            "Ceci répond à votre recours. Si vous n'êtes toujours pas d'accord, vous pouvez saisir "
            "un organisme certifié de règlement extrajudiciaire des litiges (DSA art. 21) ou la justice."
        ),
    },
}


def language_of(country_code: str | None) -> str:
    """The language of a country's members (an account's own choice goes first: mail.language_of)."""
    return mail.of_country(country_code)


def default_reference(ground: str) -> str:
    return DEFAULT_REFERENCE.get(ground, DEFAULT_REFERENCE["terms"])


# Decisions whose member has no account left to appeal from: the mail points to the contact form.
NOT_APPEALED_HERE = frozenset({"delete_account"})


def decision_label(decision: str, lang: str = "en") -> str:
    return DECISIONS.get(lang, DECISIONS["en"]).get(decision, decision)


def statement_mail(row: StatementOfReasons, *, about: str, lang: str, appeal_url: str) -> tuple[str, str]:
    """The subject and body of the mail that tells a member a decision about them."""
    w = WORDS[lang]
    label = decision_label(row.decision, lang)
    ground = w["ground_law" if row.ground == "law" else "ground_terms"].format(ref=row.ground_reference)
    automated = ", ".join(
        [
            w["detected_yes" if row.automated_detection else "detected_no"],
            w["decided_no" if row.automated_decision == "not_automated" else "decided_yes"],
        ]
    )
    if row.decision.startswith("appeal_"):
        closing = w["after_appeal"]
    elif row.decision in NOT_APPEALED_HERE:
        # No session to appeal from (a deleted account): the contact form is the complaint route.
        closing = w["contact"].format(url=appeal_url.replace("/user/decisions", "/contact-us"))
    else:
        closing = w["appeal"].format(url=appeal_url)
    body = (
        f"{w['intro'].format(about=about)}\n\n"
        f"{w['decision']}: {label}\n"
        f"{w['facts']}: {row.facts}\n"
        f"{w['ground']}: {ground}\n"
        f"{w['automated']}: {automated}\n\n"
        f"{closing}\n"
    )
    return w["subject"].format(decision=label), body
