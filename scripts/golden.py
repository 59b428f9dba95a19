"""Record a golden playthrough: a seeded match played by bots, its actions and final scores.

    .venv/bin/python scripts/golden.py whist --seed 3 [--bot heuristic] [--options '{"target": 5}']

writes ``tests/games/golden/<game>-<seed>.json``; ``tests/games/test_golden.py`` replays
every file and checks that the same actions still give the same scores. A change of rules
that alters a recorded match shows as a failing golden test: re-record it only after
checking by hand that the new result is the right one.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from solvers import games  # noqa: E402
from solvers.cards import Rng  # noqa: E402

GOLDEN = pathlib.Path(__file__).resolve().parent.parent / "tests" / "games" / "golden"
MAX_ACTIONS = 50_000


def record(name: str, seed: int, bot: str = "heuristic", options: dict | None = None) -> dict:
    """Play a whole seeded match with ``bot`` at every seat; the record to store."""
    game = games.get(name)
    policy = game.bots()[bot]
    state = game.new(seed=seed, options=options)
    actions = []
    while not state.is_over:
        seat = min(state.to_move)
        action = policy(state, seat, Rng(f"{seed}:{len(actions)}"))
        actions.append([seat, action.notation])
        state = state.apply(action, seat)
        if len(actions) > MAX_ACTIONS:
            raise SystemExit(f"{name} seed {seed}: no end after {MAX_ACTIONS} actions")
    return {"game": name, "seed": seed, "options": options or {}, "bot": bot,
            "actions": actions, "scores": list(state.scores),
            "hands_played": state.hands_played}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--options", type=json.loads, default=None)
    args = parser.parse_args()
    data = record(args.game, args.seed, args.bot, args.options)
    GOLDEN.mkdir(parents=True, exist_ok=True)
    path = GOLDEN / f"{args.game}-{args.seed}.json"
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"{path}: {len(data['actions'])} actions, scores {data['scores']}")


if __name__ == "__main__":
    main()
