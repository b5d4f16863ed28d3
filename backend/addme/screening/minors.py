"""Minor signals: a username's text that says or hints its owner is under 18 is never listed.

A *clear* signal (an age under 18 written as an age, "jailbait", "u18", "underage", "teen 16",
a school word next to an age under 18) is refused outright; a *possible* one (a school word, "minor"
or "mineure" with no age) holds the username for a moderator, at the top of the queue.

Pure functions over text, compiled once at import: a check is a few regex searches on a short
folded copy of the text (bench/screening.py). The text is folded before matching:
- NFKC, case-folded, accents stripped, Cyrillic and Greek look-alikes read as the Latin letter;
- leetspeak inside words (0→o, 1→i/l, 3→e, 4→a, 5→s, 7→t, @→a, $→s, !/|→i), but not in numbers
  ("16" stays an age, "sch00l" becomes "school");
- letters spelled out one by one ("s.c.h.o.o.l g i r l", "u 1 8") joined back;
- every run of other characters read as one space, so patterns are written over plain words.
Disclaimers ("no minors", "under 18s don't add") are not signals.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

Strength = Literal["clear", "possible"]


@dataclass(frozen=True)
class MinorSignal:
    strength: Strength
    # What the member must remove, as the folded text reads it ("16 yo", "jailbait", "school girl").
    words: str


# Cyrillic and Greek letters drawn like Latin ones (lower case: the text is case-folded first).
_HOMOGLYPHS = str.maketrans(
    {
        "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
        "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ї": "i", "ј": "j", "ѕ": "s", "ԁ": "d",
        "ɡ": "g", "һ": "h", "ӏ": "l", "ո": "n", "ս": "u", "ɩ": "i", "ı": "i",
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
        "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ω": "w", "ς": "s", "σ": "o", "μ": "u", "ℓ": "l",
    }
)  # fmt: skip
# Symbols read as letters wherever they stand; digits only inside a word (see _token).
_SYMBOLS = str.maketrans({"@": "a", "$": "s", "€": "e", "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o"})
_LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g"})
# "!" and "|" between letters are an i ("m!nor", "jailba|t").
_BANG = re.compile(r"(?<=[a-z])[!|](?=[a-z])")
_MONEY = re.compile(r"[$€£]\s*\d[\d.,]*|\d[\d.,]*\s*[$€£]")
# Letters (or digits) spelled one by one with separators: three or more in a row are one word.
_SPELLED = re.compile(r"(?<![a-z0-9])[a-z0-9](?:[^a-z0-9]{1,3}[a-z0-9](?![a-z0-9])){2,}")
_NON_WORD = re.compile(r"[^a-z0-9]+")
_TOKEN = re.compile(r"[a-z0-9]+")
# "16yo", "teen16": a number of two digits at a word's edge is a number, the rest a word.
_EDGE_NUMBER = re.compile(r"^(\d{2})([a-z]{1,12})$|^([a-z]{2,12})(\d{2})$")
_KEEP = re.compile(r"^u1\d$")  # "u18", "u16": an age band as written


def _token(tok: str) -> str:
    if tok.isdigit() or tok.isalpha() or _KEEP.match(tok):
        return tok
    edge = _EDGE_NUMBER.match(tok)
    if edge:
        return f"{edge[1]} {edge[2]}" if edge[1] else f"{edge[3]} {edge[4]}"
    return tok.translate(_LEET)


_COMBINING = re.compile(r"[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")
# A word mixing letters and digits ("sch00l", "16yo", "teen16"): the only ones _token rewrites.
_MIXED = re.compile(r"[a-z0-9]*(?:[a-z][0-9]|[0-9][a-z])[a-z0-9]*")


def fold(text: str) -> str:
    """The text as the rules read it: plain lower-case words and numbers separated by single spaces."""
    text = text.casefold()
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text).casefold().translate(_HOMOGLYPHS)
        text = _COMBINING.sub("", unicodedata.normalize("NFKD", text))
    text = _MONEY.sub(" money ", text).translate(_SYMBOLS)
    text = _BANG.sub("i", text)
    text = _SPELLED.sub(lambda m: _NON_WORD.sub("", m.group(0)), text)
    text = _NON_WORD.sub(" ", text).strip()
    return _MIXED.sub(lambda m: _token(m.group(0)), text)


def _words(*phrases: str) -> str:
    """Folded phrases as one alternation: i and l are the same letter (a 1 stands for both),
    a space may be missing or doubled ("schoolgirl", "school girl")."""
    out = []
    for phrase in phrases:
        body = "".join("[il]" if ch in "il" else (" ?" if ch == " " else re.escape(ch)) for ch in phrase)
        out.append(body)
    return "(?:" + "|".join(sorted(out, key=len, reverse=True)) + ")"


# -- the words ----------------------------------------------------------------------------------

# Refused with no age written: nobody adult describes themselves with these.
_CLEAR_WORDS = _words(
    "underage",
    "under age",
    "u15",
    "u16",
    "u17",
    "u18",
    "jailbait",
    "jail bait",
    "preteen",
    "pre teen",
    "moins de 18 ans",
    "pas encore majeur",
    "pas encore majeure",
    "almost 18",
    "nearly 18",
    "not yet 18",
    "presque 18",
    "bientot 18",
    "bientot majeur",
    "bientot majeure",
)
# Held for a moderator: school words, "minor" and "under 18" with no age (a costume, a sweetheart,
# a disclaimer worded oddly, a detail).
_POSSIBLE_WORDS = _words(
    "school girl",
    "school girls",
    "school boy",
    "school boys",
    "high school",
    "middle school",
    "junior high",
    "lyceenne",
    "lyceennes",
    "lyceen",
    "lyceens",
    "collegienne",
    "collegiennes",
    "collegien",
    "collegiens",
    "ecoliere",
    "ecolieres",
    "minor",
    "minors",
    "mineure",
    "mineures",
    "mineur",
    "mineurs",
    "under 18",
    "under 18s",
    "turning 18",
)
# Words that make a bare number from 10 to 17 near them an age ("teen 16", "school girl 15").
_COMPANIONS = _words(
    "teen",
    "teens",
    "teenie",
    "teeny",
    "teenager",
    "ado",
    "ados",
    "adolescent",
    "adolescente",
    "school girl",
    "school boy",
    "high school",
    "lyceenne",
    "lyceen",
    "collegienne",
    "collegien",
    "ecoliere",
    "ecolier",
    "minor",
    "mineure",
    "mineur",
    "grade",
    "year",
)
# ...and these only right next to it ("girl 16", "16 boy"; not "1 girl 12 guys").
_NEXT_TO = _words("girl", "boy", "fille", "garcon", "student", "etudiante", "eleve")

_NUMBER_WORDS = {
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "dix": 10, "onze": 11, "douze": 12, "treize": 13,
    "quatorze": 14, "quinze": 15, "seize": 16, "dix sept": 17, "dixsept": 17,
}  # fmt: skip
_NUM = "(\\d{1,2}|" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + ")"
_B = r"(?<![a-z0-9])"  # a word starts
_E = r"(?![a-z0-9])"  # a word ends

# Units that make a number an age: the longest first, the bare ones checked against their context.
_UNITS = "years of age|years old|year old|yrs old|yr old|y o|yo|ans|years|year|yrs|yr"
_BARE_UNITS = {"ans", "years", "year", "yrs", "yr"}
_AGE_AFTER = re.compile(rf"{_B}{_NUM} ({_UNITS}){_E}")
# ...not "for 15 years", "married 12 years", "depuis 15 ans", "15 years ago", "15 ans d'expérience".
_NOT_AGE_BEFORE = re.compile(
    rf"{_B}(?:for|since|over|after|than|about|nearly|married|together|dating|depuis|pendant|y a|"
    r"dans|de|plus|moins|environ|marie|mariee|ensemble|couple|experience|in|of|with|avec|last|past|"
    r"first|every|chaque|les|the|within|from|to|a|et|and|or|ou) $"
)
_NOT_AGE_AFTER = re.compile(
    r"^ (?:ago|of|d|de|des|du|experience|exp|together|married|marie|mariee|ensemble|couple|in|dans|"
    r"sober|clean|with|avec|later|plus|since|depuis|back|before|avant|apres|after|from|younger|"
    rf"older|my|mon|ma|difference|difference|apart|d ecart|ecart|gap){_E}"
)
# "I'm 16", "age 15", "aged 14", "j'ai 16", "just turned 17"
_AGE_BEFORE = re.compile(
    rf"{_B}(?:i m|im|i am|iam|age|aged|agee|age de|just turned|turning|j ai|jai|je suis age|"
    rf"je suis agee|tout juste) {_NUM}{_E}"
    # not a height, a weight, a length or a duration: "I'm 5 10", "im 16 cm", "age 16 months"
    r"(?! (?:ft|feet|foot|cm|mm|m|kg|lbs?|lb|stone|st|inch|inches|in|pouces|k|hours?|mins?|"
    rf"minutes|months?|mois|weeks?|semaines|days?|jours|percent|pour cent|h|x){_E})"
)
_BARE = re.compile(rf"{_B}(1[0-7]){_E}")
_NOT_BARE_AFTER = re.compile(
    r"^ (?:cm|mm|m|inch|inches|in|pouces|k|kg|lbs?|ft|feet|money|followers|abonnes|guys|men|mecs|"
    r"hommes|girls|filles|boys|people|personnes|friends|amis|min|mins|minutes|h|hours?|heures|"
    rf"months?|mois|days?|jours|x|times|fois|pics|photos|videos|percent|years|ans|yrs){_E}"
)
_COMPANION = re.compile(rf"{_B}{_COMPANIONS}{_E}")
_CLEAR = re.compile(rf"{_B}{_CLEAR_WORDS}{_E}")
_POSSIBLE = re.compile(rf"{_B}{_POSSIBLE_WORDS}{_E}")
# Words whose letters other punctuation split ("jail.bait", "sch-ool-girl"), read with the spaces
# taken out; long enough that no adult text holds them by accident.
_SQUEEZED_CLEAR = re.compile(r"ja[il]{2}ba[il]t|underage")
_SQUEEZED_POSSIBLE = re.compile(
    r"schoo[il]g[il]r[il]|schoo[il]boy|[il]yceenne|co[il]{2}eg[il]enne|h[il]ghschoo[il]"
)
# A disclaimer: "no minors", "not underage", "pas de mineurs", "minors don't add", "u18 blocked".
_NEGATION_BEFORE = re.compile(
    r"(?:^| )(?:no|not|non|nor|pas de|pas d|aucun|aucune|interdit aux|interdit|nobody|never|sans|"
    r"zero|ni|ban|bans|anti|strictly no|absolutely no|ex|former|formerly|ancien|ancienne|once a)"
    r"(?: (?:one|1|kids|teens|children|enfants|please|pls|plz|sorry|fakes|fake|bots|and|or|ou|et))? $"
)
_NEGATION_AFTER = re.compile(
    r"^ (?:pls |please |plz |s |people )?(?:dont|don t|do not|not|stay away|go away|leave|blocked|"
    rf"banned|interdits?|s abstenir|abstenez|passez|bloques?|fuck off|gtfo|skip|need not|keep out|bye){_E}"
)


# "minor" as music, sport or size: not a person.
_BENIGN_AFTER = re.compile(
    r"^ (?:league|leagues|key|keys|chords?|scales?|details?|issues?|changes?|injury|injuries|"
    rf"edits?|bugs?|flaws?|role|roles|party|parties|sixth|seventh|third|fifth){_E}"
)


def _age(value: str) -> int:
    return int(value) if value.isdigit() else _NUMBER_WORDS[value]


def _negated(folded: str, start: int, end: int) -> bool:
    before = folded[:start]
    if len(before) > 40:  # the last few whole words
        before = before[before.find(" ", len(before) - 40) :]
    return bool(_NEGATION_BEFORE.search(before) or _NEGATION_AFTER.match(folded[end : end + 30]))


def _written_age(folded: str) -> tuple[int, str] | None:
    """The youngest age written as an age ("16 yo", "I'm 15", "seize ans") and its words."""
    found: list[tuple[int, str]] = []
    for match in _AGE_AFTER.finditer(folded):
        if match.group(2) in _BARE_UNITS and (
            _NOT_AGE_BEFORE.search(folded[max(0, match.start() - 20) : match.start()])
            or _NOT_AGE_AFTER.match(folded[match.end() : match.end() + 20])
        ):
            continue
        found.append((_age(match.group(1)), match.group(0)))
    found += [(_age(m.group(1)), m.group(0)) for m in _AGE_BEFORE.finditer(folded)]
    # An adult age next to a minor's ("25 yo, my sister 16 yo") does not hide the minor's; under 10
    # is read after 10-17 (a dog's age, a count) so a clear signal wins.
    minors_ = [f for f in found if 10 <= f[0] < 18] or [f for f in found if f[0] < 10]
    return minors_[0] if minors_ else None


def _near_companion(folded: str) -> str | None:
    """A bare number from 10 to 17 within three words of a companion word ("teen 16", "16 teen")."""
    for number in _BARE.finditer(folded):
        if _NOT_BARE_AFTER.match(folded[number.end() : number.end() + 12]):
            continue
        before = folded[: number.start()].split()[-3:]
        after = folded[number.end() :].split()[:3]
        window = " ".join([*before, number.group(1), *after])
        companion = _COMPANION.search(window)
        if companion:
            words = [companion.group(0), number.group(1)]
            return " ".join(words if companion.start() < window.index(number.group(1)) else words[::-1])
        nearest = " ".join([*before[-1:], number.group(1), *after[:1]])
        if re.search(rf"{_B}{_NEXT_TO} {number.group(1)}{_E}|{_B}{number.group(1)} {_NEXT_TO}{_E}", nearest):
            return nearest
    return None


def minor_signal(text: str) -> MinorSignal | None:
    """The strongest minor signal in a text, or None when it reads as an adult's."""
    folded = fold(text)
    if not folded:
        return None
    age = _written_age(folded)
    if age is not None:
        # An age from 10 to 17 is clear; a smaller one ("my dog is 5 years old") goes to a person.
        return MinorSignal("clear" if age[0] >= 10 else "possible", age[1])
    near = _near_companion(folded)
    if near is not None:
        return MinorSignal("clear", near)
    for match in _CLEAR.finditer(folded):
        if not _negated(folded, match.start(), match.end()):
            return MinorSignal("clear", match.group(0))
    possible = next(
        (
            m
            for m in _POSSIBLE.finditer(folded)
            if not _negated(folded, m.start(), m.end())
            and not (m.group(0).startswith("m") and _BENIGN_AFTER.match(folded[m.end() : m.end() + 20]))
        ),
        None,
    )
    if possible is None and not _CLEAR.search(folded) and not _POSSIBLE.search(folded):
        squeezed = folded.replace(" ", "")
        found = _SQUEEZED_CLEAR.search(squeezed)
        if found:
            return MinorSignal("clear", found.group(0))
        found = _SQUEEZED_POSSIBLE.search(squeezed)
        if found:
            return MinorSignal("possible", found.group(0))
    return MinorSignal("possible", possible.group(0)) if possible else None


def first_signal(texts: Sequence[str | None]) -> tuple[int, MinorSignal] | None:
    """Which text holds the strongest signal (its index) and the signal: clear before possible."""
    found = [(i, s) for i, t in enumerate(texts) if t and (s := minor_signal(t)) is not None]
    for i, s in found:
        if s.strength == "clear":
            return i, s
    return found[0] if found else None
