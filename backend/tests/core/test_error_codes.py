"""Every error code is named in an enum, and the OpenAPI document carries them all."""

from __future__ import annotations

import re
from pathlib import Path

from addme.api.errors import ERROR_CODES
from addme.main import create_app

ADDME = Path(__file__).resolve().parents[2] / "addme"


def test_the_error_envelope_names_every_code_in_the_document() -> None:
    document = create_app().openapi()
    schemas = document["components"]["schemas"]
    refs = [ref["$ref"].rsplit("/", 1)[1] for ref in schemas["ErrorBody"]["properties"]["code"]["anyOf"][:-1]]
    assert refs == [enum.__name__ for enum in ERROR_CODES]
    for enum in ERROR_CODES:
        assert schemas[enum.__name__]["enum"] == [member.value for member in enum]
    assert "not_enough_fire_pins" in schemas["WalletCode"]["enum"]
    assert "csrf" in schemas["CoreCode"]["enum"]


def test_every_domain_with_codes_is_in_the_document() -> None:
    # A new domain's codes.py must be listed in addme/api/errors.py, or clients would not know them.
    listed = {enum.__module__ for enum in ERROR_CODES}
    for path in ADDME.glob("*/codes.py"):
        assert f"addme.{path.parent.name}.codes" in listed, path


def test_no_code_is_a_bare_string() -> None:
    # `code=` always names an enum member (mypy checks the type; this catches a str subclass slip).
    bare = re.compile(r"""\bcode=["']""")
    found = [str(p) for p in ADDME.rglob("*.py") if bare.search(p.read_text())]
    assert found == []
