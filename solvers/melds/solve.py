"""The best meld plan for a hand: which melds to lay down and which cards to lay off.

:func:`plan` chooses, among every meld the hand could lay down and every lay-off it could
make (:mod:`solvers.melds.options`), the disjoint choice that leaves the least deadwood
(the game's card values; by default every card counts 1, so the most cards are melded),
ties going to more cards melded. A ``contract`` asks for at least (or, with
``only_contract``, exactly) so many new melds of each kind, as in Carioca's rounds;
:func:`can_meet` says whether a hand meets it.

Two methods answer the same question: ``"cpsat"`` models it for OR-Tools CP-SAT (a
Boolean per option, the hand's card counts as capacities, the contract as linear
constraints); ``"exhaustive"`` is the plain reference, a depth-first search over the
options that the tests compare CP-SAT against. ``"auto"`` takes the exhaustive search
for few options and CP-SAT beyond (``benchmarks/bench_melds.py`` measured the crossing).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from ortools.sat.python import cp_model

from solvers.cards import Card
from solvers.errors import CardsageError
from solvers.melds.options import Option, build, options_for
from solvers.melds.rules import Meld, MeldRules

__all__ = ["Plan", "plan", "can_meet", "AUTO_EXHAUSTIVE_OPTIONS"]

AUTO_EXHAUSTIVE_OPTIONS = 30     # "auto" searches exhaustively up to this many options (the measured crossing)
CPSAT_TIME_LIMIT = 5.0           # a guard: the models here solve in milliseconds


@dataclass
class Plan:
    """Melds to lay down, lay-offs onto the table (table index, the meld it becomes) and
    the cards left in hand, with their value."""

    melds: list[Meld]
    layoffs: list[tuple[int, Meld]]
    deadwood: list[Card]
    deadwood_value: int
    melded_value: int
    cards_melded: int
    method: str = field(default="", compare=False)


def _unit(card: Card) -> int:
    return 1


def plan(hand: Sequence[Card], rules: MeldRules, *, value: Callable[[Card], int] | None = None,
         table: Sequence[Meld] = (), contract: Mapping[str, int] | None = None,
         only_contract: bool = False, layoffs: bool = True, method: str = "auto") -> Plan | None:
    """The plan leaving the least deadwood value (``None`` when the contract cannot be met).

    ``value`` gives a card's deadwood value (default 1 a card); ``table`` the melds already
    laid, which the hand may extend when ``layoffs``."""
    if method not in ("auto", "cpsat", "exhaustive"):
        raise CardsageError(f"unknown meld solver method {method!r}: use auto, cpsat or exhaustive")
    value = value or _unit
    options = options_for(hand, rules, table if layoffs else ())
    if contract:
        unknown = [k for k in contract if k not in {o.kind for o in options} | {"set", "run"}]
        if unknown and any(contract[k] > 0 for k in unknown):
            return None
    wilds = sorted((c for c in hand if rules.wild(c)), key=lambda c: (-value(c), c))
    faces = Counter(c.face for c in hand if not rules.wild(c))
    if method == "auto":
        method = "exhaustive" if len(options) <= AUTO_EXHAUSTIVE_OPTIONS else "cpsat"
    solve = _solve_cpsat if method == "cpsat" else _solve_exhaustive
    chosen = solve(options, faces, [value(c) for c in wilds], value, contract or {}, only_contract)
    if chosen is None:
        return None
    return _plan_from(chosen, hand, wilds, rules, value, table, method)


def can_meet(hand: Sequence[Card], rules: MeldRules, contract: Mapping[str, int], *,
             only_contract: bool = True, method: str = "auto") -> Plan | None:
    """A plan meeting ``contract`` with new melds only (``None`` when the hand cannot)."""
    return plan(hand, rules, contract=contract, only_contract=only_contract, layoffs=False, method=method)


def _option_value(option: Option, value: Callable[[Card], int]) -> int:
    return sum(value(face) * n for face, n in option.faces)


def _wild_gain(wild_values: list[int], used: int) -> int:
    # the most valuable wild cards go into melds first: the cheap ones stay as deadwood
    return sum(wild_values[:used])


def _contract_ok(counts: Counter, contract: Mapping[str, int], only: bool, total_new: int) -> bool:
    if only:
        return all(counts[k] == n for k, n in contract.items()) and total_new == sum(contract.values())
    return all(counts[k] >= n for k, n in contract.items())


def _solve_exhaustive(options: list[Option], faces: Counter, wild_values: list[int],
                      value: Callable[[Card], int], contract: Mapping[str, int], only: bool):
    """Depth-first over the options: take or skip each, the hand's counts as limits."""
    best: list = [None, None]          # (melded value, cards) and the chosen indexes
    free = Counter(faces)
    state = {"wilds": len(wild_values), "value": 0, "cards": 0, "used_wilds": 0}
    kinds: Counter = Counter()
    tables: set[int] = set()
    chosen: list[int] = []
    worth = [_option_value(o, value) for o in options]

    face_worth = {f: value(f) for f in faces}

    def hopeless() -> bool:
        # even melding every card still free could not beat the best plan found so far
        if best[0] is None:
            return False
        free_value = sum(face_worth[f] * n for f, n in free.items())
        free_cards = sum(free.values()) + state["wilds"]
        bound = (state["value"] + free_value + _wild_gain(wild_values, state["used_wilds"] + state["wilds"]),
                 state["cards"] + free_cards)
        return bound <= best[0]

    def visit(i: int) -> None:
        if hopeless():
            return
        if i == len(options):
            new = sum(1 for j in chosen if options[j].table is None)
            if not _contract_ok(kinds, contract, only, new):
                return
            score = (state["value"] + _wild_gain(wild_values, state["used_wilds"]), state["cards"])
            if best[0] is None or score > best[0]:
                best[0], best[1] = score, list(chosen)
            return
        option = options[i]
        fits = (option.wilds <= state["wilds"] and all(free[f] >= n for f, n in option.faces)
                and (option.table is None or option.table not in tables)
                and not (only and option.table is None and kinds[option.kind] >= contract.get(option.kind, 0)))
        if fits:
            for f, n in option.faces:
                free[f] -= n
            state["wilds"] -= option.wilds
            state["used_wilds"] += option.wilds
            state["value"] += worth[i]
            state["cards"] += option.size
            if option.table is None:
                kinds[option.kind] += 1
            else:
                tables.add(option.table)
            chosen.append(i)
            # a new meld may be formed again from the second copies of its cards
            visit(i if option.table is None else i + 1)
            chosen.pop()
            if option.table is None:
                kinds[option.kind] -= 1
            else:
                tables.discard(option.table)
            state["cards"] -= option.size
            state["value"] -= worth[i]
            state["used_wilds"] -= option.wilds
            state["wilds"] += option.wilds
            for f, n in option.faces:
                free[f] += n
        visit(i + 1)

    visit(0)
    return None if best[1] is None else [options[j] for j in best[1]]


def _solve_cpsat(options: list[Option], faces: Counter, wild_values: list[int],
                 value: Callable[[Card], int], contract: Mapping[str, int], only: bool):
    """The same choice as a CP-SAT model: a Boolean per option, card counts as capacities."""
    model = cp_model.CpModel()
    # how many times each option is taken: a new meld as often as the hand holds its
    # cards (two copies in a double pack), a lay-off on a table meld once
    take = [model.NewIntVar(0, _most_times(o, faces, len(wild_values)), f"o{i}")
            for i, o in enumerate(options)]
    uses: dict[Card, list] = {}
    for var, option in zip(take, options):
        for face, n in option.faces:
            uses.setdefault(face, []).append(n * var)
    for face, terms in uses.items():
        model.Add(sum(terms) <= faces[face])
    wilds_used = sum(o.wilds * v for o, v in zip(options, take))
    model.Add(wilds_used <= len(wild_values))
    # wild cards go into melds most valuable first: used[j] says the j-th is melded
    used = [model.NewBoolVar(f"w{j}") for j in range(len(wild_values))]
    for a, b in zip(used, used[1:]):
        model.Add(a >= b)
    model.Add(sum(used) == wilds_used)
    tables: dict[int, list] = {}
    for var, option in zip(take, options):
        if option.table is not None:
            tables.setdefault(option.table, []).append(var)
    for group in tables.values():
        model.Add(sum(group) <= 1)
    new_by_kind: dict[str, list] = {}
    for var, option in zip(take, options):
        if option.table is None:
            new_by_kind.setdefault(option.kind, []).append(var)
    for kind, n in contract.items():
        count = sum(new_by_kind.get(kind, []))
        if only:
            model.Add(count == n)
        else:
            model.Add(count >= n)
    if only:
        model.Add(sum(v for kind, vs in new_by_kind.items() for v in vs) == sum(contract.values()))
    melded = (sum(_option_value(o, value) * v for o, v in zip(options, take))
              + sum(w * u for w, u in zip(wild_values, used)))
    cards = sum(o.size * v for o, v in zip(options, take))
    weight = len(faces) + len(wild_values) + sum(faces.values()) + 1
    model.Maximize(melded * weight + cards)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1          # one worker: the same answer every time
    solver.parameters.max_time_in_seconds = CPSAT_TIME_LIMIT
    status = solver.Solve(model)
    if status == cp_model.INFEASIBLE:
        return None
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise CardsageError("the meld solver ran out of time", status=503)
    return [o for o, v in zip(options, take) for _ in range(solver.Value(v))]


def _most_times(option: Option, faces: Counter, wilds: int) -> int:
    """How many times the hand's cards allow ``option`` to be taken."""
    if option.table is not None:
        return 1
    bounds = [faces[face] // n for face, n in option.faces]
    if option.wilds:
        bounds.append(wilds // option.wilds)
    return min(bounds) if bounds else 1


def _plan_from(chosen: list[Option], hand: Sequence[Card], wilds: list[Card], rules: MeldRules,
               value: Callable[[Card], int], table: Sequence[Meld], method: str) -> Plan:
    naturals: dict[Card, list[Card]] = {}
    for card in sorted(hand, reverse=True):
        if not rules.wild(card):
            naturals.setdefault(card.face, []).append(card)
    free_wilds = list(wilds)
    melds, laid = [], []
    for option in chosen:
        meld = build(option, naturals, free_wilds, rules, table)
        (melds.append(meld) if option.table is None else laid.append((option.table, meld)))
    used = Counter(c for m in melds for c in m.cards)
    for index, meld in laid:
        used.update(c for c in meld.cards if c not in set(table[index].cards))
    deadwood = sorted((Counter(hand) - used).elements())
    dead_value = sum(value(c) for c in deadwood)
    total = sum(value(c) for c in hand)
    return Plan(melds, laid, deadwood, dead_value, total - dead_value, len(hand) - len(deadwood), method)
