"""Solving a deal: every distinct solution, the preferred one and the difficulty."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from solvers.twentyfour.arith import Value, format_value
from solvers.twentyfour.difficulty import assess
from solvers.twentyfour.inputs import Options, parse_numbers, parse_options, parse_target
from solvers.twentyfour.render import Rendered, Renderer, pretty
from solvers.twentyfour.search import Engine

MAX_ENGINE_SIZE = 3_000_000
"""An engine whose memo tables grow past this many entries is replaced by a fresh one."""

_engines: dict[tuple, tuple[Engine, Renderer]] = {}

engine_lock = threading.RLock()
"""Held while a shared engine is used: its interning tables are not thread-safe."""


def engine_for(options: Options, *, signed: bool = False) -> tuple[Engine, Renderer]:
    """The shared memoising engine (and its renderer) for an option set."""
    key = options.key() + (signed,)
    found = _engines.get(key)
    if found is None or found[0].size() > MAX_ENGINE_SIZE:
        engine = Engine(options.operators, allow_power=options.allow_power,
                        allow_concat=options.allow_concat, signed=signed)
        found = (engine, Renderer(engine.store, options.operators))
        _engines[key] = found
    return found


@dataclass
class Solution:
    """Everything known about one deal."""

    numbers: list[int]
    target: Value
    solvable: bool
    count: int
    solutions: list[str]
    preferred: str | None
    difficulty: str
    difficulty_features: dict
    pretty_solutions: list[str] = field(default_factory=list)
    preferred_pretty: str | None = None
    options: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        """A JSON-ready dict (the target as text, so fractions survive)."""
        return {
            "numbers": list(self.numbers),
            "target": format_value(self.target),
            "solvable": self.solvable,
            "count": self.count,
            "solutions": list(self.solutions),
            "pretty_solutions": list(self.pretty_solutions),
            "preferred": self.preferred,
            "preferred_pretty": self.preferred_pretty,
            "difficulty": self.difficulty,
            "difficulty_features": dict(self.difficulty_features),
            "options": dict(self.options),
        }


def distinct_renderings(numbers: list[int], target: Value, options: Options) -> list[Rendered]:
    """The most readable rendering of each distinct solution, most readable first."""
    negate = target < 0
    best: dict[int, Rendered] = {}
    with engine_lock:
        engine, renderer = engine_for(options)
        store = engine.store
        for form in engine.forms(tuple(sorted(numbers)), -target if negate else target):
            if negate and not renderer.can_negate(form):
                continue
            key = store.prune(form)
            rendered = renderer.render(form, negate)
            current = best.get(key)
            if current is None or rendered.rank() < current.rank():
                best[key] = rendered
    return sorted(best.values(), key=Rendered.rank)


def solve(numbers, target=24, *, operators: str = "+-*/", allow_power: bool = False,
          allow_concat: bool = False) -> Solution:
    """Solve a deal exhaustively: solvable or not, and every distinct solution."""
    nums = parse_numbers(numbers)
    goal = parse_target(target)
    options = parse_options(operators, allow_power, allow_concat)
    renderings = distinct_renderings(nums, goal, options)
    tier, features = assess(renderings)
    texts = [r.text for r in renderings]
    return Solution(
        numbers=nums,
        target=goal,
        solvable=bool(texts),
        count=len(texts),
        solutions=texts,
        preferred=texts[0] if texts else None,
        difficulty=tier,
        difficulty_features=features,
        pretty_solutions=[pretty(t) for t in texts],
        preferred_pretty=pretty(texts[0]) if texts else None,
        options={"operators": options.operators, "allow_power": options.allow_power,
                 "allow_concat": options.allow_concat},
    )
