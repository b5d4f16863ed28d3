"""Markdown to safe HTML: rendered by Python-Markdown, then cleaned by nh3 with a small allow-list."""

from __future__ import annotations

import nh3

TAGS = {
    "p", "br", "hr", "h2", "h3", "h4", "strong", "em", "b", "i", "u", "s", "blockquote", "code", "pre",
    "ul", "ol", "li", "a", "img", "table", "thead", "tbody", "tr", "th", "td",
}  # fmt: skip
ATTRIBUTES = {"a": {"href", "title"}, "img": {"src", "alt", "title"}, "th": {"align"}, "td": {"align"}}
URL_SCHEMES = {"https", "http", "mailto"}


def sanitize(html: str) -> str:
    """Keep only the allowed tags and attributes; no scripts, styles or event handlers."""
    return nh3.clean(
        html,
        tags=TAGS,
        attributes=ATTRIBUTES,
        url_schemes=URL_SCHEMES,
        link_rel="noopener nofollow noreferrer",
        strip_comments=True,
    )


def render(markdown_text: str) -> str:
    """Markdown (raw HTML in it included) to sanitized HTML."""
    # Imported here: only writers and the first reader of a new post render, not start-up.
    import markdown as md

    html = md.markdown(markdown_text, extensions=["tables", "sane_lists"], output_format="html")
    return sanitize(html)
