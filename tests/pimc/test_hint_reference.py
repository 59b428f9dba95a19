"""Sampled hints stay the same for the same seed and sample count.

The hints of a seeded set of positions (heuristic play from a seeded deal, every
game whose hint runs the shared sampled search) were recorded in
``data/hint_reference.json``; faster code must give the very same hints: the same
card, the same values per card, the same reason. Record again only for a change that
means to alter the hints:

    PYTHONPATH=. .venv/bin/python -m tests.pimc.test_hint_reference --record
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from solvers import games
from solvers.cards import Rng
from tests.pimc.helpers import advance

DATA = Path(__file__).parent / "data" / "hint_reference.json"

# (game, seeds, heuristic steps from the deal, sampled deals a hint)
QUICK = [
    ("whist", (0, 1), (0, 12, 24, 36), 4),
    ("teka", (0, 1), (4, 16, 28, 40), 4),
    ("manille", (0,), (6, 14, 22), 3),
    ("napoleon", (0, 1), (6, 12), 4),
    ("troefcall", (0,), (4, 12, 24), 3),
    ("kop", (0,), (4, 12), 3),
    ("agram", (0,), (2, 8), 4),
]
SLOW = [
    ("whist", (2, 3, 4), (0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40), 12),
    ("teka", (2, 3, 4), (0, 2, 6, 10, 14, 18, 22, 26, 30, 34, 38), 12),
    ("manille", (1, 2), (4, 8, 12, 16, 20), 8),
    ("napoleon", (2, 3), (4, 8, 12, 16), 8),
    ("troefcall", (1, 2), (6, 10, 18, 30), 6),
]


def cases(table):
    """(key, game name, seed, steps, samples) for every position of a table."""
    for name, seeds, steps, samples in table:
        for seed in seeds:
            for n in steps:
                yield f"{name}/{seed}/{n}/{samples}", name, seed, n, samples


def hint_record(name: str, seed: int, steps: int, samples: int) -> dict | None:
    """The hint's JSON without its timings, or None when nobody is to move."""
    game = games.get(name)
    state = advance(game, seed, steps)
    if not state.to_move:
        return None
    seat = min(state.to_move)
    hint = game.hint(state, seat, None, iterations=samples, rng=Rng(seed * 1009 + steps))
    record = hint.to_json()
    record["evaluation"] = {k: v for k, v in record["evaluation"].items() if k not in ("elapsed_s",)}
    return json.loads(json.dumps(record))


def _recorded() -> dict:
    return json.loads(DATA.read_text()) if DATA.exists() else {}


@pytest.mark.parametrize("key,name,seed,steps,samples", list(cases(QUICK)))
def test_hint_is_unchanged(key, name, seed, steps, samples):
    expected = _recorded()[key]
    assert hint_record(name, seed, steps, samples) == expected


@pytest.mark.slow
@pytest.mark.parametrize("key,name,seed,steps,samples", list(cases(SLOW)))
def test_hint_is_unchanged_on_the_larger_set(key, name, seed, steps, samples):
    expected = _recorded()[key]
    assert hint_record(name, seed, steps, samples) == expected


def record() -> None:
    """Write the reference hints of both sets."""
    out = {}
    for table in (QUICK, SLOW):
        for key, name, seed, steps, samples in cases(table):
            out[key] = hint_record(name, seed, steps, samples)
            print(key, None if out[key] is None else out[key]["action"]["notation"],
                  None if out[key] is None else out[key]["method"], flush=True)
    DATA.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__" and "--record" in sys.argv:
    record()
