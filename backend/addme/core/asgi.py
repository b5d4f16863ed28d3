"""The base of the app's pure ASGI middlewares (no BaseHTTPMiddleware: it costs a task a request)."""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send


class HttpMiddleware:
    """A middleware that acts on HTTP requests only: lifespan and websocket events pass straight
    through to the app, every HTTP request goes to `http`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await self.http(scope, receive, send)

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        raise NotImplementedError
