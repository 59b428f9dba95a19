"""Pishe Pasha's players and hints.

* ``heuristic``: the rules of thumb (:mod:`solvers.games.pishe_pasha_play`): foundation
  plays first, give the opponent every card you can (the one that keeps a chain going and
  leaves them least to build on), call Stop! and take the turn when they skip a play.
* ``search``: every move tried on the same sampled orders of the unturned stocks, play
  going on by the rules of thumb for a few turns (:mod:`solvers.games.pishe_pasha_search`);
  the move that leaves the best card margin is played.
* The hint does the same within its budget. Where the only moves are foundation plays
  (foundation priority), it says plainly that they all must go up, and why the pile's
  top goes first.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action, Hint
from solvers.games.pishe_pasha import ALLOW, DISCARD, FORCE, FOUND, GIVE, STOP, PishePashaState
from solvers.games.pishe_pasha_play import heuristic_bot, heuristic_choice
from solvers.games.pishe_pasha_search import HORIZON_TURNS, evaluate
from solvers.ismcts import SearchConfig

__all__ = ["BOTS", "SEARCH", "hint", "search_bot", "SEARCH_SAMPLES", "DEFAULT_BUDGET"]

SEARCH_SAMPLES = 16       # sampled deals a decision for the search bot
SEARCH_BUDGET = 1.0       # the search bot's time limit a decision
DEFAULT_BUDGET = 1.0      # seconds for a hint when none is given


def no_choice(state: PishePashaState, seat: int) -> bool:
    """True when the search has nothing to weigh: one legal move, or only foundation plays
    (they all go up before anything else; the pile's top goes first, see the hint)."""
    legal = state.legal_actions(seat)
    return len(legal) == 1 or all(a.kind == FOUND for a in legal)


def search_bot(state: PishePashaState, seat: int, rng: Rng) -> Action:
    """Play the move worth most over sampled stock orders played on by the rules of thumb."""
    if no_choice(state, seat):
        return heuristic_choice(state, seat)[0]
    prefer = heuristic_choice(state, seat)[0]
    return evaluate(state, seat, rng.fork("pishe-pasha-search"), samples=SEARCH_SAMPLES, budget=SEARCH_BUDGET,
                    prefer=prefer).best.action


def _describe(action: Action, state: PishePashaState) -> str:
    """A move in a player's words."""
    if action.kind == FOUND:
        return f"play {action.args[0]} up to its foundation"
    if action.kind == GIVE:
        return f"give {action.args[0]} to your opponent's pile"
    if action.kind == DISCARD:
        return f"put {action.args[0]} on your own pile and end your turn"
    if action.kind == FORCE:
        return f"call Stop! and make them play {action.args[0]} up"
    if action.kind == STOP:
        return "call Stop! and take the turn from them"
    if action.kind == ALLOW:
        return "let their move stand"
    return action.notation


def hint(state: PishePashaState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """The sampled search's move for ``seat``, with what each move is worth on average.

    ``iterations`` fixes the number of sampled deals (no time limit); otherwise the search
    runs for ``budget`` seconds (1 by default)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return Hint(legal[0], f"{_describe(legal[0], state)}: the only legal move", {"kind": "forced"}, [],
                    method="exact")
    if all(a.kind == FOUND for a in legal):
        up = heuristic_choice(state, seat)[0]
        cards = " and ".join(a.args[0] for a in legal)
        return Hint(up, (f"little choice here: {cards} must all go up to the foundations before anything else "
                         f"(foundation priority). Play {up.args[0]}, the top of your pile, first: if your stock "
                         f"runs out while you turn new cards, your pile is turned over and a card waiting on "
                         f"it would be buried"),
                    {"kind": "foundation priority"}, [{"action": a.to_json()} for a in legal if a != up],
                    method="heuristic")
    thumb, why = heuristic_choice(state, seat)
    if iterations is None and budget is None:
        budget = DEFAULT_BUDGET
    result = evaluate(state, seat, rng or Rng("pishe-pasha-hint"), samples=iterations,
                      budget=None if iterations is not None else budget * 0.9, prefer=thumb)
    best, runner = result.ranked[0], result.ranked[1]
    reason = (f"{_describe(best.action, state)}: over {result.samples} orders of the cards nobody has seen "
              f"(the unturned stocks), played on for {HORIZON_TURNS} turns, it left you {best.mean:+.1f} cards "
              f"better off than your opponent on average; next best: {_describe(runner.action, state)} "
              f"({runner.mean:+.1f})")
    if best.action == thumb:
        reason += f". Rule of thumb agrees: {why}"
    evaluation = {"kind": "sampled", "samples": result.samples, "value": round(best.mean, 3),
                  "win_share": round(best.win_share, 3), "elapsed_s": round(result.elapsed, 3)}
    if budget is not None and iterations is None:
        evaluation["budget_s"] = budget
    alternatives = [{"action": c.action.to_json(), "value": round(c.mean, 3),
                     "expected_gain": round(c.mean - best.mean, 3)} for c in result.ranked[1:]]
    return Hint(best.action, reason, evaluation, alternatives, method="sampled")


# the generic search (available to callers that ask for it) rolls out by the rules of thumb
SEARCH = SearchConfig(rollout=heuristic_bot, rollout_steps=60)

BOTS = {"heuristic": heuristic_bot, "search": search_bot}
