"""East–West's players and hints.

* ``heuristic``: the rules of thumb (:mod:`solvers.games.east_west_play`).
* ``search``: exact expectimax over the cards left in the stock once the game is near its
  end, paired sampling of stock orders with play-outs by the rules of thumb before
  (:mod:`solvers.games.east_west_search`).
* The hint does the same and says what each row is worth; a forced placement (one open row)
  is said to be forced.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action, Hint
from solvers.games.east_west import PLACE, EastWestState
from solvers.games.east_west_play import heuristic_bot, heuristic_choice
from solvers.games.east_west_search import EXACT_POSITIONS, TooBig, exact_values, placements_left, sampled
from solvers.ismcts import SearchConfig
from solvers.paired_search import keep_unless_clearly_better

__all__ = ["BOTS", "SEARCH", "hint", "search_bot", "SEARCH_SAMPLES", "DEFAULT_BUDGET", "EXACT_FROM"]

SEARCH_SAMPLES = 800      # sampled stock orders a decision for the search bot
KEEP_MARGIN = 0.0         # standard errors another row must gain over the rules of thumb's (0: any gain)
DEFAULT_BUDGET = 1.0      # seconds for a hint when none is given
EXACT_FROM = 6            # the exact search is tried with at most this many placements left


def _place(row: int) -> Action:
    return Action(PLACE, (str(row),))


def _exact(state: EastWestState, seat: int) -> dict[int, float] | None:
    if placements_left(state) > EXACT_FROM:
        return None
    try:
        return exact_values(state, seat, EXACT_POSITIONS)
    except TooBig:
        return None


def search_bot(state: EastWestState, seat: int, rng: Rng) -> Action:
    """Place the drawn card where it is worth most: exactly near the end, over sampled
    stock orders before."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    thumb = _place(heuristic_choice(state, seat)[0])
    values = _exact(state, seat)
    if values is not None:
        best = max(values.values())
        return thumb if values[int(thumb.args[0])] >= best - 1e-9 else _place(max(values, key=values.get))
    result = sampled(state, seat, rng.fork("east-west-search"), samples=SEARCH_SAMPLES, prefer=thumb)
    return keep_unless_clearly_better(result, thumb, KEEP_MARGIN)[0].action


def hint(state: EastWestState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """The best row for the drawn card with what each row is worth: exact expectimax over the
    cards left once the tree is small enough, sampled stock orders before.

    ``iterations`` fixes the number of sampled orders (no time limit); otherwise sampling
    runs for ``budget`` seconds (1 by default)."""
    legal = state.legal_actions(seat)
    card = state.drawn
    if len(legal) == 1:
        row = legal[0].args[0]
        return Hint(legal[0], f"row {row} is your only row with room: {card} must go there (placing is "
                              f"compulsory), so there is no choice to make", {"kind": "forced"}, [],
                    method="exact")
    thumb_row, why = heuristic_choice(state, seat)
    thumb = _place(thumb_row)
    left = placements_left(state) - 1
    values = _exact(state, seat)
    if values is not None:
        ranked = sorted(values, key=lambda r: (-round(values[r], 9), r != thumb_row))
        best, runner = ranked[0], ranked[1]
        reason = (f"place {card} in row {best}: over every order of the cards left in the stock ({left} "
                  f"placements to come, both players playing their best), it is worth {values[best]:+.2f} "
                  f"(a game won counts 1, each row won or lost 0.1); row {runner} is worth "
                  f"{values[runner]:+.2f}")
        if best == thumb_row:
            reason += f". Rule of thumb agrees: {why.split(': ', 1)[1]}"
        alternatives = [{"action": _place(r).to_json(), "value": round(values[r], 4),
                         "expected_gain": round(values[r] - values[best], 4)} for r in ranked[1:]]
        return Hint(_place(best), reason, {"kind": "exact", "value": round(values[best], 4),
                                           "placements_left": left}, alternatives, method="exact")
    if iterations is None and budget is None:
        budget = DEFAULT_BUDGET
    result = sampled(state, seat, rng or Rng("east-west-hint"), samples=iterations,
                     budget=None if iterations is not None else budget * 0.9, prefer=thumb)
    best, runner = result.ranked[0], result.ranked[1]
    reason = (f"{best.action.notation} ({card}): over {result.samples} shuffles of the cards left in the stock "
              f"(you know which cards they are, not their order), each game played out, it won the game "
              f"{best.win_share:.0%} of the time and is worth {best.mean:+.2f} on average (a game won counts "
              f"1, each row 0.1); next best {runner.action.notation} ({runner.mean:+.2f})")
    if best.action == thumb:
        reason += f". Rule of thumb agrees: {why.split(': ', 1)[1]}"
    evaluation = {"kind": "sampled", "samples": result.samples, "win_share": round(best.win_share, 3),
                  "value": round(best.mean, 3), "elapsed_s": round(result.elapsed, 3),
                  "placements_left": left}
    if budget is not None and iterations is None:
        evaluation["budget_s"] = budget
    alternatives = [{"action": c.action.to_json(), "win_share": round(c.win_share, 3),
                     "expected_gain": round(c.mean - best.mean, 3)} for c in result.ranked[1:]]
    return Hint(best.action, reason, evaluation, alternatives, method="sampled")


# the generic search (available to callers that ask for it) rolls out by the rules of thumb
SEARCH = SearchConfig(rollout=heuristic_bot)

BOTS = {"heuristic": heuristic_bot, "search": search_bot}
