"""Card-play hints by sampling the unseen cards and solving each deal double dummy.

``card_hint`` deals the cards the seat cannot see many times (each deal consistent
with what is public), values every legal card on each deal, and ranks the cards by
the tricks the side expects and by how often the side reaches its aim. It stops when
its time budget ends and answers with what it has. ``oracle_card_hint`` does the same
on the true deal, for callers who own every card.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from solvers.cards import Card, Rng
from solvers.doubledummy import Solver
from solvers.errors import CardsageError
from solvers.game import Action, Hint, State
from solvers.pimc.adapters import Adapter, adapter_for
from solvers.pimc.search import HORIZON, ROLLOUT_HORIZON, OutOfTime, card_groups, card_values
from solvers.sampling import sample_hidden

__all__ = ["DEFAULT_BUDGET", "CardSamples", "legal_cards", "gone_cards", "seat_hand", "sample_card_values", "card_hint", "oracle_card_hint",
           "rank_cards"]

DEFAULT_BUDGET = 1.0


@dataclass
class CardSamples:
    """Per legal card, the tricks the side took on each valued deal."""

    cards: list[Card]
    values: list[dict[Card, float]] = field(default_factory=list)
    elapsed: float = 0.0
    long_deal: bool = False          # valued by quick play to the horizon, then double dummy

    @property
    def count(self) -> int:
        """Number of deals valued."""
        return len(self.values)


def legal_cards(adapter: Adapter, state: State, seat: int) -> list[Card]:
    cards = []
    for action in state.legal_actions(seat):
        card = adapter.card_of(action)
        if card is not None and card not in cards:
            cards.append(card)
    return cards


def gone_cards(state: State) -> set[Card]:
    """Cards out of play: in finished tricks (the current trick's cards still count)."""
    return {c for name, zone in state.zones().items() if name.startswith("won:") for c in zone.cards}


def seat_hand(state: State, seat: int) -> tuple[Card, ...]:
    """The cards in the seat's own hand zone."""
    return next((z.cards for n, z in state.zones().items() if z.owner == seat and n.startswith("hand")), ())


def sample_card_values(state: State, seat: int, budget: float | None, *, samples: int | None = None,
                       rng: Rng | None = None, solver: Solver | None = None,
                       oracle: bool = False, horizon: int = HORIZON) -> CardSamples:
    """Value every legal card on sampled deals (or on the true deal when ``oracle``).

    From ``horizon`` cards a hand down, each deal is solved exactly; above, after quick play.
    """
    adapter = adapter_for(state)
    if adapter is None or not adapter.in_card_play(state):
        raise CardsageError("no card to play now", status=409)
    rng = rng or Rng(0)
    solver = solver or Solver()
    start = time.perf_counter()
    deadline = None if budget is None else start + budget
    cards = legal_cards(adapter, state, seat)
    groups = card_groups(cards, set(seat_hand(state, seat)) | set(cards), gone_cards(state),
                         adapter.position(state).rules)
    out = CardSamples(cards, long_deal=adapter.hand_size(state) > horizon)
    limit = 1 if oracle else samples
    while limit is None or out.count < limit:
        if deadline is not None and time.perf_counter() >= deadline:
            break
        deal = state if oracle else sample_hidden(state, seat, rng)
        try:
            out.values.append(card_values(solver, adapter, deal, seat, groups, rng.fork(out.count),
                                          deadline, horizon))
        except OutOfTime:
            break
    out.elapsed = time.perf_counter() - start
    return out


def _stats(values: list[float], goal: int) -> dict:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return {"mean": mean, "std": math.sqrt(var), "min": min(values), "max": max(values),
            "goal": sum(v >= goal for v in values) / n}


def rank_cards(data: CardSamples, goal: int, goal_first: bool) -> list[tuple[Card, dict]]:
    """Cards with their statistics, best first."""
    table = []
    # each deal's best value, found once rather than once per card
    tops = [max(v.values()) for v in data.values]
    for card in data.cards:
        values = [v[card] for v in data.values]
        stats = _stats(values, goal)
        stats["best"] = sum(x >= top for x, top in zip(values, tops)) / data.count
        table.append((card, stats))
    if goal_first:
        table.sort(key=lambda item: (-item[1]["goal"], -item[1]["mean"], -item[1]["best"]))
    else:
        table.sort(key=lambda item: (-item[1]["mean"], -item[1]["goal"], -item[1]["best"]))
    return table


def _goal_first(state: State) -> bool:
    # a contract is all or nothing; at Whist every trick over six scores
    return state.game.name != "whist"


def card_hint(state: State, seat: int, budget: float | None = DEFAULT_BUDGET, *,
              samples: int | None = None, rng: Rng | None = None, solver: Solver | None = None,
              oracle: bool = False) -> Hint | None:
    """The sampled (or oracle) card hint; None when not one deal could be valued in time."""
    data = sample_card_values(state, seat, budget, samples=samples, rng=rng, solver=solver, oracle=oracle)
    if not data.count:
        return None
    return hint_from_samples(state, seat, data, oracle=oracle, budget=budget)


def hint_from_samples(state: State, seat: int, data: CardSamples, *, oracle: bool = False,
                      budget: float | None = None) -> Hint:
    """Build the hint (action, reason, evaluation, ranked alternatives) from valued deals."""
    adapter = adapter_for(state)
    side = adapter.side(state, seat)
    goal = adapter.goal(state, side)
    ranked = rank_cards(data, goal, _goal_first(state))
    card, stats = ranked[0]
    action = adapter.play_action(state, seat, card)
    reason = _reason(card, stats, data.count, adapter.goal_text(state, side), oracle)
    valuation = (f"quick play to {ROLLOUT_HORIZON} cards a hand, then double dummy" if data.long_deal
                 else "double dummy")
    evaluation = {
        "kind": "oracle" if oracle else "sampled", "samples": data.count, "valuation": valuation,
        "expected_tricks": round(stats["mean"], 2), "goal_tricks": goal,
        "goal_probability": round(stats["goal"], 3), "best_share": round(stats["best"], 3),
        "std": round(stats["std"], 2), "min": stats["min"], "max": stats["max"],
        "elapsed_s": round(data.elapsed, 3),
    }
    if budget is not None:
        evaluation["budget_s"] = budget
    alternatives = [{"action": adapter.play_action(state, seat, c).to_json(),
                     "expected_tricks": round(s["mean"], 2), "goal_probability": round(s["goal"], 3),
                     "best_share": round(s["best"], 3), "std": round(s["std"], 2),
                     "min": s["min"], "max": s["max"]} for c, s in ranked[1:]]
    return Hint(action, reason, evaluation=evaluation, alternatives=alternatives,
                method="oracle" if oracle else "sampled")


def _reason(card: Card, stats: dict, n: int, goal_text: str, oracle: bool) -> str:
    mean = stats["mean"]
    tricks = f"{card.pretty()} wins {round(mean)} tricks on average ({mean:.1f})"
    if oracle:
        return f"{card.pretty()} takes {mean:g} tricks for your side with every card known (oracle)"
    return (f"{tricks} for your side and {goal_text} in {stats['goal']:.0%} of deals; "
            f"best in {stats['best']:.0%} of {n} sampled deals")


def oracle_card_hint(state: State, seat: int, budget: float | None = 30.0) -> Hint:
    """The card hint on the true deal (only for callers who own every card)."""
    hint = card_hint(state, seat, budget, oracle=True)
    if hint is None:
        raise CardsageError("the deal could not be solved within the budget", status=503)
    return hint


def card_action(card: Card) -> Action:
    """``play`` action of a card."""
    return Action("play", (str(card),))
