"""Demo content: the blog's first posts and a welcome alert."""

from __future__ import annotations

import random
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.content.models import Alert, BlogPost
from addme.core import clock

AGE_VERIFICATION = """\
Several countries and US states now require adult websites to check the age of their visitors with
more than a click on an "I am 18" button. If you live in one of them, you may be asked to verify your
age before adult pictures on AddMe are shown unblurred.

## Where identity-based age verification is required

The list changes as laws come into force. Today it includes, among others:

- **The United Kingdom**, under the Online Safety Act, since July 2025.
- **France**, where the regulator Arcom enforces a technical standard for adult sites.
- **Several US states**, including Louisiana, Utah, Texas, Virginia, Mississippi, Montana, North
  Carolina, Arkansas, Florida, Tennessee and others with similar laws.
- **Italy** and other EU countries are putting comparable rules in place.

We keep this list in our admin settings and update it as laws change, so your region may be added
or removed over time.

## How AddMe handles it

- Everyone still confirms they are 18 or older at the age gate.
- If your location requires more, adult media stays **blurred** and a **Verify Age** button appears.
- Verification is done by an independent identity-verification provider. It checks a document or
  estimates your age from a selfie, then tells us only one thing: whether you are an adult.
- Once verified, your account is marked as age-verified and you will not be asked again on it.

## Your privacy

- **We never receive or store your ID document or selfie.** The provider handles them under its own
  strict retention rules and deletes them after the check.
- We store only the result (verified or not) and the date.
- Browsing usernames does not require verification: only adult media is blurred.

If verification fails or you have questions, choose *Age verification* on our [contact page](/contact-us)
and our support team will answer within 24 hours.
"""

SAFETY = """\
Meeting new people on Snapchat, Kik or Telegram is fun. A few habits keep it that way.

## Protect your identity

- **Never share your home address, workplace or school.** Your AddMe check-in is only ever shown as
  a distance of 10 km or more, never your position.
- Use a username that is not your real name and not used on your other accounts.
- Turn off location sharing (Snap Map "Ghost Mode") in the messaging app itself.

## Pictures

- Assume anything you send can be saved, even in "disappearing" messages.
- Keep your face and identifying marks (tattoos, room details) out of intimate pictures.
- Never send anything to someone who says they are under 18: **AddMe is for adults only.** Report
  them with the *Report Username* button.

## Scams to avoid

- Nobody legitimate asks you for gift cards, crypto or "verification fees".
- Be wary of people who move you to another app within minutes, or send links to "verify" you.
- If someone threatens to share your pictures, do not pay. Stop replying, keep the evidence and
  report it to the police and to the messaging app.

## Report and block

Use *Report Username* on any profile that sells services, looks underage, is fake or breaks our
rules. Reports of underage users hide the profile at once until we review it.
"""

TOP_UPS = """\
Top-Ups are AddMe's currency. Here is everything they do.

## What a Top-Up does

Lists show the most recently topped-up usernames first. **One Top-Up moves your username back to the
top** of every list it appears in. Creating a group also costs 1 Top-Up.

## Getting Top-Ups

- **Free Top-Ups:** a new account can claim 3 before its first purchase; after a purchase you can
  claim 10 more until the next one. Wait 8 hours and check in between claims, and no more than 5
  per 24 hours. High-risk connections (VPN, proxy) cannot claim free Top-Ups.
- **Packs:** 20, 50 or 100 Top-Ups in the shop, and bigger packs through the direct crypto shop.
- **VIP:** 5 free Top-Ups every day, plus a 100 Top-Up pack with the monthly plan.
- **Auto Top-Up:** tops your usernames up automatically on a schedule.

## Fire Pins

A Fire Pin holds your username at the very top for **15 minutes**, above every Top-Up.

## Keys

Each purchase gives you a key by email, usually within 30 seconds to 5 minutes. Paste it in
*My orders* to receive what you bought. Purchases are final and cannot be refunded.
"""

MORE_ADDS = """\
Want more people to add you? These are the things that make the difference.

1. **Write a real description.** Say what you like, what you are looking for and when you are usually
   online. Profiles with a description get far more adds than empty ones.
2. **Add a good profile picture.** A clear, non-explicit picture that fits the rules.
3. **Pick tags people search for.** Up to 5 tags; choose the ones that describe you best.
4. **Top up at the right time.** Evenings and weekends are busiest: a Top-Up then keeps you visible
   to more people.
5. **Use a Fire Pin for a burst.** 15 minutes at the very top, right when you are ready to chat.
6. **Check in for local swipes.** VIP members nearby can find you by distance.
7. **Be honest.** Fake profiles get reported and banned, and a ban means waiting before you can ask
   for an unban.
"""

GROUPS = """\
Groups let you list your Snapchat, Kik or Telegram group so other adults can join.

- Creating a group costs **1 Top-Up**. Give it a name, the group's username or invite link, a
  description and the maximum number of members (from 2 to 10,000).
- Members join from the group page; a full group refuses new members until someone leaves.
- A group with fewer than 2 members and no activity for 7 days is removed automatically, so keep
  yours active.
"""

POSTS = [
    ("mandatory-age-verification", "Mandatory age verification: what it means for you",
     "Which places require identity-based age checks, how AddMe handles them and what happens to your data.",
     AGE_VERIFICATION, 1),
    ("safety-tips", "Safety tips for meeting people online",
     "Simple habits that protect your identity, your pictures and your wallet.", SAFETY, 12),
    ("how-top-ups-work", "How Top-Ups work",
     "Free Top-Ups, packs, VIP daily Top-Ups and Fire Pins explained.", TOP_UPS, 25),
    ("how-to-get-more-adds", "How to get more adds",
     "Seven practical ways to make your username stand out.", MORE_ADDS, 40),
    ("groups-are-here", "List your group chats on AddMe",
     "Create a group, share its invite and let adults join.", GROUPS, 55),
]  # fmt: skip


def seed_posts(session: Session) -> int:
    """Insert the blog's posts that are not there yet; returns how many were added."""
    now = clock.now()
    have = set(session.scalars(select(BlogPost.slug)))
    added = 0
    for slug, title, summary, body, days_ago in POSTS:
        if slug in have:
            continue
        published = now - timedelta(days=days_ago)
        session.add(
            BlogPost(
                slug=slug,
                title=title,
                summary=summary,
                body_markdown=body,
                visible=True,
                published_at=published,
                created_at=published,
                updated_at=published,
            )
        )
        added += 1
    return added


def seed_content(session: Session, _users: list[User], _rng: random.Random) -> None:
    seed_posts(session)
    if session.scalar(select(Alert.id).limit(1)) is None:
        session.add(
            Alert(
                spots="global",
                type="info",
                text="New: list your group chats on AddMe. Creating a group costs 1 Top-Up.",
                icon="chat",
                dismissible=True,
            )
        )
