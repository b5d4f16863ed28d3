"""The one validated Settings object: every environment read of the app happens here."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from addme.core.options import AppName

REPO_ROOT = Path(__file__).resolve().parents[3]
DEV_SECRET = "dev-only-secret-change-me"  # noqa: S105 - refused outside development below


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=None, extra="ignore", case_sensitive=False)

    env: Literal["development", "test", "production"] = "development"
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    # One JSON line per request (addme.access); default on in production.
    access_log: bool | None = None
    # Who may read /metrics: loopback and these networks (the private ones by default).
    metrics_networks: list[str] = Field(
        default_factory=lambda: ["127.0.0.0/8", "::1/128", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"]
    )
    # Where mailed links and canonical URLs point; unset, it follows HOST and PORT (dev and tests).
    site_url: str = ""
    secret_key: str = DEV_SECRET

    database_url: str = f"sqlite:///{REPO_ROOT / 'data' / 'addme.db'}"
    db_pool_size: int = 10
    # Read connections per web process (the public lists and profiles, core/reads.py). Requests
    # beyond it wait in the reader's own first-come line; sized for the database's cores, not for
    # the requests in flight: with 10 on a 2-core machine, the database's backends queued in the
    # kernel's scheduler instead, where no order is kept, and a tag page's p99 was 52-60 ms
    # against 15-17 ms with 6, for the same requests a second (docs/performance.md). About three
    # per database core, divided by the web processes sharing it (docs/operations.md).
    db_read_pool_size: int = Field(default=6, ge=1, le=100)
    db_timeout_seconds: float = 5.0
    # A streaming replica for the public reads (lists, search, profiles, sitemaps): core/replica.py.
    # Unset: every read on DATABASE_URL. Past READ_REPLICA_MAX_LAG_S behind, or down, reads go to
    # the primary (and /metrics says so).
    database_read_url: str | None = None
    read_replica_max_lag_s: float = Field(default=5.0, gt=0, le=300)
    # How long a thread may hold the GIL while another waits for it (Python's default: 5 ms). A
    # web process runs its event loop (the public reads) beside the threads of its sync routes
    # (login, Top-Up, every write): at the default, each of a login's database round trips waited
    # up to 5 ms for the loop to let go, and its p99 under the mixed crowd was 215-263 ms; at 1 ms,
    # 156 ms, every other kind faster too and the same requests per second (docs/performance.md).
    gil_switch_interval_ms: float = Field(default=1.0, gt=0, le=100)
    redis_url: str | None = None
    # Anonymous public listing responses are cached this long; 0 turns the cache off (benchmarks).
    listing_cache_seconds: int = Field(default=15, ge=0, le=300)

    # Brand variants are settings, not forks.
    site_name: str = "AddMe"
    brand: Literal["addme", "snap", "kik"] = "addme"
    default_app: AppName = "snapchat"
    accent_color: str = "#7c3aed"
    maintenance: bool = False
    swipes_enabled: bool = True
    # Comments a free member may post a day (VIP and Studio: unlimited; docs/decisions.md).
    free_comments_per_day: int = Field(default=3, ge=0, le=100)

    captcha_provider: Literal["none", "turnstile", "hcaptcha"] = "none"
    # Page views are first-party (stats domain); "plausible" also forwards each one to Plausible's
    # Events API for PLAUSIBLE_DOMAIN (off by default: nothing leaves the site).
    analytics_provider: Literal["none", "plausible"] = "none"
    plausible_domain: str = ""
    plausible_api_url: str = "https://plausible.io/api/event"
    captcha_site_key: str = ""
    captcha_secret: str = ""

    mail_from: str = "AddMe <no-reply@addme.local>"
    # Contact-form and removal-request copies go here (the support outbox).
    support_email: str = "support@addme.local"
    smtp_host: str | None = None
    smtp_port: int = 25
    smtp_username: str | None = None
    smtp_password: str | None = None
    smtp_starttls: bool = False
    # Mail leaves in a background thread right after the commit that queued it (the deliver-mail
    # job retries what could not be sent); false leaves it all to the job.
    mail_after_commit: bool = True
    # A message the SMTP server keeps refusing is retried with growing waits (30 s, doubling, at
    # most 15 minutes apart) for this long after it was queued, then given up (shown in
    # /admin/health and /metrics; `addme mail-retry` tries the given-up ones again).
    mail_give_up_after_hours: float = 72.0

    shop_webhook_secret: str = "dev-shop-webhook-secret"  # noqa: S105
    # Card payments: "local" is the app's own test-mode checkout (no money moves; it sends the shop
    # webhook to itself so keys flow as in production), "hosted" the external shop's checkout links.
    card_checkout: Literal["local", "hosted"] = "local"
    # The card shop's checkout page per SKU (e.g. {"topup-20": "https://shop.example/products/20"});
    # a product without one is shown without a card link.
    shop_checkout_urls: dict[str, str] = Field(default_factory=dict)
    # Where direct crypto payments go; a network without an address is not offered.
    crypto_bep20_address: str = ""
    crypto_erc20_address: str = ""
    crypto_solana_address: str = ""
    crypto_contact_url: str = ""

    # Client IPs come from X-Forwarded-For only when the peer is one of these.
    trusted_proxies: list[str] = Field(default_factory=list)
    # The proxy's headers naming the visitor's country and region (e.g. Cloudflare's CF-IPCountry and,
    # with its visitor-location headers on, CF-Region-Code). Read only from a trusted proxy when
    # TRUSTED_PROXIES is set; unset, the offline GeoIP database gives the country and no region.
    country_header: str | None = None
    region_header: str | None = None
    # The proxy's headers naming the visitor's city and postal code (Cloudflare's CF-IPCity and
    # CF-Postal-Code): read for the visit log (trackers) only, from a trusted proxy as above.
    city_header: str | None = None
    postal_header: str | None = None

    web_dist: Path = REPO_ROOT / "web" / "dist"
    media_dir: Path = REPO_ROOT / "data" / "media"
    media_url: str = "/media"
    # Files nobody but moderators may read (removal proofs): never under media_dir, never served.
    private_dir: Path = REPO_ROOT / "data" / "private"
    # Media storage: "local" writes under media_dir; "s3" any S3-compatible bucket. Public URLs are
    # media_host_url + "/" + key when set (the spec's separate media host), else media_url (local)
    # or the endpoint's path-style bucket URL (s3).
    storage_provider: Literal["local", "s3"] = "local"
    s3_bucket: str = ""
    s3_endpoint_url: str | None = None
    s3_region: str = "us-east-1"
    s3_access_key_id: str | None = None
    s3_secret_access_key: str | None = None
    media_host_url: str = ""
    # Age verification where the law requires it (the places are rows admins edit in /admin/ondato).
    # "local" is the offline simulator (development and tests); production refuses it.
    age_verification_provider: Literal["local", "ondato"] = "local"
    ondato_client_id: str = ""
    ondato_client_secret: str = ""
    ondato_setup_id: str = ""
    # Ondato's webhook calls authenticate with HTTP Basic credentials chosen in its dashboard.
    ondato_webhook_username: str = ""
    ondato_webhook_password: str = ""
    ondato_token_url: str = "https://id.ondato.com/connect/token"  # noqa: S105 - a URL
    ondato_api_url: str = "https://idvapi.ondato.com"
    ondato_flow_url: str = "https://idv.ondato.com"
    # StopNCII's hash list, synced into the block list by the "sync-stopncii" job (off by default).
    # "file" reads STOPNCII_FILE (ThreatExchange's PDQ text format, `status=withdrawn` to take a
    # hash back): the offline default. "api" is StopNCII's own API, with the keys StopNCII issues
    # to a partner platform: the APIM subscription key on every call, a function key per endpoint.
    stopncii_enabled: bool = False
    stopncii_provider: Literal["file", "api"] = "file"
    stopncii_file: Path = REPO_ROOT / "data" / "stopncii.txt"
    stopncii_api_url: str = "https://api.stopncii.org/v1"
    stopncii_subscription_key: str = ""
    stopncii_fetch_key: str = ""
    stopncii_feedback_key: str = ""
    stopncii_page_size: int = Field(default=800, ge=1, le=5000)
    # Pages fetched by one run of the job: a first sync of a large list spreads over several runs.
    stopncii_pages_per_run: int = Field(default=20, ge=1, le=1000)

    # The risk check (VPN, proxy, Tor, hosting networks): "local" needs no network; "proxycheck"
    # adds proxycheck.io's verdict when PROXYCHECK_API_KEY is set.
    risk_provider: Literal["local", "proxycheck"] = "local"
    proxycheck_api_key: str = ""
    # Bot and device assessment at sign-up, login and free Top-Up claims (#37): "local" reads plain
    # signals (a script's user agent, a form sent faster than a person types, many accounts made
    # on one device); "captcha" adds what the captcha's own siteverify answer said (hCaptcha
    # Enterprise's score; Turnstile's hostname and action), falling back to local with the local captcha.
    bot_provider: Literal["local", "captcha"] = "captcha"
    # A verdict at or above this score is a bot: the account is marked high-risk with the reasons.
    bot_score_threshold: float = Field(default=0.7, gt=0, le=1)
    # A sign-up form sent sooner than this after the server issued its stamp was not typed by hand.
    bot_min_form_seconds: float = Field(default=1.5, ge=0, le=60)
    # Accounts made on one device (its cookie) within the window before the next one is restricted
    # for account hopping (docs/decisions.md: the 4th account in 30 days).
    bot_device_max_accounts: int = Field(default=3, ge=1, le=1000)
    bot_device_window_days: int = Field(default=30, ge=1, le=365)

    # Owner verified (#34). Telegram: the Login Widget, with the bot's token (from @BotFather, the
    # bot's domain set to the site's); unset, the widget is not offered. Snapchat and Kik: the
    # app's public profile page is read for the owner's one-time code: "local" serves recorded page
    # shapes (offline, development and tests), "http" fetches the real pages.
    telegram_bot_token: str = ""
    telegram_bot_username: str = ""
    handle_pages_provider: Literal["local", "http"] = "local"
    handle_pages_timeout_seconds: float = Field(default=5.0, gt=0, le=30)
    # Dead handles (#34): the check job reads at most this many pages a second (all apps together)
    # and this many of each app per run (every 10 minutes), so an app sees a slow, steady trickle.
    handle_checks_per_second: float = Field(default=1.0, gt=0, le=10)
    handle_checks_per_app_per_run: int = Field(default=30, ge=1, le=1000)

    # Translation (#37): "local" says it is not configured; "libretranslate" posts the text only
    # to LIBRETRANSLATE_URL (self-hosted or a hosted instance, LIBRETRANSLATE_API_KEY when it asks one).
    translation_provider: Literal["local", "libretranslate"] = "local"
    libretranslate_url: str = ""
    libretranslate_api_key: str = ""
    translation_timeout_seconds: float = Field(default=8.0, gt=0, le=30)

    run_jobs_in_web: bool = True
    rate_limits_enabled: bool = True
    # The prefix of every rate-limit key in Redis (two sites, or a test, can share one server).
    rate_limit_prefix: str = "addme-limits"
    # The least time between two confirmation mails to one account (the resend button waits as long).
    # The browser tests shorten it so the newcomer's journey does not wait a real minute.
    confirmation_resend_seconds: int = Field(default=60, ge=1, le=3600)
    cookie_secure: bool = False
    # /v1/docs and /v1/openapi.json; unset means on everywhere but production.
    public_docs: bool | None = None
    # The web app's *.map files (its TypeScript source); unset means on everywhere but production.
    public_source_maps: bool | None = None

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")

    @property
    def sqlalchemy_url(self) -> str:
        """A plain postgresql:// URL means psycopg 3."""
        url = self.database_url
        for prefix in ("postgresql://", "postgres://"):
            if url.startswith(prefix):
                return "postgresql+psycopg://" + url[len(prefix) :]
        return url

    @property
    def sqlalchemy_read_url(self) -> str | None:
        """DATABASE_READ_URL (the replica) in SQLAlchemy's form, or None without a replica."""
        url = self.database_read_url
        for prefix in ("postgresql://", "postgres://"):
            if url and url.startswith(prefix):
                return "postgresql+psycopg://" + url[len(prefix) :]
        return url or None

    @property
    def dev_routes(self) -> bool:
        """/v1/dev/* (the outbox): only when ENV=development was set explicitly, never by default."""
        return self.env == "development" and "env" in self.model_fields_set

    @property
    def docs_public(self) -> bool:
        return self.public_docs if self.public_docs is not None else self.env != "production"

    @property
    def source_maps_public(self) -> bool:
        return self.public_source_maps if self.public_source_maps is not None else self.env != "production"

    @model_validator(mode="after")
    def _site_url_and_production_checks(self) -> Settings:
        if not self.site_url:
            # Not through __setattr__, which would count SITE_URL as given.
            object.__setattr__(self, "site_url", _local_url(self.host, self.port))
        if self.env == "production":
            problems = production_problems(self)
            if problems:
                raise ProductionRefused(problems)
        return self


def _local_url(host: str, port: int) -> str:
    # A wildcard bind address is not something a browser can open.
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host  # noqa: S104
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


class ProductionRefused(ValueError):
    """ENV=production with settings only fit for development; `problems` says what, in words."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("ENV=production refuses these settings:\n- " + "\n- ".join(problems))
        self.problems = problems


def production_problems(s: Settings) -> list[str]:
    """Every reason these settings are unsafe to serve the public with (empty when none)."""
    problems: list[str] = []
    if s.secret_key == DEV_SECRET or len(s.secret_key) < 32:
        problems.append("SECRET_KEY must be set to a random value of 32+ characters in production.")
    if s.shop_webhook_secret.startswith("dev-") or len(s.shop_webhook_secret) < 16:
        problems.append("SHOP_WEBHOOK_SECRET must be set to the shop's signing secret (16+ characters).")
    if s.card_checkout == "local":
        problems.append(
            "CARD_CHECKOUT is 'local': the test-mode checkout hands out keys without taking money. "
            "Set 'hosted' with SHOP_CHECKOUT_URLS."
        )
    if s.captcha_provider == "none":
        problems.append(
            "CAPTCHA_PROVIDER is 'none': the local test captcha lets any script through. "
            "Set 'turnstile' or 'hcaptcha' with CAPTCHA_SITE_KEY and CAPTCHA_SECRET."
        )
    elif not (s.captcha_site_key and s.captcha_secret):
        problems.append(f"CAPTCHA_SITE_KEY and CAPTCHA_SECRET must be set for {s.captcha_provider}.")
    if not s.cookie_secure:
        problems.append("COOKIE_SECURE must be true: session cookies would travel over plain HTTP.")
    if not s.smtp_host:
        problems.append(
            "SMTP_HOST is not set: mail would stay in the development outbox and nobody could "
            "confirm an account or reset a password."
        )
    if s.age_verification_provider == "local":
        problems.append(
            "AGE_VERIFICATION_PROVIDER is 'local': its simulator lets anyone pass age verification. "
            "Set 'ondato' with ONDATO_CLIENT_ID, ONDATO_CLIENT_SECRET and ONDATO_SETUP_ID."
        )
    elif not (s.ondato_client_id and s.ondato_client_secret and s.ondato_setup_id):
        problems.append("ONDATO_CLIENT_ID, ONDATO_CLIENT_SECRET and ONDATO_SETUP_ID must be set for ondato.")
    if (
        s.stopncii_enabled
        and s.stopncii_provider == "api"
        and not (s.stopncii_subscription_key and s.stopncii_fetch_key)
    ):
        problems.append(
            "STOPNCII_SUBSCRIPTION_KEY and STOPNCII_FETCH_KEY must be set for STOPNCII_PROVIDER=api."
        )
    if "site_url" not in s.model_fields_set:
        problems.append("SITE_URL is not set: mailed links would point at " + s.site_url + ".")
    elif not s.site_url.startswith("https://"):
        problems.append(f"SITE_URL must be an https:// address (it is {s.site_url}).")
    return problems


@lru_cache
def get_settings() -> Settings:
    return Settings()
