"""The mails content sends a visitor or member, in English and French (mail.language_of).

Support's answer to a contact message is written by a person in whatever language they chose; only
its subject line is the site's, in the language of the account that wrote (or owns the reply address).
"""

from __future__ import annotations

MAILS: dict[str, dict[str, str]] = {
    "en": {"reply_subject": "Re: your message to AddMe (#{id})"},
    "fr": {"reply_subject": "Re : votre message à AddMe (n° {id})"},
}
