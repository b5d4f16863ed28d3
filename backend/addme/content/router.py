"""Content routes: blog, help, alerts, ads and the contact form."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request

from addme.accounts.dependencies import DbSession, OptionalUser
from addme.content import contact, service
from addme.content.schemas import AdRead, AlertRead, BlogPage, BlogPostRead, ContactIn, HelpRead
from addme.core.net import client_country, client_ip, ip_bucket
from addme.core.params import PageQuery
from addme.core.schemas import ActionResult, ErrorBody
from addme.trust.captcha import require_captcha

router = APIRouter(tags=["content"], responses={code: {"model": ErrorBody} for code in (404, 422, 429, 503)})


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
def alerts(db: DbSession, spot: str | None = None) -> list[AlertRead]:
    return service.active_alerts(db, spot=spot)


@router.get("/ads", response_model=list[AdRead])
def ads(
    request: Request,
    viewer: OptionalUser,
    db: DbSession,
    spot: str | None = None,
    orientation: Literal["Gay", "Lesbian", "Bisexual", "Straight", "Other"] | None = None,
) -> list[AdRead]:
    return service.active_ads(
        db, spot=spot, country=client_country(request), orientation=orientation, viewer=viewer
    )


@router.post("/contact", response_model=ActionResult)
def contact_us(body: ContactIn, request: Request, viewer: OptionalUser, db: DbSession) -> ActionResult:
    ip = client_ip(request)
    require_captcha(body.captcha_token, remote_ip=ip)
    message = contact.submit(db, data=body, user=viewer, ip=ip, ip_key=ip_bucket(ip))
    return ActionResult(success=True, message=message)
