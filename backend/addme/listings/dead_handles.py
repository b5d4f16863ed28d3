"""Dead handles (#34): the `check-handles` job reads each listed handle's public page about once a
week, politely, through the handle_pages adapters, and acts on what it says.

- Politeness: at most `handle_checks_per_second` reads a second (all apps together) and
  `handle_checks_per_app_per_run` of each app per run. A 429, or 3 errors in a row, pauses that
  app (its Retry-After, else 15 minutes doubling to 24 hours); an error is never read as "not found".
- A found handle is read again 7 days later; a missing one the next day, until it is found again.
- Not found on 3 reads spanning at least 3 days: demoted (below the others in every list: its
  "latest" key pushed down by columns.DEMOTION, its popularity held at 0) and its owner mailed a
  link to fix it. Not found for 14 days (and demoted for 3): delisted, with an automated decision
  record the owner may appeal. Found again: the misses are forgotten, the demotion lifted, and a
  delisting by the check undone.
- No page of an app found in 8 days: its misses demote and delist nothing (a page shape the parser
  no longer reads must not delist every handle); the operator sees "not found" climb.
- Telegram is not read: no adapter can tell a missing t.me handle from a private one (decisions.md).
- A member's "fake" report asks for an early read (`check_soon`): scheduled, never done on the request.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime, timedelta

from prometheus_client import Counter
from sqlalchemy import or_, select, text
from sqlalchemy.orm import Session

from addme.accounts.models import User
from addme.core import clock, options
from addme.core.config import get_settings
from addme.decisions import service as decisions
from addme.listings import constants as c
from addme.listings import handle_pages
from addme.listings.changes import touch
from addme.listings.columns import order_key
from addme.listings.decisions import statement_subject
from addme.listings.handles import is_taken
from addme.listings.models import HandleCheckApp, Username
from addme.listings.owners import refresh_listed
from addme.mail import service as mail

CHECKED_APPS = tuple(handle_pages.PAGE_URLS)  # snapchat and kik
CHECK_EVERY = timedelta(days=7)
RECHECK_MISSING = timedelta(days=1)
DEMOTE_MISSES = 3
DEMOTE_SPAN = timedelta(days=3)
DELIST_AFTER = timedelta(days=14)
# A "fake" report's read: on one of the job's next runs, never within an hour of the last read
# (a stream of reports must not turn into a stream of requests to the app).
EARLY_CHECK_IN = timedelta(minutes=5)
MIN_GAP = timedelta(hours=1)
# No page of the app found for this long (a week's reads of every handle): its misses are counted
# but demote and delist nothing, since a new page shape would otherwise delist every good handle.
TRUST_FOUND_WITHIN = CHECK_EVERY + timedelta(days=1)
ERRORS_BEFORE_PAUSE = 3
FIRST_PAUSE = timedelta(minutes=15)
MAX_PAUSE = timedelta(hours=24)
FIGURES = ("checked", "not_found", "demoted", "delisted", "errors")

CHECKS = Counter("addme_handle_checks", "Dead-handle checks by outcome", ["outcome"])
for _figure in FIGURES:
    CHECKS.labels(_figure)

# Between two reads (tests swap it for one that only counts).
_sleep: Callable[[float], None] = time.sleep

SUBJECT = {
    "en": "{handle} was not found on {app}",
    "fr": "{handle} est introuvable sur {app}",
}
BODY = {
    "en": (
        "Hello,\n\n"
        "We read {app}'s public page for your username {handle} {misses} times since {since} UTC, "
        "and each time {app} said this user does not exist. Until the page is found again, {handle} is "
        "shown below the other usernames in AddMe's lists.\n\n"
        "If the handle changed or has a typo, fix it here: {link}\n"
        "If it is right, you have nothing to do: we read the page again every day.\n\n"
        "After 14 days without the page being found, the username is taken off the lists; you will be "
        "mailed that decision and may appeal it.\n\n"
        "AddMe"
    ),
    "fr": (
        "Bonjour,\n\n"
        "Nous avons lu la page publique {app} de votre pseudo {handle} {misses} fois depuis le {since} UTC, "
        "et chaque fois {app} a répondu que cet utilisateur n'existe pas. Tant que la page reste "
        "introuvable, {handle} est affiché après les autres pseudos dans les listes d'AddMe.\n\n"
        "Si le pseudo a changé ou contient une faute, corrigez-le ici : {link}\n"
        "S'il est correct, vous n'avez rien à faire : nous relisons la page chaque jour.\n\n"
        "Après 14 jours sans que la page soit trouvée, le pseudo est retiré des listes ; cette décision "
        "vous sera envoyée et vous pourrez faire appel.\n\n"
        "AddMe"
    ),
}


def _app_label(app: str) -> str:
    return options.APP_LABELS[options.App(app)]


def fix_link(username: Username) -> str:
    """The owner's edit page of this username."""
    return f"{get_settings().site_url.rstrip('/')}/user/edit/{username.id}"


# Written as the partial index's own predicate (models.py), so SQLite and a generic plan use it.
_CHECKED_STATUSES = text("usernames.status IN ('approved', 'delisted')")


def _due(session: Session, *, app: str, now: datetime, limit: int) -> list[int]:
    """The handles of one app whose read is due, the longest overdue first, never-read ones last
    (a new database's backlog must not hold up the reads a report asked for)."""
    stmt = (
        select(Username.id)
        .where(
            Username.app == app,
            _CHECKED_STATUSES,
            or_(Username.handle_check_at.is_(None), Username.handle_check_at <= now),
            or_(Username.listed.is_(True), Username.handle_delisted_at.is_not(None)),
        )
        .order_by(Username.handle_check_at.asc().nulls_last(), Username.id)
        .limit(limit)
    )
    return list(session.scalars(stmt))


def _pause(state: HandleCheckApp, *, now: datetime, retry_after: float | None) -> None:
    wait = min(MAX_PAUSE, FIRST_PAUSE * (2 ** min(state.pauses, 10)))
    if retry_after:
        wait = min(MAX_PAUSE, max(wait, timedelta(seconds=retry_after)))
    state.paused_until = now + wait
    state.pauses += 1


def _app_state(session: Session, app: str) -> HandleCheckApp:
    state = session.get(HandleCheckApp, app)
    if state is None:
        state = HandleCheckApp(app=app, paused_until=None, pauses=0)
        session.add(state)
        session.flush()
    return state


def run(
    session: Session,
    *,
    pages: handle_pages.HandlePages | None = None,
    sleep: Callable[[float], None] | None = None,
) -> dict[str, int]:
    """One run of the job: the due handles of each checked app, within the rate and the budget."""
    settings = get_settings()
    pages = pages or handle_pages.provider()
    pause = sleep or _sleep
    interval = 1.0 / settings.handle_checks_per_second
    counts = dict.fromkeys(FIGURES, 0)
    read_before = False
    for app in CHECKED_APPS:
        state = _app_state(session, app)
        if state.paused_until is not None and state.paused_until > clock.now():
            continue
        errors_in_row = 0
        for username_id in _due(
            session, app=app, now=clock.now(), limit=settings.handle_checks_per_app_per_run
        ):
            username = session.get(Username, username_id)
            if username is None:
                continue
            if read_before:
                pause(interval)
            read_before = True
            try:
                page = handle_pages.read(pages, app=app, handle=username.username)
            except handle_pages.PageError as exc:
                counts["errors"] += 1
                errors_in_row += 1
                if exc.status != 429:
                    # Not a miss; tried again tomorrow, so a page that always fails never heads the queue.
                    username.handle_check_at = clock.now() + RECHECK_MISSING
                if exc.status == 429 or errors_in_row >= ERRORS_BEFORE_PAUSE:
                    _pause(state, now=clock.now(), retry_after=exc.retry_after)
                session.commit()
                if state.paused_until is not None and state.paused_until > clock.now():
                    break
                continue
            errors_in_row = 0
            state.pauses = 0
            counts["checked"] += 1
            now = clock.now()
            if page.found:
                state.last_found_at = now
            trusted = state.last_found_at is not None and now - state.last_found_at <= TRUST_FOUND_WITHIN
            outcome = record_check(session, username=username, found=page.found, now=now, act=trusted)
            if outcome != "found":
                counts["not_found"] += 1
            if outcome in ("demoted", "delisted"):
                counts[outcome] += 1
            session.commit()  # each read's outcome stands on its own
    for figure, n in counts.items():
        if n:
            CHECKS.labels(figure).inc(n)
    return counts


def record_check(
    session: Session, *, username: Username, found: bool, now: datetime, act: bool = True
) -> str:
    """Apply one read of the page: "found", "not_found", "demoted" or "delisted" (with `act`
    False a miss is counted but neither demotes nor delists)."""
    username.handle_checked_at = now
    if found:
        username.handle_check_at = now + CHECK_EVERY
        _forget_misses(session, username=username)
        if username.handle_delisted_at is not None:
            username.handle_delisted_at = None
            if username.status == c.Status.DELISTED and not is_taken(
                session, app=username.app, normalized=username.username_normalized, exclude_id=username.id
            ):
                username.status = c.Status.APPROVED
                refresh_listed(username, _owner(session, username))
                touch(session)
        return "found"
    username.handle_check_at = now + RECHECK_MISSING
    username.handle_misses += 1
    since = username.handle_missing_since = username.handle_missing_since or now
    if not act or username.handle_delisted_at is not None or username.handle_misses < DEMOTE_MISSES:
        return "not_found"
    demoted = username.handle_demoted_at
    # Delisted only once the owner has had the demotion mail for a few days (misses counted while
    # the app's pages were not trusted demote first, then delist).
    if (
        now - since >= DELIST_AFTER
        and demoted is not None
        and now - demoted >= DEMOTE_SPAN
        and username.status == c.Status.APPROVED
    ):
        _delist(session, username=username, now=now)
        return "delisted"
    if demoted is None and now - since >= DEMOTE_SPAN:
        _demote(session, username=username, now=now)
        return "demoted"
    return "not_found"


def _owner(session: Session, username: Username) -> User:
    owner = session.get(User, username.user_id)
    assert owner is not None  # the foreign key cascades
    return owner


def _forget_misses(session: Session, *, username: Username) -> None:
    username.handle_misses = 0
    username.handle_missing_since = None
    if username.handle_demoted_at is not None:
        username.handle_demoted_at = None
        username.sort_at = order_key(base=username.last_top_up or username.approved_at, demoted=False)
        touch(session)  # its popularity comes back with the next refresh


def _demote(session: Session, *, username: Username, now: datetime) -> None:
    username.handle_demoted_at = now
    username.sort_at = order_key(base=username.last_top_up or username.approved_at, demoted=True)
    username.popularity = 0
    # A full bump, not a reorder's stale-while-rebuilt one: visitors see the new order at once
    # (a handful of demotions a run, against a Top-Up's thousands).
    touch(session)
    owner = _owner(session, username)
    if not owner.email or owner.deleted_at is not None:
        return
    lang = decisions.language_of(owner)
    since = username.handle_missing_since or now
    words = {"handle": username.username, "app": _app_label(username.app), "misses": username.handle_misses,
             "since": since.strftime("%Y-%m-%d"), "link": fix_link(username)}  # fmt: skip
    mail.queue(
        session, to=owner.email, subject=SUBJECT[lang].format(**words), body=BODY[lang].format(**words)
    )


def _delist(session: Session, *, username: Username, now: datetime) -> None:
    owner = _owner(session, username)
    username.status = c.Status.DELISTED
    username.handle_delisted_at = now
    refresh_listed(username, owner)
    touch(session)
    app = _app_label(username.app)
    since = (username.handle_missing_since or now).strftime("%Y-%m-%d")
    statement_subject(session, username=username, tell=owner.deleted_at is None).record(
        session,
        decision="delist_dead_handle",
        visibility="content_disabled",
        facts=f"An automated check read {app}'s public page for this handle {username.handle_misses} times "
        f"since {since}; each time {app} said the user does not exist, for 14 days. A listing must lead "
        f"to a real account, so it is off the lists until the page is found again. If the handle is "
        f"wrong, fix it at {fix_link(username)} and it is read again within minutes.",
        decided_by=None,
        ground="terms",
        automated_detection=True,
        automated_decision="fully",
    )


def check_soon(username: Username, *, now: datetime | None = None) -> bool:
    """Ask for an early read of this handle's page (a "fake" report, a relist, a fixed handle):
    on one of the job's next runs, never within MIN_GAP of the last read. False for an app that is
    not read."""
    if username.app not in CHECKED_APPS:
        return False
    now = now or clock.now()
    at = now + EARLY_CHECK_IN
    if username.handle_checked_at is not None:
        at = max(at, username.handle_checked_at + MIN_GAP)
    if username.handle_check_at is None or username.handle_check_at > at:
        username.handle_check_at = at
    return True


def handle_changed(session: Session, *, username: Username) -> None:
    """The owner changed the handle or its app: the old handle's misses say nothing of the new one.
    The demotion goes, a check's delisting is lifted (the owner may relist), and the new handle is
    read soon."""
    _forget_misses(session, username=username)
    username.handle_delisted_at = None
    username.handle_checked_at = None
    username.handle_check_at = None
    check_soon(username)


def relist_waits(username: Username) -> bool:
    """A relist of a username the check delisted waits for its page to be found (read soon)."""
    if username.handle_delisted_at is None or username.app not in CHECKED_APPS:
        return False
    check_soon(username)
    return True


def restore_after_appeal(session: Session, *, username: Username) -> None:
    """An appeal reversed the check's delisting: listed again, the misses forgotten, read in a week."""
    _forget_misses(session, username=username)
    username.handle_delisted_at = None
    username.handle_check_at = clock.now() + CHECK_EVERY
