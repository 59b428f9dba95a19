"""Kop's players and hints: the rules of thumb, and sampled double dummy for every decision.

The cards a seat cannot see are dealt afresh many times, consistently with everything
public (voids and the must-win rule shown in play, a caller's black queens and higher
jacks). Each sampled deal also places the black queens, so it settles who partners whom:
the sides are sampled with the cards. Each deal is then solved double dummy (four-card
hands: an exact solve is instant) with Kop's trump ladder, must follow, must trump and
must win (:meth:`solvers.doubledummy.TrickRules.kop`).

* A card is valued by the victory cards its side wins on average over the deals (53
  card points win the hand; a solo pays more), then by the card points it keeps.
* Both black queens: ``call`` is valued with the called jack's holder as partner,
  ``solo`` and ``pass`` (a silent solo) alone against the three others. Silent and solo
  play the same cards and score the same by default, so the search keeps quiet when
  playing alone pays: the others then do not know who plays with whom.
* Every other announcement is a forced ``pass``.

``heuristic`` plays the rules of thumb (:mod:`solvers.games.kop_play`); ``search`` the
sampled double dummy above; ``hint`` explains the sampled choice, or the rules of thumb
when the budget is too small for one sampled deal.
"""

from __future__ import annotations

import threading
import time

from solvers.cards import Card, Rng, parse_card
from solvers.doubledummy import Position, Solver, TrickRules
from solvers.game import Action, Hint, card_action
from solvers.games.kop import DECLARE, LONE, PLAY, SILENT, SOLO, KopState, side_knowledge
from solvers.games.kop_cards import CALL_ORDER, TOTAL_POINTS, WIN_POINTS
from solvers.games.kop_play import heuristic_bot, heuristic_hint
from solvers.pimc.adapters import Adapter
from solvers.pimc.pool import lent_solver
from solvers.sampling import sample_hidden

__all__ = ["BOTS", "TRICK_ADAPTER", "KopAdapter", "hint", "search_bot", "card_table", "announcement_table"]

SEARCH_SAMPLES = 40        # sampled deals a decision for the search bot
DEFAULT_BUDGET = 1.0
MIN_BUDGET = 0.02          # below this not one deal fits: the rules of thumb answer
SOLVER_WAIT_SHARE = 0.5    # share of a hint's budget it may wait for the solver's kernels


class KopAdapter(Adapter):
    """Kop for the double-dummy search: side 0 is the black queens (or the lone player)."""

    def in_card_play(self, state: KopState) -> bool:
        return state.phase == PLAY and not state.over

    def side(self, state, seat) -> int:
        return 0 if seat in state.partnership()[1] else 1

    def taken(self, state) -> tuple[int, int]:
        side = state.partnership()[1]
        captured = state.captured()
        ours = sum(captured[s] for s in side)
        return ours, sum(captured) - ours

    def goal(self, state, side) -> int:
        return WIN_POINTS

    def goal_text(self, state, side) -> str:
        return f"reaches {WIN_POINTS} card points"

    def position(self, state) -> Position:
        side = state.partnership()[1]
        rules = TrickRules.kop(tuple(0 if s in side else 1 for s in range(4)))
        return Position.from_hands(state.hands, state.leader, [c for _, c in state.trick], rules)

    def live_hands(self, state):
        return list(state.hands)

    def rollout_action(self, state, seat, rng):
        return heuristic_bot(state, seat, rng)

    def hand_number(self, state) -> int:
        return len(state.sheet)

    def final_tricks(self, state) -> tuple[int, int]:
        return tuple(state.sheet[-1].side_points)


TRICK_ADAPTER = KopAdapter()


# ----------------------------------------------------------------- valuing outcomes

def outcome(own_points: int) -> int:
    """+1 for a won hand (53 or more), 0 for 52–52, −1 for a lost one."""
    return 1 if own_points >= WIN_POINTS else 0 if 2 * own_points == TOTAL_POINTS else -1


def stake_for(state: KopState, kind: str, lone_seat: bool) -> int:
    """Victory cards a seat wins or pays in a decided hand of this kind."""
    options = state.options
    lone = kind == SOLO or (kind == SILENT and options.silent_stake == "solo")
    each = options.solo_stake if lone else 1
    if kind in LONE:
        return 3 * each if lone_seat else each
    return 2


def vc_change(deal: KopState, seat: int, own_points: int) -> int:
    """Victory cards ``seat`` gains on ``deal`` when its side ends with ``own_points``."""
    kind, side = deal.partnership()
    return outcome(own_points) * stake_for(deal, kind, kind in LONE and seat in side)


# ----------------------------------------------------------------- card play

def card_table(state: KopState, seat: int, rng: Rng, samples: int | None, deadline: float | None,
               solver: Solver) -> tuple[list[Card], list[dict[Card, tuple[int, int]]]]:
    """Per sampled deal, each legal card's (victory cards, card points of the seat's side)."""
    cards = state.playable(seat)
    rows: list[dict[Card, tuple[int, int]]] = []
    while samples is None or len(rows) < samples:
        if deadline is not None and time.perf_counter() >= deadline:
            break
        deal = sample_hidden(state, seat, rng)
        result = solver.solve(TRICK_ADAPTER.position(deal), values="all")
        taken = TRICK_ADAPTER.taken(deal)[TRICK_ADAPTER.side(deal, seat)]
        row = {}
        for card in cards:
            own = taken + result.cards[str(card)]
            row[card] = (vc_change(deal, seat, own), own)
        rows.append(row)
    return cards, rows


def _card_stats(cards, rows) -> list[tuple[Card, dict]]:
    n = len(rows)
    table = []
    for card in cards:
        vcs = [r[card][0] for r in rows]
        pts = [r[card][1] for r in rows]
        table.append((card, {"victory_cards": sum(vcs) / n, "points": sum(pts) / n,
                             "win": sum(p >= WIN_POINTS for p in pts) / n}))
    table.sort(key=lambda item: (-item[1]["victory_cards"], -item[1]["win"], -item[1]["points"]))
    return table


def _card_hint(state: KopState, seat: int, cards, rows, elapsed: float) -> Hint:
    ranked = _card_stats(cards, rows)
    card, stats = ranked[0]
    n = len(rows)
    know = side_knowledge(state, seat)
    sides = "" if know["partners"] or know["alone"] else (
        "; the deals also place the black queens, so they cover every partner you may have")
    reason = (f"{card.pretty()} wins the hand for your side in {stats['win']:.0%} of {n} sampled deals, "
              f"{stats['points']:.0f} card points on average ({WIN_POINTS} win){sides}")
    evaluation = {"kind": "sampled", "samples": n, "valuation": "double dummy",
                  "expected_victory_cards": round(stats["victory_cards"], 2),
                  "win_probability": round(stats["win"], 3), "expected_points": round(stats["points"], 1),
                  "elapsed_s": round(elapsed, 3)}
    alternatives = [{"action": card_action("play", c).to_json(),
                     "expected_victory_cards": round(s["victory_cards"], 2),
                     "win_probability": round(s["win"], 3), "expected_points": round(s["points"], 1)}
                    for c, s in ranked[1:]]
    return Hint(card_action("play", card), reason, evaluation, alternatives, method="sampled")


# ----------------------------------------------------------------- announcements

def announcement_table(state: KopState, seat: int, rng: Rng, samples: int | None, deadline: float | None,
                       solver: Solver) -> dict[str, list[tuple[int, int]]]:
    """Per announcement, (victory cards, own card points) on each sampled deal."""
    hand = state.hands[seat]
    jack = next(j for j in CALL_ORDER if j not in hand)
    eldest = state.eldest
    out: dict[str, list[tuple[int, int]]] = {"call": [], "solo": [], "pass": []}
    while samples is None or len(out["call"]) < samples:
        if deadline is not None and time.perf_counter() >= deadline:
            break
        deal = sample_hidden(state, seat, rng)
        partner = next(s for s in range(4) if jack in deal.hands[s])
        for choice, side in (("call", {seat, partner}), ("solo", {seat})):
            rules = TrickRules.kop(tuple(0 if s in side else 1 for s in range(4)))
            value = solver.solve(Position.from_hands(deal.hands, eldest, (), rules)).value
            own = value if (eldest in side) == (seat in side) else TOTAL_POINTS - value
            if choice == "call":
                out["call"].append((outcome(own) * stake_for(state, "call", False), own))
            else:
                out["solo"].append((outcome(own) * stake_for(state, SOLO, True), own))
                out["pass"].append((outcome(own) * stake_for(state, SILENT, True), own))
    return out


# silent first: alone, the same value, and the others do not know who plays with whom
_PREFERENCE = {"pass": 0, "solo": 1, "call": 2}


def _announcement_hint(state: KopState, seat: int, table, elapsed: float) -> Hint:
    n = len(table["call"])
    stats = {}
    for choice, rows in table.items():
        stats[choice] = {"victory_cards": sum(v for v, _ in rows) / n, "points": sum(p for _, p in rows) / n,
                         "win": sum(p >= WIN_POINTS for _, p in rows) / n}
    ranked = sorted(stats, key=lambda c: (-round(stats[c]["victory_cards"], 9), _PREFERENCE[c]))
    best = ranked[0]
    jack = next(j for j in CALL_ORDER if j not in state.hands[seat]).pretty()
    call, alone = stats["call"], stats["solo"]
    words = {"call": f"call {jack} for a partner", "solo": "announce a solo",
             "pass": "keep quiet and play alone (a silent solo)"}
    reason = (f"{words[best][0].upper()}{words[best][1:]}: over {n} sampled deals, with the holder of {jack} "
              f"your side wins {call['win']:.0%} ({call['victory_cards']:+.2f} victory cards on average); "
              f"alone you win {alone['win']:.0%} ({alone['victory_cards']:+.2f} announced, "
              f"{stats['pass']['victory_cards']:+.2f} silent)")
    if best == "pass":
        reason += "; silent and solo play alike, but quiet the others cannot tell who plays with whom"
    evaluation = {"kind": "sampled", "samples": n, "valuation": "double dummy",
                  "expected_victory_cards": round(stats[best]["victory_cards"], 2),
                  "win_probability": round(stats[best]["win"], 3), "elapsed_s": round(elapsed, 3)}
    alternatives = [{"action": Action(c).to_json(), "expected_victory_cards": round(stats[c]["victory_cards"], 2),
                     "win_probability": round(stats[c]["win"], 3)} for c in ranked[1:]]
    return Hint(Action(best), reason, evaluation, alternatives, method="sampled")


# ----------------------------------------------------------------- hint and bot

def _sampled_hint(state: KopState, seat: int, rng: Rng, samples: int | None, deadline: float | None,
                  solver: Solver) -> Hint | None:
    start = time.perf_counter()
    if state.phase == DECLARE:
        table = announcement_table(state, seat, rng, samples, deadline, solver)
        if not table["call"]:
            return None
        return _announcement_hint(state, seat, table, time.perf_counter() - start)
    cards, rows = card_table(state, seat, rng, samples, deadline, solver)
    if not rows:
        return None
    return _card_hint(state, seat, cards, rows, time.perf_counter() - start)


def _forced(state: KopState, action: Action) -> Hint:
    if state.phase == DECLARE:
        reason = "You do not hold both black queens, so you have nothing to announce: pass"
    else:
        reason = f"{parse_card(action.args[0]).pretty()} is the only card the rules allow"
    return Hint(action, reason, {"kind": "forced"}, [], method="exact")


def hint(state: KopState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """Sampled double dummy for every decision (``iterations``: sampled deals, no clock); the
    rules of thumb when the budget is too small for one sampled deal."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return _forced(state, legal[0])
    rng = rng or Rng(0)
    deadline = None
    if iterations is None or budget is not None:
        budget = DEFAULT_BUDGET if budget is None else budget
        start = time.perf_counter()
        if budget < MIN_BUDGET:
            return heuristic_hint(state, seat)
        from solvers.doubledummy.solver import kernels_ready_within
        if not kernels_ready_within(budget * SOLVER_WAIT_SHARE):
            fallback = heuristic_hint(state, seat)
            fallback.reason += " (the sampled search is still being prepared)"
            return fallback
        # a margin for building the hint after the last deal
        deadline = start + budget * 0.95 - 0.005
    # a timed hint draws deals until its deadline: four-card hands solve in microseconds,
    # so drawing the deals is most of a deal's cost and no cap on their number is needed
    with lent_solver("kop") as solver:
        found = _sampled_hint(state, seat, rng, iterations, deadline, solver)
    return found if found is not None else heuristic_hint(state, seat)


_LOCAL = threading.local()


def _solver() -> Solver:
    solver = getattr(_LOCAL, "solver", None)
    if solver is None:
        solver = _LOCAL.solver = Solver()
    return solver


def search_bot(state: KopState, seat: int, rng: Rng) -> Action:
    """Sampled double dummy for the announcement and every card (``SEARCH_SAMPLES`` deals)."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    found = _sampled_hint(state, seat, rng.fork("kop-search"), SEARCH_SAMPLES, None, _solver())
    return found.action if found is not None else heuristic_bot(state, seat, rng)


BOTS = {"heuristic": heuristic_bot, "search": search_bot}
