"""Content routes: blog, help, alerts, ads, the contact form and its admin inbox."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Depends, Query, Request
from fastapi.responses import HTMLResponse
from starlette.concurrency import run_in_threadpool

from addme.accounts.models import User
from addme.api.deps import DbSession, OptionalUser, require
from addme.content import alerts_admin, contact, inbox, service
from addme.content.schemas import (
    AlertRead,
    BlogPage,
    BlogPostRead,
    ContactIn,
    ContactMessageRead,
    ContactReason,
    ContactReplyIn,
    ContactStatus,
    ContactStatusIn,
    HelpRead,
)
from addme.core.net import client_ip, ip_bucket
from addme.core.params import IdPath, PageQuery, PerPageQuery
from addme.core.permissions import Permission
from addme.core.routes import api_router
from addme.core.schemas import ActionResult, ErrorBody, Page
from addme.screening.captcha import require_captcha

router = api_router(tags=["content"], errors=(404, 422, 429, 503))


@router.get("/blog", response_model=BlogPage)
def list_posts(
    db: DbSession,
    page: PageQuery = 1,
    per_page: Annotated[int, Query(ge=1, le=service.PER_PAGE_MAX)] = service.PER_PAGE_DEFAULT,
) -> BlogPage:
    return service.list_posts(db, page=page, per_page=per_page)


@router.get("/blog/{slug}", response_model=BlogPostRead)
def get_post(slug: str, db: DbSession) -> BlogPostRead:
    return service.get_post(db, slug=slug)


@router.get("/help", response_model=HelpRead)
def help_contents() -> HelpRead:
    return service.help_contents()


@router.get("/alerts", response_model=list[AlertRead])
async def alerts(spot: str | None = None) -> list[AlertRead]:
    # On the event loop while the per-process copy is fresh (every visit asks): a thread only to
    # read the table again.
    found = service.cached_alerts()
    if found is None:
        found = await run_in_threadpool(service.site_alerts)
    return service.alerts_for(found, spot=spot)


@router.get("/alerts/{alert_id}/frame", response_class=HTMLResponse, responses={404: {"model": ErrorBody}})
def alert_frame(
    alert_id: IdPath,
    db: DbSession,
    viewer: OptionalUser,
    color: Annotated[str | None, Query(max_length=40)] = None,
) -> HTMLResponse:
    """An html alert's document, for its sandboxed frame only (its own strict policy)."""
    html = alerts_admin.frame_document(db, alert_id=alert_id, viewer=viewer, color=color)
    return HTMLResponse(
        html,
        headers={
            "Content-Security-Policy": alerts_admin.FRAME_CSP,
            "X-Frame-Options": "SAMEORIGIN",
            "Cache-Control": "no-store",
        },
    )


@router.post("/contact", response_model=ActionResult)
def contact_us(body: ContactIn, request: Request, viewer: OptionalUser, db: DbSession) -> ActionResult:
    ip = client_ip(request)
    require_captcha(body.captcha_token, remote_ip=ip)
    message = contact.submit(db, data=body, user=viewer, ip=ip, ip_key=ip_bucket(ip))
    return ActionResult(success=True, message=message)


# -- the contact inbox (admin) --------------------------------------------------------------------

InboxAdmin = Annotated[User, Depends(require(Permission.CONTACT))]


@router.get("/admin/contact", response_model=Page[ContactMessageRead], tags=["admin"])
def contact_inbox(
    _admin: InboxAdmin,
    db: DbSession,
    status: ContactStatus | None = None,
    reason: ContactReason | None = None,
    page: PageQuery = 1,
    per_page: PerPageQuery = 25,
) -> Page[ContactMessageRead]:
    return inbox.inbox(db, status=status, reason=reason, page=page, per_page=per_page)


@router.post("/admin/contact/{message_id}/reply", response_model=ContactMessageRead, tags=["admin"])
def contact_reply(
    message_id: IdPath, body: ContactReplyIn, admin: InboxAdmin, db: DbSession
) -> ContactMessageRead:
    return inbox.reply(db, admin=admin, message_id=message_id, data=body)


@router.post("/admin/contact/{message_id}/status", response_model=ContactMessageRead, tags=["admin"])
def contact_status(
    message_id: IdPath, body: ContactStatusIn, admin: InboxAdmin, db: DbSession
) -> ContactMessageRead:
    return inbox.set_status(db, admin=admin, message_id=message_id, data=body)


# -- the Moderators' queue: the inbox's ban, age-verification, hopping and VPN messages ------------

QueueModerator = Annotated[User, Depends(require(Permission.CONTACT_MODERATION))]
ModeratorReason = Literal["disputeban", "ageverification", "accounthopping", "vpnaccess"]


@router.get("/admin/contact-queue", response_model=Page[ContactMessageRead], tags=["admin"])
def moderator_queue(
    _admin: QueueModerator,
    db: DbSession,
    status: ContactStatus | None = None,
    reason: ModeratorReason | None = None,
    page: PageQuery = 1,
    per_page: PerPageQuery = 25,
) -> Page[ContactMessageRead]:
    return inbox.inbox(
        db, status=status, reason=reason, page=page, per_page=per_page, reasons=inbox.MODERATOR_REASONS
    )


@router.post("/admin/contact-queue/{message_id}/reply", response_model=ContactMessageRead, tags=["admin"])
def moderator_reply(
    message_id: IdPath, body: ContactReplyIn, admin: QueueModerator, db: DbSession
) -> ContactMessageRead:
    return inbox.reply(db, admin=admin, message_id=message_id, data=body, reasons=inbox.MODERATOR_REASONS)


@router.post("/admin/contact-queue/{message_id}/status", response_model=ContactMessageRead, tags=["admin"])
def moderator_status(
    message_id: IdPath, body: ContactStatusIn, admin: QueueModerator, db: DbSession
) -> ContactMessageRead:
    return inbox.set_status(
        db, admin=admin, message_id=message_id, data=body, reasons=inbox.MODERATOR_REASONS
    )
