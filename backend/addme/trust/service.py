"""Age verification: who must verify (by place), the provider flow, the verified cookie, the admin list."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Mapping
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import Response

from addme.accounts.models import User
from addme.core import clock, ratelimit, security
from addme.core.config import get_settings
from addme.core.errors import AppError, Conflict, NotFound
from addme.core.net import client_ip, ip_bucket
from addme.trust import jurisdictions, providers, standing
from addme.trust.codes import TrustCode
from addme.trust.geo import Place, visitor_place
from addme.trust.models import AgeJurisdiction, AgeVerificationAttempt, SimulatedVerification
from addme.trust.schemas import (
    AgeState,
    FlowStarted,
    SimulatorSession,
)

VERIFIED_COOKIE = "ageVerification"
VERIFIED_SECONDS = 36000  # spec section 9: age-verified cookie
HIDE_COOKIE = "ageRequired"
FLOW_COOKIE = "ageFlow"
FLOW_SECONDS = 3600
MINIMUM_AGE = 18

NOT_FOUND = "Verification not found."
NOT_FINISHED = "The age verification is not finished yet."
DURING = "An error occurred during the age verification process: {reason}"
LOADING = "An error occurred on loading the age verification process. Please contact support."
UNDERAGE = "You must be 18 or older."
NO_BIRTH_DATE = "The identity provider did not confirm a date of birth."


# -- the verified cookie ----------------------------------------------------------------------------


def _cookie_value(expires: int) -> str:
    return f"{expires}.{security.sign(f'age-verified:{expires}')[:32]}"


def _cookie_valid(value: str | None) -> bool:
    if not value or "." not in value:
        return False
    raw = value.partition(".")[0]
    if not raw.isdigit() or int(raw) < time.time():
        return False
    return hmac.compare_digest(_cookie_value(int(raw)), value)


def _set(response: Response, name: str, value: str, max_age: int) -> None:
    response.set_cookie(
        name,
        value,
        max_age=max_age,
        httponly=True,
        samesite="lax",
        secure=get_settings().cookie_secure,
        path="/",
    )


def set_verified_cookie(response: Response) -> None:
    """The signed proof a visitor passed the provider's check here (36000 s, the spec's lifetime)."""
    _set(response, VERIFIED_COOKIE, _cookie_value(int(time.time()) + VERIFIED_SECONDS), VERIFIED_SECONDS)
    response.delete_cookie(HIDE_COOKIE, path="/")


# -- who must verify --------------------------------------------------------------------------------


# Every page asks for the state, and the list changes a few times a year: each process keeps it a
# minute (an admin's edit clears this process's copy at once; the others follow within the minute).
_ROWS_TTL = 60.0
_rows_cache: tuple[float, list[tuple[str, str, date]]] | None = None


def _rows(session: Session) -> list[tuple[str, str, date]]:
    global _rows_cache
    if _rows_cache is not None and _rows_cache[0] > time.monotonic():
        return _rows_cache[1]
    rows = [
        (c, r, e)
        for c, r, e in session.execute(
            select(AgeJurisdiction.country_code, AgeJurisdiction.region_code, AgeJurisdiction.effective_on)
        )
    ]
    _rows_cache = (time.monotonic() + _ROWS_TTL, rows)
    return rows


def forget_rows() -> None:
    """Drop this process's copy of the list (after an edit, and between tests)."""
    global _rows_cache
    _rows_cache = None


def required_at(session: Session, *, place: Place) -> bool:
    """Whether the law where the visitor is requires age verification today."""
    return jurisdictions.is_required(
        _rows(session), country=place.country, region=place.region, today=clock.now().date()
    )


def age_state(session: Session, *, user: User | None, request: Request) -> AgeState:
    """The spec's state: content shows if the account is verified, or it is not required, or verified."""
    place = visitor_place(request)
    hidden = request.cookies.get(HIDE_COOKIE) == "1"
    required = hidden or required_at(session, place=place)
    verified = _cookie_valid(request.cookies.get(VERIFIED_COOKIE)) or bool(user and user.age_verified)
    return AgeState(
        isRequired=required,
        isVerified=verified,
        countryCode=place.country,
        regionCode=place.region,
        locationCode=place.location_code,
        showNSFW=verified or not required,
    )


def should_blur(session: Session, *, user: User | None, request: Request) -> bool:
    """True where age verification is required and neither the account nor the browser is verified."""
    return not age_state(session, user=user, request=request).showNSFW


def unverify(response: Response) -> None:
    """Remove this browser's verification (logout and the 401 handler do it too)."""
    response.delete_cookie(VERIFIED_COOKIE, path="/")


def hide(response: Response) -> None:
    """The visitor asks to see adult media blurred again: verification removed, marked required."""
    response.delete_cookie(VERIFIED_COOKIE, path="/")
    _set(response, HIDE_COOKIE, "1", VERIFIED_SECONDS)


# -- the flow ---------------------------------------------------------------------------------------


def _browser_hash(value: str) -> str:
    return hashlib.sha256(("age-flow:" + value).encode()).hexdigest()


def start(session: Session, *, user: User | None, request: Request, response: Response) -> FlowStarted:
    """Create a session at the provider and an attempt tied to this account or browser."""
    ratelimit.hit("10/hour", "age-start", ip_bucket(client_ip(request)))
    browser = request.cookies.get(FLOW_COOKIE) or secrets.token_urlsafe(24)
    place = visitor_place(request)
    return_url = get_settings().site_url.rstrip("/") + "/age-verification/return"
    try:
        flow = providers.provider().start(session, return_url=return_url)
    except providers.ProviderError as exc:
        session.rollback()
        raise AppError(LOADING, code=TrustCode.AGE_VERIFICATION_UNAVAILABLE, status_code=503) from exc
    session.add(
        AgeVerificationAttempt(
            provider_ref=flow.ref,
            provider=providers.provider().name,
            user_id=user.id if user else None,
            browser_hash=_browser_hash(browser),
            location_code=place.location_code,
        )
    )
    session.commit()
    _set(response, FLOW_COOKIE, browser, FLOW_SECONDS)
    return FlowStarted(id=flow.ref, url=flow.url)


def _attempt(session: Session, *, ref: str, user: User | None, request: Request) -> AgeVerificationAttempt:
    """The caller's own attempt: the account that started it, or the browser that did."""
    row = session.scalar(select(AgeVerificationAttempt).where(AgeVerificationAttempt.provider_ref == ref))
    browser = request.cookies.get(FLOW_COOKIE)
    mine = row is not None and (
        (user is not None and row.user_id == user.id)
        or (browser is not None and hmac.compare_digest(row.browser_hash, _browser_hash(browser)))
    )
    if row is None or not mine:
        raise NotFound(NOT_FOUND, code=TrustCode.AGE_VERIFICATION_NOT_FOUND)
    return row


def _age_on(dob: date, today: date) -> int:
    return today.year - dob.year - ((today.month, today.day) < (dob.month, dob.day))


def _settle(session: Session, *, row: AgeVerificationAttempt) -> providers.ProviderResult:
    """Ask the provider and record the outcome (only outcome, date and method) on the attempt."""
    try:
        result = providers.provider().result(session, ref=row.provider_ref)
    except providers.ProviderError as exc:
        raise AppError(LOADING, code=TrustCode.AGE_VERIFICATION_UNAVAILABLE, status_code=503) from exc
    if result.status == "success":
        if result.date_of_birth is None:
            result = providers.ProviderResult("failure", reason=NO_BIRTH_DATE)
        elif _age_on(result.date_of_birth, clock.now().date()) < MINIMUM_AGE:
            result = providers.ProviderResult("failure", reason=UNDERAGE)
    if result.status != "pending" and row.status == "started":
        row.status = result.status
        row.method = result.method[:40]
        row.failure_reason = result.reason[:200]
        row.completed_at = clock.now()
    if row.status == "success" and row.user_id is not None:
        user = session.get(User, row.user_id)
        if user is not None:
            standing.verify_age(session, user=user)
    session.commit()
    return result


def confirm(
    session: Session, *, ref: str, user: User | None, request: Request, response: Response
) -> AgeState:
    """The visitor is back from the flow: it counts only if the provider itself says success."""
    ratelimit.hit("60/hour", "age-report", ip_bucket(client_ip(request)))
    row = _attempt(session, ref=ref, user=user, request=request)
    _settle(session, row=row)
    if row.status == "started":
        raise Conflict(NOT_FINISHED, code=TrustCode.AGE_VERIFICATION_PENDING)
    if row.status == "abandoned":
        raise AppError(
            DURING.format(reason=row.failure_reason or "abandoned"), code=TrustCode.AGE_VERIFICATION_ABANDONED
        )
    if row.status != "success":
        raise AppError(
            DURING.format(reason=row.failure_reason or row.status), code=TrustCode.AGE_VERIFICATION_FAILED
        )
    set_verified_cookie(response)
    if user is not None:
        session.refresh(user)
    state = age_state(session, user=user, request=request)
    return state.model_copy(update={"isVerified": True, "showNSFW": True})


def report_failure(
    session: Session, *, ref: str, reason: str, user: User | None, request: Request
) -> AgeState:
    """The browser reports a failure: recorded for the figures; the provider's answer still decides."""
    ratelimit.hit("60/hour", "age-report", ip_bucket(client_ip(request)))
    row = _attempt(session, ref=ref, user=user, request=request)
    result = _settle(session, row=row)
    if row.status == "started":
        # The provider has no verdict yet (the visitor closed the flow): count it as abandoned.
        row.status = "abandoned" if result.status == "pending" else "failure"
        row.failure_reason = (reason or "Unknown")[:200]
        row.completed_at = clock.now()
        session.commit()
    return age_state(session, user=user, request=request)


def webhook(session: Session, *, body: Mapping[str, object], authorization: str | None) -> bool:
    """The provider's signed callback: authentic ones make the app ask the provider for the result."""
    ref = providers.provider().callback_ref(body=dict(body), authorization=authorization)
    if ref is None:
        return False
    row = session.scalar(select(AgeVerificationAttempt).where(AgeVerificationAttempt.provider_ref == ref))
    if row is not None:
        _settle(session, row=row)
    return True


# -- the offline simulator's page -------------------------------------------------------------------


def _simulation(session: Session, *, ref: str) -> SimulatedVerification:
    if get_settings().age_verification_provider != "local":
        raise NotFound(NOT_FOUND, code=TrustCode.AGE_VERIFICATION_NOT_FOUND)
    row = session.get(SimulatedVerification, ref)
    if row is None:
        raise NotFound(NOT_FOUND, code=TrustCode.AGE_VERIFICATION_NOT_FOUND)
    return row


def simulator_session(session: Session, *, ref: str) -> SimulatorSession:
    row = _simulation(session, ref=ref)
    return SimulatorSession(id=row.ref, outcome=row.outcome)


def simulate(
    session: Session, *, ref: str, outcome: str, date_of_birth: date | None, reason: str
) -> SimulatorSession:
    """Play the provider's part: decide the session the way a real check would end."""
    row = _simulation(session, ref=ref)
    if row.outcome != "pending":
        raise Conflict("This verification has already ended.", code=TrustCode.AGE_VERIFICATION_ENDED)
    today = clock.now().date()
    row.outcome = {"abandon": "abandoned"}.get(outcome, outcome)
    row.date_of_birth = (
        (date_of_birth or today.replace(year=today.year - 30)) if outcome == "success" else None
    )
    row.reason = (reason or ("Document rejected" if outcome == "failure" else ""))[:200]
    session.commit()
    return SimulatorSession(id=row.ref, outcome=row.outcome)
