"""The help portal's FAQ, as data: the figures here are the product's rules (spec §4, §5, §9)."""

from __future__ import annotations

from typing import Any

SECTIONS: list[dict[str, Any]] = [
    {
        "id": "getting-started",
        "title": "Getting started",
        "items": [
            {
                "q": "Who can use AddMe?",
                "a": "Adults only. You must be 18 or older to browse, register or list a username.",
            },
            {
                "q": "How long does it take for my username to be listed?",
                "a": "Most usernames are approved automatically at once. A username that needs a manual "
                "review stays pending for up to 5 days.",
            },
            {
                "q": "How many usernames can I list?",
                "a": "Up to 5 usernames per account (25 with a Studio account). You can add one new username "
                "every 24 hours, and after deleting a username you cannot add a new one for 24 hours.",
            },
            {
                "q": "How often can I edit a username?",
                "a": "Twice per 24 hours, or without limit as a VIP or Studio member.",
            },
        ],
    },
    {
        "id": "top-ups",
        "title": "Top-Ups and Fire Pins",
        "items": [
            {
                "q": "How are the lists ordered, and what does Promoted mean?",
                "a": "Fire-Pinned usernames first, then the most recent Top-Up first; Hottest counts the "
                "views and Message clicks of the last 7 days. A card placed or shown higher for a payment "
                "(a Top-Up in the last 24 hours, a Fire Pin, VIP or Studio) says Promoted. The whole "
                "explanation: /help/ranking",
            },
            {
                "q": "What is a Top-Up?",
                "a": "A Top-Up moves your username back to the top of its lists. Each Top-Up costs 1 Top-Up "
                "from your balance. Creating a group also costs 1 Top-Up.",
            },
            {
                "q": "What is a Fire Pin?",
                "a": "A Fire Pin holds your username at the top of its lists for 15 minutes.",
            },
            {
                "q": "How do free Top-Ups work?",
                "a": "A new account can claim 3 free Top-Ups before its first purchase; after a purchase you "
                "can claim 10 more until your next purchase. A further claim needs 8 hours since the last "
                "one and a check-in, and you can claim at most 5 per 24 hours.",
            },
            {
                "q": "Why can't I claim free Top-Ups?",
                "a": "High-risk accounts (VPN, proxy, anonymised session or blacklisted IP) get no free "
                "Top-Ups; paid Top-Ups still work. Turn the VPN or proxy off and log in again to clear it. "
                "Accounts restricted for account hopping cannot claim free Top-Ups either.",
            },
            {
                "q": "What does VIP include?",
                "a": "5 free Top-Ups every day, a bold username with a coloured border, the VIP category, "
                "local swipes, up to 20 images, a content creator link and no ads.",
            },
        ],
    },
    {
        "id": "orders-keys",
        "title": "Orders and keys",
        "items": [
            {
                "q": "When will I receive my key?",
                "a": "Keys from the card shop arrive by email within 30 seconds to 5 minutes, rarely up to "
                "30 minutes. Check your junk and spam folder. Keys for crypto orders are delivered within "
                "4 to 48 hours.",
            },
            {
                "q": "My crypto payment has not settled.",
                "a": "A crypto payment must settle within 24 hours; an unsettled payment is not processed "
                "or refunded.",
            },
            {
                "q": "Can I get a refund?",
                "a": "No. All purchases are final: there are no refunds and orders cannot be cancelled. "
                "Banned accounts get no refund.",
            },
            {
                "q": "I paid but did not get a key.",
                "a": "Use the missing key page, or contact us with your 5-digit order number and the email "
                "you used at checkout.",
            },
        ],
    },
    {
        "id": "account",
        "title": "Your account",
        "items": [
            {
                "q": "How do I delete my account?",
                "a": "From your account page. Your account is hidden at once and kept for 30 days, during "
                "which logging in restores it; after 30 days it is deleted permanently.",
            },
            {
                "q": "What is the account-hopping restriction?",
                "a": "Moving between accounts to collect free Top-Ups restricts free Top-Ups on the account. "
                "The restriction lifts after a 30-day cool-down, or at once when you buy Top-Ups or VIP.",
            },
            {
                "q": "My username was banned. What can I do?",
                "a": "The unban page shows how long the ban lasts. When the wait is over your username is "
                "ready to unban and you can send an unban request.",
            },
            {
                "q": "Someone listed my username without my consent.",
                "a": "Use the remove-username page with a screenshot proving the account is yours.",
            },
        ],
    },
    {
        "id": "support",
        "title": "Support",
        "items": [
            {
                "q": "How fast does support answer?",
                "a": "Our support team answers within 24 hours. Use the contact form and choose the reason "
                "that fits best.",
            },
        ],
    },
]
