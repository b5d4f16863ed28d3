"""Bot and device assessment at sign-up, login and free Top-Up claims (issue 37).

Behind one small interface: a local default reading plain signals (a script's or headless
browser's user agent, a form sent sooner than a person can fill it, many accounts made on one
device) and an adapter that adds what the captcha provider's own siteverify answer said, read from
the answer the captcha check already fetched (never a second call). Each signal has a weight; the
score is their noisy-or (1 - the product of 1 - weight), so no single weak signal makes a bot.

The verdict feeds the existing rules, applied by the account's callers (accounts at sign-up and
login, trust at a free claim): a bot is marked high-risk (no free Top-Ups, everything else works,
cleared by a clean sign-in as the spec's high-risk state is), and the account made past its device's
allowance is restricted for account hopping. Staff read the reasons, dated, on the account's flags.
"""

from __future__ import annotations

import hmac
import re
import time
from dataclasses import dataclass
from datetime import timedelta
from typing import Literal, Protocol
from urllib.parse import urlsplit

from sqlalchemy import func, select
from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import Response

from addme.core import clock, security
from addme.core.config import get_settings
from addme.screening.captcha import CaptchaAnswer
from addme.screening.device import device_hash
from addme.screening.models import BotAssessment, DeviceSignup

Action = Literal["signup", "login", "free_topup"]
StampState = Literal["ok", "missing", "forged"]

# Clients that are programs, not people's browsers. Matched anywhere in the User-Agent header.
SCRIPTED = re.compile(
    r"HeadlessChrome|PhantomJS|SlimerJS|Puppeteer|Selenium|python-requests|python-urllib|"
    r"python-httpx|aiohttp|\bcurl/|\bWget/|libwww-perl|Go-http-client|\bJava/|Apache-HttpClient|"
    r"okhttp|node-fetch|axios/|undici|Scrapy|PostmanRuntime",
    re.IGNORECASE,
)
# A stamp older than this was kept to be replayed (a person does not leave the form open a day).
STAMP_STALE_SECONDS = 24 * 3600
HISTORY = 20


@dataclass(frozen=True)
class Signals:
    action: Action
    user_agent: str
    stamp: StampState
    # Seconds between the form's stamp and its submission (None without a valid stamp).
    form_seconds: float | None = None
    # Accounts already made on this device within the window (sign-up only, else 0).
    device_accounts: int = 0
    captcha: CaptchaAnswer | None = None


@dataclass(frozen=True)
class Verdict:
    provider: str
    score: float
    reasons: list[str]
    bot: bool
    # This sign-up is one more than the device's allowance: restricted for account hopping.
    device_hopping: bool = False


@dataclass(frozen=True)
class Assessment:
    action: Action
    verdict: Verdict
    device_hash: str = ""


class BotProvider(Protocol):
    name: str

    def weigh(self, signals: Signals) -> list[tuple[str, float]]:
        """The reasons found, each with its weight in 0..1 (empty: nothing found)."""


class LocalBots:
    """Plain signals: no network, no third party."""

    name = "local"

    def weigh(self, signals: Signals) -> list[tuple[str, float]]:
        settings = get_settings()
        found: list[tuple[str, float]] = []
        agent = signals.user_agent.strip()
        if not agent:
            found.append(("no_user_agent", 0.8))
        else:
            match = SCRIPTED.search(agent)
            if match:
                found.append((f"scripted_user_agent:{match.group(0).rstrip('/')}", 0.9))
        signup = signals.action == "signup"
        if signals.stamp == "forged":
            found.append(("form_stamp_forged", 0.6))
        elif signals.stamp == "missing" and signup:
            # The web app always sends it: a sign-up without one came from elsewhere.
            found.append(("form_stamp_missing", 0.3))
        elif signals.form_seconds is not None:
            if signals.form_seconds < settings.bot_min_form_seconds:
                # A sign-up form (e-mail, two passwords, terms, captcha) takes a person seconds; a
                # saved password fills a login form at once, so there it only adds to other signals.
                found.append((f"form_too_fast:{signals.form_seconds:.1f}s", 0.8 if signup else 0.35))
            elif signals.form_seconds > STAMP_STALE_SECONDS and signup:
                found.append(("form_stamp_stale", 0.2))
        if signals.device_accounts >= settings.bot_device_max_accounts:
            found.append((f"device_accounts:{signals.device_accounts + 1}", 0.3))
        return found


class CaptchaBots(LocalBots):
    """The local signals plus the captcha provider's own answer, as its siteverify documents it:
    hCaptcha Enterprise's `score` (0 safe to 1 malicious) and `score_reason`; for Turnstile (and
    hCaptcha) the `hostname` the challenge was solved on and the widget's `action`."""

    name = "captcha"

    def weigh(self, signals: Signals) -> list[tuple[str, float]]:
        found = super().weigh(signals)
        answer = signals.captcha
        if answer is None or not answer.success or answer.provider == "local":
            return found
        body = answer.body
        score = body.get("score")
        # Below 0.5 hCaptcha leans human: nothing to say.
        if isinstance(score, int | float) and not isinstance(score, bool) and 0.5 <= score <= 1:
            why = body.get("score_reason")
            detail = ",".join(str(r)[:30] for r in why[:3]) if isinstance(why, list) and why else ""
            found.append((f"{answer.provider}_score:{score:.2f}" + (f" ({detail})" if detail else ""), score))
        host = body.get("hostname")
        expected = urlsplit(get_settings().site_url).hostname or ""
        if isinstance(host, str) and host and expected and host.lower() != expected.lower():
            # A token solved on another site was relayed here (a captcha farm's page).
            found.append((f"captcha_hostname:{host[:60]}", 0.6))
        action = body.get("action")
        if isinstance(action, str) and action and action != signals.action:
            found.append((f"captcha_action:{action[:30]}", 0.5))
        return found


def provider() -> BotProvider:
    settings = get_settings()
    if settings.bot_provider == "captcha" and settings.captcha_provider != "none":
        return CaptchaBots()
    return LocalBots()


def verdict_of(signals: Signals, *, bots: BotProvider | None = None) -> Verdict:
    """The score (noisy-or of the weights) and reasons; a bot at or above the threshold."""
    chosen = bots or provider()
    found = chosen.weigh(signals)
    keep = 1.0
    for _, weight in found:
        keep *= 1 - min(max(weight, 0.0), 1.0)
    score = round(1 - keep, 2)
    settings = get_settings()
    return Verdict(
        provider=chosen.name,
        score=score,
        reasons=[reason for reason, _ in found],
        bot=score >= settings.bot_score_threshold,
        device_hopping=signals.device_accounts >= settings.bot_device_max_accounts,
    )


# -- the form stamp ---------------------------------------------------------------------------------


def issue_stamp(*, at: float | None = None) -> str:
    """A signed time the web app takes when it shows a form and sends back with it (`form_ts`)."""
    ms = str(int((time.time() if at is None else at) * 1000))
    return f"{ms}.{security.sign('form-stamp:' + ms)[:32]}"


def read_stamp(value: str | None) -> tuple[StampState, float | None]:
    """Whether the stamp is ours, and how many seconds ago it was issued."""
    if not value:
        return "missing", None
    ms, _, mac = value.partition(".")
    if (
        not ms.isdigit()
        or len(ms) > 15
        or not hmac.compare_digest(mac, security.sign("form-stamp:" + ms)[:32])
    ):
        return "forged", None
    return "ok", max(time.time() - int(ms) / 1000, 0.0)


# -- assessing and recording ------------------------------------------------------------------------


def _device_accounts(session: Session, *, device: str) -> int:
    since = clock.now() - timedelta(days=get_settings().bot_device_window_days)
    count = session.scalar(
        select(func.count(func.distinct(DeviceSignup.user_id))).where(
            DeviceSignup.device_hash == device, DeviceSignup.created_at >= since
        )
    )
    return int(count or 0)


def assess(
    session: Session,
    *,
    action: Action,
    request: Request,
    response: Response,
    form_ts: str | None,
    captcha: CaptchaAnswer | None = None,
) -> Assessment:
    """Read the request's signals and give the verdict (nothing is written here)."""
    stamp, seconds = read_stamp(form_ts)
    device = device_hash(request, response)
    signals = Signals(
        action=action,
        user_agent=request.headers.get("user-agent", ""),
        stamp=stamp,
        form_seconds=seconds,
        device_accounts=_device_accounts(session, device=device) if action == "signup" else 0,
        captcha=captcha,
    )
    return Assessment(action=action, verdict=verdict_of(signals), device_hash=device)


def record(session: Session, *, user_id: int, assessment: Assessment) -> None:
    """Keep the reasons (when there are any) and, at sign-up, which device made the account.
    The caller applies the verdict to the account (high-risk, hopping) and commits."""
    verdict = assessment.verdict
    if verdict.reasons:
        session.add(
            BotAssessment(
                user_id=user_id,
                action=assessment.action,
                provider=verdict.provider,
                score=verdict.score,
                bot=verdict.bot,
                reasons=verdict.reasons,
            )
        )
    if assessment.action == "signup" and assessment.device_hash:
        session.add(DeviceSignup(user_id=user_id, device_hash=assessment.device_hash))


def history(session: Session, *, user_id: int) -> list[BotAssessment]:
    """The account's latest assessments with reasons, newest first (what staff read)."""
    return list(
        session.scalars(
            select(BotAssessment)
            .where(BotAssessment.user_id == user_id)
            .order_by(BotAssessment.created_at.desc(), BotAssessment.id.desc())
            .limit(HISTORY)
        )
    )
