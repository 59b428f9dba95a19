"""Napoleon's players and hints.

* ``heuristic``: the rules of thumb (:mod:`solvers.games.napoleon_play`).
* ``search``: the bid, Wellington's trumps and the opening lead by sampled double dummy
  (:mod:`solvers.games.napoleon_calls`); every later card by sampled double dummy too
  (the five-card hands are solved exactly on every sampled deal).
* The hint does the same for every decision, with the rules of thumb as the answer when
  the budget is too small for one sampled deal.
"""

from __future__ import annotations

import threading
import time
from dataclasses import replace

from solvers.cards import Rng, parse_card
from solvers.doubledummy import Position, Solver, TrickRules
from solvers.game import Action, Hint
from solvers.games.napoleon import HAND, PLAY, TARGET, NapoleonState, bid_title
from solvers.games.napoleon_calls import call_hint, lead_table, sampled_call
from solvers.games.napoleon_play import heuristic_bot, heuristic_hint
from solvers.ismcts import SearchConfig
from solvers.pimc import sampled_hint_or_heuristic
from solvers.pimc.adapters import Adapter
from solvers.pimc.bot import make_pimc_bot
from solvers.pimc.entry import MIN_SAMPLED_BUDGET

__all__ = ["BOTS", "SEARCH", "TRICK_ADAPTER", "NapoleonAdapter", "hint", "search_bot"]

SEARCH_SAMPLES = 40       # sampled deals a decision for the search bot


class NapoleonAdapter(Adapter):
    """Napoleon for the sampled double-dummy search: the bidder (side 0) against the rest."""

    def in_card_play(self, state: NapoleonState) -> bool:
        # before the opening lead fixes trumps the deal cannot be solved as one position
        return state.phase == PLAY and state.trump >= 0 and not state.over

    def side(self, state, seat) -> int:
        return 0 if seat == state.bidder else 1

    def taken(self, state) -> tuple[int, int]:
        return state.tricks

    def goal(self, state, side) -> int:
        need = TARGET[state.contract]
        return need if side == 0 else HAND + 1 - need

    def goal_text(self, state, side) -> str:
        need = TARGET[state.contract]
        if side == 0:
            return f"makes {bid_title(state.contract)} ({need} tricks)"
        return f"beats {bid_title(state.contract)} ({HAND + 1 - need} tricks)"

    def order(self, state) -> list[int]:
        """Seats holding cards, clockwise from the bidder (the double-dummy seat numbers)."""
        seats = [state.bidder]
        while len(seats) < len(state.active()):
            seats.append(state.next_active(seats[-1]))
        return seats

    def position(self, state) -> Position:
        order = self.order(state)
        rules = TrickRules.napoleon(state.trump, len(order), 0, state.options.pack_size)
        return Position.from_hands([state.hands[s] for s in order], order.index(state.leader),
                                   [c for _, c in state.trick], rules)

    def live_hands(self, state):
        return [state.hands[s] for s in state.active()]

    def rollout_action(self, state, seat, rng):
        return heuristic_bot(state, seat, rng)

    def hand_number(self, state) -> int:
        return len(state.sheet)

    def final_tricks(self, state) -> tuple[int, int]:
        return tuple(state.sheet[-1].tricks)

    def counting_state(self, state):
        return replace(state, options=replace(state.options, play_all_tricks=True))


TRICK_ADAPTER = NapoleonAdapter()


def hint(state: NapoleonState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """Sampled double dummy for every decision (``iterations``: sampled deals); the rules
    of thumb when the budget is too small for one deal."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return Hint(legal[0], "the only legal move", {"kind": "forced"}, [], method="exact")
    timed = not (iterations is not None and budget is None)
    if timed:
        budget = DEFAULT_BUDGET if budget is None else budget
        start = time.perf_counter()
        if budget < MIN_SAMPLED_BUDGET:
            return heuristic_hint(state, seat)
        if not _solver_ready(budget * SOLVER_WAIT_SHARE):
            fallback = heuristic_hint(state, seat)
            fallback.reason += " (the sampled search is still being prepared)"
            return fallback
        budget = max(MIN_SAMPLED_BUDGET, budget - (time.perf_counter() - start))
    if TRICK_ADAPTER.in_card_play(state):
        return sampled_hint_or_heuristic(state, seat, budget, heuristic_hint, rng=rng, samples=iterations)
    return call_hint(state, seat, budget, samples=iterations, rng=rng)


DEFAULT_BUDGET = 1.0
# share of a hint's budget it may wait for the double-dummy solver to be compiled or loaded
SOLVER_WAIT_SHARE = 0.5
def _solver_ready(wait: float) -> bool:
    """True once the solver's kernels are loaded; starts loading them in the background and
    waits at most ``wait`` seconds (a fresh process compiles them, which takes long)."""
    from solvers.doubledummy import solver as dd
    return dd.kernels_ready_within(wait)


_card_play = make_pimc_bot(samples=SEARCH_SAMPLES, budget_ms=2000, exact_from=HAND, fallback=heuristic_bot)
_LOCAL = threading.local()


def search_bot(state: NapoleonState, seat: int, rng: Rng) -> Action:
    """Sampled double dummy for every decision: bids, trumps, the opening lead and cards."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if TRICK_ADAPTER.in_card_play(state):
        return _card_play(state, seat, rng)
    return sampled_call(state, seat, rng.fork("calls"), SEARCH_SAMPLES, _solver())


def open_play(state: NapoleonState, seat: int, rng: Rng) -> Action:
    """Play on a deal whose every card is known: the generic search's rollouts, which run on
    deals sampled from what the searching player knows (never a bot at a real table).

    Cards are played double dummy, the opening lead by the best trump suit double dummy;
    calls follow the rules of thumb, which look at the caller's own hand only."""
    if state.phase != PLAY:
        return heuristic_bot(state, seat, rng)
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    solver = _solver()
    if state.trump < 0:
        table = lead_table(solver, state, seat, sorted({c.suit for c in state.hands[seat]}))
        cards = state.playable(seat)
        need = TARGET[state.contract]
        best = max(cards, key=lambda c: (table[c.suit][c] >= need, table[c.suit][c], -c.rank))
        return Action("play", (str(best),))
    result = solver.solve(TRICK_ADAPTER.position(state), values="all")
    side = TRICK_ADAPTER.side(state, seat)
    need = TRICK_ADAPTER.goal(state, side) - TRICK_ADAPTER.taken(state)[side]
    best = max((parse_card(a.args[0]) for a in legal),
               key=lambda c: (result.cards[str(c)] >= need, result.cards[str(c)], -c.rank))
    return Action("play", (str(best),))


def _solver() -> Solver:
    solver = getattr(_LOCAL, "solver", None)
    if solver is None:
        solver = _LOCAL.solver = Solver()
    return solver


# the generic search: every sampled deal is played out double dummy from the move tried
SEARCH = SearchConfig(rollout=open_play, keep_prior=False, exploration=0.3)

BOTS = {"heuristic": heuristic_bot, "search": search_bot}
