"""Durak's players and hints.

* ``heuristic``: the rules of thumb (:mod:`solvers.games.durak_play`).
* ``search``: every legal move tried on the same sampled deals of the unseen cards (the
  other hands and the talon; the discard and every card taken from the table are known),
  each game finished by the rules of thumb for everyone; the move that leaves the player
  durak least often is played.
* The hint does the same for every decision (attack, throw in or done, beat, pass on,
  take) and says how often each move ended as durak.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action, Hint
from solvers.games.durak import COVER, DONE, PASS, TAKE, THROW, DurakState
from solvers.games.durak_play import heuristic_bot, heuristic_choice
from solvers.ismcts import SearchConfig
from solvers.paired_search import Candidate, evaluate as paired_evaluate

__all__ = ["BOTS", "SEARCH", "hint", "search_bot", "evaluate"]

SEARCH_SAMPLES = 16     # sampled deals per decision for the search bot
SEARCH_BUDGET = 1.5     # the search bot's time limit per decision
DEFAULT_BUDGET = 1.0    # a hint's seconds when none is given
MAX_STEPS = 4000        # a game is far shorter; the 50-bout guard ends it anyway


def play_out(state: DurakState, rng: Rng) -> DurakState:
    """Finish the game under way by the rules of thumb for every seat."""
    games = state.hands_played
    for _ in range(MAX_STEPS):
        if state.over or state.hands_played > games:
            break
        seat = state.priority()[0]
        state = state._apply(heuristic_bot(state, seat, rng), seat)
    return state


def outcome(start: DurakState, end: DurakState, seat: int) -> tuple[bool, float]:
    """Whether ``seat``'s side ended durak, and the game's value to it (durak −1, draw 0,
    another durak: +1 shared among the other sides)."""
    if end.hands_played == start.hands_played:
        return False, 0.0
    durak = end.sheet[start.hands_played].durak
    if durak is None:
        return False, 0.0
    if end.side_of(durak) == end.side_of(seat):
        return True, -1.0
    return False, 1.0 / (len(end.sides()) - 1)


def evaluate(state: DurakState, seat: int, rng: Rng, *, samples: int | None = None,
             budget: float | None = None, prefer: Action | None = None) -> tuple[list[Candidate], int, float]:
    """Try every legal move on the same sampled deals; best first, ``prefer`` winning ties.
    A candidate's ``wins`` counts the deals in which the player's side ended durak."""
    result = paired_evaluate(state, seat, rng, candidates=state.legal_actions(seat),
                             outcome=lambda world, r: outcome(state, play_out(world, r), seat),
                             samples=samples, budget=budget, prefer=prefer)
    return result.ranked, result.samples, result.elapsed


def durak_share(candidate: Candidate) -> float:
    """Share of the samples in which the player's side ended durak after this move."""
    return candidate.win_share


def search_bot(state: DurakState, seat: int, rng: Rng) -> Action:
    """The move that leaves the player durak least often over sampled deals."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    prefer = heuristic_choice(state, seat)[0]
    ranked, _, _ = evaluate(state, seat, rng.fork("durak-search"), samples=SEARCH_SAMPLES,
                            budget=SEARCH_BUDGET, prefer=prefer)
    return ranked[0].action


def describe(action: Action) -> str:
    """A move in words."""
    if action.kind == COVER:
        return f"beat {action.args[0]} with {action.args[1]}"
    if action.kind == TAKE:
        return "take the cards"
    if action.kind == DONE:
        return "throw in nothing more"
    if action.kind == PASS:
        return f"pass the attack on with {action.args[0]}"
    if action.kind == THROW:
        return f"throw in {action.args[0]}"
    return f"attack with {action.args[0]}"


def hint(state: DurakState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """The sampled search's move for ``seat``, with how often each move ended as durak.

    ``iterations`` fixes the number of sampled deals (no time limit); otherwise the search
    runs for ``budget`` seconds (1 by default)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        why = ("you hold no card of a rank on the table: say done" if legal[0].kind == DONE
               else "the only legal move")
        return Hint(legal[0], why, {"kind": "forced"}, [], method="exact")
    thumb, why = heuristic_choice(state, seat)
    if iterations is None and budget is None:
        budget = DEFAULT_BUDGET
    ranked, samples, elapsed = evaluate(state, seat, rng or Rng("durak-hint"), samples=iterations,
                                        budget=None if iterations is not None else budget * 0.9, prefer=thumb)
    best, runner = ranked[0], ranked[1]
    reason = (f"{describe(best.action)}: over {samples} deals of the cards you cannot see, each game "
              f"played out by rules of thumb, you ended durak {durak_share(best):.0%} of the time; "
              f"next best {describe(runner.action)} ({durak_share(runner):.0%})")
    if best.action == thumb:
        reason += f". Rule of thumb agrees: {why}"
    evaluation = {"kind": "sampled", "samples": samples, "durak_share": round(durak_share(best), 3),
                  "value": round(best.mean, 3), "elapsed_s": round(elapsed, 3)}
    if budget is not None and iterations is None:
        evaluation["budget_s"] = budget
    alternatives = [{"action": c.action.to_json(), "durak_share": round(durak_share(c), 3),
                     "expected_gain": round(c.mean - best.mean, 3)} for c in ranked[1:]]
    return Hint(best.action, reason, evaluation, alternatives, method="sampled")


# the generic search (for callers that ask for it) rolls out by the rules of thumb
SEARCH = SearchConfig(rollout=heuristic_bot)

BOTS = {"heuristic": heuristic_bot, "search": search_bot}
