"""Sampled search for every Trex decision, using only what the seat may know.

Every method deals the unseen cards many times, consistently with what is public
(shown voids, passes in the layout, doubled cards), and values each legal action on
every deal:

* Contract, throw-in and doubles: the deal is played out by the rules of thumb after the
  action; the value is the seat's points in the deal minus a quarter of the contract's
  total (what an ordinary hand expects), since the owner plays every contract once in any
  case and the other players share what the seat does not lose.
* Trick play: late in the deal (six cards a hand or fewer) each sampled deal is solved
  double dummy for every card, every other player assumed to play against the seat (the
  points of a contract are fixed, so what they give away the seat takes). Earlier, each
  card is followed by quick play (the rules of thumb) to the end of the deal.
* Trex layout: once few cards are left, each sampled deal is searched exactly, every
  player aiming at its own best place; before, each card is followed by quick play to
  the end of the deal.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from functools import lru_cache

from solvers.cards import Card, Rng
from solvers.doubledummy import Position, Solver, TrickRules
from solvers.game import Action, Hint
from solvers.games.trex import (CHOOSE, CLAIM, CONTRACT_NAMES, CONTRACT_TOTAL, DOUBLE, FINISH_POINTS,
                                LAYOUT, PENALTY_CARDS, PLAY, SEATS, SLAPS, TrexState, layout_playable,
                                next_seat, turn_order)
from solvers.games.trex_heuristic import choose as rules_of_thumb
from solvers.games.trex_scoring import PENALTY, TRICK_PENALTY, deal_items
from solvers.sampling import sample_hidden

__all__ = ["sampled_hint", "Valuation", "EXACT_TRICKS", "LAYOUT_EXACT"]

EXACT_TRICKS = 6      # from this many cards a hand every card is solved exactly
LAYOUT_EXACT = 18     # cards left in all hands from which the layout is searched exactly
MAX_STEPS = 400


class OutOfTime(Exception):
    """The deadline passed during a sampled deal."""


@dataclass
class Valuation:
    """Per legal action, its value on each sampled deal."""

    actions: list[Action]
    values: list[dict[Action, float]] = field(default_factory=list)
    method: str = "sampled"
    detail: str = ""

    @property
    def count(self) -> int:
        """Sampled deals valued."""
        return len(self.values)

    def mean(self, action: Action) -> float:
        """The action's average value."""
        return sum(v[action] for v in self.values) / len(self.values)

    def spread(self, action: Action) -> float:
        """Standard error of the action's average value."""
        n = len(self.values)
        if n < 2:
            return 0.0
        m = self.mean(action)
        return math.sqrt(sum((v[action] - m) ** 2 for v in self.values) / (n - 1) / n)


# ---------------------------------------------------------------- common


def my_deal_points(state: TrexState, seat: int) -> int:
    """The seat's points in the current deal so far (the sheet's last line once it ended)."""
    items = deal_items(state.contract, state.taken, state.doubles, state.finish)
    return sum(p for s, p, _, _ in items if s == seat)


def play_out(state: TrexState, seat: int, rng: Rng, deadline: float | None) -> float:
    """Play the deal to its end by the rules of thumb; the seat's points minus a quarter of the
    contract's total."""
    hands, throw_ins = len(state.sheet), state.throw_ins
    steps = 0
    # a throw-in ends the play-out: the next pack is unknown to everybody
    while len(state.sheet) == hands and state.throw_ins == throw_ins and not state.is_over:
        mover = min(state.to_move)
        state = state.apply(rules_of_thumb(state, mover)[0], mover)
        steps += 1
        if steps % 16 == 0 and deadline is not None and time.perf_counter() > deadline:
            raise OutOfTime
        if steps > MAX_STEPS:
            raise RuntimeError("a Trex deal did not end")
    if len(state.sheet) == hands:
        return 0.0     # thrown in: a fresh deal is worth what an ordinary hand is
    record = state.sheet[-1]
    return record.points[seat] - CONTRACT_TOTAL[record.contract] / SEATS


# ---------------------------------------------------------------- decisions before play


def value_declarations(state: TrexState, seat: int, samples: int | None, deadline: float | None,
                       rng: Rng) -> Valuation:
    """Contract, throw-in or double: each legal action played out on sampled deals."""
    actions = state.legal_actions(seat)
    out = Valuation(actions, detail="each choice played out by the rules of thumb on sampled deals")
    while samples is None or out.count < samples:
        if deadline is not None and time.perf_counter() > deadline:
            break
        deal = sample_hidden(state, seat, rng)
        row = {}
        try:
            for action in actions:
                after = deal.apply(action, seat)
                if action.kind == "throw-in":
                    row[action] = 0.0
                else:
                    row[action] = play_out(after, seat, rng, deadline)
        except OutOfTime:
            break
        out.values.append(row)
    return out


# ---------------------------------------------------------------- trick play by double dummy


def trick_rules(state: TrexState, me: int) -> tuple[TrickRules, dict[Card, int]]:
    """The contract as the solver counts it for ``me`` against the other three, and the
    constant each doubled card of ``me`` adds while it is still in play."""
    sides = tuple(0 if s == me else 1 for s in range(SEATS))
    if state.contract == SLAPS:
        return TrickRules(objective="points", trick_points=-TRICK_PENALTY, sides=sides, name="trex"), {}
    doubler = {c: s for s, c in state.doubles}
    penalty = PENALTY[state.contract]
    points, bonus = {}, {}
    for card in PENALTY_CARDS[state.contract]:
        by = doubler.get(card)
        if by is None:
            points[str(card)] = -penalty
        else:
            # doubled: twice the penalty to a taker other than the doubler, who gains one penalty
            points[str(card)] = -2 * penalty
            if by == me:
                bonus[card] = penalty
    return TrickRules(objective="points", card_points=points, sides=sides, name="trex"), bonus


def _position(state: TrexState, rules: TrickRules) -> Position:
    order = turn_order(state.leader)
    return Position.from_hands([state.hands[s] for s in order], 0, [c for _, c in state.trick], rules)




def remaining_cards(state: TrexState) -> set[Card]:
    """Cards not yet in a finished trick."""
    return {c for h in state.hands for c in h} | {c for _, c in state.trick}


def _ms_left(deadline: float | None) -> float | None:
    if deadline is None:
        return None
    left = (deadline - time.perf_counter()) * 1000.0
    if left <= 1.0:
        raise OutOfTime
    return left


def _card_groups(state: TrexState, seat: int, cards: list[Card]) -> list[list[Card]]:
    """Legal cards in groups that do the same job: touching in rank once the seat's own
    cards and the played cards are left out, and none of them a penalty card."""
    from solvers.pimc.search import card_groups
    gone = {c for t in state.history for _, c in t}
    penalty = PENALTY_CARDS.get(state.contract, frozenset())
    plain = [c for c in cards if c not in penalty]
    groups = card_groups(plain, set(state.hands[seat]), gone) if plain else []
    return groups + [[c] for c in cards if c in penalty]


def value_cards(state: TrexState, seat: int, samples: int | None, deadline: float | None, rng: Rng,
                solver: Solver) -> Valuation:
    """Every legal card valued on sampled deals: double dummy from ``EXACT_TRICKS`` cards a
    hand, by quick play to the end of the deal before (a double-dummy ending after quick
    play measured weaker: the three others assumed to play together are too gloomy a
    model while much is still open)."""
    actions = state.legal_actions(seat)
    cards = [_card(a) for a in actions]
    groups = _card_groups(state, seat, cards)
    exact = len(state.hands[seat]) <= EXACT_TRICKS
    out = Valuation(actions, detail=("double dummy on each sampled deal" if exact else
                                     "each card followed by quick play to the end of the deal"))
    while samples is None or out.count < samples:
        if deadline is not None and time.perf_counter() > deadline:
            break
        deal = sample_hidden(state, seat, rng)
        try:
            row = (_exact_row(deal, seat, groups, deadline, solver) if exact else
                   _rollout_row(deal, seat, groups, deadline, rng))
        except OutOfTime:
            break
        out.values.append({a: row[_card(a)] for a in actions})
    return out


def _exact_row(deal: TrexState, seat: int, groups, deadline, solver: Solver) -> dict[Card, float]:
    rules, bonus = trick_rules(deal, seat)
    result = solver.solve(_position(deal, rules), values="all", budget_ms=_ms_left(deadline))
    if not result.exact:
        raise OutOfTime
    live = remaining_cards(deal)
    base = my_deal_points(deal, seat) + sum(p for c, p in bonus.items() if c in live)
    return {c: base + result.cards[str(g[0])] for g in groups for c in g}




def _rollout_row(deal: TrexState, seat: int, groups, deadline, rng: Rng) -> dict[Card, float]:
    row = {}
    for group in groups:
        after = deal.apply(Action("play", (str(group[0]),)), seat)
        value = play_out(after, seat, rng, deadline) if len(after.sheet) == len(deal.sheet) else \
            after.sheet[-1].points[seat] - CONTRACT_TOTAL[deal.contract] / SEATS
        for c in group:
            row[c] = value
    return row


def _card(action: Action) -> Card:
    from solvers.cards import parse_card
    return parse_card(action.args[0])


# ---------------------------------------------------------------- the Trex layout


def value_layout(state: TrexState, seat: int, samples: int | None, deadline: float | None,
                 rng: Rng) -> Valuation:
    """Every legal card of the layout valued on sampled deals: exactly when few cards are
    left, by quick play to the end before."""
    actions = state.legal_actions(seat)
    left = sum(len(h) for h in state.hands)
    exact = left <= LAYOUT_EXACT
    out = Valuation(actions, detail=("exact search of the layout on each sampled deal" if exact else
                                     "each card followed by quick play on sampled deals"))
    if exact:
        out.method = "sampled-exact"
    while samples is None or out.count < samples:
        if deadline is not None and time.perf_counter() > deadline:
            break
        deal = sample_hidden(state, seat, rng)
        row = {}
        try:
            for action in actions:
                after = deal.apply(action, seat)
                if exact:
                    row[action] = float(_layout_value(after)[seat]) if after.phase == LAYOUT \
                        else float(after.sheet[-1].points[seat])
                else:
                    row[action] = play_out(after, seat, rng, deadline) + CONTRACT_TOTAL["trex"] / SEATS
        except OutOfTime:
            break
        out.values.append(row)
    return out


def _layout_value(state: TrexState) -> tuple[int, ...]:
    """Points each seat ends the layout with when every player plays for its own best place."""
    hands = tuple(frozenset(h) for h in state.hands)
    return _search(hands, state.rows, state.turn, state.finish)


@lru_cache(maxsize=200_000)
def _search(hands: tuple[frozenset, ...], rows: tuple, turn: int, finish: tuple[int, ...]) -> tuple[int, ...]:
    if len(finish) >= SEATS - 1:
        last = [s for s in range(SEATS) if s not in finish]
        order = finish + tuple(last)
        points = [0] * SEATS
        for i, s in enumerate(order):
            points[s] = FINISH_POINTS[i]
        return tuple(points)
    row_map = {s: r for s, r in enumerate(rows) if r is not None}
    cards = layout_playable(hands[turn], row_map)
    if not cards:
        return _search(hands, rows, _next_with_cards(hands, turn), finish)
    best = None
    for card in cards:
        hand = hands[turn] - {card}
        new_hands = hands[:turn] + (hand,) + hands[turn + 1:]
        row = rows[card.suit]
        row = (card.rank, card.rank) if row is None else (min(row[0], card.rank), max(row[1], card.rank))
        new_rows = rows[:card.suit] + (row,) + rows[card.suit + 1:]
        new_finish = finish + (turn,) if not hand else finish
        if len(new_finish) >= SEATS - 1:
            value = _search(new_hands, new_rows, turn, new_finish)
        else:
            value = _search(new_hands, new_rows, _next_with_cards(new_hands, turn), new_finish)
        if best is None or value[turn] > best[turn]:
            best = value
    return best


def _next_with_cards(hands, seat: int) -> int:
    nxt = next_seat(seat)
    while not hands[nxt]:
        nxt = next_seat(nxt)
    return nxt


# ---------------------------------------------------------------- the hint


def sampled_hint(state: TrexState, seat: int, budget: float | None, *, samples: int | None = None,
                 rng: Rng | None = None, solver: Solver | None = None) -> Hint | None:
    """The sampled hint for any decision (None when not one deal was valued in time)."""
    rng = rng or Rng(0)
    deadline = None if budget is None else time.perf_counter() + budget
    start = time.perf_counter()
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return None
    if state.phase in (CHOOSE, CLAIM, DOUBLE):
        data = value_declarations(state, seat, samples, deadline, rng)
        unit = "points against an ordinary hand"
    elif state.phase == PLAY:
        data = value_cards(state, seat, samples, deadline, rng, solver or Solver())
        unit = "points in this deal"
    else:
        data = value_layout(state, seat, samples, deadline, rng)
        unit = "points in this deal"
    if not data.count:
        return None
    prior, _ = rules_of_thumb(state, seat)
    ranked = sorted(data.actions, key=lambda a: (-data.mean(a), a != prior, a.notation))
    best = ranked[0]
    # keep the rules of thumb's choice unless another is clearly better on these deals
    if prior in data.actions and best != prior and \
            data.mean(best) - data.mean(prior) <= 1e-9 + _noise(data, best, prior):
        best = prior
        ranked.remove(prior)
        ranked.insert(0, prior)
    reason = _reason(state, best, data, unit)
    evaluation = {"kind": data.method, "samples": data.count, "valuation": data.detail,
                  "expected": round(data.mean(best), 1), "unit": unit,
                  "elapsed_s": round(time.perf_counter() - start, 3)}
    if budget is not None:
        evaluation["budget_s"] = budget
    alternatives = [{"action": a.to_json(), "expected": round(data.mean(a), 1),
                     "std_error": round(data.spread(a), 1)} for a in ranked if a != best]
    return Hint(best, reason, evaluation=evaluation, alternatives=alternatives, method="sampled")


def _noise(data: Valuation, a: Action, b: Action) -> float:
    """One standard error of the difference between two actions over the same deals."""
    n = data.count
    if n < 2:
        return math.inf
    diffs = [v[a] - v[b] for v in data.values]
    m = sum(diffs) / n
    return math.sqrt(sum((d - m) ** 2 for d in diffs) / (n - 1) / n)


def _reason(state: TrexState, action: Action, data: Valuation, unit: str) -> str:
    mean = data.mean(action)
    n = data.count
    if action.kind == "choose":
        name = CONTRACT_NAMES[action.args[0]]
        return (f"{name} gives this hand about {mean:+.0f} {unit}, the best of the contracts left "
                f"({n} sampled deals played out)")
    if action.kind == "throw-in":
        return f"playing this hand would cost about {-_keep(data):.0f} against an ordinary hand: have it thrown in"
    if action.kind == "keep":
        return f"keeping the hand is worth about {mean:+.0f} {unit} over {n} sampled deals"
    if action.kind in ("double", "no-double"):
        what = "double " + " ".join(action.args) if action.kind == "double" else "no double"
        return f"{what} is worth about {mean:+.0f} {unit} over {n} sampled deals"
    if action.kind == "pass":
        return "no card fits the layout: pass"
    card = _card(action)
    return f"{card.pretty()} is worth about {mean:+.0f} {unit} on average over {n} sampled deals ({data.detail})"


def _keep(data: Valuation) -> float:
    keep = next((a for a in data.actions if a.kind == "keep"), None)
    return data.mean(keep) if keep is not None else 0.0
