"""Manille's trump choice, taps and re-taps, valued on sampled deals.

The cards the player cannot see are dealt many times, consistent with everything public.
A deal is kept with the chance that the players who have already spoken would have
spoken as they did with the cards it gives them (read by the rules of thumb), so after a
tap the samples give the tapping side strong cards.

On each deal the hand is played out by the rules of thumb at every seat, once per strain
that matters, and the card points of the dealer's side are counted. A call is worth the
points the caller's side scores minus what the other side scores, averaged over the
deals: (card points − 30) × the doublings, where later calls (the opponents' tap, the
re-tap) are answered on each deal as the rules of thumb would answer them.
"""

from __future__ import annotations

import time
from dataclasses import replace

from solvers.cards import Rng
from solvers.game import Action, Hint
from solvers.games.manille import (CHOOSE, HALF, NO_TRUMPS, PARTNER, PLAY, RETAP, STRAINS, TAP, ManilleState,
                                   doublings, side_of, strain_name)
from solvers.games.manille_play import choose_card, choose_strain, retap_call, tap_call
from solvers.sampling import determinize

__all__ = ["call_values", "call_hint", "sampled_call", "consistent_deal", "playout_points"]

MAX_DRAWS = 20
MISMATCH = 0.15        # chance kept for a deal where an earlier caller would have called otherwise
DEFAULT_SAMPLES = 48


def call_weight(state: ManilleState, deal: ManilleState, seat: int) -> float:
    """How likely the calls already made are with the cards ``deal`` gives the callers."""
    weight = 1.0
    start = replace(deal, phase=CHOOSE, strain="", chooser=-1, calls=())
    if state.phase != CHOOSE and state.dealer != seat:
        said = Action("enface") if state.phase == PARTNER or state.chooser != state.dealer else _strain_action(state)
        if choose_strain(deal.hands[state.dealer], True)[0] != said:
            weight *= MISMATCH
    if state.chooser >= 0 and state.chooser != state.dealer and state.chooser != seat:
        if choose_strain(deal.hands[state.chooser], False)[0] != _strain_action(state):
            weight *= MISMATCH
    chosen = replace(start, strain=state.strain, chooser=state.chooser, phase=TAP)
    for i, (caller, call) in enumerate(state.calls):
        before = replace(chosen, calls=state.calls[:i])
        if "tap" in (c for _, c in state.calls[:i]):
            before = replace(before, phase=RETAP)
        if caller == seat:
            continue
        rule = tap_call if before.phase == TAP else retap_call
        if rule(before, caller)[0].kind != call:
            weight *= MISMATCH
    return weight


def _strain_action(state: ManilleState) -> Action:
    return Action("notrump") if state.strain == NO_TRUMPS else Action("trump", (state.strain,))


def consistent_deal(state: ManilleState, seat: int, rng: Rng) -> ManilleState:
    """A sampled deal, kept with the chance :func:`call_weight` gives it."""
    spoken = state.phase != CHOOSE
    best, best_weight = None, -1.0
    for _ in range(MAX_DRAWS if spoken else 1):
        deal = determinize(state, seat, rng)
        if not spoken:
            return deal
        weight = call_weight(state, deal, seat)
        if rng.random() < weight:
            return deal
        if weight > best_weight:
            best, best_weight = deal, weight
    return best


def playout_points(deal: ManilleState, strain: str) -> int:
    """Card points the dealer's side takes when the deal is played in ``strain`` by the rules of thumb."""
    state = replace(deal, strain=strain, chooser=deal.dealer, phase=PLAY, leader=(deal.dealer + 1) % 4,
                    calls=(), trick=(), history=())
    for _ in range(32):
        seat = state.turn
        card, _ = choose_card(state, seat)
        state = state._play(seat, card)
    record = state.sheet[-1]
    return record.card_points[side_of(deal.dealer)]


def _answers(deal: ManilleState, strain: str) -> tuple[bool, bool]:
    """Whether the opponents would tap ``strain`` on this deal, and the dealer's side re-tap."""
    chosen = replace(deal, strain=strain, phase=TAP, calls=())
    tapper = next((s for s in chosen.tap_order() if tap_call(chosen, s)[0].kind == "tap"), None)
    if tapper is None:
        return False, False
    tapped = replace(chosen, phase=RETAP, calls=((tapper, "tap"),))
    return True, any(retap_call(tapped, s)[0].kind == "retap" for s in tapped.tap_order())


def call_values(state: ManilleState, seat: int, budget: float | None, *, samples: int | None,
                rng: Rng) -> tuple[dict[str, list[float]], float]:
    """Per legal call, the caller's side's score lead on each sampled deal; and the seconds spent."""
    start = time.perf_counter()
    deadline = None if budget is None else start + budget
    limit = samples if samples is not None else (None if budget is not None else DEFAULT_SAMPLES)
    legal = [a.notation for a in state.legal_actions(seat)]
    values: dict[str, list[float]] = {a: [] for a in legal}
    own = 1 if side_of(seat) == side_of(state.dealer) else -1
    count = 0
    while limit is None or count < limit:
        if deadline is not None and time.perf_counter() >= deadline and count:
            break
        deal = consistent_deal(state, seat, rng.fork(count))
        count += 1
        if state.phase in (CHOOSE, PARTNER):
            lead = {}
            for strain in STRAINS:
                tapped, retapped = _answers(deal, strain)
                lead[strain] = (playout_points(deal, strain) - HALF) * doublings(strain, tapped, retapped)
            for action in legal:
                if action == "enface":
                    pick = choose_strain(deal.hands[deal.partner], False)[0]
                    strain = pick.args[0] if pick.kind == "trump" else NO_TRUMPS
                else:
                    strain = action.split()[1] if action.startswith("trump") else NO_TRUMPS
                values[action].append(own * lead[strain])
            continue
        over = playout_points(deal, state.strain) - HALF
        base = doublings(state.strain, state.tapped_by >= 0, False)
        if state.phase == TAP:
            _, retapped = _answers(deal, state.strain)
            values["pass"].append(own * over * base)
            values["tap"].append(own * over * base * (4 if retapped else 2))
        else:
            values["pass"].append(own * over * base)
            values["retap"].append(own * over * base * 2)
    return values, time.perf_counter() - start


def _describe(action: str) -> str:
    if action == "enface":
        return "let your partner choose (en face)"
    if action == "notrump":
        return "no trumps (the score is doubled)"
    if action.startswith("trump"):
        return f"{strain_name(action.split()[1])} as trumps"
    return {"tap": "tap (double the score)", "retap": "re-tap (double again)", "pass": "pass"}[action]


def call_hint(state: ManilleState, seat: int, budget: float | None, *, samples: int | None,
              rng: Rng | None) -> Hint:
    """The sampled call for trumps, a tap or a re-tap, with the other calls ranked."""
    values, elapsed = call_values(state, seat, budget, samples=samples, rng=rng or Rng(0))
    means = {a: sum(v) / len(v) for a, v in values.items()}
    ranked = sorted(means, key=lambda a: (-means[a], a))
    best = ranked[0]
    n = len(values[best])
    reason = (f"{_describe(best)}: your side expects to come out {means[best]:+.1f} points ahead in this deal "
              f"(over {n} sampled deals played out)")
    if len(ranked) > 1:
        reason += f"; next best: {_describe(ranked[1])} ({means[ranked[1]]:+.1f})"
    evaluation = {"kind": "sampled", "samples": n, "valuation": "rules-of-thumb play-out on each sampled deal",
                  "expected_lead": round(means[best], 2), "elapsed_s": round(elapsed, 3)}
    if budget is not None:
        evaluation["budget_s"] = budget
    alternatives = [{"action": Action.parse(a).to_json(), "expected_lead": round(means[a], 2)} for a in ranked[1:]]
    return Hint(Action.parse(best), reason, evaluation=evaluation, alternatives=alternatives, method="sampled")


def sampled_call(state: ManilleState, seat: int, rng: Rng, samples: int) -> Action:
    """The call the sampled valuation prefers (for the search bot)."""
    values, _ = call_values(state, seat, None, samples=samples, rng=rng)
    return Action.parse(max(sorted(values), key=lambda a: sum(values[a]) / len(values[a])))
