"""Paskahousu's players and hints.

* ``heuristic``: the rules of thumb (:mod:`solvers.games.paskahousu_play`).
* ``search``: every distinct move (a play per rank and number of cards, picking up, turning
  the stock card) tried on the same sampled deals of the unseen cards and played out by the
  rules of thumb (:mod:`solvers.games.paskahousu_search`); the move that escapes the loss
  most often is played.
* The hint does the same for every decision, within its budget, and says how often each
  move escaped the loss.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action, Hint
from solvers.games.paskahousu import GAMBLE, PICK_UP, PaskahousuState
from solvers.games.paskahousu_play import heuristic_bot, heuristic_choice
from solvers.games.paskahousu_search import candidates, evaluate
from solvers.ismcts import SearchConfig

__all__ = ["BOTS", "SEARCH", "hint", "search_bot", "SEARCH_SAMPLES", "DEFAULT_BUDGET"]

SEARCH_SAMPLES = 8        # sampled deals a decision for the search bot
SEARCH_BUDGET = 2.0       # the search bot's time limit a decision
DEFAULT_BUDGET = 1.0      # seconds for a hint when none is given


def search_bot(state: PaskahousuState, seat: int, rng: Rng) -> Action:
    """Play the move that escapes the loss most often over sampled deals played out by the
    rules of thumb; a move with no real alternative costs nothing."""
    choices = candidates(state, seat)
    thumb = heuristic_choice(state, seat)[0]
    if len(choices) == 1:
        return thumb if thumb in state.legal_actions(seat) else choices[0]
    return evaluate(state, seat, rng.fork("paskahousu-search"), samples=SEARCH_SAMPLES, budget=SEARCH_BUDGET,
                    prefer=_representative(thumb, choices)).best.action


def hint(state: PaskahousuState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """The sampled search's move for ``seat``, with how often each move escaped the loss.

    ``iterations`` fixes the number of sampled deals (no time limit); otherwise the search
    runs for ``budget`` seconds (1 by default)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        why = ("the first play of the game must be all the cards that decided who starts"
               if state.opening else "the only legal move")
        return Hint(legal[0], why, {"kind": "forced"}, [], method="exact")
    choices = candidates(state, seat)
    thumb, why = heuristic_choice(state, seat)
    if len(choices) == 1:
        return Hint(choices[0], "suits do not matter in Paskahousu: any of these cards plays the same",
                    {"kind": "equivalent"}, [], method="exact")
    if iterations is None and budget is None:
        budget = DEFAULT_BUDGET
    preferred = _representative(thumb, choices)
    result = evaluate(state, seat, rng or Rng("paskahousu-hint"), samples=iterations,
                      budget=None if iterations is not None else budget * 0.9, prefer=preferred)
    best = result.best
    runner = result.ranked[1]
    reason = (f"{describe(best.action)}: over {result.samples} deals of the cards you cannot see, each "
              f"played on by rules of thumb, you escaped being the paskahousu {best.mean:.0%} of the time; "
              f"next best {describe(runner.action)} ({runner.mean:.0%})")
    if best.action.args:
        reason += "; suits do not matter, so any cards of the same rank play the same"
    if best.action == preferred:
        reason += f". Rule of thumb agrees: {why}"
    evaluation = {"kind": "sampled", "samples": result.samples, "escape_share": round(best.mean, 3),
                  "elapsed_s": round(result.elapsed, 3)}
    if budget is not None and iterations is None:
        evaluation["budget_s"] = budget
    alternatives = [{"action": c.action.to_json(), "escape_share": round(c.mean, 3),
                     "expected_gain": round(c.mean - best.mean, 3)} for c in result.ranked[1:]]
    return Hint(best.action, reason, evaluation, alternatives, method="sampled")


def describe(action: Action) -> str:
    """A move in words: ``play two 7s``, ``pick up the pile``, ``turn the top stock card``."""
    if action.kind == PICK_UP:
        return "pick up the pile"
    if action.kind == GAMBLE:
        return "turn the top card of the stock"
    return "play " + " ".join(action.args)


def _representative(action: Action, choices: list[Action]) -> Action:
    """The candidate that plays the same as ``action`` (same rank and number of cards)."""
    if not action.args:
        return action
    key = (action.args[0][:-1], len(action.args))
    return next((c for c in choices if c.args and (c.args[0][:-1], len(c.args)) == key), choices[0])


# the generic search (available to callers that ask for it) rolls out by the rules of thumb
SEARCH = SearchConfig(rollout=heuristic_bot)

BOTS = {"heuristic": heuristic_bot, "search": search_bot}
