"""Teen Patti's search bot against the rules of thumb, random play and the always-raise player.

Duplicate: every deal (the first deal of a seeded match) is played once with the search
bot at each seat and the opponent bot at all the others, on the same cards. A deal's
result is the search seat's chips won or lost in that deal, averaged over the seatings;
the mean over the deals is printed with a 95% interval. Against always-raise the search
must not lose chips (interval not below zero).

    .venv/bin/python benchmarks/bench_teen_patti.py [--deals 40] [--players 4] [--samples 16] [--workers 2]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solvers import games  # noqa: E402
from solvers.cards import Rng  # noqa: E402

OPPONENTS = ("heuristic", "random", "always-raise")


def one_deal(args) -> dict[str, float]:
    """The search seat's mean chip result over the seatings of one deal, per opponent."""
    seed, players, samples = args
    from solvers.games import teen_patti_bot
    from solvers.games.teen_patti_search import evaluate
    game = games.get("teen-patti")
    bots = game.bots()

    def search(state, seat, rng):
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        return evaluate(state, seat, rng.fork("bench"), samples=samples,
                        prefer=teen_patti_bot.thumb_action(state, seat)).best.action

    out = {}
    for opponent in OPPONENTS:
        results = []
        for search_seat in range(players):
            state = game.new(seed=seed, options={"players": players})
            rng = Rng(f"bench:{seed}")
            while not state.is_over and state.hands_played == 0:
                seat = min(state.to_move)
                policy = search if seat == search_seat else bots[opponent]
                state = state.apply(policy(state, seat, rng.fork(seat)), seat)
            record = state.sheet[0]
            won = record.pot if record.winner == search_seat else 0
            results.append(won - record.put_in[search_seat])
        out[opponent] = statistics.fmean(results)
    return out


def interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, mean - half, mean + half


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--samples", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    jobs = [(1000 + i, args.players, args.samples) for i in range(args.deals)]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = list(pool.map(one_deal, jobs, chunksize=1))
    print(f"search ({args.samples} sampled deals a decision) in duplicate, {args.deals} deals, "
          f"{args.players} players; chips won by the search seat in the deal")
    for opponent in OPPONENTS:
        mean, low, high = interval([r[opponent] for r in rows])
        print(f"  vs {opponent:13s} {mean:+7.2f} chips a deal  (95% interval {low:+.2f} .. {high:+.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
