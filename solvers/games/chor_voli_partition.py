"""Partitions of a Chor Voli hand into up to four combinations, found two ways.

A hand's valid triples are looked up in :func:`~solvers.games.chor_voli_rank.strength_table`
(at most C(13,3) = 286 of them). A partition is up to four disjoint valid triples; it is
played strongest first, so its value depends on which round each combination lands in.

* :func:`partitions` enumerates them by depth-first search: the lowest undecided card is
  either discarded (while discards remain for the number of combinations aimed at) or
  starts one of the triples it is the lowest card of. Every partition comes out once.
* :func:`best_by_rules_of_thumb`: as many combinations as possible, then the weakest as
  strong as possible, then the next weakest (the tip: later rounds are worth as much as
  the first, so do not build one strong combination and three feeble ones).
* :func:`best_exhaustive` and :func:`best_cpsat` maximise the same integer objective (the
  sum over rounds of the chance of winning that round, from :mod:`chor_voli_odds`), by the
  depth-first search and by CP-SAT; both give the same optimum.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Iterator, Sequence

from solvers.cards import Rng
from solvers.games.chor_voli_odds import QUANTILES, round_weights
from solvers.games.chor_voli_rank import strength_table

__all__ = ["valid_triples", "partitions", "best_by_rules_of_thumb", "best_exhaustive", "best_cpsat",
           "partition_value", "ranked_partitions", "ordered", "measure_round_quantiles", "MAX_COMBINATIONS"]

MAX_COMBINATIONS = 4
Partition = tuple[tuple[int, int], ...]   # ((mask, strength), …), strongest first


def valid_triples(cards: Sequence[int], threes_high: bool = False) -> list[tuple[int, int]]:
    """``(mask, strength)`` of every valid triple among the numbered ``cards``."""
    table = strength_table(threes_high)
    out = []
    for a, b, c in combinations(sorted(cards), 3):
        mask = (1 << a) | (1 << b) | (1 << c)
        s = table.get(mask)
        if s is not None:
            out.append((mask, s))
    return out


def partitions(cards: Sequence[int], threes_high: bool = False, *, most: int = MAX_COMBINATIONS,
               sizes: Sequence[int] | None = None) -> Iterator[Partition]:
    """Every set of 1..``most`` disjoint valid triples of ``cards`` (or of the given ``sizes``),
    in no particular order (:func:`ordered` puts one strongest first)."""
    cards = sorted(cards)
    by_low: list[list[tuple[int, int]]] = [[] for _ in cards]
    position = {c: i for i, c in enumerate(cards)}
    for mask, s in valid_triples(cards, threes_high):
        low = (mask & -mask).bit_length() - 1
        by_low[position[low]].append((mask, s))
    n = len(cards)
    bits = [1 << c for c in cards]
    wanted = sizes if sizes is not None else range(1, most + 1)
    for k in wanted:
        discards = n - 3 * k
        if discards < 0:
            continue
        chosen: list[tuple[int, int]] = []

        def rec(pos: int, used: int, left: int) -> Iterator[Partition]:
            while pos < n and used & bits[pos]:
                pos += 1
            if len(chosen) == k:
                yield tuple(chosen)
                return
            if pos == n:
                return
            if left:
                yield from rec(pos + 1, used | bits[pos], left - 1)
            for mask, s in by_low[pos]:
                if not used & mask:
                    chosen.append((mask, s))
                    yield from rec(pos + 1, used | mask, left)
                    chosen.pop()

        yield from rec(0, 0, discards)


@lru_cache(maxsize=4096)
def best_by_rules_of_thumb(cards: tuple[int, ...], threes_high: bool = False,
                           most: int = MAX_COMBINATIONS) -> Partition:
    """As many combinations as possible, then the weakest as strong as possible, and so on.

    For the number of combinations aimed at, a bisection first finds the strongest
    weakest combination possible (does a partition exist using only triples at least
    that strong?); the depth-first search for the best partition then skips every
    weaker triple."""
    cards = sorted(cards)
    n = len(cards)
    bits = [1 << c for c in cards]
    position = {c: i for i, c in enumerate(cards)}
    by_low: list[list[tuple[int, int]]] = [[] for _ in cards]
    for mask, s in valid_triples(cards, threes_high):
        by_low[position[(mask & -mask).bit_length() - 1]].append((mask, s))
    for options in by_low:
        options.sort(key=lambda t: -t[1])
    levels = sorted({s for options in by_low for _, s in options})

    def exists(k: int, floor: int) -> bool:
        def rec(pos: int, used: int, left: int, need: int) -> bool:
            while pos < n and used & bits[pos]:
                pos += 1
            if need == 0:
                return True
            if pos == n:
                return False
            for mask, s in by_low[pos]:
                if s < floor:
                    break
                if not used & mask and rec(pos + 1, used | mask, left, need - 1):
                    return True
            return bool(left) and rec(pos + 1, used | bits[pos], left - 1, need)
        return rec(0, 0, n - 3 * k, k)

    for k in range(min(most, n // 3), 0, -1):
        if not levels or not exists(k, levels[0]):
            continue
        lo, hi = 0, len(levels) - 1          # levels[lo] is feasible; find the highest feasible
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if exists(k, levels[mid]):
                lo = mid
            else:
                hi = mid - 1
        floor = levels[lo]
        best: list = [None, None]      # partition, its key (strengths weakest first)
        chosen: list[tuple[int, int]] = []

        def search(pos: int, used: int, left: int) -> None:
            while pos < n and used & bits[pos]:
                pos += 1
            if len(chosen) == k:
                key = tuple(sorted(s for _, s in chosen))
                if best[1] is None or key > best[1]:
                    best[0], best[1] = tuple(sorted(chosen, key=lambda t: -t[1])), key
                return
            if pos == n:
                return
            for mask, s in by_low[pos]:
                if s < floor:
                    break
                if not used & mask:
                    chosen.append((mask, s))
                    search(pos + 1, used | mask, left)
                    chosen.pop()
            if left:
                search(pos + 1, used | bits[pos], left - 1)

        search(0, 0, n - 3 * k)
        return best[0]
    return ()


def ordered(p: Partition) -> Partition:
    """The partition strongest first, as it is shown."""
    return tuple(sorted(p, key=lambda t: -t[1]))


def partition_value(p: Partition, weights: Sequence[Sequence[int]]) -> int:
    """The objective: the sum of the round weights of each combination in its round
    (combinations are shown strongest first)."""
    return sum(weights[r][s] for r, s in enumerate(sorted((s for _, s in p), reverse=True)))


def ranked_partitions(cards: Sequence[int], threes_high: bool = False, *, kept: Sequence[int] = (),
                      most: int = MAX_COMBINATIONS, top: int | None = None) -> list[tuple[int, Partition]]:
    """Partitions (strongest first) with their objective value, best first; ``kept``: the
    strengths of combinations kept already, which count in the objective; ``top``: only
    the best so many."""
    weights = round_weights(threes_high)
    kept = list(kept)
    scored = []
    for p in partitions(cards, threes_high, most=most):
        strengths = sorted(kept + [s for _, s in p], reverse=True)
        scored.append((sum(weights[r][s] for r, s in enumerate(strengths)), p))
    if kept:
        scored.append((sum(weights[r][s] for r, s in enumerate(sorted(kept, reverse=True))), ()))
    scored.sort(key=lambda vp: -vp[0])
    return [(v, ordered(p)) for v, p in (scored if top is None else scored[:top])]


def best_exhaustive(cards: Sequence[int], threes_high: bool = False) -> tuple[int, Partition]:
    """The partition of greatest objective value, by enumerating every partition."""
    weights = round_weights(threes_high)
    best, best_value = (), -1
    for p in partitions(cards, threes_high):
        v = partition_value(p, weights)
        if v > best_value:
            best, best_value = p, v
    return best_value, ordered(best)


def best_cpsat(cards: Sequence[int], threes_high: bool = False, *, workers: int = 1) -> tuple[int, Partition]:
    """The partition of greatest objective value, by CP-SAT: ``x[t, r]`` puts triple ``t``
    in round ``r``; a card in at most one triple, a round holds at most one, rounds fill
    from the first, and each round's strength is at least the next one's."""
    from ortools.sat.python import cp_model

    weights = round_weights(threes_high)
    triples = valid_triples(cards, threes_high)
    model = cp_model.CpModel()
    x = {(t, r): model.NewBoolVar(f"x{t}_{r}") for t in range(len(triples)) for r in range(MAX_COMBINATIONS)}
    for c in cards:
        model.Add(sum(x[t, r] for t, (mask, _) in enumerate(triples) if mask >> c & 1
                      for r in range(MAX_COMBINATIONS)) <= 1)
    used = []
    for r in range(MAX_COMBINATIONS):
        model.Add(sum(x[t, r] for t in range(len(triples))) <= 1)
        used.append(sum(x[t, r] for t in range(len(triples))))
    model.Add(used[0] == 1)
    for r in range(MAX_COMBINATIONS - 1):
        model.Add(used[r] >= used[r + 1])
        # strengths are shifted by one so an empty round (0) is below every combination
        model.Add(sum((s + 1) * x[t, r] for t, (_, s) in enumerate(triples)) >=
                  sum((s + 1) * x[t, r + 1] for t, (_, s) in enumerate(triples)))
    model.Maximize(sum(weights[r][s] * x[t, r] for t, (_, s) in enumerate(triples)
                       for r in range(MAX_COMBINATIONS)))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    status = solver.Solve(model)
    if status != cp_model.OPTIMAL:
        raise RuntimeError("CP-SAT found no optimal partition")
    chosen = [triples[t] for r in range(MAX_COMBINATIONS) for t in range(len(triples)) if solver.Value(x[t, r])]
    return int(round(solver.ObjectiveValue())), tuple(chosen)


def measure_round_quantiles(hands: int = 4000, threes_high: bool = False) -> tuple[tuple[int, ...], ...]:
    """Rebuild :data:`~solvers.games.chor_voli_odds.ROUND_QUANTILES`: partition ``hands``
    seeded random hands by the rules of thumb and take the quantiles of each round."""
    rng = Rng("chor-voli-odds")
    shown: list[list[int]] = [[], [], [], []]
    for _ in range(hands):
        hand = tuple(sorted(rng.shuffled(range(52))[:13]))
        p = best_by_rules_of_thumb(hand, threes_high)
        for r in range(4):
            shown[r].append(p[r][1] if r < len(p) else -1)
    out = []
    for values in shown:
        values.sort()
        out.append(tuple(values[int((i + 0.5) * len(values) / QUANTILES)] for i in range(QUANTILES)))
    return tuple(out)
