"""Benchmark of the sampled double-dummy hints and the ``pimc`` bot.

    .venv/bin/python benchmarks/bench_pimc.py [--quick] [--speed] [--rate] [--api] [--whist-duplicate]
        [--teka-duplicate] [--deals N] [--samples S] [--budget-ms MS] [--exact-from C]
        [--early-check] [--where [--where-from T]]

Parts (all when no part is named):
* speed: deals valued within the default 1-second budget for a Whist and a Teka hint
  at tricks 1, 4, 7 and 10 (targets: 20 at trick 1, 200 a second from trick 7), and by
  Teka's own hint (the game's ``hint``: deals drawn consistent with the auction);
* rate (only when named): samples per CPU second of a Whist and a Teka hint with a fixed
  count (12/12/120/240 deals at tricks 1/4/7/10, two hints each, the best of three runs,
  the kept solvers' tables emptied before each run),
  which the load of other processes disturbs far less than a wall-clock budget;
* api: hint latency p50/p95 through the HTTP API (Flask test client, Whist session);
* duplicate: seeded deals each played twice with the partnerships swapped, the pimc
  bot against the heuristic bot; the mean difference per deal (tricks at Whist, hand
  score at Teka) with its 95% confidence interval (defaults: 400 deals, 16 samples,
  200 ms a decision, exact from 9 cards a hand; 6 to 11 minutes a game here);
* where (only when named): per trick, the tricks the heuristic's card and the exact
  sampled search's card lose against the best card on the true deal.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solvers import games  # noqa: E402
from solvers.cards import Rng  # noqa: E402
from solvers.pimc import make_pimc_bot, pimc_hint  # noqa: E402
from solvers.pimc.bot import DEFAULT_EXACT_FROM  # noqa: E402

TRICKS_AT = (1, 4, 7, 10)


def _to_trick(game, seed: int, trick: int):
    """A state at the start of ``trick`` (1-based) of the first hand, heuristic play."""
    state = game.new(seed=seed)
    bot = game.bots()["heuristic"]
    rng = Rng(seed)
    while True:
        seat = min(state.to_move)
        in_play = getattr(state, "phase", "play") == "play"
        if in_play and not state.trick and len(state.history) == trick - 1:
            return state
        state = state.apply(bot(state, seat, rng), seat)
        if len(getattr(state, "sheet", ())):
            return None


def speed(quick: bool) -> None:
    print("== samples within the 1 s budget (one hint each, mean over seeds)")
    seeds = range(2) if quick else range(4)
    for name in ("whist", "teka"):
        game = games.get(name)
        for trick in TRICKS_AT:
            counts, times = [], []
            for seed in seeds:
                state = _to_trick(game, seed, trick)
                if state is None:
                    continue
                seat = min(state.to_move)
                start = time.perf_counter()
                hint = pimc_hint(state, seat, 1.0, rng=Rng(seed))
                times.append(time.perf_counter() - start)
                counts.append(hint.evaluation["samples"] if hint else 0)
            if counts:
                rate = sum(counts) / sum(times)
                print(f"{name:5} trick {trick:2}: {statistics.mean(counts):7.1f} samples/hint, "
                      f"{rate:7.1f} samples/s  ({len(counts)} hints)")
    # Teka's own hint (what the service answers): deals drawn consistent with the auction
    game = games.get("teka")
    for trick in TRICKS_AT:
        counts = []
        for seed in seeds:
            state = _to_trick(game, seed, trick)
            if state is not None:
                hint = game.hint(state, min(state.to_move), 1.0, rng=Rng(seed))
                counts.append(hint.evaluation.get("samples", 0))
        if counts:
            print(f"teka's own hint, trick {trick:2}: {statistics.mean(counts):7.1f} samples/hint  "
                  f"({len(counts)} hints)")


RATE_SAMPLES = {1: 12, 4: 12, 7: 120, 10: 240}


def _forget_tables() -> None:
    # hints keep their solver (and its table) for later hints: a run that repeats the same
    # hints would find every ending of the run before
    try:
        from solvers.pimc.pool import clear_idle
    except ImportError:   # code from before the solvers were kept
        return
    clear_idle()


def rate(quick: bool) -> None:
    print("== samples per CPU second with a fixed count (two hints a trick, best of "
          f"{1 if quick else 3} runs)")
    for name in ("whist", "teka"):
        game = games.get(name)
        row = []
        for trick, samples in RATE_SAMPLES.items():
            states = [(seed, s) for seed in range(4) for s in [_to_trick(game, seed, trick)] if s is not None][:2]
            pimc_hint(replace(states[0][1]), min(states[0][1].to_move), None, samples=1, rng=Rng(0))  # warm up
            best = 0.0
            for _ in range(1 if quick else 3):
                _forget_tables()
                count, start = 0, time.process_time()
                for seed, state in states:
                    fresh = replace(state)   # a new state object: nothing kept from an earlier run
                    hint = pimc_hint(fresh, min(fresh.to_move), None, samples=samples, rng=Rng(seed))
                    count += hint.evaluation["samples"]
                best = max(best, count / (time.process_time() - start))
            row.append(best)
        print(f"{name:5} tricks 1/4/7/10: " + " / ".join(f"{r:.0f}" for r in row) + " samples per CPU second")


def api(quick: bool) -> None:
    from api.app import create_app
    print("== hint latency through the API (Whist session, default budget)")
    app = create_app({"TESTING": True, "DATABASE_URL": "sqlite://"})
    client = app.test_client()
    lat = []
    for seed in range(3 if quick else 8):
        body = client.post("/api/v1/sessions", json={"game": "whist", "seed": seed,
                                                      "seats": ["human", "heuristic", "heuristic", "heuristic"]})
        data = body.get_json()
        token = data["tokens"]["0"] if isinstance(data.get("tokens"), dict) else data["tokens"][0]
        url = f"/api/v1/sessions/{data['id']}/hint"
        for _ in range(2):
            start = time.perf_counter()
            reply = client.get(url, headers={"Authorization": f"Bearer {token}"})
            lat.append((time.perf_counter() - start) * 1000)
            assert reply.status_code == 200, reply.get_json()
    lat.sort()
    p95 = lat[min(len(lat) - 1, math.ceil(0.95 * len(lat)) - 1)]
    print(f"hints: {len(lat)}, p50 {statistics.median(lat):.0f} ms, p95 {p95:.0f} ms")


def _play_hand(game, seed: int, policies):
    """Play the first hand of a seeded match; return each side's tricks and hand score."""
    state = game.new(seed=seed)
    rng = Rng(seed * 31 + 7)
    while not state.sheet:
        seat = min(state.to_move)
        state = state.apply(policies[seat % 2](state, seat, rng), seat)
    record = state.sheet[0]
    points = getattr(record, "points", None) or getattr(record, "trick_points")
    return tuple(record.tricks), tuple(points)


def duplicate(name: str, deals: int, samples: int, budget_ms: float, exact_from: int, early_check: bool,
              progress: bool = True) -> None:
    game = games.get(name)
    pimc = make_pimc_bot(samples=samples, budget_ms=budget_ms, exact_from=exact_from, early_check=early_check)
    heuristic = game.bots()["heuristic"]
    diffs_tricks, diffs_points = [], []
    start = time.perf_counter()
    for seed in range(deals):
        if progress and seed and seed % 50 == 0:
            print(f"  {seed} deals, {time.perf_counter() - start:.0f} s, "
                  f"running mean {statistics.mean(diffs_tricks):+.3f} tricks", flush=True)
        # the same deal twice: pimc at seats 0/2, then at seats 1/3
        t1, p1 = _play_hand(game, seed, {0: pimc, 1: heuristic})
        t2, p2 = _play_hand(game, seed, {0: heuristic, 1: pimc})
        diffs_tricks.append(((t1[0] - t1[1]) + (t2[1] - t2[0])) / 2)
        diffs_points.append(((p1[0] - p1[1]) + (p2[1] - p2[0])) / 2)
    elapsed = time.perf_counter() - start
    early = ", early check" if early_check else ""
    print(f"== {name} duplicate: {deals} deals x 2, pimc ({samples} samples, {budget_ms:g} ms a decision, "
          f"exact from {exact_from} cards{early}) vs heuristic, {elapsed:.0f} s")
    for label, diffs in (("tricks", diffs_tricks), ("hand score", diffs_points)):
        mean = statistics.mean(diffs)
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
        print(f"pimc side minus heuristic side, {label} per deal: {mean:+.3f}  "
              f"95% CI [{mean - half:+.3f}, {mean + half:+.3f}]")


def where(deals: int, samples: int, first_trick: int) -> None:
    """Per trick, how much the heuristic's card and the exact sampled search's card lose
    against the best card on the true deal (double dummy), on heuristic-played hands."""
    from solvers.doubledummy import Solver
    from solvers.pimc.adapters import adapter_for
    from solvers.pimc.hint import sample_card_values
    from solvers.pimc.schedule import exact_choice
    game = games.get("whist")
    heuristic = game.bots()["heuristic"]
    solver = Solver()
    rows: dict[int, list] = {}
    start = time.perf_counter()
    for seed in range(deals):
        state = game.new(seed=seed)
        rng = Rng(seed)
        while not state.sheet:
            seat = min(state.to_move)
            action = heuristic(state, seat, rng)
            trick = len(state.history) + 1
            if trick >= first_trick and len(state.legal_actions(seat)) > 1:
                adapter = adapter_for(state)
                truth = solver.solve(adapter.position(state), values="all").cards
                size = adapter.hand_size(state)
                data = sample_card_values(state, seat, None, samples=samples, rng=rng.fork("where"),
                                          solver=solver, horizon=size)
                card = exact_choice(data, adapter.card_of(action), 7, contract=False)
                best = max(truth.values())
                rows.setdefault(trick, []).append((best - truth[str(adapter.card_of(action))],
                                                   best - truth[str(card)], card != adapter.card_of(action)))
            state = state.apply(action, seat)
    print(f"== where the heuristic loses (Whist, {deals} heuristic hands, exact search with {samples} samples, "
          f"{time.perf_counter() - start:.0f} s)")
    print("trick  decisions  differ  heuristic loss  search loss   (tricks a decision vs the true deal)")
    for trick in sorted(rows):
        r = rows[trick]
        print(f"{trick:5}  {len(r):9}  {sum(x[2] for x in r) / len(r):6.0%}  "
              f"{statistics.mean(x[0] for x in r):14.3f}  {statistics.mean(x[1] for x in r):11.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer seeds and deals")
    parser.add_argument("--speed", action="store_true")
    parser.add_argument("--rate", action="store_true", help="samples per CPU second with a fixed count")
    parser.add_argument("--api", action="store_true")
    parser.add_argument("--whist-duplicate", action="store_true")
    parser.add_argument("--where", action="store_true", help="per trick losses of heuristic and search (slow)")
    parser.add_argument("--where-from", type=int, default=5, help="first trick examined by --where")
    parser.add_argument("--teka-duplicate", action="store_true")
    parser.add_argument("--deals", type=int, default=None, help="duplicate deals (default 400, quick 20)")
    parser.add_argument("--samples", type=int, default=16, help="pimc samples a decision in the duplicate run")
    parser.add_argument("--budget-ms", type=float, default=200.0, help="pimc time a decision in the duplicate run")
    parser.add_argument("--exact-from", type=int, default=DEFAULT_EXACT_FROM,
                        help="cards a hand from which the pimc bot solves every deal exactly")
    parser.add_argument("--early-check", action="store_true",
                        help="let confident sampled rollouts overrule the heuristic earlier in a hand")
    args = parser.parse_args()
    every = not (args.speed or args.rate or args.api or args.whist_duplicate or args.teka_duplicate or args.where)
    deals = args.deals or (20 if args.quick else 400)
    if every or args.speed:
        speed(args.quick)
    if args.rate:
        rate(args.quick)
    if every or args.api:
        api(args.quick)
    if args.where:
        where(args.deals or 20, args.samples, args.where_from)
    if every or args.whist_duplicate:
        duplicate("whist", deals, args.samples, args.budget_ms, args.exact_from, args.early_check)
    if every or args.teka_duplicate:
        duplicate("teka", deals, args.samples, args.budget_ms, args.exact_from, args.early_check)


if __name__ == "__main__":
    main()
