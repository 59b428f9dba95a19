"""The generic search bot and hint engine, game by game.

Strength: the ``search`` bot (the game's own where it brings one, shown as ``own``, else
the generic search) plays against ``random`` and against the game's rules of
thumb (its ``heuristic`` bot, or its ``solver`` bot where that is its only player) in
duplicate: every deal is played once per side with the search bot holding that side's
seats and the other bot all the others (same cards, same seed), so card luck cancels.
A deal's result is the search side's points ahead of the mean of the other sides at
the end of the first hand (``State.utility``; a set in Twenty-Four), averaged over the
seatings; for a
one-player game, the search bot's score minus the other bot's on the same deal.
Prints the mean with a 95% interval.

Speed: simulations per second of the engine and the wall time of ``Game.hint`` with a
1 s budget (median, p95, max) over seeded positions.

    .venv/bin/python benchmarks/bench_search.py [--games whist,teka] [--deals 200]
        [--iterations 40] [--workers 2] [--speed-only | --strength-only | --hint-walls]
        [--first-deal 1000] [--against both|random|rules-of-thumb] [--out deals.jsonl]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solvers import games  # noqa: E402
from solvers.cards import Rng  # noqa: E402

MAX_ACTIONS = 3000
# simulations a decision where a game's moves are too dear for the default (patience:
# about a millisecond an apply, and a hundred or more moves a deal)
ITERATIONS = {"klondike": 4, "forty-thieves": 4}


def rules_of_thumb(bots: dict) -> str:
    """The game's rules-of-thumb bot: ``heuristic``, else ``solver``."""
    return "heuristic" if "heuristic" in bots else "solver"


def play_unit(name: str, seed: int, search_seats: frozenset, opponent: str, iterations: int):
    """Play the first hand (or the whole match of a game without hands) of ``seed``;
    return the final state and the seconds it took."""
    from solvers.ismcts import make_search_bot
    game = games.get(name)
    bots = game.bots()
    # a game's own search bot where it has one (its strength knob is its own), else the
    # generic search at ``iterations`` simulations a decision
    if games.own_search(name):
        search = bots["search"]
    else:
        search = make_search_bot(games.search_config(name), iterations=iterations, budget=None)
    other = bots[opponent]
    state = game.new(seed=seed)
    rng = Rng(f"bench:{seed}")
    start = time.perf_counter()
    for _ in range(MAX_ACTIONS):
        if state.is_over or state.hands_played > 0:
            break
        movers = sorted(state.to_move)
        seat = movers[0] if len(movers) == 1 else movers[rng.below(len(movers))]
        policy = search if seat in search_seats else other
        state = state.apply(policy(state, seat, rng.fork(len(movers) + seat)), seat)
    return state, time.perf_counter() - start


def duplicate_deal(args) -> dict[str, tuple[float, float]]:
    """One deal in duplicate against each opponent: the search side's mean margin over
    the seatings, and the seconds a play took. In a one-player game the search bot's
    play does not depend on the opponent, so it is played once."""
    name, seed, opponents, iterations = args
    game = games.get(name)
    sides = game.new(seed=seed).sides()
    out = {}
    if len(sides) == 1:
        seat = sides[0][0]
        mine, spent = play_unit(name, seed, frozenset(sides[0]), opponents[0], iterations)
        for opponent in opponents:
            theirs, _ = play_unit(name, seed, frozenset(), opponent, iterations)
            out[opponent] = (mine.utility(seat) - theirs.utility(seat), spent)
        return out
    for opponent in opponents:
        margins, seconds = [], []
        for side in sides:
            state, spent = play_unit(name, seed, frozenset(side), opponent, iterations)
            margins.append(state.utility(side[0]))
            seconds.append(spent)
        out[opponent] = (statistics.fmean(margins), statistics.fmean(seconds))
    return out


def interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and the 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, mean - half, mean + half


def strength(names: list[str], deals: int, iterations: int, workers: int, first: int = 1000,
             against: str = "both", out: str | None = None) -> None:
    """Each game's search bot in duplicate on deals ``first`` .. ``first + deals - 1``.
    With ``out``, one JSON line a deal is appended there and deals already in it are not
    played again (a long run can be stopped and resumed); the summary covers them all."""
    print(f"search bot in duplicate, {deals} deals a game from deal {first}; "
          "margin: the search side's points ahead")
    print(f"{'game':15} {'sims':>5} {'against':10} {'margin':>8} {'95% interval':>20} {'s/play':>8}")
    with ProcessPoolExecutor(workers) as pool:
        for name in names:
            bots = games.get(name).bots()
            opponents = {"both": ("random", rules_of_thumb(bots)), "random": ("random",),
                         "rules-of-thumb": (rules_of_thumb(bots),)}[against]
            sims = "own" if games.own_search(name) else ITERATIONS.get(name, iterations)
            seeds = range(first, first + deals)
            done = _done_deals(out, name, opponents, seeds)
            jobs = [(name, seed, opponents, ITERATIONS.get(name, iterations)) for seed in seeds if seed not in done]
            for seed, result in zip((job[1] for job in jobs), pool.map(duplicate_deal, jobs, chunksize=1)):
                done[seed] = result
                if out:
                    with open(out, "a") as file:
                        file.write(json.dumps({"game": name, "seed": seed, "result": result}) + "\n")
            results = [done[seed] for seed in seeds]
            for opponent in opponents:
                mean, lo, hi = interval([r[opponent][0] for r in results])
                per_play = statistics.fmean(r[opponent][1] for r in results)
                print(f"{name:15} {sims:>5} {opponent:10} {mean:+8.3f} {f'[{lo:+.3f}, {hi:+.3f}]':>20} "
                      f"{per_play:8.2f}", flush=True)


def _done_deals(out: str | None, name: str, opponents: tuple, seeds: range) -> dict:
    """The deals of ``name`` already in the file ``out`` that cover every opponent asked."""
    if not out or not os.path.exists(out):
        return {}
    done = {}
    with open(out) as file:
        for line in file:
            row = json.loads(line)
            if row["game"] == name and row["seed"] in seeds and all(o in row["result"] for o in opponents):
                done[row["seed"]] = row["result"]
    return done


def positions(name: str, count: int) -> list:
    """Seeded positions with a real choice, from random play of various lengths."""
    game = games.get(name)
    out = []
    seed = 0
    while len(out) < count and seed < 50 * count:
        seed += 1
        state = game.new(seed=seed)
        rng = Rng(seed)
        for _ in range(rng.below(60)):
            if state.is_over:
                break
            seat = min(state.to_move)
            state = state.apply(rng.choice(state.legal_actions(seat)), seat)
        if not state.is_over and len(state.legal_actions(min(state.to_move))) > 1:
            out.append(state)
    return out


def costs(state, config, rng: Rng, rollouts: int = 5) -> tuple[float, float, float, float]:
    """Microseconds per determinize, per rollout decision, per apply, and rollout length."""
    from solvers.sampling import determinize
    seat = min(state.to_move)
    start = time.perf_counter()
    samples = [determinize(state, seat, rng) for _ in range(rollouts)]
    sample_us = (time.perf_counter() - start) / rollouts * 1e6
    decide = apply = 0.0
    steps = 0
    for sim in samples:
        hands = sim.hands_played
        for _ in range(config.rollout_steps):
            if sim.is_over or (config.to_hand_end and sim.hands_played > hands):
                break
            actor = min(sim.to_move)
            t0 = time.perf_counter()
            if config.rollout is not None:
                action = config.rollout(sim, actor, rng)
            else:
                action = rng.choice(sim.legal_actions(actor))
            t1 = time.perf_counter()
            sim = sim._apply(action, actor)
            t2 = time.perf_counter()
            decide += t1 - t0
            apply += t2 - t1
            steps += 1
    per = max(steps, 1)
    return sample_us, decide / per * 1e6, apply / per * 1e6, steps / rollouts


def hint_walls(names: list[str], count: int, budget: float) -> None:
    """Only the wall time of ``Game.hint`` at ``budget`` (median, p95, max) and its method."""
    print(f"\nhint wall time: {count} seeded positions a game, {budget:g} s budget, "
          f"limit {1.1 * budget:.3f} s at p95")
    print(f"{'game':20} {'med':>6} {'p95':>6} {'max':>6}  within  method")
    for name in names:
        game = games.get(name)
        walls, methods = [], set()
        found = positions(name, count)
        # a served hint finds the game's tables built and its kernels loaded (the server
        # warms them when it starts): one unmeasured hint does the same here
        games.warm_up([name])
        if found:
            game.hint(found[0], min(found[0].to_move), budget)
        for state in found:
            seat = min(state.to_move)
            start = time.perf_counter()
            hint = game.hint(state, seat, budget)
            walls.append(time.perf_counter() - start)
            methods.add(hint.method)
        if not walls:
            print(f"{name:20} no position with a choice", flush=True)
            continue
        walls.sort()
        p95 = walls[min(len(walls) - 1, math.ceil(0.95 * len(walls)) - 1)]
        print(f"{name:20} {statistics.median(walls):6.3f} {p95:6.3f} {walls[-1]:6.3f}  "
              f"{'yes' if p95 <= 1.1 * budget else 'NO':>6}  {','.join(sorted(methods))}", flush=True)


def speed(names: list[str], count: int, budget: float) -> None:
    from solvers.ismcts import search
    print(f"\nspeed: {count} seeded positions a game, {budget:g} s budget; costs in microseconds")
    print(f"{'game':15} {'sims/s med':>10} {'p10':>7} {'hint s med':>10} {'p95':>6} {'max':>6} "
          f"{'sample':>7} {'decide':>7} {'apply':>7} {'steps':>6}  method")
    for name in names:
        game = games.get(name)
        config = games.search_config(name)
        rates, walls, methods, parts = [], [], set(), []
        for i, state in enumerate(positions(name, count)):
            seat = min(state.to_move)
            result = search(state, seat, rng=Rng(i), budget=budget, config=config)
            rates.append(result.iterations / result.elapsed)
            start = time.perf_counter()
            hint = game.hint(state, seat, budget)
            walls.append(time.perf_counter() - start)
            methods.add(hint.method)
            parts.append(costs(state, config, Rng(i)))
        rates.sort()
        walls.sort()
        p95 = walls[min(len(walls) - 1, math.ceil(0.95 * len(walls)) - 1)]
        sample, decide, apply, steps = (statistics.median(p[k] for p in parts) for k in range(4))
        print(f"{name:15} {statistics.median(rates):10.0f} {rates[len(rates) // 10]:7.0f} "
              f"{statistics.median(walls):10.3f} {p95:6.3f} {walls[-1]:6.3f} "
              f"{sample:7.0f} {decide:7.0f} {apply:7.0f} {steps:6.0f}  {','.join(sorted(methods))}",
              flush=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(games.names()))
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--first-deal", type=int, default=1000, help="strength: the first deal's seed")
    parser.add_argument("--against", choices=("both", "random", "rules-of-thumb"), default="both",
                        help="strength: the opponents (the random bot, the game's rules of thumb, or both)")
    parser.add_argument("--out", help="strength: a JSON-lines file of the deals played; a rerun resumes it")
    parser.add_argument("--speed-only", action="store_true")
    parser.add_argument("--strength-only", action="store_true")
    parser.add_argument("--hint-walls", action="store_true",
                        help="only the wall time of Game.hint, for every game asked")
    args = parser.parse_args(argv)
    names = [n for n in args.games.split(",") if n]
    if args.hint_walls:
        hint_walls(names, args.positions, args.budget)
        return 0
    if not args.speed_only:
        strength(names, args.deals, args.iterations, args.workers, args.first_deal, args.against, args.out)
    if not args.strength_only:
        speed(names, args.positions, args.budget)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
