"""One permission matrix: every /v1/admin route of the app, with every level, against this table.

A route missing from the table fails the test, so no admin route can ship unguarded or unreviewed.
The table follows rules.md (Roles): Full everything; moderators reports, promotions, automations,
macros, age-verification stats, switch rules and bans (plus the review queue, docs/decisions.md);
AdPartner the same and ads.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from addme.core.config import get_settings
from addme.core.permissions import LEVEL_PERMISSIONS, Permission
from tests.factories.accounts import auth, make_user, token_for

P = Permission
ROUTES: dict[tuple[str, str], Permission] = {
    ("GET", "/v1/admin/me"): P.DASHBOARD,
    ("GET", "/v1/admin/overview"): P.DASHBOARD,
    ("GET", "/v1/admin/health"): P.DASHBOARD,
    ("GET", "/v1/admin/jobs/runs"): P.JOBS,
    ("GET", "/v1/admin/audit"): P.AUDIT,
    # The figures (countries, pins, sales, swipes, topups, usernames, users, pages): Full only, the
    # spec's "analytics".
    ("GET", "/v1/admin/stats/{page}"): P.STATS,
    ("POST", "/v1/admin/stats/refresh"): P.STATS,
    ("GET", "/v1/admin/maintenance"): P.MAINTENANCE,
    ("GET", "/v1/admin/blog"): P.BLOG,
    ("POST", "/v1/admin/blog"): P.BLOG,
    ("POST", "/v1/admin/blog/preview"): P.BLOG,
    ("POST", "/v1/admin/blog/picture"): P.BLOG,
    ("GET", "/v1/admin/blog/{post_id}"): P.BLOG,
    ("PUT", "/v1/admin/blog/{post_id}"): P.BLOG,
    ("DELETE", "/v1/admin/blog/{post_id}"): P.BLOG,
    ("PUT", "/v1/admin/maintenance"): P.MAINTENANCE,
    # Age verification (trust): every level reads; only Full edits where the law applies.
    ("GET", "/v1/admin/ondato/jurisdictions"): P.ONDATO,
    ("POST", "/v1/admin/ondato/jurisdictions"): P.JURISDICTIONS,
    ("PUT", "/v1/admin/ondato/jurisdictions/{jurisdiction_id}"): P.JURISDICTIONS,
    ("DELETE", "/v1/admin/ondato/jurisdictions/{jurisdiction_id}"): P.JURISDICTIONS,
    ("GET", "/v1/admin/ondato/stats"): P.ONDATO,
    ("POST", "/v1/admin/ondato/test"): P.ONDATO,
    ("GET", "/v1/admin/risk/tor-exits"): P.BLACKLIST,
    ("PUT", "/v1/admin/risk/tor-exits"): P.BLACKLIST,
    ("GET", "/v1/admin/ads"): P.ADS,
    ("POST", "/v1/admin/ads"): P.ADS,
    ("POST", "/v1/admin/ads/image"): P.ADS,
    ("PUT", "/v1/admin/ads/{ad_id}"): P.ADS,
    ("DELETE", "/v1/admin/ads/{ad_id}"): P.ADS,
    # The visit log: Full only (spec: Full sees trackers).
    ("GET", "/v1/admin/trackers"): P.TRACKERS,
    ("GET", "/v1/admin/alerts"): P.ALERTS,
    ("POST", "/v1/admin/alerts"): P.ALERTS,
    ("PUT", "/v1/admin/alerts/{alert_id}"): P.ALERTS,
    ("DELETE", "/v1/admin/alerts/{alert_id}"): P.ALERTS,
    ("GET", "/v1/admin/review"): P.REVIEW,
    ("POST", "/v1/admin/usernames/bulk"): P.REVIEW,
    ("POST", "/v1/admin/usernames/{username_id}/approve"): P.REVIEW,
    ("POST", "/v1/admin/usernames/{username_id}/reject"): P.REVIEW,
    ("POST", "/v1/admin/usernames/{username_id}/ban"): P.BANS,
    ("GET", "/v1/admin/reports"): P.REPORTS,
    ("POST", "/v1/admin/reports/{report_id}/decide"): P.REPORTS,
    ("GET", "/v1/admin/comment-reports"): P.REPORTS,
    ("POST", "/v1/admin/comments/{comment_id}/decide"): P.REPORTS,
    ("GET", "/v1/admin/unban-requests"): P.BANS,
    ("POST", "/v1/admin/unban-requests/{request_id}/decide"): P.BANS,
    ("GET", "/v1/admin/removal-requests"): P.REPORTS,
    ("POST", "/v1/admin/removal-requests/{request_id}/decide"): P.REPORTS,
    ("GET", "/v1/admin/removal-requests/{request_id}/proof"): P.REPORTS,
    # Notices from anyone (#29): every admin level, as the reports; the alert switch is one's own.
    ("GET", "/v1/admin/notices"): P.NOTICES,
    ("GET", "/v1/admin/notices/alerts"): P.NOTICES,
    ("PUT", "/v1/admin/notices/alerts"): P.NOTICES,
    ("GET", "/v1/admin/notices/{notice_id}"): P.NOTICES,
    ("POST", "/v1/admin/notices/{notice_id}/decide"): P.NOTICES,
    ("GET", "/v1/admin/notices/{notice_id}/picture"): P.NOTICES,
    ("GET", "/v1/admin/macros"): P.MACROS,
    ("GET", "/v1/admin/decision-macros"): P.REVIEW,
    ("GET", "/v1/admin/appeals"): P.APPEALS,
    ("POST", "/v1/admin/appeals/{appeal_id}/decide"): P.APPEALS,
    ("POST", "/v1/admin/macros"): P.MACROS,
    ("PATCH", "/v1/admin/macros/{macro_id}"): P.MACROS,
    ("DELETE", "/v1/admin/macros/{macro_id}"): P.MACROS,
    ("GET", "/v1/admin/contact"): P.CONTACT,
    ("POST", "/v1/admin/contact/{message_id}/reply"): P.CONTACT,
    ("POST", "/v1/admin/contact/{message_id}/status"): P.CONTACT,
    # The Moderators' queue: the inbox's ban, age-verification, hopping and VPN messages (issue 31).
    ("GET", "/v1/admin/contact-queue"): P.CONTACT_MODERATION,
    ("GET", "/v1/admin/transparency"): P.TRANSPARENCY,
    ("GET", "/v1/admin/transparency.csv"): P.TRANSPARENCY,
    ("GET", "/v1/admin/users/{user_id}/flags"): P.TRUST_FLAGS,
    ("POST", "/v1/admin/users/{user_id}/flags/clear"): P.TRUST_FLAGS,
    ("POST", "/v1/admin/contact-queue/{message_id}/reply"): P.CONTACT_MODERATION,
    ("POST", "/v1/admin/contact-queue/{message_id}/status"): P.CONTACT_MODERATION,
    # People and bans: users are Full only; bans (accounts, usernames, IPs) every admin level.
    ("GET", "/v1/admin/bans"): P.BANS,
    ("GET", "/v1/admin/ip-bans"): P.BANS,
    ("POST", "/v1/admin/ip-bans"): P.BANS,
    ("DELETE", "/v1/admin/ip-bans/{ban_id}"): P.BANS,
    ("POST", "/v1/admin/usernames/{username_id}/unban"): P.BANS,
    ("GET", "/v1/admin/blacklist"): P.BLACKLIST,
    ("POST", "/v1/admin/blacklist"): P.BLACKLIST,
    ("PATCH", "/v1/admin/blacklist/{term_id}"): P.BLACKLIST,
    ("DELETE", "/v1/admin/blacklist/{term_id}"): P.BLACKLIST,
    ("GET", "/v1/admin/users"): P.USERS,
    # The ban page's narrow search (masked e-mail, a handle): every level that bans.
    ("GET", "/v1/admin/users/lookup"): P.BANS,
    ("GET", "/v1/admin/users/{user_id}"): P.USERS,
    ("PATCH", "/v1/admin/users/{user_id}"): P.ADMIN_LEVELS,
    ("DELETE", "/v1/admin/users/{user_id}"): P.USERS,
    ("POST", "/v1/admin/users/{user_id}/ban"): P.BANS,
    ("POST", "/v1/admin/users/{user_id}/unban"): P.BANS,
    ("POST", "/v1/admin/users/{user_id}/grants"): P.USERS,
    ("POST", "/v1/admin/users/{user_id}/end-sessions"): P.USERS,
    ("POST", "/v1/admin/users/{user_id}/resend-confirmation"): P.USERS,
    ("PUT", "/v1/admin/users/{user_id}/trusted-flagger"): P.USERS,
    ("GET", "/v1/admin/orders"): P.ORDERS,
    ("POST", "/v1/admin/orders/{order_id}/confirm"): P.ORDERS,
    ("POST", "/v1/admin/orders/{order_id}/cancel"): P.ORDERS,
    ("POST", "/v1/admin/orders/{order_id}/freeze"): P.ORDERS,
    ("POST", "/v1/admin/keygen"): P.KEYGEN,
    ("GET", "/v1/admin/pins"): P.PINS,
    ("GET", "/v1/admin/gallery"): P.GALLERY,
    ("DELETE", "/v1/admin/gallery/{media_id}"): P.GALLERY,
    ("GET", "/v1/admin/image-bans"): P.IMAGE_BANS,
    ("POST", "/v1/admin/image-bans"): P.IMAGE_BANS,
    ("POST", "/v1/admin/image-hashes/import"): P.IMAGE_BANS,
    ("GET", "/v1/admin/image-hashes/export"): P.IMAGE_BANS,
    # The catalogue (#13): tags and groups Full only; promotions, automations, switch rules every level.
    ("GET", "/v1/admin/tags"): P.TAGS,
    ("POST", "/v1/admin/tags"): P.TAGS,
    ("PATCH", "/v1/admin/tags/{tag_id}"): P.TAGS,
    ("POST", "/v1/admin/tags/{tag_id}/merge"): P.TAGS,
    ("GET", "/v1/admin/groups"): P.GROUPS,
    ("GET", "/v1/admin/groups/{group_id}"): P.GROUPS,
    ("PATCH", "/v1/admin/groups/{group_id}"): P.GROUPS,
    ("DELETE", "/v1/admin/groups/{group_id}"): P.GROUPS,
    ("GET", "/v1/admin/promotions"): P.PROMOTIONS,
    ("POST", "/v1/admin/promotions"): P.PROMOTIONS,
    ("POST", "/v1/admin/promotions/{user_id}/end"): P.PROMOTIONS,
    ("GET", "/v1/admin/promotions/campaigns"): P.PROMOTIONS,
    ("POST", "/v1/admin/promotions/campaigns"): P.PROMOTIONS,
    ("GET", "/v1/admin/automations"): P.AUTOMATIONS,
    ("POST", "/v1/admin/automations/{user_id}/pause"): P.AUTOMATIONS,
    ("POST", "/v1/admin/automations/{user_id}/resume"): P.AUTOMATIONS,
    ("POST", "/v1/admin/automations/{user_id}/end"): P.AUTOMATIONS,
    ("GET", "/v1/admin/switch-rules"): P.SWITCH_RULES,
    ("PUT", "/v1/admin/switch-rules/{app}"): P.SWITCH_RULES,
}

LEVELS = ["anonymous", "member", "Moderator", "AdPartner", "Full"]


def _routes(app) -> Iterator[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """Every (method, path) the app serves, through included routers too."""
    stack = list(app.routes)
    while stack:
        route = stack.pop()
        contexts = getattr(route, "effective_route_contexts", None)
        if contexts is not None:
            stack.extend(contexts())
            continue
        path = getattr(route, "path", None)
        for method in getattr(route, "methods", None) or ():
            if path and method != "HEAD":
                yield method, path


def _admin_routes(app) -> set[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return {(m, p) for m, p in _routes(app) if p.startswith("/v1/admin")}


def test_every_admin_route_is_in_the_table(app):
    served = _admin_routes(app)
    assert served, "no admin route found: the walk over app.routes is broken"
    missing = served - set(ROUTES)
    assert not missing, f"admin routes without a permission in this table: {sorted(missing)}"
    stale = set(ROUTES) - served
    assert not stale, f"table rows for routes the app no longer serves: {sorted(stale)}"


def test_the_table_follows_the_roles(app):
    moderator = LEVEL_PERMISSIONS["Moderator"]
    partner = LEVEL_PERMISSIONS["AdPartner"]
    # Economy and people tools are Full only.
    for p in (
        P.ORDERS,
        P.KEYGEN,
        P.PINS,
        P.USERS,
        P.CONTACT,
        P.AUDIT,
        P.GALLERY,
        P.IMAGE_BANS,
        P.ALERTS,
        P.STATS,
    ):
        assert p not in moderator and p not in partner
    assert partner - moderator == {P.ADS}


def _status(client, method: str, path: str, headers: dict[str, str]) -> int:  # type: ignore[no-untyped-def]
    url = re.sub(r"\{[^}]+\}", "999999", path)
    if method == "GET":
        return int(client.get(url, headers=headers).status_code)
    return int(client.request(method, url, json={}, headers=headers).status_code)


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_gets_401_403_or_through_on_every_admin_route(client, db, app, level, monkeypatch):
    # One account sweeping every admin write in a second would spend its write budget (api/throttle.py).
    monkeypatch.setattr(get_settings(), "rate_limits_enabled", False)
    headers: dict[str, str] = {}
    if level != "anonymous":
        user = make_user(db, admin_level=None if level == "member" else level)
        headers = auth(token_for(db, user))
    allowed = LEVEL_PERMISSIONS.get(level, frozenset())
    wrong = []
    for method, path in sorted(_admin_routes(app)):
        status = _status(client, method, path, headers)
        if level == "anonymous":
            expected_ok = status == 401
        elif level == "member" or ROUTES[(method, path)] not in allowed:
            expected_ok = status == 403
        else:
            # Through the guard: the route itself answers (200, 404 for a missing id, 422 for a body).
            expected_ok = status not in (401, 403)
        if not expected_ok:
            wrong.append((method, path, status))
    assert not wrong, f"{level}: {wrong}"
