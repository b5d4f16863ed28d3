"""The blacklist a fresh database starts with; admins edit the rows afterwards.

Plain terms match whole words in NFKC case-folded text. Regexes are written for that same text.
Ages written in the text ("I'm 16", "16yo") are a macro rule in `rules.py`, since they need a
number comparison a pattern cannot express.
"""

from __future__ import annotations

from addme.screening.models import TermKind

DEFAULT_TERMS: list[tuple[TermKind, str, bool]] = [
    # Underage hints: school years and words no adult listing needs.
    *[
        (TermKind.UNDERAGE, t, False)
        for t in (
            "highschool", "high school", "middle school", "junior high", "jr high", "elementary school",
            "9th grade", "10th grade", "11th grade", "8th grade", "7th grade", "freshman in high school",
            "sophomore in high school", "underage", "under age", "jailbait", "jail bait", "preteen",
            "pre-teen", "loli", "lolita", "shota", "not 18", "almost 18", "under 18", "minor",
            "gcse", "year 9", "year 10", "year 11", "grade 9", "grade 10", "grade 11",
        )
    ],
    (TermKind.UNDERAGE, r"\b1[0-7]\s*(?:m|f|male|female|boy|girl)\b", True),
    # Selling: payment apps, prices and the words sellers use.
    *[
        (TermKind.SELLING, t, False)
        for t in (
            "selling", "sell", "seller", "for sale", "price list", "pricelist", "prices", "paypal",
            "cashapp", "cash app", "venmo", "zelle", "skrill", "revolut", "bitcoin", "btc", "crypto",
            "giftcard", "gift card", "amazon card", "premium snap", "premium snapchat", "paid snap",
            "tribute", "tributes", "findom", "pay pig", "paypig", "sugar daddy wanted", "menu",
            "customs", "custom content", "buy my", "dm for prices",
        )
    ],
    (TermKind.SELLING, r"[$€£]\s*\d|\d\s*[$€£]|\$", True),
    # Links and handles of other sites: the creator link field is the only place for them.
    (TermKind.LINK, r"https?://|www\.", True),
    (
        TermKind.LINK,
        r"\b[a-z0-9-]{2,}\s*(?:\.|\(dot\)|\[dot\]|\sdot\s)\s*"
        r"(?:com|net|org|io|me|ly|gg|co|xyz|app|link|tv|fans|ee|to|cc|info|biz|site|online|store)\b",
        True,
    ),
    # Phone numbers: eight or more digits standing alone, with the usual separators.
    (TermKind.PHONE, r"(?<![\w])\+?\d(?:[\s().-]{0,2}\d){7,}(?![\w])", True),
    (TermKind.PHONE, "whatsapp me", False),
    # Spam: follow trains and engagement bait.
    *[
        (TermKind.SPAM, t, False)
        for t in (
            "follow for follow", "f4f", "s4s", "l4l", "add for add", "sub4sub", "free followers",
            "click here", "click the link", "link in bio", "bit.ly", "tinyurl", "promo code",
            "get followers", "spam me",
        )
    ],
    # Illegal: abuse and trafficking words, drugs for sale.
    *[
        (TermKind.ILLEGAL, t, False)
        for t in (
            "cp", "child porn", "pedo", "pedophile", "incest", "bestiality", "beastiality", "zoophile",
            "rape", "non-consent", "noncon", "trafficking", "drugs for sale", "escort service",
            "meth", "cocaine", "mdma", "revenge porn", "leaked nudes",
        )
    ],
]  # fmt: skip
