"""Age verification routes: the visitor's state, the provider flow and its callbacks, the simulator."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Body, Header, Path, Request, Response

from addme.api.deps import CurrentUser, DbSession, OptionalUser
from addme.core.errors import Unauthorized
from addme.core.net import client_ip
from addme.core.routes import api_router
from addme.core.schemas import ErrorBody
from addme.screening import bots
from addme.screening.captcha import require_captcha
from addme.trust import hopping, service
from addme.trust.schemas import (
    AgeState,
    FlowFailure,
    FlowResult,
    FlowStarted,
    FormStamp,
    FreeTopUpClaim,
    SimulatorOutcome,
    SimulatorSession,
)
from addme.wallet.schemas import WalletActionResult

router = api_router(
    tags=["age verification"],
    errors=(400, 404, 409, 422, 429, 503),
)

Ref = Annotated[str, Path(min_length=1, max_length=80)]


@router.get("/age-verification", response_model=AgeState)
def age_state(request: Request, db: DbSession, user: OptionalUser) -> AgeState:
    return service.age_state(db, user=user, request=request)


@router.post("/age-verification/start", response_model=FlowStarted)
def start(request: Request, response: Response, db: DbSession, user: OptionalUser) -> FlowStarted:
    return service.start(db, user=user, request=request, response=response)


@router.post("/age-verification/unverify", response_model=AgeState)
def unverify(request: Request, response: Response, db: DbSession, user: OptionalUser) -> AgeState:
    service.unverify(response)
    state = service.age_state(db, user=user, request=request)
    verified = bool(user and user.age_verified)
    return state.model_copy(update={"isVerified": verified, "showNSFW": verified or not state.isRequired})


@router.post("/age-verification/hide", response_model=AgeState)
def hide(request: Request, response: Response, db: DbSession, user: OptionalUser) -> AgeState:
    service.hide(response)
    state = service.age_state(db, user=user, request=request)
    verified = bool(user and user.age_verified)
    return state.model_copy(update={"isRequired": True, "isVerified": verified, "showNSFW": verified})


@router.post("/ondato/success", response_model=AgeState)
def ondato_success(
    body: FlowResult, request: Request, response: Response, db: DbSession, user: OptionalUser
) -> AgeState:
    return service.confirm(db, ref=body.id, user=user, request=request, response=response)


@router.post("/ondato/failure", response_model=AgeState)
def ondato_failure(body: FlowFailure, request: Request, db: DbSession, user: OptionalUser) -> AgeState:
    return service.report_failure(db, ref=body.id, reason=body.reason, user=user, request=request)


@router.post(
    "/ondato/webhook",
    status_code=204,
    responses={401: {"model": ErrorBody, "description": "Not signed by Ondato"}},
)
def ondato_webhook(
    db: DbSession,
    body: Annotated[dict[str, Any], Body()],
    authorization: Annotated[str | None, Header()] = None,
) -> None:
    if not service.webhook(db, body=body, authorization=authorization):
        raise Unauthorized("Unauthenticated.")


@router.get("/age-verification/simulator/{ref}", response_model=SimulatorSession)
def simulator_session(ref: Ref, db: DbSession) -> SimulatorSession:
    return service.simulator_session(db, ref=ref)


@router.post("/age-verification/simulator/{ref}", response_model=SimulatorSession)
def simulate(ref: Ref, body: SimulatorOutcome, db: DbSession) -> SimulatorSession:
    return service.simulate(
        db, ref=ref, outcome=body.outcome, date_of_birth=body.date_of_birth, reason=body.reason
    )


# The wallet's free Top-Up claim, screened here first (risky network, account hopping): the route
# lives with the screening so the wallet never needs to know about it. A refusal is a 400 envelope
# with its code, and `next_at` when waiting will do. No valid captcha, no claim (a 422 on
# captcha_token with 'Please complete the captcha.'), before any other check is spent.
@router.post(
    "/user/free-topup",
    response_model=WalletActionResult,
    tags=["wallet"],
    responses={400: {"model": ErrorBody}},
)
def free_topup(
    user: CurrentUser,
    db: DbSession,
    request: Request,
    response: Response,
    body: Annotated[FreeTopUpClaim | None, Body()] = None,
) -> WalletActionResult:
    answer = require_captcha(body.captcha_token if body else None, remote_ip=client_ip(request))
    return hopping.claim_free_topup(
        db,
        user=user,
        request=request,
        response=response,
        captcha=answer,
        form_ts=body.form_ts if body else None,
    )


# The web app takes one when it shows the sign-up, login or free Top-Up form and sends it back as
# `form_ts`: a form sent sooner than a person could fill it was not filled by a person.
@router.get("/form-stamp", response_model=FormStamp, tags=["trust"])
def form_stamp(response: Response) -> FormStamp:
    response.headers["Cache-Control"] = "no-store"
    return FormStamp(form_ts=bots.issue_stamp())
