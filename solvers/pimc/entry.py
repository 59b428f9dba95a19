"""One entry point for every decision: card play, or Teka's calls, trumps and raises."""

from __future__ import annotations

from solvers.cards import Rng
from solvers.doubledummy import Solver
from solvers.errors import CardsageError
from solvers.game import Hint, State
from solvers.pimc.adapters import adapter_for
from solvers.pimc.hint import DEFAULT_BUDGET, hint_from_samples, legal_cards, sample_card_values
from solvers.pimc.pool import lent_solver

__all__ = ["pimc_hint", "oracle_hint", "sampled_hint_or_heuristic", "MIN_SAMPLED_BUDGET"]

ORACLE_BUDGET = 30.0
# below this budget (seconds) not one sampled deal fits: the rules of thumb answer
MIN_SAMPLED_BUDGET = 0.02


def sampled_hint_or_heuristic(state: State, seat: int, budget: float | None, heuristic_hint, *,
                              rng: Rng | None = None, samples: int | None = None) -> Hint:
    """The sampled double-dummy hint of a trick-taking game, or ``heuristic_hint`` when the
    budget (seconds; default 1, none at all when ``samples`` is given) is too small for
    one sampled deal."""
    if samples is not None and budget is None:
        hint = pimc_hint(state, seat, None, samples=samples, rng=rng)
        if hint is not None:
            return hint
    elif seat in state.to_move and (budget is None or budget >= MIN_SAMPLED_BUDGET):
        hint = pimc_hint(state, seat, DEFAULT_BUDGET if budget is None else budget, samples=samples, rng=rng)
        if hint is not None:
            return hint
    return heuristic_hint(state, seat)


def pimc_hint(state: State, seat: int, budget: float | None = DEFAULT_BUDGET, *, samples: int | None = None,
              rng: Rng | None = None, solver: Solver | None = None, oracle: bool = False) -> Hint | None:
    """The sampled hint for ``seat`` within ``budget`` seconds (None: not one deal valued in time)."""
    adapter = adapter_for(state)
    if adapter is None:
        raise CardsageError(f"{state.game.name} has no sampled hint", status=400)
    if seat not in state.to_move:
        raise CardsageError(f"seat {seat} is not to move", status=409)
    rng = rng or Rng(0)
    if solver is None:
        # its table serves every sampled deal of the hint, and later hints of the game
        with lent_solver(state.game.name) as lent:
            return _hint(adapter, state, seat, budget, samples, rng, lent, oracle)
    return _hint(adapter, state, seat, budget, samples, rng, solver, oracle)


def _hint(adapter, state, seat, budget, samples, rng, solver, oracle) -> Hint | None:
    # in card play a seat may hold a decision that is not a card (Teka's raise window)
    if adapter.in_card_play(state) and legal_cards(adapter, state, seat):
        data = sample_card_values(state, seat, budget, samples=samples, rng=rng, solver=solver, oracle=oracle)
        if not data.count:
            return None
        hint = hint_from_samples(state, seat, data, oracle=oracle, budget=budget)
        if state.game.name == "teka":
            return _maybe_raise(state, seat, data, hint)
        return hint
    if state.game.name != "teka":
        return None   # other games value their calls with their own hint
    from solvers.pimc.decisions import teka_decision_hint
    return teka_decision_hint(state, seat, budget if budget is not None else ORACLE_BUDGET,
                              samples=samples, rng=rng, solver=solver, oracle=oracle)


def _maybe_raise(state, seat, data, hint: Hint) -> Hint:
    """At the declarer's turn, propose a raise when the sampled deals say it pays (valued
    over every deal: :func:`solvers.pimc.decisions.raise_at_turn`)."""
    from solvers.pimc.decisions import raise_at_turn
    return raise_at_turn(state, seat, data, hint)


def oracle_hint(state: State, seat: int, budget: float = ORACLE_BUDGET) -> Hint:
    """The hint on the true deal, labelled ``oracle``: only for callers who own every card
    (a finished hand under analysis, a deal typed in whole)."""
    hint = pimc_hint(state, seat, budget, oracle=True)
    if hint is None:
        raise CardsageError("the deal could not be valued within the budget", status=503)
    return hint
