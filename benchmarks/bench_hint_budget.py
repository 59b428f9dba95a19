"""What each trick game's timed hint does with its budget: deals weighed and time taken.

    .venv/bin/python benchmarks/bench_hint_budget.py [--budgets 1.0] [--seeds 2] [--games whist,kop]

For every trick game whose hint values sampled deals, a seeded hand is played by the rules
of thumb and the hint is asked at an early card decision (the first with a choice) and a
late one (the first with a choice from two thirds of the hand's cards played, or at
two cards a hand; else the hand's last with a choice), once per seed and budget.
Printed per decision: the deals the hint weighed (its evaluation's ``samples``, or
``deals``; 0 when the rules of thumb answered), the wall time it took, and what stopped
it: ``budget`` when it ran to within 15% of its budget, ``count`` when it stopped
earlier (a cap on the deals, a share of the budget, or no more distinct deals to draw).
The wall time depends on the machine's load: give ``cat /proc/loadavg`` with the numbers.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solvers import games  # noqa: E402
from solvers.cards import Rng  # noqa: E402

TRICK_GAMES = ("whist", "whist-22", "napoleon", "manille", "agram", "teka", "troefcall", "kop", "trex", "king",
               "tetka", "matapesa", "sedma", "bura")
STEP_LIMIT = 2000


# the card-play phases of games whose phases are named otherwise (Bura: lead and respond)
CARD_PHASES = {"play", "lead", "respond"}


def _in_card_play(state) -> bool:
    return str(getattr(state, "phase", "play")).lower() in CARD_PHASES


def _hand_size(state) -> int:
    return max(len(h) for h in state.hands)


def decisions(game, seed: int) -> tuple[tuple, tuple]:
    """(state, seat) of an early and a late card decision with a choice, first hand of ``seed``."""
    state = game.new(seed=seed)
    bots = game.bots()
    bot = bots["heuristic"]
    rng = Rng(seed)
    early = late = last = None
    full = None
    for _ in range(STEP_LIMIT):
        if state.is_terminal() if hasattr(state, "is_terminal") else False:
            break
        movers = sorted(state.to_move)
        if not movers:
            break
        seat = movers[0]
        if _in_card_play(state) and len(state.legal_actions(seat)) > 1:
            full = full or _hand_size(state)
            if early is None:
                early = (state, seat)
            elif _hand_size(state) <= max(2, full // 3):
                late = (state, seat)
                break
            else:
                last = (state, seat)
        if early is not None and _hand_size(state) > _hand_size(early[0]):
            break   # a new hand is dealt
        state = state.apply(bot(state, seat, rng), seat)
    return early, late or last


def measure(name: str, budgets, seeds) -> None:
    """Print one row per decision point and budget."""
    game = games.get(name)
    points = [decisions(game, seed) for seed in seeds]
    for budget in budgets:
        for which, at in (("early", 0), ("late", 1)):
            counts, walls = [], []
            for seed, pair in zip(seeds, points):
                if pair[at] is None:
                    continue
                state, seat = pair[at]
                start = time.perf_counter()
                hint = game.hint(state, seat, budget, rng=Rng(seed))
                walls.append(time.perf_counter() - start)
                evaluation = hint.evaluation or {}
                counts.append(evaluation.get("samples", evaluation.get("deals", 0)))
            if not counts:
                print(f"{name:10} {which:5} {budget:4.1f}s: no decision reached")
                continue
            stop = "budget" if min(walls) >= 0.85 * budget else "count" if max(walls) < 0.85 * budget else "mixed"
            print(f"{name:10} {which:5} {budget:4.1f}s: deals " + " / ".join(str(c) for c in counts)
                  + f"  wall {min(walls):.2f}-{max(walls):.2f} s (mean {statistics.mean(walls):.2f})  stop: {stop}",
                  flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budgets", default="1.0", help="comma-separated budgets in seconds")
    parser.add_argument("--seeds", type=int, default=2, help="seeded hands (one hint each a decision)")
    parser.add_argument("--games", default=",".join(TRICK_GAMES))
    args = parser.parse_args()
    budgets = [float(b) for b in args.budgets.split(",")]
    seeds = list(range(args.seeds))
    for name in args.games.split(","):
        # warm up: the solver's kernels load on the first hint
        game = games.get(name)
        early, _ = decisions(game, 99)
        if early is not None:
            game.hint(early[0], early[1], 0.2, rng=Rng(0))
        measure(name, budgets, seeds)


if __name__ == "__main__":
    main()
