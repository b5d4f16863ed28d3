"""Directory routes: the public lists and profiles, and the member's own usernames."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Query, Request, Response, status

from addme.api.deps import CurrentUser, DbSession
from addme.core.net import client_ip, ip_bucket
from addme.core.options import AppName
from addme.core.params import IdPath
from addme.core.routes import api_router, raw_get
from addme.core.schemas import ActionResult, ErrorBody, query_parameters
from addme.listings import figures, mine, ownership, public, seo, service, stats, switching  # noqa: F401 - seo registers page heads
from addme.listings.schemas import (
    CountryCount,
    ListParams,
    MyUsername,
    MyUsernameResult,
    MyUsernames,
    Options,
    ShortLink,
    SuggestionCard,
    TagCount,
    TelegramLogin,
    UsernameCreate,
    UsernamePage,
    UsernameProfile,
    UsernameStats,
    UsernameUpdate,
    ViewSource,
    parse_list_query,
)

ERRORS: dict[int | str, dict[str, object]] = {
    code: {"model": ErrorBody} for code in (400, 401, 404, 422, 429, 503)
}
router = api_router(responses=ERRORS)


def _json(model: type, description: str = "OK") -> dict[int | str, dict[str, object]]:
    # The hot routes return orjson bytes; this keeps their documented shape in the OpenAPI document.
    return {200: {"model": model, "description": description}}


@raw_get(
    router,
    "/usernames",
    response_class=Response,
    responses=_json(UsernamePage),
    tags=["usernames"],
    openapi_extra={"parameters": query_parameters(ListParams)},
)
async def list_usernames(request: Request) -> Response:
    return await public.list_response(request, parse_list_query(request.scope["query_string"]))


@router.get(
    "/usernames/{username_id}", response_class=Response, responses=_json(UsernameProfile), tags=["usernames"]
)
async def get_username(username_id: IdPath, request: Request) -> Response:
    return await public.profile_response(request, username_id)


@router.get(
    "/usernames/{username_id}/similar",
    response_class=Response,
    responses=_json(list[SuggestionCard]),
    tags=["usernames"],
)
async def similar_usernames(username_id: IdPath, request: Request) -> Response:
    return await public.similar_response(request, username_id)


@router.post("/usernames/{username_id}/view", status_code=status.HTTP_204_NO_CONTENT, tags=["usernames"])
def count_view(
    username_id: IdPath,
    request: Request,
    db: DbSession,
    source: Annotated[ViewSource | None, Query(description="where the viewer came from")] = None,
) -> None:
    ip_key = ip_bucket(client_ip(request))
    stats.record(db, username_id=username_id, kind="view", ip_key=ip_key, source=source)


@router.post(
    "/usernames/{username_id}/message-click", status_code=status.HTTP_204_NO_CONTENT, tags=["usernames"]
)
def count_message_click(username_id: IdPath, request: Request, db: DbSession) -> None:
    stats.record(db, username_id=username_id, kind="click", ip_key=ip_bucket(client_ip(request)))


@router.get("/short-links/{token}", response_model=ShortLink | None, tags=["usernames"])
def short_link(token: str, db: DbSession) -> ShortLink | None:
    """Null when the token names no listed username: the page answers the 404, not this call."""
    found = service.resolve_short_link(db, token=token)
    return ShortLink(id=found.id, app=found.app, path=f"/profile/{found.id}") if found else None


@router.get(
    "/tags",
    response_class=Response,
    responses=_json(list[TagCount]),
    tags=["usernames"],
)
async def list_tags(request: Request, app: AppName | None = None) -> Response:
    return await public.tags_response(request, app)


@raw_get(
    router,
    "/countries",
    response_class=Response,
    responses=_json(list[CountryCount]),
    tags=["usernames"],
)
async def list_countries(request: Request) -> Response:
    return await public.countries_response(request)


@raw_get(router, "/options", response_class=Response, responses=_json(Options), tags=["usernames"])
async def options(request: Request) -> Response:
    return public.options_response(request)


@router.get("/user/usernames", response_model=MyUsernames, tags=["user usernames"])
def my_usernames(user: CurrentUser, db: DbSession) -> MyUsernames:
    return mine.list_mine(db, user=user)


@router.get("/user/usernames/{username_id}", response_model=MyUsername, tags=["user usernames"])
def my_username(username_id: IdPath, user: CurrentUser, db: DbSession) -> MyUsername:
    return mine.get_mine(db, user=user, username_id=username_id)


@router.get(
    "/user/usernames/{username_id}/stats",
    response_model=UsernameStats,
    tags=["user usernames"],
    responses={
        200: {"content": {"text/csv": {"schema": {"type": "string"}}}, "description": "JSON, or CSV"},
        403: {"model": ErrorBody, "description": "CSV asked by a member who is not VIP or Studio"},
    },
)
def my_username_stats(
    username_id: IdPath,
    request: Request,
    user: CurrentUser,
    db: DbSession,
    days: Annotated[int, Query(ge=1, le=figures.VIP_DAYS, description="30 at most for free members")] = 30,
    format: Annotated[Literal["json", "csv"] | None, Query(description="csv: VIP and Studio only")] = None,
) -> UsernameStats | Response:
    """Views and Message clicks per day, the place in its main list today, and what each Top-Up or
    Fire Pin did to views. `?format=csv` (or Accept: text/csv) downloads the days."""
    as_csv = figures.wants_csv(format=format, accept=request.headers.get("accept", ""))
    found = figures.username_stats(db, user=user, username_id=username_id, days=days, as_csv=as_csv)
    if not as_csv:
        return found
    disposition = f'attachment; filename="{figures.csv_filename(found)}"'
    return Response(
        figures.to_csv(found),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": disposition},
    )


@router.post(
    "/user/usernames",
    status_code=status.HTTP_201_CREATED,
    response_model=MyUsernameResult,
    tags=["user usernames"],
)
def submit_username(body: UsernameCreate, user: CurrentUser, db: DbSession) -> MyUsernameResult:
    username, message = service.submit(db, user=user, data=body)
    return MyUsernameResult(success=True, message=message, data=mine.to_read(username, user=user))


@router.patch("/user/usernames/{username_id}", response_model=MyUsernameResult, tags=["user usernames"])
def edit_username(
    username_id: IdPath, body: UsernameUpdate, user: CurrentUser, db: DbSession
) -> MyUsernameResult:
    username, message = service.update_username(db, user=user, username_id=username_id, data=body)
    return MyUsernameResult(success=True, message=message, data=mine.to_read(username, user=user))


@router.delete("/user/usernames/{username_id}", response_model=ActionResult, tags=["user usernames"])
def delete_username(username_id: IdPath, user: CurrentUser, db: DbSession) -> ActionResult:
    return ActionResult(success=True, message=service.delete_username(db, user=user, username_id=username_id))


@router.post("/user/usernames/{username_id}/delist", response_model=MyUsernameResult, tags=["user usernames"])
def delist_username(username_id: IdPath, user: CurrentUser, db: DbSession) -> MyUsernameResult:
    username, message = service.delist(db, user=user, username_id=username_id)
    return MyUsernameResult(success=True, message=message, data=mine.to_read(username, user=user))


@router.post("/user/usernames/{username_id}/relist", response_model=MyUsernameResult, tags=["user usernames"])
def relist_username(username_id: IdPath, user: CurrentUser, db: DbSession) -> MyUsernameResult:
    username, message = service.relist(db, user=user, username_id=username_id)
    return MyUsernameResult(success=True, message=message, data=mine.to_read(username, user=user))


@router.get(
    "/user/switch",
    response_model=switching.SwitchList,
    tags=["user usernames"],
    responses={403: {"model": ErrorBody, "description": "Studio only"}},
)
def switch_accounts(user: CurrentUser, db: DbSession) -> switching.SwitchList:
    """Studio only: the usernames this account may switch to, under the admin's switch rules."""
    return switching.switch_list(db, user=user)


@router.post(
    "/user/usernames/{username_id}/ownership/telegram",
    response_model=MyUsernameResult,
    tags=["user usernames"],
)
def verify_telegram_owner(
    username_id: IdPath, body: TelegramLogin, user: CurrentUser, db: DbSession
) -> MyUsernameResult:
    """Owner verified for a Telegram listing: the Login Widget's fields, checked as Telegram documents
    (signature with the bot token, at most a day old, its username the listed handle)."""
    username = ownership.verify_telegram(db, user=user, username_id=username_id, fields=body.signed_fields())
    return MyUsernameResult(success=True, message=ownership.VERIFIED, data=mine.to_read(username, user=user))


@router.post(
    "/user/usernames/{username_id}/ownership/code", response_model=MyUsernameResult, tags=["user usernames"]
)
def issue_ownership_code(username_id: IdPath, user: CurrentUser, db: DbSession) -> MyUsernameResult:
    """A one-time code (8 characters, 30 minutes) to put in the Snapchat or Kik display name or bio."""
    username = ownership.issue_code(db, user=user, username_id=username_id)
    app = ownership.APP_NAMES[username.app]
    message = ownership.CODE_ISSUED.format(code=username.ownership_code, app=app)
    return MyUsernameResult(success=True, message=message, data=mine.to_read(username, user=user))


@router.post(
    "/user/usernames/{username_id}/ownership/check", response_model=MyUsernameResult, tags=["user usernames"]
)
def check_ownership_code(username_id: IdPath, user: CurrentUser, db: DbSession) -> MyUsernameResult:
    """Read the app's public page for the code; found, the listing shows "Verified owner"."""
    username = ownership.check_code(db, user=user, username_id=username_id)
    return MyUsernameResult(success=True, message=ownership.VERIFIED, data=mine.to_read(username, user=user))
