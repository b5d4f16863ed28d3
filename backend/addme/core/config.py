"""The one validated Settings object: every environment read of the app happens here."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

REPO_ROOT = Path(__file__).resolve().parents[3]
DEV_SECRET = "dev-only-secret-change-me"  # noqa: S105 - refused outside development below


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=None, extra="ignore", case_sensitive=False)

    env: Literal["development", "test", "production"] = "development"
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    site_url: str = "http://127.0.0.1:8000"
    secret_key: str = DEV_SECRET

    database_url: str = f"sqlite:///{REPO_ROOT / 'data' / 'addme.db'}"
    db_pool_size: int = 10
    db_timeout_seconds: float = 5.0
    redis_url: str | None = None
    # Anonymous public listing responses are cached this long; 0 turns the cache off (benchmarks).
    listing_cache_seconds: int = Field(default=15, ge=0, le=300)

    # Brand variants are settings, not forks.
    site_name: str = "AddMe"
    brand: Literal["addme", "snap", "kik"] = "addme"
    default_app: Literal["snapchat", "telegram", "kik"] = "snapchat"
    accent_color: str = "#7c3aed"
    maintenance: bool = False
    swipes_enabled: bool = True

    captcha_provider: Literal["none", "turnstile", "hcaptcha"] = "none"
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

    shop_webhook_secret: str = "dev-shop-webhook-secret"  # noqa: S105
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
    country_header: str | None = None

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
    # Two-letter countries where adult media stays blurred until the account is age_verified
    # (the trust domain will own the list; empty means never blurred).
    age_verification_countries: list[str] = Field(default_factory=list)

    run_jobs_in_web: bool = True
    rate_limits_enabled: bool = True
    cookie_secure: bool = False

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

    @model_validator(mode="after")
    def _refuse_placeholder_secrets(self) -> Settings:
        if self.env == "production":
            if self.secret_key == DEV_SECRET or len(self.secret_key) < 32:
                raise ValueError("SECRET_KEY must be set to a random value of 32+ characters in production")
            if self.shop_webhook_secret.startswith("dev-"):
                raise ValueError("SHOP_WEBHOOK_SECRET must be set in production")
        return self


@lru_cache
def get_settings() -> Settings:
    return Settings()
