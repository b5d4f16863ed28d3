"""Structured JSON logs on stderr."""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime

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
