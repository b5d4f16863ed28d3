"""The sandboxed documents an admin's own html and script run in (Code ads, html alerts).

Each is a document of its own (not srcdoc: a srcdoc frame inherits the site's policy, which runs no
inline script) served with `policy(...)`: an opaque origin, nothing posted or fetched from it, and
only this site may frame it. The size reporter tells the page how tall the frame should be.
"""

from __future__ import annotations

HEAD = '<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">'


def policy(*, sandbox: str, sources: list[str]) -> str:
    """The frame's Content-Security-Policy: `sandbox <sandbox>`, nothing by default but `sources`."""
    closed = ["connect-src 'none'", "form-action 'none'", "base-uri 'none'", "frame-ancestors 'self'"]
    return "; ".join([f"sandbox {sandbox}", "default-src 'none'", *sources, *closed])


def size_reporter(*, key: str, row_id: int, element: str) -> str:
    """A script posting `{<key>: row_id, height}` to the parent on load and on each resize of `element`."""
    return (
        f"(function(){{function s(){{parent.postMessage({{{key}:{row_id},"
        f"height:{element}.scrollHeight}},'*')}}addEventListener('load',s);"
        f"if(window.ResizeObserver){{new ResizeObserver(s).observe({element})}}s()}})();"
    )
