"""Carioca's players and hints.

* ``heuristic``: the rules of thumb (:mod:`solvers.games.carioca_play`).
* ``search``: at each draw, each discard and the chance to lay the contract down, before its
  contract is down, the rules of thumb's best few moves (laying down the two best ways or
  holding back with one of three discards) tried on the same sampled deals of the unseen cards
  (up to 64; moves clearly worse than the rules of thumb's dropped after 6, moves less than
  half a standard error ahead of it after 24), each hand played out by the rules of thumb to
  its end (:mod:`solvers.games.carioca_search`); the rules of thumb's move is kept unless
  another is better by 1.5 standard errors. Laying off and play once down follow the rules of
  thumb.
* The hint runs the same search over every kind of decision within its budget and names
  the meld plan: the melds the hand holds (by the shared meld solver) and what is left.
"""

from __future__ import annotations

from dataclasses import replace

from solvers.cards import Rng
from solvers.game import Action, Hint
from solvers.games.carioca import DISCARD, DOWN, DRAW, DRAW_PHASE, TAKE, CariocaState
from solvers.games.carioca_melds import ESCALERA, TRIO, card_value, is_joker
from solvers.games.carioca_play import fits_table, heuristic_bot, heuristic_choice
from solvers.games.carioca_search import candidates, evaluate, evaluate_pruned
from solvers.ismcts import SearchConfig
from solvers.melds import MeldRules, plan
from solvers.paired_search import keep_unless_clearly_better

__all__ = ["BOTS", "SEARCH", "hint", "search_bot", "hand_plan_text"]

SEARCH_SAMPLES = 64       # sampled deals a decision for the search bot at most (no time limit:
                          # the same decisions however busy the machine is)
PRUNE_AFTER = 6           # from this many deals on, moves clearly worse than the rules of thumb's are dropped
FUTILE_AFTER = 24         # from this many deals on, so are moves less than half a standard error ahead
KEEP_MARGIN = 1.5         # standard errors another move must gain to replace the rules of thumb's
DEFAULT_BUDGET = 1.0      # seconds for a hint when none is given
HAND_RULES = MeldRules(set_min=3, run_min=4, run_max=13, wild=is_joker)
KIND_WORDS = {"set": TRIO, "run": ESCALERA}


def search_bot(state: CariocaState, seat: int, rng: Rng) -> Action:
    """Search the draws, discards and laying down before the contract is down; once down,
    play by the rules of thumb."""
    prior = heuristic_choice(state, seat)[0]
    if state.phase != DRAW_PHASE and prior.kind not in (DISCARD, DOWN):
        return prior
    if state.down[seat]:
        # once down the rules of thumb's fixed rule (take only what lays off, throw the
        # costliest card) is left alone: the search there mostly chose by sampling noise
        return prior
    moves = candidates(state, seat)
    if len(moves) == 1:
        return moves[0]
    result = evaluate_pruned(state, seat, rng.fork("carioca-search"), moves=moves, samples=SEARCH_SAMPLES,
                             prefer=prior, prune_after=PRUNE_AFTER, futile_after=FUTILE_AFTER)
    return keep_unless_clearly_better(result, prior, KEEP_MARGIN)[0].action


def hand_plan_text(state: CariocaState, seat: int) -> str:
    """The melds the seat's hand holds now by the meld solver, and what they leave."""
    hand = state.hands[seat]
    if not hand:
        return "your hand is empty"
    if state.down[seat]:
        fitting = fits_table(state, hand)
        if fitting:
            return ("your contract is down; " + " ".join(c.pretty() for c in sorted(fitting))
                    + " fit melds on the table")
        return f"your contract is down; nothing in hand fits a meld on the table ({state.deadwood(seat)} in hand)"
    trios, escaleras = state.contract
    rules = replace(HAND_RULES, set_min=3 if trios else None, run_min=4 if escaleras else None)
    best = plan(hand, rules, value=card_value)
    if best is None or not best.melds:
        return f"no complete meld in hand yet ({sum(card_value(c) for c in hand)} in hand)"
    melds = "; ".join(f"{KIND_WORDS.get(m.kind, m.kind)} " + " ".join(c.pretty() for c in m.cards)
                      for m in best.melds)
    left = " ".join(c.pretty() for c in best.deadwood) or "nothing"
    return f"your hand holds {melds}, leaving {left} ({best.deadwood_value})"


def hint(state: CariocaState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """The sampled search's move for ``seat`` with the meld plan behind it.

    ``iterations`` fixes the number of sampled deals (no time limit); otherwise the
    search runs for ``budget`` seconds (1 by default)."""
    legal = state.legal_actions(seat)
    thumb, why = heuristic_choice(state, seat)
    if len(legal) == 1:
        only = legal[0]
        text = ("the stock is empty: taking the upcard is the only draw" if only.kind == TAKE
                else f"{only.notation} is the only move: there is no choice to make")
        return Hint(only, text, {"kind": "forced"}, [], method="exact")
    moves = candidates(state, seat)
    if iterations is None and budget is None:
        budget = DEFAULT_BUDGET
    result = evaluate(state, seat, rng or Rng("carioca-hint"), moves=moves, samples=iterations,
                      budget=None if iterations is not None else budget * 0.8, prefer=thumb)
    best, kept = keep_unless_clearly_better(result, thumb, KEEP_MARGIN)
    others = [c for c in result.ranked if c is not best]
    situation = hand_plan_text(state, seat) if state.phase != DRAW_PHASE else _draw_situation(state, seat)
    reason = (f"{_say(best.action)}: over {result.samples} deals of the cards you cannot see, each hand played "
              f"out, it left you {best.mean:+.1f} points against the others' mean penalty and you went out "
              f"{best.win_share:.0%} of the time")
    if others:
        reason += f"; next best {_say(others[0].action)} ({others[0].mean:+.1f})"
    if kept:
        reason += " (no other move did clearly better on these deals)"
    reason += f". {situation}."
    if best.action == thumb:
        reason += f" Rule of thumb agrees: {why}."
    evaluation = {"kind": "sampled", "samples": result.samples, "value": round(best.mean, 3),
                  "went_out_share": round(best.win_share, 3), "elapsed_s": round(result.elapsed, 3)}
    if budget is not None and iterations is None:
        evaluation["budget_s"] = budget
    alternatives = [{"action": c.action.to_json(), "went_out_share": round(c.win_share, 3),
                     "expected_gain": round(c.mean - best.mean, 3)} for c in others]
    return Hint(best.action, reason, evaluation, alternatives, method="sampled")


def _say(action: Action) -> str:
    if action.kind == DRAW:
        return "draw from the stock"
    if action.kind == TAKE:
        return f"take the upcard {action.args[0]}"
    if action.kind == DOWN:
        return "lay the contract down as " + action.notation[len(DOWN) + 1:]
    return action.notation


def _draw_situation(state: CariocaState, seat: int) -> str:
    up = state.discard[-1] if state.discard else None
    head = hand_plan_text(state, seat)
    return f"{head}; the upcard is {up.pretty()}" if up is not None else head


# the generic search (available to callers that ask for it) rolls out by the rules of thumb
SEARCH = SearchConfig(rollout=heuristic_bot, rollout_steps=200)

BOTS = {"heuristic": heuristic_bot, "search": search_bot}
