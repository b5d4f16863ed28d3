"""Each option list has one source: the Literal types the schemas use equal their enums."""

from __future__ import annotations

from typing import get_args

import pytest

from addme.core import options


@pytest.mark.parametrize(
    ("literal", "enum"),
    [
        (options.AppName, options.App),
        (options.GenderName, options.Gender),
        (options.OrientationName, options.Orientation),
        (options.TypeName, options.UsernameType),
        (options.OrderName, options.Order),
        (options.ReportTypeName, options.ReportType),
    ],
)
def test_the_literal_lists_the_enum(literal: object, enum: type) -> None:
    assert list(get_args(literal)) == [member.value for member in enum]
