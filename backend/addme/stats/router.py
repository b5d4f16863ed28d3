"""The admin's stats pages and the page-view beacon."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from fastapi import BackgroundTasks, Depends, Query, Request, Response, status

from addme.accounts.models import User
from addme.api.deps import DbSession, require
from addme.core import net, ratelimit
from addme.core.config import get_settings
from addme.core.permissions import Permission
from addme.core.routes import api_router
from addme.stats import hosted, pageviews, service, transparency
from addme.stats.schemas import (
    PageViewsIn,
    RefreshIn,
    RefreshOut,
    StatsPage,
    StatsPageName,
    TransparencyReport,
)

router = api_router(tags=["stats"], errors=(401, 403, 422))

Stats = Annotated[User, Depends(require(Permission.STATS))]

# A browser reports a page view per route change, batched: generous, but a script cannot flood it.
PAGEVIEW_LIMIT = "120/minute"


@router.get("/admin/stats/{page}", response_model=StatsPage)
def admin_stats(
    page: StatsPageName,
    _admin: Stats,
    db: DbSession,
    start: Annotated[date | None, Query(description="First day (UTC), default 29 days before end")] = None,
    end: Annotated[date | None, Query(description="Last day (UTC), default today")] = None,
) -> StatsPage:
    return service.page(db, name=page, start=start, end=end)


@router.post("/admin/stats/refresh", response_model=RefreshOut)
def admin_stats_refresh(body: RefreshIn, admin: Stats, db: DbSession) -> RefreshOut:
    """Recount today and yesterday now, instead of waiting for the 5-minute job."""
    return RefreshOut(rows=service.refresh_now(db, admin=admin, reason=body.reason))


def _forward(views: PageViewsIn, user_agent: str, ip: str) -> None:
    provider = hosted.provider_for(get_settings())
    for view in views.views:
        path = pageviews.template_of(view.path)
        if path is not None:
            provider.send(hosted.HostedView(path=path, referrer=view.referrer, user_agent=user_agent, ip=ip))


@router.post("/pageviews", status_code=status.HTTP_204_NO_CONTENT, response_class=Response)
def post_pageviews(body: PageViewsIn, request: Request, db: DbSession, tasks: BackgroundTasks) -> Response:
    """Anonymous: route templates only; the IP is used for the rate limit and never stored."""
    ip = net.client_ip(request)
    ratelimit.hit(PAGEVIEW_LIMIT, "pageviews", net.ip_bucket(ip))
    own_host = request.url.hostname or ""
    pageviews.record(db, views=body.views, own_host=own_host, country=net.client_country(request))
    if get_settings().analytics_provider != "none":
        tasks.add_task(_forward, body, request.headers.get("user-agent", ""), ip)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


# -- the transparency report (issue 31) -----------------------------------------------------------

Transparency = Annotated[User, Depends(require(Permission.TRANSPARENCY))]
Months = Annotated[
    int, Query(ge=1, le=transparency.MONTHS_MAX, description="calendar months, this one first")
]
CSV_HEADERS = {
    "Content-Disposition": 'attachment; filename="addme-transparency.csv"',
    "Cache-Control": "no-store",
}


def _csv(data: TransparencyReport) -> Response:
    return Response(transparency.to_csv(data), media_type="text/csv; charset=utf-8", headers=CSV_HEADERS)


@router.get("/admin/transparency", response_model=TransparencyReport)
def admin_transparency(
    _admin: Transparency,
    db: DbSession,
    months: Months = transparency.MONTHS_DEFAULT,
    format: Annotated[Literal["json", "csv"], Query()] = "json",
) -> TransparencyReport | Response:
    """Every month's figures, as JSON or (format=csv) the CSV of the payment provider's report."""
    data = transparency.report(db, months=months)
    return _csv(data) if format == "csv" else data


@router.get(
    "/admin/transparency.csv", response_class=Response, responses={200: {"content": {"text/csv": {}}}}
)
def admin_transparency_csv(
    _admin: Transparency, db: DbSession, months: Months = transparency.MONTHS_DEFAULT
) -> Response:
    """The same figures as one CSV line per month, oldest first."""
    return _csv(transparency.report(db, months=months))


@router.get("/transparency", response_model=TransparencyReport)
def public_transparency(db: DbSession, response: Response) -> TransparencyReport:
    """The public transparency report: the last 12 months, no account needed."""
    response.headers["Cache-Control"] = f"public, max-age={int(transparency.PUBLIC_TTL)}"
    return transparency.public_report(db)
