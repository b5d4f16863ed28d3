"""A background job's id ranges follow the time its statements take (core/batches.py)."""

from __future__ import annotations

import pytest

from addme.core import batches


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_ranges_cover_every_id_once_and_grow_while_statements_are_quick():
    clock = Clock()
    seen = []
    for first, stop in batches.id_ranges(1, 10_000, rows=1_000, clock=clock):
        seen.append((first, stop))
        clock.now += 0.1  # a quick statement: the next range is twice as long
    assert seen == [(1, 1_001), (1_001, 3_001), (3_001, 7_001), (7_001, 15_001)]


def test_a_slow_statement_halves_the_next_range_down_to_the_minimum():
    clock = Clock()
    sizes = []
    for first, stop in batches.id_ranges(1, 2_000, rows=800, clock=clock):
        sizes.append(stop - first)
        clock.now += 5.0  # every row rewritten on a loaded machine
    assert sizes[:4] == [800, 400, 200, 100]
    assert set(sizes[4:]) == {batches.MIN_ROWS}
    assert sum(sizes) >= 2_000


def test_no_range_starts_past_the_budget_and_an_empty_table_has_none():
    clock = Clock()
    seen = []
    for first, _stop in batches.id_ranges(1, 1_000_000, budget_seconds=3.0, clock=clock):
        seen.append(first)
        clock.now += 1.0
    assert len(seen) == 3
    assert list(batches.id_ranges(None, None)) == []


def test_a_paced_job_rests_as_long_as_each_statement_took_but_not_after_the_last():
    clock = Clock()
    rests: list[float] = []

    def sleep(seconds: float) -> None:
        rests.append(seconds)
        clock.now += seconds

    for _range in batches.id_ranges(1, 3_000, rows=1_000, pause=1.0, clock=clock, sleep=sleep):
        clock.now += 0.6  # over half the target: the ranges keep their size
    assert rests == pytest.approx([0.6, 0.6])
    assert clock.now == pytest.approx(0.6 * 3 + 1.2)
