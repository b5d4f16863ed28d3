"""Password hashing, opaque tokens and password policy."""

from __future__ import annotations

import gzip
import hashlib
import hmac
import os
import secrets
import threading
from functools import lru_cache
from importlib import resources

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from addme.core.config import get_settings

# OWASP's Argon2id configuration (m=19 MiB, t=2, p=1), security.md's floor: about 25 ms of one core
# a hash here, against 170 ms of both cores for argon2-cffi's defaults (m=64 MiB, t=3, p=4), which
# let a few logins a second stall every page (docs/decisions.md). Older hashes are redone at login.
_hasher = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)
# Bound concurrent hashing to half the cores, so a login flood queues while pages keep being served.
_hash_slots = threading.BoundedSemaphore(max(1, (os.cpu_count() or 2) // 2))

PASSWORD_MIN = 8
PASSWORD_MAX = 128

# A fixed hash verified when an account does not exist, so unknown e-mails cost the same time.
_DUMMY_HASH = _hasher.hash(secrets.token_urlsafe(16))


def hash_password(password: str) -> str:
    """Argon2id hash of a password."""
    with _hash_slots:
        return _hasher.hash(password)


def verify_password(password: str, hashed: str | None) -> bool:
    """Check a password in constant-ish time; an absent hash still costs one verification."""
    with _hash_slots:
        try:
            return _hasher.verify(hashed or _DUMMY_HASH, password) and hashed is not None
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False


def needs_rehash(hashed: str) -> bool:
    """True when the stored hash used older parameters."""
    return _hasher.check_needs_rehash(hashed)


def new_token() -> str:
    """An opaque 256-bit token."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What is stored for a token: its SHA-256."""
    return hashlib.sha256(token.encode()).hexdigest()


def sign(value: str) -> str:
    """HMAC of a value with the app secret (CSRF tokens)."""
    return hmac.new(get_settings().secret_key.encode(), value.encode(), hashlib.sha256).hexdigest()


@lru_cache
def _common_passwords() -> frozenset[str]:
    data = resources.files("addme.core").joinpath("data/common-passwords.txt.gz").read_bytes()
    return frozenset(line.strip() for line in gzip.decompress(data).decode().splitlines() if line.strip())


def password_problem(password: str, *, email: str | None = None) -> str | None:
    """Why a password is refused, or None. Length only, no composition rules (NIST 800-63B)."""
    if len(password) < PASSWORD_MIN:
        return f"The password must be at least {PASSWORD_MIN} characters."
    if len(password) > PASSWORD_MAX:
        return f"The password may not be greater than {PASSWORD_MAX} characters."
    lowered = password.lower().strip()
    if lowered in _common_passwords():
        return "This password is too common. Please choose a less predictable one."
    site = get_settings().site_name.lower()
    if site in lowered and len(lowered) < len(site) + 6:
        return "The password may not be based on the site's name."
    if email and lowered == email.lower():
        return "The password may not be your e-mail address."
    return None
