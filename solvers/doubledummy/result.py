"""The answer of a double-dummy solve."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["DDResult"]


@dataclass
class DDResult:
    """What a solve found.

    ``value`` is the most the side to play can score from here (the current trick
    included) against best defence; when ``exact`` is false the budget ran out and
    ``lower <= true value <= upper`` (``value`` is then ``lower``, a guaranteed score).
    ``cards`` maps each legal card to the value after playing it (``values="all"``);
    for an inexact solve a card's entry is a lower bound. ``best`` is always a legal
    card: after a cut solve, the card that proved ``lower`` (or the best valued so far,
    or the search's first choice). ``line`` is the principal variation (only its first
    card unless a full line was asked for).
    """

    value: int
    lower: int
    upper: int
    exact: bool
    best: str | None = None
    cards: dict[str, int] = field(default_factory=dict)
    line: list[str] = field(default_factory=list)
    to_play: str = ""
    nodes: int = 0
    ms: float = 0.0

    def to_json(self) -> dict:
        """JSON form for the HTTP API."""
        return {"value": self.value, "lower": self.lower, "upper": self.upper, "exact": self.exact,
                "best": self.best, "cards": dict(self.cards), "line": list(self.line),
                "to_play": self.to_play, "nodes": self.nodes, "ms": round(self.ms, 3)}
