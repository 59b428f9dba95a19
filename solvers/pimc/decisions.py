"""Teka's decisions other than cards, from sampled trick counts per option.

For each sampled deal the tricks the declaring side would take are counted for every
option (trump suit, playing alone) by quick play then double dummy; each call, trump,
raise or answer is then scored by the contract's points averaged over the deals.
"""

from __future__ import annotations

import time
from dataclasses import replace

from solvers.cards import Rng, Suit
from solvers.doubledummy import Solver
from solvers.game import Action, Hint
from solvers.games.teka import (ANSWER, BIDDING, DOUBLE13, LOWEST_BID, PASSES, PLAY, REDEAL, TRICKS, TRUMP,
                                TekaState, partner_of, side_of)
from solvers.pimc.adapters import TekaAdapter
from solvers.pimc.search import OutOfTime, hand_tricks
from solvers.sampling import sample_hidden

__all__ = ["teka_decision_hint", "contract_score", "raise_choice"]

ADAPTER = TekaAdapter()


def contract_score(state: TekaState, bid: int, double13: bool, tricks: float, forced: bool = False) -> int:
    """Points for the declaring side (negative: what the defenders score) with ``tricks`` taken."""
    if double13:
        return 26 if tricks >= TRICKS else -52
    if tricks >= bid:
        return 26 if bid == TRICKS and state.options.lawreece else bid
    return -LOWEST_BID if forced and bid == LOWEST_BID else -2 * bid


def _as_declarer(deal: TekaState, declarer: int, trump: int, alone: bool) -> TekaState:
    """The deal as if ``declarer`` had won the auction and named ``trump``."""
    alone = alone and deal.options.double13_alone
    return replace(deal, phase=PLAY, declarer=declarer, trump=trump, leader=declarer,
                   bid=TRICKS if alone else LOWEST_BID, double13=alone, forced=False,
                   sitting_out=partner_of(declarer) if alone else None, trick=(), history=(),
                   tricks=(0, 0), voids=(frozenset(),) * 4, pending_raise=0, raise_asked=False, raises=())


def _sampled(state: TekaState, seat: int, budget: float, samples: int | None, rng: Rng, solver: Solver,
             oracle: bool, value_of) -> list:
    """Apply ``value_of(deal, deadline)`` to sampled deals until the budget or the count ends."""
    deadline = time.perf_counter() + budget
    out = []
    while samples is None or len(out) < samples:
        if time.perf_counter() >= deadline or (oracle and out):
            break
        deal = state if oracle else sample_hidden(state, seat, rng)
        try:
            out.append(value_of(deal, deadline))
        except OutOfTime:
            break
    return out


def _option_tricks(state, seat, budget, samples, rng, solver, oracle, trumps, alone):
    def value_of(deal, deadline):
        return {t: hand_tricks(solver, ADAPTER, _as_declarer(deal, seat, t, alone), side_of(seat),
                               rng.fork(t), deadline) for t in trumps}
    return _sampled(state, seat, budget, samples, rng, solver, oracle, value_of)


def _mean(xs) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def _bid_table(state: TekaState, seat: int, rows: list[dict], alone_rows: list[dict]) -> dict[Action, dict]:
    """Expected score of every legal call, with the best trump for it."""
    legal = state.legal_actions(seat)
    top = state.highest_call()
    table: dict[Action, dict] = {}
    for action in legal:
        if action.kind in PASSES:
            value = 0.0
            if top is not None and top[0] == partner_of(seat) and top[1] != DOUBLE13:
                # partner keeps the contract: the same trick counts make or break it
                value = max(_mean([contract_score(state, int(top[1]), False, r[t]) for r in rows])
                            for t in Suit)
            table[action] = {"score": value, "trump": None}
            continue
        if action.kind == DOUBLE13:
            source, bid, d13 = (alone_rows or rows), TRICKS, True
        else:
            source, bid, d13 = rows, int(action.args[0]), False
        forced = state.options.forced_fourth_bid and len(state.calls) == 3 and top is None
        best = max(Suit, key=lambda t: _mean([contract_score(state, bid, d13, r[t], forced) for r in source]))
        table[action] = {"score": _mean([contract_score(state, bid, d13, r[best], forced) for r in source]),
                         "trump": best, "tricks": _mean([r[best] for r in source]),
                         "make": _mean([r[best] >= bid for r in source])}
    return table


def raise_choice(state: TekaState, finals: list[float]) -> tuple[int, float, float] | None:
    """The raise worth proposing given sampled final trick counts: (bid, new score, old score)."""
    seat = state.declarer
    choices = list(state.raise_range(seat))
    if not choices or not finals:
        return None
    now = _mean([contract_score(state, state.bid, False, f, state.forced) for f in finals])
    best = max(choices, key=lambda b: _mean([contract_score(state, b, False, f) for f in finals]))
    score = _mean([contract_score(state, best, False, f) for f in finals])
    return (best, score, now) if score > now + 0.5 else None


def teka_decision_hint(state: TekaState, seat: int, budget: float, *, samples: int | None = None,
                       rng: Rng | None = None, solver: Solver | None = None, oracle: bool = False) -> Hint | None:
    """The sampled hint for a redeal answer, a call, trumps, or a raise answer (None: no deal valued)."""
    rng = rng or Rng(0)
    solver = solver or Solver()
    method = "oracle" if oracle else "sampled"
    if state.phase in (REDEAL, BIDDING):
        return _call_hint(state, seat, budget, samples, rng, solver, oracle, method)
    if state.phase == TRUMP:
        return _trump_hint(state, seat, budget, samples, rng, solver, oracle, method)
    if state.phase == ANSWER:
        return _answer_hint(state, seat, budget, samples, rng, solver, oracle, method)
    return None


def _call_hint(state, seat, budget, samples, rng, solver, oracle, method):
    start = time.perf_counter()
    rows = _option_tricks(state, seat, budget * 0.75, samples, rng, solver, oracle, tuple(Suit), False)
    if not rows:
        return None
    alone_rows: list = []
    legal = state.legal_actions(seat)
    if (state.phase == BIDDING and Action(DOUBLE13) in legal and state.options.double13_alone
            and max(_mean([r[t] for r in rows]) for t in Suit) >= TRICKS - 1):
        left = budget - (time.perf_counter() - start)
        alone_rows = _option_tricks(state, seat, max(left, 0.01), samples, rng, solver, oracle, tuple(Suit), True)
    n = len(rows)
    if state.phase == REDEAL:
        best_bid = max(max(_mean([contract_score(state, b, False, r[t]) for r in rows]) for t in Suit)
                       for b in range(LOWEST_BID, TRICKS + 1))
        redeal = Action("redeal") in legal and best_bid <= 0
        action = Action("redeal") if redeal else Action("keep")
        reason = (f"no contract scores on average with this hand (best {best_bid:+.1f} over {n} sampled deals)"
                  if redeal else f"the hand can be played: best contract {best_bid:+.1f} points on average "
                                 f"over {n} sampled deals")
        return Hint(action, reason, evaluation={"kind": method, "samples": n, "best_bid_score": round(best_bid, 2)},
                    alternatives=[{"action": a.to_json()} for a in legal if a != action], method=method)
    table = _bid_table(state, seat, rows, alone_rows)
    ranked = sorted(table.items(), key=lambda kv: -kv[1]["score"])
    action, info = ranked[0]
    if action.kind in PASSES:
        # which pass word describes the hand is a signal, not a score: take the plain one
        action = next((a for a, i in ranked if a.kind in PASSES and i["score"] == info["score"]
                       and a.kind == "pass"), action)
        reason = f"no bid scores better than passing on average over {n} sampled deals"
    else:
        reason = (f"{'double 13' if action.kind == DOUBLE13 else 'bid ' + action.args[0]} with "
                  f"{Suit(info['trump']).name.lower()} as trumps: your side takes {info['tricks']:.1f} tricks "
                  f"on average, makes it in {info['make']:.0%} of {n} sampled deals, "
                  f"{info['score']:+.1f} points expected")
    alternatives = [{"action": a.to_json(), "expected_score": round(i["score"], 2),
                     **({"trump": Suit(i["trump"]).letter, "make_probability": round(i["make"], 3)}
                        if i.get("trump") is not None else {})} for a, i in ranked if a != action]
    return Hint(action, reason, evaluation={"kind": method, "samples": n,
                                            "expected_score": round(info["score"], 2)},
                alternatives=alternatives, method=method)


def _trump_hint(state, seat, budget, samples, rng, solver, oracle, method):
    legal = state.legal_actions(seat)
    suits = tuple(Suit.parse(a.args[0]) for a in legal)
    alone = state.sitting_out is not None
    rows = _option_tricks(state, seat, budget, samples, rng, solver, oracle, suits, alone)
    if not rows:
        return None
    n = len(rows)

    def score(t):
        return _mean([contract_score(state, state.bid, state.double13, r[t], state.forced) for r in rows])

    ranked = sorted(suits, key=lambda t: (-score(t), -_mean([r[t] for r in rows])))
    best = ranked[0]
    action = Action("trump", (Suit(best).letter,))
    made = _mean([r[best] >= state.bid for r in rows])
    reason = (f"{Suit(best).name.lower()} as trumps: your side takes {_mean([r[best] for r in rows]):.1f} "
              f"tricks on average and makes {state.bid} in {made:.0%} of {n} sampled deals")
    alternatives = [{"action": Action("trump", (Suit(t).letter,)).to_json(), "expected_score": round(score(t), 2),
                     "expected_tricks": round(_mean([r[t] for r in rows]), 2)} for t in ranked[1:]]
    return Hint(action, reason, evaluation={"kind": method, "samples": n, "expected_score": round(score(best), 2),
                                            "make_probability": round(made, 3)},
                alternatives=alternatives, method=method)


def _answer_hint(state, seat, budget, samples, rng, solver, oracle, method):
    side = state.declaring_side
    resumed = replace(state, phase=PLAY, pending_raise=0)

    def value_of(deal, deadline):
        return hand_tricks(solver, ADAPTER, replace(deal, phase=PLAY, pending_raise=0), side, rng.fork(1), deadline)

    finals = _sampled(resumed, seat, budget, samples, rng, solver, oracle, value_of)
    if not finals:
        return None
    n = len(finals)
    # the declarer proposes only what they expect to make: read the raise as that, and
    # keep the deals where the raised bid is made, if there are any
    believed = [f for f in finals if f >= state.pending_raise] or finals
    now = -_mean([contract_score(state, state.bid, False, f, state.forced) for f in believed])
    raised = -_mean([contract_score(state, state.pending_raise, False, f) for f in believed])
    action = Action("accept") if raised > now else Action("refuse")
    reason = (f"{action.kind}: the raise to {state.pending_raise} is worth {raised:+.1f} to your side "
              f"against {now:+.1f} for the current bid, over the {len(believed)} of {n} sampled deals "
              f"where the declarer can make it")
    return Hint(action, reason, evaluation={"kind": method, "samples": n, "accept_score": round(raised, 2),
                                            "refuse_score": round(now, 2)},
                alternatives=[{"action": (Action("refuse") if action.kind == "accept" else Action("accept")).to_json()}],
                method=method)
