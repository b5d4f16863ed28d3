"""Canned reasons per decision: a moderator picks one instead of typing (issue 31).

Each text is the statement's facts as the member reads them, so it names what was seen; a typed
reason is added after it when both are given."""

from __future__ import annotations

from pydantic import BaseModel


class DecisionMacro(BaseModel):
    key: str
    decision: str
    label: str
    text: str


def _m(decision: str, key: str, label: str, text: str) -> DecisionMacro:
    return DecisionMacro(key=key, decision=decision, label=label, text=text)


MACROS: list[DecisionMacro] = [
    _m(
        "reject_username",
        "reject_selling",
        "Sells content",
        "The description offers paid content or a menu, which the terms do not allow on a free listing.",
    ),
    _m(
        "reject_username",
        "reject_links",
        "Links",
        "The description carries a link to another site, which the terms do not allow.",
    ),
    _m(
        "reject_username",
        "reject_underage",
        "Looks under 18",
        "The listing suggests its owner may be under 18; AddMe is for adults only.",
    ),
    _m(
        "reject_username",
        "reject_offensive",
        "Offensive",
        "The username or description is abusive or hateful, which the terms forbid.",
    ),
    _m(
        "ban_username",
        "ban_spam",
        "Spam",
        "The username was used to send spam or repeated unwanted messages.",
    ),
    _m(
        "ban_username",
        "ban_scam",
        "Scam",
        "The username was used to ask members for money under false pretences.",
    ),
    _m(
        "ban_account",
        "account_underage",
        "Under 18",
        "The account's owner appears to be under 18; AddMe is for adults only.",
    ),
    _m(
        "ban_account",
        "account_evasion",
        "Ban evasion",
        "The account was opened to get around an earlier ban.",
    ),
    _m(
        "remove_media",
        "media_explicit",
        "Explicit image",
        "The image shows explicit content, which the terms do not allow on a profile picture.",
    ),
    _m(
        "remove_media",
        "media_not_theirs",
        "Someone else's picture",
        "The image shows someone other than the account's owner without their consent.",
    ),
    _m("remove_group", "group_spam", "Spam group", "The group exists to advertise or send spam."),
    _m(
        "remove_group",
        "group_selling",
        "Sells content",
        "The group sells content, which the terms do not allow.",
    ),
    _m(
        "refuse_unban",
        "unban_repeat",
        "Repeated breach",
        "The username broke the terms again after an earlier warning.",
    ),
    _m(
        "refuse_unban",
        "unban_no_change",
        "Nothing changed",
        "The reasons for the ban still apply to the listing as it stands.",
    ),
    _m(
        "dismiss_report",
        "dismiss_within_terms",
        "Within the terms",
        "We looked at the listing and it keeps to the terms.",
    ),
    _m(
        "dismiss_report",
        "dismiss_adult",
        "Shown to be an adult",
        "The owner is shown to be an adult; the listing stays.",
    ),
    _m(
        "uphold_report",
        "uphold_confirmed",
        "Report confirmed",
        "We looked at the listing and the report was right: it breaks the terms.",
    ),
    _m(
        "appeal_upheld",
        "appeal_still_applies",
        "Decision stands",
        "We looked again and the reasons for the decision still apply.",
    ),
    _m(
        "appeal_reversed",
        "appeal_mistake",
        "Our mistake",
        "We looked again and the decision was a mistake: what was taken is back.",
    ),
    _m(
        "appeal_reversed",
        "appeal_fixed",
        "Fixed by the member",
        "The member fixed what was wrong; the decision is lifted.",
    ),
]

BY_KEY: dict[str, DecisionMacro] = {m.key: m for m in MACROS}
