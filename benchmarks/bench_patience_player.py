"""Benchmark of the fair hint as a player: Klondike draw 3 with the hidden cards hidden.

    .venv/bin/python benchmarks/bench_patience_player.py [--deals 1000] [--workers 2]
        [--samples 40] [--nodes 2000] [--max-moves 1000] [--first 1] [--plain]
        [--lookahead N] [--outer 8] [--inner 8] [--escalate K] [--no-look]
        [--undecided 0.3] [--candidates 6] [--diverse N] [--race 10] [--cut 0.2] [--skip-lost]
        [--halving N] [--nested N] [--gate 0.1] [--recheck]
        [--extra N] [--margin 0.1] [--duel N] [--duel-step 10] [--tie 0.1]
        [--tie-key progress|votes] [--lone 0.2] [--stream NAME]
        [--fair N] [--fair-samples 20] [--fair-depth D] [--lazy] [--robust W]
        [--again N] [--stick 0.0] [--same]
        [--out results.jsonl] [--pair other.jsonl] [--where N]

Deals 1..N by number (unlimited passes, no single-pass switch, as the published
players play) are played to the end by `solvers.patience.player`, which sees only
what a person sees and plays the plan the fair hint chooses each time it sees a new
card. Prints the win rate with its Wilson 95% interval, beside the best published
player (47.6%), and the cost per game, in wall and in CPU seconds (the CPU time is what
other load on the machine leaves alone). The samples are solved by the compiled search
(``--plain``: by the plain search, much slower). With ``--out`` every finished game is
appended to a JSON-lines file and a rerun skips the deals already there, so a long run
can be interrupted and resumed. ``--pair`` compares the run deal by deal with another
(deals won by one and lost by the other, two-sided sign test). ``--where N`` plays again N
deals the ``--pair`` run lost that are won with every card known, and prints for each the
move after which the real deal is lost and the decision that chose it (:func:`where`).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solvers.cards import Rng  # noqa: E402
from solvers.patience.deal import klondike_deal  # noqa: E402
from solvers.patience.options import KlondikeRules  # noqa: E402
from solvers.patience.player import CANDIDATES, UNDECIDED, play_with_fair_hints  # noqa: E402
from solvers.patience.rules import apply_move  # noqa: E402
from solvers.patience.search import UNWINNABLE, WINNABLE, solve  # noqa: E402
from solvers.patience.stats import quantile, wilson  # noqa: E402

BEST_PUBLISHED = 0.476
RULES = KlondikeRules(draw=3, single_pass_switch=False)


def play(seed: int, samples: int, nodes: int, max_moves: int, compiled: bool = True,
         undecided: float = UNDECIDED, candidates: int = CANDIDATES, escalate: int = 0,
         lookahead: int = 0, outer: int = 8, inner: int = 8, look: bool = True, extra: int = 0,
         margin: float = 0.1, diverse: int = 0, race: int = 10, cut: float = 0.2,
         skip_lost: bool = False, halving: int = 0, nested: int = 0, gate: float = 0.1,
         recheck: bool = False, duel: int = 0, duel_step: int = 10, tie: float = 0.0,
         tie_key: str = "progress", lone: float = 0.0, stream: str = "fair-player",
         fair: int = 0, fair_samples: int = 20, fair_depth: int = 0, lazy: bool = False,
         robust: float = 0.0, again: int = 0, stick: float = 0.0, same: bool = False) -> dict:
    """One game by deal number; the record as JSON."""
    # compile (or load) the compiled search before the game's clock starts
    solve(klondike_deal(seed), RULES, max_nodes=1, max_seconds=None, shorten=False, compiled=compiled)
    record = play_with_fair_hints(klondike_deal(seed), RULES, Rng(seed).fork(stream),
                                  samples=samples, nodes_per_solve=nodes, max_moves=max_moves,
                                  compiled=compiled, undecided=undecided, candidates=candidates,
                                  escalate=escalate, lookahead=lookahead, outer=outer, inner=inner,
                                  look=look, extra=extra, margin=margin,
                                  diverse=diverse, race=race, cut=cut, skip_lost=skip_lost,
                                  halving=halving, nested=nested, gate=gate,
                                  recheck=recheck, duel=duel, duel_step=duel_step,
                                  tie=tie, tie_key=tie_key, lone=lone,
                                  fair=fair, fair_samples=fair_samples, fair_depth=fair_depth,
                                  **({"lazy": True} if lazy else {}),
                                  **({"robust": robust} if robust else {}),
                                  **({"again": again, "stick": stick, "same": same} if again else {}))
    return {"seed": seed, **record.to_json()}


def _real(position, cap: int) -> str:
    """The verdict on a fully known position within ``cap`` positions."""
    return solve(position, RULES, max_nodes=cap, max_seconds=None, shorten=False).verdict


def where(seed: int, cap: int = 500_000, **options) -> dict:
    """Where the real deal ``seed`` is lost by the player: the first move after which the
    deal, with every card known, is proven lost (the deal winnable before it), why the
    player played it (a decision, a plan's later move, the fallback, an ace or a two,
    the only move), and at the decision that chose it: the plans weighed, their votes
    and values over the samples, and which of them keep the real deal winnable."""
    deal = klondike_deal(seed)
    out = {"seed": seed, "real": _real(deal, cap)}
    if out["real"] != WINNABLE:
        return out
    trace: list = []
    record = play_with_fair_hints(deal, RULES, Rng(seed).fork("fair-player"), samples=40,
                                  nodes_per_solve=2000, trace=trace, **options)
    out.update(won=record.won, ended=record.ended, moves=len(record.moves))
    if record.won:
        return out
    positions = [deal]
    for move in record.moves:
        positions.append(apply_move(positions[-1], move, RULES))
    if _real(positions[-1], cap) != UNWINNABLE:
        out["class"] = "stopped while winnable"
        return out
    lo, hi = 0, len(positions) - 1       # lo: not proven lost; hi: proven lost
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if _real(positions[mid], cap) == UNWINNABLE:
            hi = mid
        else:
            lo = mid
    at = lo
    out.update(at=at, move=record.moves[at])
    step = next(e for e in trace if e["at"] == at)
    out["why"] = step["why"]
    if step["why"] == "plan":
        step = [e for e in trace if e["why"] == "decision" and e["at"] < at][-1]
    out["offset"] = at - step["at"]
    out["decision_at"] = step["at"]
    if step["why"] != "decision":
        out["class"] = step["why"]
        return out
    hop = step["hop"][-1]
    base = positions[step["at"]]
    keeps = []
    for moves in hop["plans"]:
        after = base
        for move in moves:
            after = apply_move(after, move, RULES)
        keeps.append(_real(after, cap) != UNWINNABLE)
    firsts = []
    for move in step["fresh"]:
        if _real(apply_move(base, move, RULES), cap) != UNWINNABLE:
            firsts.append(move)
    chosen = hop["plans"].index(step["plan"]) if step["plan"] in hop["plans"] else -1
    out.update(plans=len(hop["plans"]), votes=hop["votes"], values=[round(v, 1) for v in hop["values"]],
               alive=hop["alive"], undecided=hop["undecided"], lost=hop["lost"], chosen=chosen,
               keeps=keeps, winning_firsts=firsts, legal=len(step["fresh"]),
               plan=step["plan"])
    good = [i for i, k in enumerate(keeps) if k]
    if not good:
        out["class"] = "plan generation"
    else:
        # shares of the samples each plan was weighed on (a plan dropped early: on fewer)
        share = [v / max(1, n) for v, n in zip(hop["values"], hop["weighed"])]
        best = max(good, key=lambda i: share[i])
        out["weighed"] = hop["weighed"]
        out["margin"] = round((share[chosen] - share[best]) * hop["samples"], 1)
        out["class"] = "valuation noise" if out["margin"] <= 2.0 else "hindsight bias"
    return out


def main(argv=None) -> int:
    """Command line entry."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--samples", type=int, default=40, help="samples of the unseen cards per choice")
    ap.add_argument("--undecided", type=float, default=UNDECIDED,
                    help="value of a sample undecided at the node cap (a win is 1)")
    ap.add_argument("--escalate", type=int, default=0,
                    help="when no sample is won, solve a quarter of the undecided ones again "
                         "with this many times the nodes (0: never)")
    ap.add_argument("--lookahead", type=int, default=0,
                    help="plans in the running weighed one revealed card deeper (0: none)")
    ap.add_argument("--outer", type=int, default=8, help="samples each of those plans is played on")
    ap.add_argument("--inner", type=int, default=8, help="samples for the plan chosen after the card")
    ap.add_argument("--extra", type=int, default=0,
                    help="more samples for a close call between the best two plans (0: none)")
    ap.add_argument("--margin", type=float, default=0.1,
                    help="a close call: the best two plans' shares within this much")
    ap.add_argument("--diverse", type=int, default=0,
                    help="plans for the moves no sample's own line opens with: samples tried a move (0: none)")
    ap.add_argument("--race", type=int, default=10, help="with --diverse: samples before a plan can be cut")
    ap.add_argument("--cut", type=float, default=0.2,
                    help="with --diverse: a plan this far behind the leader's share is cut")
    ap.add_argument("--skip-lost", action="store_true",
                    help="a sample proven lost from the view counts 0 for every plan without a solve")
    ap.add_argument("--halving", type=int, default=0,
                    help="successive halving of the plans weighed: samples in its first round (0: off)")
    ap.add_argument("--nested", type=int, default=0,
                    help="close calls: the best N plans weighed after the card they show, by the "
                         "player's own decision there over --inner fresh samples, on --outer samples (0: off)")
    ap.add_argument("--gate", type=float, default=0.1,
                    help="with --nested: a close call is a plan within this much of the leader's share")
    ap.add_argument("--duel", type=int, default=0,
                    help="a close call between the best two plans (shares within --margin) weighed on up to "
                         "this many fresh samples until they part (0: off)")
    ap.add_argument("--duel-step", type=int, default=10, help="with --duel: fresh samples a step")
    ap.add_argument("--tie", type=float, default=0.0,
                    help="plans within this much of the best share are a tie, decided by --tie-key (0: off)")
    ap.add_argument("--tie-key", choices=("progress", "votes"), default="progress",
                    help="with --tie: the order of obvious progress, or the samples that found the plan")
    ap.add_argument("--lone", type=float, default=0.0,
                    help="a plan found on one sample only is chosen only if it leads the best plan "
                         "found on several by more than this share (0: off)")
    ap.add_argument("--stream", default="fair-player",
                    help="name of the random stream the samples are drawn from (another name: the same "
                         "player on other samples)")
    ap.add_argument("--fair", type=int, default=0,
                    help="close calls (within --gate) decided by fair rollouts of the best N plans")
    ap.add_argument("--fair-samples", type=int, default=20, help="with --fair: samples each plan is rolled out on")
    ap.add_argument("--fair-depth", type=int, default=0,
                    help="with --fair: cards the rollout sees before an exact solve (0: played to the end)")
    ap.add_argument("--lazy", action="store_true",
                    help="each plan weighed beside its least committing form (the moves its revealing "
                         "move does not need left for after the card), which wins a tie")
    ap.add_argument("--robust", type=float, default=0.0,
                    help="a plan's win on a sample counts 1 - W more only if it wins too with the cards "
                         "still hidden after it dealt again (0: off, plain hindsight)")
    ap.add_argument("--again", type=int, default=0,
                    help="decide a plan again before each later move that is not a draw, over N samples")
    ap.add_argument("--stick", type=float, default=0.0,
                    help="with --again: the share another plan must lead the rest of the plan by")
    ap.add_argument("--same", action="store_true",
                    help="with --again: decide again on the deciding samples (with the moves since), not fresh ones")
    ap.add_argument("--recheck", action="store_true",
                    help="decide again before each waste card a plan moves after its first move")
    ap.add_argument("--no-look", action="store_true",
                    help="do not turn the untouched stock over once before the first decision")
    ap.add_argument("--candidates", type=int, default=CANDIDATES, help="plans weighed per choice at most")
    ap.add_argument("--nodes", type=int, default=2000, help="node budget of each sample's solve")
    ap.add_argument("--max-moves", type=int, default=1000)
    ap.add_argument("--plain", action="store_true",
                    help="solve the samples with the plain search (keeps lost positions; slower)")
    ap.add_argument("--first", type=int, default=1, help="first deal number")
    ap.add_argument("--out", type=Path, help="JSON-lines file of finished games (resumable)")
    ap.add_argument("--pair", type=Path,
                    help="JSON-lines file of another run: deals won by one and lost by the other, sign test")
    ap.add_argument("--where", type=int, default=0,
                    help="study N deals the --pair run lost (winnable with every card known): where each is lost")
    args = ap.parse_args(argv)
    if args.where:
        return study(args)

    done: dict[int, dict] = {}
    if args.out and args.out.exists():
        for line in args.out.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                done[row["seed"]] = row
    todo = [s for s in range(args.first, args.first + args.deals) if s not in done]
    sink = args.out.open("a") if args.out else None
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(play, s, args.samples, args.nodes, args.max_moves, not args.plain,
                               args.undecided, args.candidates, args.escalate, args.lookahead,
                               args.outer, args.inner, not args.no_look, args.extra, args.margin,
                               args.diverse, args.race, args.cut, args.skip_lost, args.halving,
                               args.nested, args.gate, args.recheck, args.duel, args.duel_step,
                               args.tie, args.tie_key, args.lone, args.stream,
                               args.fair, args.fair_samples, args.fair_depth, args.lazy, args.robust,
                               args.again, args.stick, args.same)
                   for s in todo]
        for count, future in enumerate(as_completed(futures), 1):
            row = future.result()
            done[row["seed"]] = row
            if sink:
                sink.write(json.dumps(row) + "\n")
                sink.flush()
            if count % 25 == 0 or count == len(todo):
                wins = sum(r["won"] for r in done.values())
                print(f"  {len(done)}/{args.deals} played, {wins} won, "
                      f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    rows = [done[s] for s in range(args.first, args.first + args.deals) if s in done]
    report(rows, args)
    if args.pair:
        pair(rows, args.pair)
    return 0


def _rows(path: Path) -> dict[int, dict]:
    return {r["seed"]: r for r in map(json.loads, path.read_text().splitlines()) if r}


def pair(rows: list[dict], path: Path) -> None:
    """Deal by deal against another run: gained, lost, and the two-sided sign test."""
    other = _rows(path)
    both = [r for r in rows if r["seed"] in other]
    up = sum(r["won"] and not other[r["seed"]]["won"] for r in both)
    down = sum(other[r["seed"]]["won"] and not r["won"] for r in both)
    print(f"  against {path.name} on the same {len(both)} deals: {sum(r['won'] for r in both)} won against "
          f"{sum(other[r['seed']]['won'] for r in both)}, +{up} / -{down} (sign test p = {sign_test(up, down):.3f})")


def sign_test(up: int, down: int) -> float:
    """Two-sided exact sign test."""
    n, k = up + down, min(up, down)
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def study(args) -> int:
    """Where the deals the --pair run lost are lost (see :func:`where`); one JSON line a deal."""
    other = _rows(args.pair)
    seeds = [s for s in range(args.first, args.first + args.deals) if s in other and not other[s]["won"]]
    found = 0
    sink = args.out.open("a") if args.out else None
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(where, s) for s in seeds]
        for future in futures:
            row = future.result()
            if row["real"] != WINNABLE:
                continue
            found += 1
            print(json.dumps(row), flush=True)
            if sink:
                sink.write(json.dumps(row) + "\n")
                sink.flush()
            if found >= args.where:
                for f in futures:
                    f.cancel()
                break
    return 0


def report(rows: list[dict], args) -> None:
    """The summary lines."""
    n = len(rows)
    wins = sum(r["won"] for r in rows)
    lo, hi = wilson(wins, n)
    seconds = [r["seconds"] for r in rows]
    search = "plain" if args.plain else "compiled"
    extras = "".join([
        f", lookahead {args.lookahead} ({args.outer} x {args.inner} samples)" if args.lookahead else "",
        f", escalate x{args.escalate}" if args.escalate else "",
        ", no look at the stock" if args.no_look else "",
        f", other openings ({args.diverse} tries, race {args.race}, cut {args.cut})" if args.diverse else "",
        ", lost samples skipped" if args.skip_lost else "",
        ", each plan beside its least committing form" if args.lazy else "",
        f", a win counted {1 - args.robust:g} more only if it wins again with the later hidden cards "
        f"dealt anew" if args.robust else "",
        f", successive halving from {args.halving} samples" if args.halving else "",
        ", decided again before a waste card's move" if args.recheck else "",
        f", decided again before each later move but a draw ({args.again} samples, kept "
        f"unless led by more than {args.stick:g}{', the same samples' if args.same else ''})" if args.again else "",
        f", ties within {args.tie} decided by {args.tie_key}" if args.tie else "",
        f", a plan one sample found must lead by {args.lone}" if args.lone else "",
        f", samples from the stream {args.stream!r}" if args.stream != "fair-player" else "",
        f", close calls (within {args.margin}) weighed on up to {args.duel} more samples, "
        f"{args.duel_step} at a time" if args.duel else "",
        f", close calls (within {args.gate}) weighed after the next card: best {args.nested} plans, "
        f"{args.outer} x {args.inner} samples" if args.nested else "",
        f", close calls (within {args.gate}) decided by fair rollouts: best {args.fair} plans, "
        f"{args.fair_samples} samples, " + (f"{args.fair_depth} cards then solved" if args.fair_depth
                                             else "to the end") if args.fair else "",
        f", {args.extra} more samples for a close call (within {args.margin})" if args.extra else ""])
    print(f"fair-hint player, Klondike draw 3 (hidden cards), deals {args.first}-{args.first + args.deals - 1}, "
          f"{args.samples} samples x {args.nodes} nodes per solve ({search} search{extras}):")
    print(f"  won {wins} of {n} = {100 * wins / max(1, n):.1f}% "
          f"(95% interval {100 * lo:.1f}%-{100 * hi:.1f}%); best published {100 * BEST_PUBLISHED:.1f}%")
    cpu = [r.get("cpu", r["seconds"]) for r in rows]
    print(f"  seconds per game: median {statistics.median(seconds):.2f}, p90 {quantile(seconds, 0.9):.2f}, "
          f"max {max(seconds):.2f}; CPU seconds: median {statistics.median(cpu):.2f}, "
          f"p90 {quantile(cpu, 0.9):.2f}, max {max(cpu):.2f}")
    print(f"  solves per game: median {statistics.median(r['solves'] for r in rows):.0f}; "
          f"decisions per game: median {statistics.median(r['hints'] for r in rows):.0f}")
    ends: dict[str, int] = {}
    for r in rows:
        ends[r["ended"]] = ends.get(r["ended"], 0) + 1
    print("  how games ended: " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())))


if __name__ == "__main__":
    sys.exit(main())
