"""Screening: microseconds per description for the minor-signal check (screening.minors) and the
whole text review a submit runs (minor check + blacklist review), pure CPU, no database.

Usage (from the repository root):
  nice -n 10 python3 -m uv run --project backend --frozen python bench/screening.py
  ... --n 20000

Texts: generated descriptions of 20 to 300 characters (the form's limit), adult ones drawn from
words and ages 18-60, a tenth with a minor signal or look-alike characters; each text is checked
once per round, best of 5 rounds; the figures are the mean CPU time (process time, so a loaded
machine inflates them less) per text in microseconds, and the worst (wall clock)
single text of the best round.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))

from addme.screening import minors, rules  # noqa: E402
from addme.screening.defaults import DEFAULT_TERMS  # noqa: E402

WORDS = (
    "fun friendly gamer coffee addict night owl music travel hiking gym dog lover chill vibes "
    "snap me add me new here bored looking for friends chat memes movies netflix anime cosplay "
    "sarcastic foodie beach party dance tattoo piercings art photography couple single bi curious "
    "aime voyager musique soirées amis discuter cinéma sport plage nouvelle ici ajoute moi"
).split()
SIGNALS = ["school girl 16", "jailb@it", "ѕсhооl gіrl", "16yo", "j'ai 15 ans", "s.c.h.o.o.l g i r l", "teen 15"]


def texts(n: int, seed: int = 7) -> list[str]:
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        words = [rnd.choice(WORDS) for _ in range(rnd.randint(4, 45))]
        words.insert(rnd.randint(0, len(words)), rnd.choice([f"{rnd.randint(18, 60)}yo", f"{rnd.randint(18, 60)} ans", "18+"]))
        if rnd.random() < 0.1:
            words.insert(rnd.randint(0, len(words)), rnd.choice(SIGNALS))
        out.append(" ".join(words)[:300])
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=10000)
    args = parser.parse_args()
    sample = texts(args.n)
    terms = rules.compile_terms((k.value, p, r) for k, p, r in DEFAULT_TERMS)
    checks = {
        "minor signal (minors.minor_signal)": minors.minor_signal,
        "whole review (minor signal + blacklist)": lambda t: minors.minor_signal(t) or rules.review_reason(t, terms),
    }
    print(f"{args.n} descriptions, mean {sum(map(len, sample)) / len(sample):.0f} characters")
    for name, check in checks.items():
        best, worst = float("inf"), 0.0
        for _ in range(5):
            slowest = 0.0
            start = time.process_time()
            for text in sample:
                t0 = time.perf_counter()
                check(text)
                slowest = max(slowest, time.perf_counter() - t0)
            total = time.process_time() - start
            if total < best:
                best, worst = total, slowest
        print(f"{name}: {best / len(sample) * 1e6:.1f} µs per description, worst {worst * 1e6:.0f} µs")
    caught = sum(1 for t in sample if minors.minor_signal(t))
    print(f"signals found: {caught} of {len(sample)}")


if __name__ == "__main__":
    main()
