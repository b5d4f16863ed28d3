"""Which word a search never seen before is read by, and when it is probed instead."""

from __future__ import annotations

from addme.listings.search import plan


def test_the_longest_word_is_guessed_and_a_short_or_common_one_never():
    assert plan.guess("cosmic_angel12345", "Clean") == plan.Guess(word=1, part_word=1)
    assert plan.guess("angel12345_cosmic", "Clean") == plan.Guess(word=0, part_word=None)
    assert plan.guess("fox cat", "Clean") is None  # three letters: a prefix of too many
    plan.mark_common("angel12345", "Clean", [0])
    assert plan.guess("cosmic_angel12345", "Clean") == plan.Guess(word=0, part_word=None)
    assert plan.guess("cosmic_angel12345", "Dirty") == plan.Guess(word=1, part_word=1)


def test_a_word_being_read_at_once_sends_the_searches_meanwhile_to_the_probe():
    plan.claim("night_dreamer77", "Clean", 1)
    # The crowd arriving while it runs: not a thousand candidates each, a probe each.
    assert plan.guess("dreamer77", "Clean") is None
    assert plan.guess("shy_dreamer77", "Clean") is None
    assert plan.guess("shy_dreamer78", "Clean") == plan.Guess(word=1, part_word=1)
    plan.release("night_dreamer77", "Clean", 1)  # rare after all
    assert plan.guess("dreamer77", "Clean") == plan.Guess(word=0, part_word=None)
