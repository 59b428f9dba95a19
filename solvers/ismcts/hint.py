"""The generic hint: the search's most tried move, why, and the ranked alternatives."""

from __future__ import annotations

import math

from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.game import Hint, State
from solvers.ismcts.config import SearchConfig
from solvers.ismcts.tree import SearchResult, search

__all__ = ["DEFAULT_BUDGET", "search_hint", "hint_from_result"]

DEFAULT_BUDGET = 1.0


def search_hint(state: State, seat: int, budget: float | None = DEFAULT_BUDGET, *, rng: Rng | None = None,
                iterations: int | None = None, config: SearchConfig = SearchConfig()) -> Hint:
    """The engine's hint for ``seat``: ``budget`` seconds (or ``iterations`` simulations) of
    information-set search. Without ``rng`` the generator is fixed, so the same position
    as the seat sees it always gets the same hint for the same effort."""
    if seat not in state.to_move:
        raise CardsageError(f"seat {seat} is not to move", status=409)
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return Hint(legal[0], "the only legal move", {"kind": "forced"}, [], method="exact")
    if budget is None and iterations is None:
        budget = DEFAULT_BUDGET
    result = search(state, seat, rng=rng or Rng("hint"), budget=budget, iterations=iterations, config=config)
    return hint_from_result(state, seat, result, config, budget)


def _number(x: float) -> float | None:
    return None if isinstance(x, float) and math.isnan(x) else round(x, 3)


def hint_from_result(state: State, seat: int, result: SearchResult, config: SearchConfig,
                     budget: float | None) -> Hint:
    """Turn a search result into a hint with a reason a player can read."""
    best = result.best
    alone = len(state.sides()) == 1
    horizon = "the end of the hand" if config.to_hand_end else "the end of the look-ahead"
    gain = best.mean - result.baseline
    if alone:
        outcome = f"scores {best.mean:.1f} on average by {horizon} (now {result.baseline:.1f})"
    else:
        outcome = (f"your side comes out on top in {best.lead_share:.0%} of them and ends "
                   f"{_signed(gain)} against the others by {horizon}")
    reason = (f"{best.action.notation}: tried in {best.visits} of {result.iterations} simulated "
              f"continuations over deals of the cards you cannot see; {outcome}")
    if result.kept_prior:
        reason += ("; it is what the rules of thumb play, and no other move did clearly better "
                   "(the most tried was " + result.arms[0].action.notation + ")")
    runner = next((a for i, a in enumerate(result.arms) if a.visits and i != result.chosen), None)
    if runner is not None:
        if alone:
            reason += f"; next best {runner.action.notation} ({runner.mean:.1f})"
        else:
            reason += f"; next best {runner.action.notation} ({runner.lead_share:.0%} on top)"
    evaluation = {
        "kind": "sampled", "method": config.method, "iterations": result.iterations,
        "visits": best.visits, "expected_utility": _number(best.mean), "gain": _number(gain),
        "lead_share": _number(best.lead_share), "horizon": "hand" if config.to_hand_end else "look-ahead",
        "rules_of_thumb_kept": result.kept_prior,
        "elapsed_s": round(result.elapsed, 3),
    }
    if budget is not None:
        evaluation["budget_s"] = budget
    alternatives = [{"action": a.action.to_json(), "visits": a.visits,
                     "expected_gain": _number(a.mean - result.baseline), "lead_share": _number(a.lead_share)}
                    for i, a in enumerate(result.arms) if i != result.chosen]
    return Hint(best.action, reason, evaluation, alternatives, method="sampled")


def _signed(x: float) -> str:
    if abs(x) < 0.05:
        return "level"
    return f"{x:+.1f} points"
