"""Id ranges for a background job's statements, each sized to take about a second.

A job that rewrites a large table works range by range, each range one short statement in its own
transaction: never a long lock, never past the server's 15-second statement_timeout. A fixed size
cannot fit both cases: a range where nothing changes is only read (5,000 rows in a few
milliseconds), one where every row changes is rewritten in every index of the table (about a
millisecond a row on a loaded machine: 5,000 rows ran into the timeout). So the size follows the
time the caller's last statement took, and the job pauses after each statement as long as it took
(`pause`): a pass over a million rows then takes at most half of one database core, and the site's
requests are not queued behind it for its whole length.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

TARGET_SECONDS = 1.0
MIN_ROWS = 100
MAX_ROWS = 20_000


def id_ranges(
    low: int | None,
    high: int | None,
    *,
    rows: int = 1_000,
    budget_seconds: float = float("inf"),
    pause: float = 0.0,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> Iterator[tuple[int, int]]:
    """(first, stop) ranges covering low..high, stop excluded. The time between one range being
    handed out and the next being asked for is the caller's statement: half the target or less
    doubles the next range, more than the target halves it; then `pause` times that is slept (a
    background job's share of the database). No range starts after
    `budget_seconds` (the job's next run goes on from the start: rows already right are only read).
    """
    if low is None or high is None:
        return
    began = clock()
    start = low
    while start <= high and clock() - began < budget_seconds:
        asked = clock()
        yield start, start + rows
        took = clock() - asked
        start += rows
        if pause and start <= high:
            sleep(took * pause)
        if took <= TARGET_SECONDS / 2:
            rows = min(rows * 2, MAX_ROWS)
        elif took > TARGET_SECONDS:
            rows = max(rows // 2, MIN_ROWS)
