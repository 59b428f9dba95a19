"""Move notation shared by the solver, the rules engine and the hints.

``t3 f``      top card of column 3 to its foundation
``w t5``      waste top onto column 5
``t2 t6 3``   three cards (a face-up run) from column 2 onto column 6 (count 1 omitted)
``fH t4``     top card of the hearts foundation back onto column 4 (Klondike option)
``draw``      turn cards from the stock to the waste
``redeal``    turn the waste over to make a new stock
``switch``    Klondike draw 3: switch to the final pass dealing one card at a time

Columns are numbered from 1, left to right.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from solvers.errors import CardsageError

SIMPLE = ("draw", "redeal", "switch")
_MOVE_RE = re.compile(r"^(t\d+|w|f[cdhs])\s+(t\d+|f)(?:\s+(\d+))?$")


@dataclass(frozen=True)
class Move:
    """A parsed move: ``kind`` is ``draw``, ``redeal``, ``switch`` or ``move``; for a
    ``move``, ``src`` is ``t<n>``/``w``/``f<suit>``, ``dst`` is ``t<n>``/``f`` and
    ``count`` the number of cards."""

    kind: str
    src: str = ""
    dst: str = ""
    count: int = 1

    def __str__(self) -> str:
        if self.kind != "move":
            return self.kind
        src = self.src if not self.src.startswith("f") else "f" + self.src[1:].upper()
        text = f"{src} {self.dst}"
        return text if self.count == 1 else f"{text} {self.count}"


def parse_move(text: str) -> Move:
    """Parse a move in the notation above; raise :class:`CardsageError` if it is not one."""
    if not isinstance(text, str):
        raise CardsageError("a move must be a string such as 't3 f' or 'draw'", field="move")
    key = " ".join(text.strip().lower().split())
    if key in SIMPLE:
        return Move(key)
    m = _MOVE_RE.match(key)
    if not m:
        raise CardsageError(f"cannot read move {text!r}: write e.g. 't3 f', 'w t5', 't2 t6 3', "
                            "'fH t4', 'draw', 'redeal' or 'switch'", field="move")
    count = int(m.group(3) or 1)
    if count < 1 or (count > 1 and not m.group(1).startswith("t")):
        raise CardsageError(f"bad card count in move {text!r}", field="move")
    return Move("move", m.group(1), m.group(2), count)


def canonical(text: str) -> str:
    """The canonical spelling of a move (``T3  F`` → ``t3 f``, ``fh t2`` → ``fH t2``)."""
    return str(parse_move(text))
