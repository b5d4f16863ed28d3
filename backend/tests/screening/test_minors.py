"""Minor signals (issue 29): a username's text that says its owner is under 18 is never listed.

Each phrasing is its own case: a clear signal is refused, a possible one held for a moderator,
and an adult's text passes untouched.
"""

from __future__ import annotations

import pytest

from addme.screening.minors import fold, minor_signal

CLEAR = [
    # an age under 18 written as an age, in English
    "16yo",
    "25 yo, 16yo in my heart",
    "16 yo",
    "15 y/o",
    "17 y.o.",
    "14 yrs",
    "16 yrs old",
    "15 years old",
    "17 year old",
    "16-year-old here",
    "16 years of age",
    "I'm 16",
    "im 15",
    "i am 17",
    "age: 16",
    "aged 14",
    "just turned 17",
    "sixteen years old",
    "I'm fifteen",
    "bored, 16yrs, snap me",
    # ...and in French
    "16 ans",
    "j'ai 15 ans",
    "jai 17 ans",
    "seize ans",
    "quinze ans et demi",
    "dix-sept ans",
    "lycéenne 16 ans",
    "j'ai 14",
    # teen or a school word with an age
    "teen 16",
    "16 teen",
    "teen, 15",
    "school girl 16, snap me",
    "schoolgirl 17",
    "high school 16",
    "lycéen 17",
    "collégienne 14",
    "ado 15",
    "girl 16",
    "16 boy",
    "T33N 16",
    # words no adult uses of themselves
    "underage",
    "under age and bored",
    "u18",
    "U16 girl",
    "jailbait",
    "jail bait",
    "pre-teen",
    "moins de 18 ans",
    "pas encore majeure",
    "almost 18",
    "bientôt 18",
    "bientot majeure",
    # look-alikes, accents, case and spacing
    "1 6 y o",
    "16YO",
    "ＪＡＩＬＢＡＩＴ",
    "j@ilb@it",
    "j41lb41t",
    "jail.bait",
    "u.n.d.e.r.a.g.e",
    "UnDeRaGe",
    "ѕсhооl gіrl 16",
    "t e e n 1 6",
    "j'ai 16 âns",
    "ѕіхtееn уеаrѕ оld",
    "sch00l g1rl 15",
    "$chool girl 16",
]
POSSIBLE = [
    "school girl",
    "schoolgirl",
    "s.c.h.o.o.l g i r l",
    "sch00l girl",
    "s-c-h-o-o-l-g-i-r-l",
    "school boy",
    "high school",
    "still in highschool",
    "h1gh sch00l",
    "lycéenne",
    "lyceen",
    "collégienne",
    "collégien",
    "écolière",
    "minor",
    "m1n0r",
    "mineure",
    "MINEURE",
    "middle school",
    "junior high",
    "under 18",
    "ѕсhооl gіrl",
    "l y c e e n n e",
    "turning 18 soon",
    "sch-ool-girl",
    "school girl party tonight",
]
ADULT = [
    "18yo", "19yo", "18 years old", "21 ans", "25 y/o", "I'm 18", "im 22", "age 30", "aged 45",
    "99 years young", "j'ai 40 ans", "teen", "Teenage Fanclub fan", "teen at heart, 30",
    "18 teen", "teens 18+", "No minors, 18+ only", "no underage", "under 18s don't add",
    "interdit aux moins de 18 ans", "moins de 18 ans s'abstenir", "pas de mineurs",
    "married 15 years", "together for 16 years", "depuis 15 ans à Paris", "15 years of experience",
    "16 years ago I moved here", "I'm 5'10", "im 6ft", "I'm 12 stone", "16 cm", "$15 a month",
    "1 girl 12 guys", "2016 graduate", "PS5 gamer, 24", "room 16, bored", "10 followers lol",
    "love minor chords? 27", "fan of the Fifteen band", "born in 2001", "18+ only", "couple 30 and 32",
    "19 & ready", "top 10 DJ", "minor league fan, 33", "25yo, my sister is 30 years old", "ex-lycéenne de 35 ans", "rated 17 on my school's... no, 23 yrs",
]  # fmt: skip


@pytest.mark.parametrize("text", CLEAR)
def test_a_clear_minor_signal_is_refused(text):
    found = minor_signal(text)
    assert found is not None and found.strength == "clear", (text, fold(text), found)


@pytest.mark.parametrize("text", POSSIBLE)
def test_a_possible_minor_signal_is_held(text):
    found = minor_signal(text)
    assert found is not None and found.strength == "possible", (text, fold(text), found)


@pytest.mark.parametrize("text", ADULT)
def test_an_adult_text_passes(text):
    assert minor_signal(text) is None, (text, fold(text))


def test_enough_phrasings_are_checked():
    assert len(CLEAR) + len(POSSIBLE) >= 60 and len(ADULT) >= 30


def test_the_signal_names_the_words_to_remove():
    found = minor_signal("Hi, school girl 16, snap me")
    assert found is not None and "16" in found.words and "school girl" in found.words
