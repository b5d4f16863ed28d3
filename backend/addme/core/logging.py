"""Structured JSON logs on stderr."""

from __future__ import annotations

import asyncio
import json
import logging
import select
import sys
from datetime import UTC, datetime
from typing import Any

from addme.core.config import get_settings

# Extra fields a log call may pass (`extra={...}`) that belong in the JSON line.
_EXTRA = ("status", "ms", "route")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        from addme.core.observe import request_id

        data = {
            "ts": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        rid = request_id.get()
        if rid:
            data["request_id"] = rid
        for key in _EXTRA:
            if hasattr(record, key):
                data[key] = getattr(record, key)
        if record.exc_info:
            data["exc"] = self.formatException(record.exc_info)
        return json.dumps(data)


_configured = False


def configure_logging() -> None:
    """JSON lines for the app's loggers (once per process)."""
    global _configured
    if _configured:
        return
    _configured = True
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger("addme")
    root.handlers = [handler]
    root.setLevel(logging.WARNING if get_settings().env == "test" else logging.INFO)
    root.propagate = False


class AccessLines:
    """The access log (one JSON line per request, JsonFormatter's keys), written once per turn of
    the event loop.

    Through `logging`, each request's line cost the web process ~30 us: a LogRecord, the
    formatter, the handler's lock, and a write and a flush of its own. That was a quarter of the
    pings a worker answers a second (docs/performance.md, 2026-11-29, morning). Here the line is
    built directly, and the lines of every request answered in one turn of the loop go out in one
    write, under the handler's lock like its other lines. Where the "addme" logger has no JSON
    stream handler (a set-up of the operator's own), or no event loop runs, a line goes through
    `logging` as before.
    """

    def __init__(self, logger: logging.Logger) -> None:
        self.logger = logger
        self.lines: list[str] = []
        self.flushing = False

    def write(self, *, method: str, path: str, status: int, ms: float, route: str, rid: str) -> None:
        if not self.logger.isEnabledFor(logging.INFO):
            return
        msg = f"{method} {path} {status}"
        extra = {"status": status, "ms": ms, "route": route}
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None or _json_stream(self.logger) is None:
            self.logger.info("%s", msg, extra=extra)
            return
        data = {
            "ts": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "level": "info",
            "logger": self.logger.name,
            "msg": msg,
        }
        if rid:
            data["request_id"] = rid
        self.lines.append(json.dumps({**data, **extra}) + "\n")
        if not self.flushing:
            self.flushing = True
            loop.call_soon(self.flush)

    def flush(self) -> None:
        self.flushing = False
        lines, self.lines = self.lines, []
        handler = _json_stream(self.logger)
        if handler is None or not lines:
            return
        handler.acquire()
        try:
            for chunk in _whole_lines_within(lines, select.PIPE_BUF):
                handler.stream.write(chunk)
                handler.flush()
        except (OSError, ValueError):  # a closed or full stream: lose the lines, never the request
            pass
        finally:
            handler.release()


def _whole_lines_within(lines: list[str], size: int) -> list[str]:
    """The lines joined into writes of at most `size` bytes each (a longer line alone).

    The web processes share one stderr, often a pipe: a write of up to PIPE_BUF bytes reaches it
    whole, a longer one may be cut by another process's lines (json.dumps writes ASCII only, so a
    character is a byte)."""
    chunks: list[str] = []
    current: list[str] = []
    length = 0
    for line in lines:
        if current and length + len(line) > size:
            chunks.append("".join(current))
            current, length = [], 0
        current.append(line)
        length += len(line)
    if current:
        chunks.append("".join(current))
    return chunks


def _json_stream(logger: logging.Logger) -> logging.StreamHandler[Any] | None:
    """The JSON stream handler the logger's lines reach (configure_logging's), if any."""
    node: logging.Logger | None = logger
    while node is not None:
        for h in node.handlers:
            if isinstance(h, logging.StreamHandler) and isinstance(h.formatter, JsonFormatter):
                return h
        if not node.propagate:
            return None
        node = node.parent
    return None
