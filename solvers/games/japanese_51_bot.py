"""Japanese 51's players and hints.

* ``heuristic``: the rules of thumb (:mod:`solvers.games.japanese_51_play`): take the card
  that leaves the best hand, clear a table that offers nothing, stop on a strong hand.
* ``search``: every legal choice (which table card to take or clearing, what to put down,
  Stop or not) tried on the same sampled deals of the unseen cards (the others' cards as
  the ones they kept), the hand played out by the rules of thumb (:mod:`solvers.games.japanese_51_search`); the best is played.
* The hint does the same within its budget and says how often each choice won the hand.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action, Hint
from solvers.games.japanese_51 import CLEAR, CONTINUE, STOP, TAKE, Japanese51State, best_suit
from solvers.games.japanese_51_play import best_put, heuristic_bot, heuristic_choice, suit_name
from solvers.games.japanese_51_search import evaluate, sound_choice
from solvers.ismcts import SearchConfig

__all__ = ["BOTS", "SEARCH", "hint", "search_bot", "describe", "SEARCH_SAMPLES", "DEFAULT_BUDGET"]

SEARCH_PLAYOUTS = 144     # play-outs a decision for the search bot, shared among the candidates
STOP_PLAYOUTS = 400       # Stop or not, the decision that matters most, gets more deals
SEARCH_SAMPLES = 24       # at least this many sampled deals a decision
SEARCH_BUDGET = 1.5       # the search bot's time limit a decision
DEFAULT_BUDGET = 1.0      # seconds for a hint when none is given


def search_bot(state: Japanese51State, seat: int, rng: Rng) -> Action:
    """Play the choice that wins the hand most often over sampled deals played out by the
    rules of thumb."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    prefer = heuristic_choice(state, seat)[0]
    # a choice between few moves (Stop or not) gets more deals for the same effort
    playouts = STOP_PLAYOUTS if legal[0].kind == STOP else SEARCH_PLAYOUTS
    samples = max(SEARCH_SAMPLES, playouts // len(legal))
    result = evaluate(state, seat, rng.fork("japanese-51-search"), samples=samples, budget=SEARCH_BUDGET,
                      prefer=prefer)
    return sound_choice(result, prefer)


def describe(state: Japanese51State, seat: int, action: Action) -> str:
    """A choice in words, with the plan it serves: the suit it builds and its value."""
    hand = state.hands[seat]
    if action.kind == CLEAR:
        return "clear the table"
    if action.kind == STOP:
        return "call Stop"
    if action.kind == CONTINUE:
        return "play on without stopping"
    card = action.args[0]
    if action.kind == TAKE:
        return f"take {card}"
    kept = tuple(c for c in hand if str(c) != card)
    value, suit = best_suit(kept)
    return f"put down {card} (keeping {value} in {suit_name(suit)})"


def hint(state: Japanese51State, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """The sampled search's choice for ``seat``, with how often each choice won the hand.

    ``iterations`` fixes the number of sampled deals (no time limit); otherwise the search
    runs for ``budget`` seconds (1 by default)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return Hint(legal[0], "the only legal move", {"kind": "forced"}, [], method="exact")
    thumb, why = heuristic_choice(state, seat)
    if iterations is None and budget is None:
        budget = DEFAULT_BUDGET
    result = evaluate(state, seat, rng or Rng("japanese-51-hint"), samples=iterations,
                      budget=None if iterations is not None else budget * 0.9, prefer=thumb)
    best, runner = result.ranked[0], result.ranked[1]
    hidden = "the other players' unseen cards and the stock"
    reason = (f"{describe(state, seat, best.action)}: over {result.samples} deals of {hidden}, each hand played "
              f"out, it won the hand {best.win_share:.0%} of the time; next best "
              f"{describe(state, seat, runner.action)} ({runner.win_share:.0%})")
    if best.action.kind == TAKE:
        reason += f". {_take_plan(state, seat, best.action)}"
    if best.action == thumb:
        reason += f". Rule of thumb agrees: {why}"
    evaluation = {"kind": "sampled", "samples": result.samples, "win_share": round(best.win_share, 3),
                  "value": round(best.mean, 3), "elapsed_s": round(result.elapsed, 3)}
    if budget is not None and iterations is None:
        evaluation["budget_s"] = budget
    alternatives = [{"action": c.action.to_json(), "win_share": round(c.win_share, 3),
                     "expected_gain": round(c.mean - best.mean, 3)} for c in result.ranked[1:]]
    return Hint(best.action, reason, evaluation, alternatives, method="sampled")


def _take_plan(state: Japanese51State, seat: int, action: Action) -> str:
    """What taking a card leads to: the best card to put down after it and the suit built."""
    card = next(c for c in state.table if str(c) == action.args[0])
    put, value = best_put(state.hands[seat] + (card,), card)
    suit = best_suit(tuple(c for c in state.hands[seat] + (card,) if c != put))[1]
    return f"The plan: put down {put} after it, for {value} in {suit_name(suit)}"


# the generic search (available to callers that ask for it) rolls out by the rules of thumb
SEARCH = SearchConfig(rollout=heuristic_bot)

BOTS = {"heuristic": heuristic_bot, "search": search_bot}
