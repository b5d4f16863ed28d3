"""Auth and account routes: thin, one service call each."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import BackgroundTasks, Depends, Request, Response, status

from addme.accounts import passwords, service, sessions, signin
from addme.accounts.cookies import LOCALE_COOKIE, clear_session_cookies, set_session_cookies
from addme.accounts.schemas import (
    AccountRead,
    AccountUpdate,
    ChangePasswordIn,
    ConfirmEmailIn,
    ConfirmEmailOut,
    DeleteAccountIn,
    ForgotPasswordIn,
    LanguageIn,
    LoginIn,
    RegisterIn,
    ResendConfirmationIn,
    ResetPasswordIn,
    SessionRead,
    TokenOut,
    UserRead,
)
from addme.api.deps import CurrentCaller, CurrentUser, DbSession, OptionalUser
from addme.core import ratelimit
from addme.core.net import client_country, client_ip, ip_bucket
from addme.core.params import IdPath
from addme.core.routes import api_router
from addme.core.schemas import ErrorBody, Message
from addme.screening import bots
from addme.screening.captcha import require_captcha

ERRORS: dict[int | str, dict[str, object]] = {
    code: {"model": ErrorBody} for code in (400, 401, 403, 404, 409, 422, 429, 503)
}
router = api_router(responses=ERRORS)


def ip_throttle(name: str) -> Callable[[Request], None]:
    """25 attempts per 5 minutes per IP (IPv6 per /64) on the sensitive auth forms."""

    def _hit(request: Request) -> None:
        ratelimit.hit(service.IP_LIMIT, f"ip-{name}", ip_bucket(client_ip(request)))

    return _hit


@router.post(
    "/auth/register",
    status_code=status.HTTP_201_CREATED,
    response_model=Message,
    dependencies=[Depends(ip_throttle("register"))],
    tags=["auth"],
)
def register(body: RegisterIn, request: Request, response: Response, db: DbSession) -> Message:
    ip = client_ip(request)
    answer = require_captcha(body.captcha_token, remote_ip=ip)
    message = service.register(
        db,
        email=str(body.email),
        password=body.password,
        password_confirmation=body.password_confirmation,
        terms=body.terms,
        ip=ip,
        country_code=client_country(request),
        language=request.cookies.get(LOCALE_COOKIE),
        bot=bots.assess(
            db, action="signup", request=request, response=response, form_ts=body.form_ts, captcha=answer
        ),
    )
    return Message(message=message)


@router.post("/auth/email-confirmation", response_model=ConfirmEmailOut, tags=["auth"])
def confirm_email(
    body: ConfirmEmailIn, request: Request, response: Response, db: DbSession
) -> ConfirmEmailOut:
    message, token = service.confirm_email(
        db, token=body.token, ip=client_ip(request), user_agent=request.headers.get("user-agent")
    )
    if token:
        set_session_cookies(response, token)
    return ConfirmEmailOut(message=message, token=token)


@router.post(
    "/auth/email-confirmation/resend",
    response_model=Message,
    dependencies=[Depends(ip_throttle("resend"))],
    tags=["auth"],
)
def resend_confirmation(body: ResendConfirmationIn, db: DbSession) -> Message:
    return Message(message=service.resend_confirmation(db, email=str(body.email)))


@router.post("/auth/login", response_model=TokenOut, tags=["auth"])
def login(body: LoginIn, request: Request, response: Response, db: DbSession) -> TokenOut:
    # A locked e-mail hears the lock's own time first, not the per-IP limit's shorter one.
    signin.refuse_if_locked(email=body.email)
    ip_throttle("login")(request)
    token, restored = signin.login(
        db,
        email=body.email,
        password=body.password,
        ip=client_ip(request),
        user_agent=request.headers.get("user-agent"),
        bot=bots.assess(db, action="login", request=request, response=response, form_ts=body.form_ts),
        # Set by the IP-ban guard, which lets sign-ins through to tell staff from members.
        ip_banned=bool(getattr(request.state, "ip_banned", False)),
    )
    if getattr(request.state, "ip_banned", False):
        request.state.signed_in_through_ip_ban = body.email  # the guard audits it
    set_session_cookies(response, token)
    return TokenOut(token=token, restored=restored)


@router.get("/auth/user", response_model=UserRead, tags=["auth"])
def auth_user(user: CurrentUser, db: DbSession) -> UserRead:
    return service.user_read(db, user=user)


@router.get("/auth/session", response_model=UserRead | None, tags=["auth"])
def auth_session(user: OptionalUser, db: DbSession) -> UserRead | None:
    """The signed-in user, or null for a visitor: the app's check that never logs a 401."""
    return service.user_read(db, user=user) if user else None


@router.post("/auth/logout", status_code=status.HTTP_204_NO_CONTENT, tags=["auth"])
def logout(caller: CurrentCaller, response: Response, db: DbSession) -> None:
    sessions.logout(db, auth=caller.auth)
    clear_session_cookies(response)


@router.post(
    "/auth/forgot-password",
    response_model=Message,
    dependencies=[Depends(ip_throttle("reset"))],
    tags=["auth"],
)
def forgot_password(body: ForgotPasswordIn, tasks: BackgroundTasks) -> Message:
    # The answer leaves before the account is looked up: known and unknown e-mails cost the same.
    message = passwords.forgot_password(email=str(body.email))
    tasks.add_task(passwords.send_reset_link, email=str(body.email))
    return Message(message=message)


@router.post(
    "/auth/reset-password",
    response_model=Message,
    dependencies=[Depends(ip_throttle("reset"))],
    tags=["auth"],
)
def reset_password(body: ResetPasswordIn, db: DbSession) -> Message:
    return Message(
        message=passwords.reset_password(
            db, token=body.token, password=body.password, password_confirmation=body.password_confirmation
        )
    )


@router.get("/user/account", response_model=AccountRead, tags=["account"])
def get_account(user: CurrentUser) -> AccountRead:
    return AccountRead.model_validate(user)


@router.patch("/user/account", response_model=AccountRead, tags=["account"])
def update_account(body: AccountUpdate, user: CurrentUser, db: DbSession) -> AccountRead:
    updated = service.update_account(
        db,
        user=user,
        first_name=body.first_name,
        country_code=body.country_code,
        fields=body.model_fields_set,
    )
    return AccountRead.model_validate(updated)


@router.put("/user/language", status_code=status.HTTP_204_NO_CONTENT, tags=["account"])
def set_language(body: LanguageIn, user: CurrentUser, db: DbSession) -> None:
    service.set_language(db, user=user, language=body.language)


@router.delete("/user/account", response_model=Message, tags=["account"])
def delete_account(body: DeleteAccountIn, user: CurrentUser, response: Response, db: DbSession) -> Message:
    message = service.delete_account(db, user=user, password=body.password)
    clear_session_cookies(response)
    return Message(message=message)


@router.post("/user/password", response_model=Message, tags=["account"])
def change_password(body: ChangePasswordIn, caller: CurrentCaller, db: DbSession) -> Message:
    return Message(
        message=passwords.change_password(
            db,
            user=caller.user,
            auth=caller.auth,
            current_password=body.current_password,
            password=body.password,
            confirmation=body.password_confirmation,
        )
    )


@router.get("/user/sessions", response_model=list[SessionRead], tags=["account"])
def list_sessions(caller: CurrentCaller, db: DbSession) -> list[SessionRead]:
    rows = sessions.list_sessions(db, user=caller.user)
    return [
        SessionRead.model_validate(r).model_copy(update={"current": r.id == caller.auth.id}) for r in rows
    ]


@router.delete("/user/sessions/{session_id}", status_code=status.HTTP_204_NO_CONTENT, tags=["account"])
def revoke_session(session_id: IdPath, user: CurrentUser, db: DbSession) -> None:
    sessions.revoke_session(db, user=user, session_id=session_id)
