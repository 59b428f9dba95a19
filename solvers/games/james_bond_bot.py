"""James Bond's players and hints.

* ``heuristic``: the rules of thumb (:mod:`solvers.games.james_bond_play`).
* ``search``: paired sampled search (:mod:`solvers.paired_search`). The cards the seat
  cannot see (its piles not looked at, the opponents' piles except the cards seen taken
  from the middle) are dealt afresh; the rules of thumb's move, every swap that takes a
  different rank and the moves to another pile are tried on the same deals, each played
  on a few moves by the rules of thumb for every seat, and valued by how near the seat's
  piles are to four of a kind against the others'. The rules of thumb's move is kept
  unless another is clearly better. In the race it keeps the bot's reaction time.
* The hint does the same within its budget (which pile to take up, which swap, when to
  claim, when to wait or pass), and says what each move is worth on average.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action, Hint
from solvers.games.james_bond import JamesBondState, is_quad
from solvers.games.james_bond_play import heuristic_bot, own_piles, plan
from solvers.ismcts import SearchConfig
from solvers.paired_search import evaluate, keep_unless_clearly_better, play_until

__all__ = ["BOTS", "SEARCH", "hint", "search_bot", "candidates"]

LOOKAHEAD = 8          # moves played on by the rules of thumb after a candidate
SEARCH_SAMPLES = 4     # sampled deals a decision for the search bot
HINT_BUDGET = 1.0
KEEP_MARGIN = 1.0
MAX_CANDIDATES = 8


def candidates(state: JamesBondState, seat: int, prior: Action) -> list[Action]:
    """The moves worth comparing: the rules of thumb's, one swap per pair of ranks given
    and taken (suits do not matter), the other piles, put down, claim, and a short wait."""
    out = [prior]
    seen_pairs = set()
    for action in state.legal_actions(seat):
        if action in out:
            continue
        if action.kind == "swap":
            given, taken = action.args
            key = (given[:-1], taken[:-1])
            if key[0] == key[1] or key in seen_pairs:
                continue
            seen_pairs.add(key)
            out.append(action)
        elif action.kind in ("pick", "put_down", "pass") or action.notation == "wait 1":
            out.append(action)
    swaps = [a for a in out[1:] if a.kind == "swap"]
    rest = [a for a in out[1:] if a.kind != "swap"]
    return [prior] + rest + swaps[:max(0, MAX_CANDIDATES - len(rest))]


def _outcome(seat: int):
    def outcome(world: JamesBondState, rng: Rng) -> tuple[bool, float]:
        start = world.hands_played
        end = play_until(world, heuristic_bot, rng, lambda s: s.hands_played > start, LOOKAHEAD)
        if end.hands_played > start:
            record = end.sheet[start]
            won = record.winner == seat
            return won, 100.0 if won else (-100.0 if record.winner is not None else 0.0)
        return False, end.utility(seat)
    return outcome


def search(state: JamesBondState, seat: int, rng: Rng, *, samples: int | None, budget: float | None):
    """The paired evaluation of the candidate moves and the rules of thumb's move and reason."""
    prior, why = plan(_unhurried(state), seat, rng.fork("thumb"))
    moves = candidates(state, seat, prior)
    result = evaluate(state, seat, rng, candidates=moves, outcome=_outcome(seat), samples=samples,
                      budget=budget, prefer=prior)
    return result, prior, why


def search_bot(state: JamesBondState, seat: int, rng: Rng) -> Action:
    """The rules of thumb's move unless the sampled search finds a clearly better one."""
    prior, _ = plan(state, seat, rng.fork("thumb"))
    if prior.kind in ("wait", "claim") or seat not in state.to_move:
        return prior
    if state.holding[seat] is None and prior.kind == "pick" and state.realtime:
        return prior
    result, prior, _ = search(state, seat, rng.fork("search"), samples=SEARCH_SAMPLES, budget=None)
    chosen, _ = keep_unless_clearly_better(result, prior, KEEP_MARGIN)
    return chosen.action


def hint(state: JamesBondState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """Which pile to take up, which card to swap, when to claim or wait, from sampled deals
    of the cards the seat cannot see; ``iterations`` fixes the number of deals."""
    piles = own_piles(state, seat)
    if all(p is not None and is_quad(p) for p in piles):
        return Hint(Action("claim"), "every one of your piles is four of a kind: shout James Bond now",
                    {"kind": "certain"}, [], method="exact")
    if iterations is None and budget is None:
        budget = HINT_BUDGET
    result, prior, why = search(state, seat, rng or Rng("james-bond-hint"), samples=iterations,
                                budget=None if iterations is not None else budget * 0.9)
    best, kept = keep_unless_clearly_better(result, prior, KEEP_MARGIN)
    reason = (f"{best.action.notation}: over {result.samples} deals of the cards you have not seen, "
              f"each played on {LOOKAHEAD} moves, it left your piles {best.mean:+.1f} ahead of the "
              f"others' on average (a completed pile counts 6, else the count of its commonest rank)")
    if best.action == prior:
        reason += f". Rule of thumb: {why}"
        if kept and result.best.action != prior:
            reason += f" (no other move was clearly better; {result.best.action.notation} "\
                      f"scored {result.best.mean:+.1f})"
    evaluation = {"kind": "sampled", "samples": result.samples, "value": round(best.mean, 3),
                  "elapsed_s": round(result.elapsed, 3)}
    alternatives = [{"action": c.action.to_json(), "value": round(c.mean, 3),
                     "expected_gain": round(c.mean - best.mean, 3)}
                    for c in result.ranked if c is not best]
    return Hint(best.action, reason, evaluation, alternatives, method="sampled")


def _unhurried(state: JamesBondState) -> JamesBondState:
    """The state as the hint sees it: a player asking for a hint is ready to act now."""
    if not state.realtime:
        return state
    from dataclasses import replace
    return replace(state, acted=tuple(state.clock - 10 for _ in state.acted))


SEARCH = SearchConfig(rollout=heuristic_bot, rollout_steps=40)

BOTS = {"heuristic": heuristic_bot, "search": search_bot}
