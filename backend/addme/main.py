"""create_app(): the API under /v1, error handlers, security headers, the built web app, jobs."""

from __future__ import annotations

import gc
import logging
import mimetypes
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, PlainTextResponse, Response

from addme import models  # noqa: F401 - every table registered before anything queries
from addme.api import errors as error_codes
from addme.api import pages
from addme.api.main import API_ROUTERS
from addme.api.maintenance import MaintenanceMiddleware
from addme.api.throttle import WriteBudgetMiddleware
from addme.core import pages as web_pages
from addme.core import reads
from addme.core.bodylimit import BodyLimitMiddleware
from addme.core.config import get_settings
from addme.core.edge import EdgeMiddleware
from addme.core.errors import envelope, install_error_handlers
from addme.core.headers import security_headers
from addme.core.logging import configure_logging
from addme.core.replica import ReadYourWritesMiddleware
from addme.core.responses import JsonResponse
from addme.core.routes import install_fast_paths, mount_api, raw_get
from addme.jobs import registry  # noqa: F401 - registers the jobs
from addme.jobs.service import Scheduler
from addme.listings.seo import site_router
from addme.metrics import router as metrics_router
from addme.moderation.ipguard import IpBanMiddleware
from addme.trust import trackers

log = logging.getLogger("addme")
mimetypes.add_type("application/manifest+json", ".webmanifest")


@asynccontextmanager
async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
    settings = get_settings()
    reader = reads.create_reader(settings)
    await reader.open()
    reads.install(reader)
    if settings.env != "test":
        # Everything alive now (modules, routes, compiled schemas) lives as long as the process.
        # Frozen, the collector stops walking it: a full collection of the app's startup heap
        # stalled every request in flight for ~100 ms, several times a minute under load (the
        # p99 of the listing benchmark, docs/performance.md). Tests build apps over and over and
        # would only leak.
        gc.collect()
        gc.freeze()
        # A request allocates thousands of short-lived objects; at the default threshold (700)
        # the youngest generation was collected several times per list answer, each time
        # walking every object of the 32 requests in flight (3-4% of the process's CPU under
        # load, perf). Objects that refcounting frees never reach a collection anyway.
        gc.set_threshold(10_000, 20, 20)
        sys.setswitchinterval(settings.gil_switch_interval_ms / 1000)
    scheduler = Scheduler() if settings.run_jobs_in_web and settings.env != "test" else None
    if scheduler:
        scheduler.start()
    # The visit log's writer: this process's queue, drained in batches (tests flush it themselves).
    flusher = trackers.Flusher() if settings.env != "test" else None
    if flusher:
        flusher.start()
    try:
        yield
    finally:
        if flusher:
            flusher.stop()
        if scheduler:
            scheduler.stop()
        reads.install(None)
        await reader.close()


def create_app() -> FastAPI:
    settings = get_settings()
    configure_logging()
    app = FastAPI(
        title=f"{settings.site_name} API",
        version="1.0.0",
        # Off by default in production: the document maps every route for an attacker.
        openapi_url="/v1/openapi.json" if settings.docs_public else None,
        docs_url="/v1/docs" if settings.docs_public else None,
        redoc_url=None,
        lifespan=lifespan,
        # FastAPI's native OpenTelemetry looks for configured providers on every request (a few
        # environment reads each time); the app's figures are Prometheus', at /metrics.
        telemetry={"tracing": False, "metrics": False, "logs": False},
    )
    install_error_handlers(app)
    mount_api(app, API_ROUTERS)
    pages.install()
    error_codes.install(app, API_ROUTERS)

    # Innermost: a body past its route's allowance is refused while it is read (413, before parsing).
    app.add_middleware(BodyLimitMiddleware, api_prefix="/v1")
    # A banned IP's writes are refused before their bodies are read (reads pass through).
    app.add_middleware(IpBanMiddleware)
    # Every write under /v1 counts against its IP's and its account's budget (429 + Retry-After).
    app.add_middleware(WriteBudgetMiddleware)
    # With a read replica: the caller's last write time, from its signed cookie (read-your-writes).
    if settings.database_read_url:
        app.add_middleware(ReadYourWritesMiddleware)
    # Maintenance: every API call but an admin's answers 503 (addme/admin/maintenance.py).
    app.add_middleware(MaintenanceMiddleware)
    # Page loads and profile views go on the visit log's queue once answered (never waited on).
    app.add_middleware(trackers.TrackerMiddleware)
    # Outermost, one layer: the request id, figures and access line, compression, the security
    # headers, the web deadline and the envelope's 500 for an unhandled exception (core/edge.py).
    hsts = settings.cookie_secure or settings.env == "production"
    log_requests = settings.access_log if settings.access_log is not None else settings.env == "production"
    app.add_middleware(
        EdgeMiddleware, security_headers=security_headers(hsts=hsts), log_requests=log_requests
    )

    app.include_router(site_router)  # robots.txt and sitemap.xml, before the SPA catch-all
    app.include_router(metrics_router)  # /metrics, private networks only
    _mount_web(app)
    install_fast_paths(app)
    return app


def _mount_web(app: FastAPI) -> None:
    settings = get_settings()
    media = settings.media_dir

    @app.get("/media/{path:path}", include_in_schema=False)
    async def media_file(path: str) -> Response:
        target = (media / path).resolve()
        # held/: pictures a moderator removed, kept privately for the appeal period (media/held.py).
        held = target.is_relative_to((media / "held").resolve())
        if held or not target.is_relative_to(media.resolve()) or not target.is_file():
            return JsonResponse(envelope("This page could not be found"), status_code=404)
        return FileResponse(target, headers={"Cache-Control": "public, max-age=31536000, immutable"})

    # A RawRoute: FastPaths (core/routes.py) sends a page's path straight here, past the API's routes.
    @raw_get(app.router, "/{path:path}", include_in_schema=False)
    async def spa(request: Request) -> Response:
        path: str = request.path_params["path"]
        if path.startswith("v1/") or path == "v1":
            return JsonResponse(envelope("This page could not be found"), status_code=404)
        if path.endswith(".map") and not settings.source_maps_public:
            return PlainTextResponse("", status_code=404)
        served = web_pages.file_response(request, get_settings().web_dist, path)
        if served is not None:
            return served
        if path in ("robots.txt", "sitemap.xml"):
            return PlainTextResponse("", status_code=404)
        return await web_pages.page_response(request, "/" + path)
