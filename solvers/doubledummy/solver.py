"""The solve driver: moving null-window bounds (MTD-f), budgets, per-card values, lines.

A :class:`Solver` owns a transposition table and keeps it between calls as long as
the rules stay the same, so valuing every card of a position, walking its principal
line, or solving many sampled deals that share most cards reuse earlier work.
"""

from __future__ import annotations

import os
import threading
import time

import numpy as np

import solvers.doubledummy.kernel as K
import solvers.doubledummy.layout as L
import solvers.doubledummy.ttable as ttable
from solvers.doubledummy.encode import State, card_name, encode, encode_ending, vector_bounds
from solvers.doubledummy.estimate import estimate, vector_estimate
from solvers.doubledummy.position import Position, seat_name
from solvers.doubledummy.result import DDResult
from solvers.errors import CardsageError

__all__ = ["Solver", "solve", "load_kernels", "kernels_ready", "kernels_ready_within", "DEFAULT_NODE_BUDGET"]

# without a budget a solve still stops here, so no position can hang a caller
DEFAULT_NODE_BUDGET = 20_000_000
# under a time budget a kernel call runs in one piece until the last tenth of the
# budget, at the speed seen so far; in that last tenth each call gets at most half the
# time left (so a busy machine does not run far past the deadline), and a call the
# speed misjudged is cut at the deadline by the watchdog (_Watchdog)
RESERVE_SHARE = 0.1
# a sampled ending (ending_value) and a short solve (WATCH_FROM_TRICKS) are small
# searches solved thousands of times a second: arming the watchdog would cost about
# 2.5 us of their 100 us or more, so their calls are slices of at most this many nodes
# and half the time left, checked between slices
SLICE_NODES = 100_000
MIN_SLICE = 1_000
# nodes per second assumed before a solver has measured its own speed, and the nodes a
# solve must search for its speed to be kept as the solver's
FIRST_RATE = 1_000_000
RATE_NODES = 200_000
# a solve with fewer tricks left than this searches far less than a slice (a sampled
# hint's exact endings, solved thousands of times a second): it keeps the slices and
# arms no watchdog, whose lock and set cost a few percent of such a solve
WATCH_FROM_TRICKS = 7
# the watchdog is woken for a budget armed with an earlier deadline than the one it
# sleeps to only when it is earlier by more than this (s): a hint's samples share one
# deadline, met each time a few microseconds apart, and a wake-up for each cost a tenth
# of the samples a late-trick hint weighs
WAKE_SLACK = 0.0005
# probes that step one point from a guess before the search falls back to halving
GUESS_PROBES = 14
# new rules empty the table when more than this share of its entry blocks is in use
NEW_RULES_CLEAR = 0.25
VALUES = ("best", "all")
# where a probe writes the kernel's node limit into the vector
_LIMIT_AT = L.O_CTR + L.N_LIMIT
_search = K.search


class _OutOfBudget(Exception):
    pass


class _Budget:
    """Node and time allowance shared by every kernel call of one solve.

    Under a time budget a kernel call runs in one piece until the budget's last tenth,
    at the speed the solver measured (``rate``, nodes a second, before this solve has
    measured its own); the process's watchdog (:class:`_Watchdog`) cuts a call still
    running at the deadline by lowering the node limit in the search's vector, which the
    kernel reads at every node. A call that runs out of nodes is started again and finds
    its finished subtrees in the table, but not the move order it had: short slices
    (100 000 nodes) changed the size of the slowest searches by -16% to +26%. An
    unwatched budget (``watched=False``, a sampled ending's) keeps those slices and
    needs no watchdog."""

    def __init__(self, nodes: int | None, ms: float | None, rate: float = FIRST_RATE, *,
                 watched: bool = True):
        if nodes is not None and (not isinstance(nodes, int) or isinstance(nodes, bool) or nodes < 1):
            raise CardsageError("budget_nodes must be a positive integer", field="budget_nodes")
        if ms is not None and (not isinstance(ms, (int, float)) or isinstance(ms, bool) or ms <= 0):
            raise CardsageError("budget_ms must be a positive number", field="budget_ms")
        self.nodes_left = DEFAULT_NODE_BUDGET if nodes is None else nodes
        self.start = time.perf_counter()
        self.deadline = None if ms is None else self.start + ms / 1000.0
        self.reserve = 0.0 if ms is None else RESERVE_SHARE * ms / 1000.0
        self.first_rate = rate
        self.used = 0
        # trick-boundary nodes, cuts there by sure tricks and by the table, second-hand cuts
        self.stats = [0, 0, 0, 0]
        # set by the watchdog at the deadline; the vector of the search running now
        self.expired = False
        self.vector: np.ndarray | None = None
        self._armed = False
        self.watched = watched

    def limit(self, vector: np.ndarray) -> int:
        """Write into ``vector`` the node limit of the next kernel call and return it, or
        raise :class:`_OutOfBudget` when the nodes or the time have run out."""
        if self.deadline is None:
            # no clock to read: a sampled search with a fixed count solves thousands of
            # endings, two or three probes each
            if self.nodes_left <= 0:
                raise _OutOfBudget
            vector[_LIMIT_AT] = self.nodes_left
            return self.nodes_left
        if self.watched and not self._armed:
            _WATCHDOG.arm(self)
            self._armed = True
        now = time.perf_counter()
        if self.nodes_left <= 0 or now >= self.deadline:
            raise _OutOfBudget
        elapsed = now - self.start
        rate = self.used / elapsed if self.used > 0 and elapsed > 0 else self.first_rate
        left = self.deadline - now
        if self.watched:
            run = max(left - self.reserve, left / 2)
            limit = min(self.nodes_left, max(MIN_SLICE, int(rate * run)))
        else:
            limit = min(self.nodes_left, max(MIN_SLICE, min(SLICE_NODES, int(rate * left / 2))))
        vector[_LIMIT_AT] = limit
        # published before the last look at the flag: a watchdog firing after that look
        # finds this vector and cuts its search
        self.vector = vector
        if self.expired:
            raise _OutOfBudget
        return limit

    def expire(self) -> None:
        """Called by the watchdog at the deadline: cut the running search at its next node."""
        self.expired = True
        vector = self.vector
        if vector is not None:
            vector[_LIMIT_AT] = -1

    def spend(self, nodes: int) -> None:
        self.used += nodes
        self.nodes_left -= nodes

    def rate(self) -> float | None:
        """Nodes a second this solve searched, when it searched enough to tell."""
        elapsed = time.perf_counter() - self.start
        return self.used / elapsed if self.used >= RATE_NODES and elapsed > 0 else None

    def close(self) -> None:
        """The solve is over: the watchdog forgets this budget."""
        if self._armed:
            _WATCHDOG.disarm(self)
            self._armed = False
        self.vector = None


class _Watchdog:
    """One thread a process that cuts, at its deadline, the running search of every armed
    time budget (:meth:`_Budget.expire`). It sleeps until the earliest deadline armed; a
    budget armed with an earlier one wakes it. A budget's solve disarms it when it ends,
    and the lock makes sure no budget is expired after that."""

    def __init__(self):
        self._reset()

    def _reset(self) -> None:
        self._cond = threading.Condition(threading.Lock())
        self._armed: set[_Budget] = set()
        self._wake_at: float | None = None
        self._thread: threading.Thread | None = None

    def arm(self, budget: _Budget) -> None:
        """Cut ``budget``'s running search at its deadline unless it is disarmed first."""
        with self._cond:
            self._armed.add(budget)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, daemon=True, name="dd-deadlines")
                self._thread.start()
            elif self._wake_at is None or budget.deadline < self._wake_at - WAKE_SLACK:
                self._cond.notify()

    def disarm(self, budget: _Budget) -> None:
        """Forget ``budget`` (its solve has ended)."""
        with self._cond:
            self._armed.discard(budget)

    def _run(self) -> None:
        with self._cond:
            while True:
                now = time.perf_counter()
                earliest = None
                for budget in list(self._armed):
                    if budget.deadline <= now:
                        self._armed.discard(budget)
                        budget.expire()
                    elif earliest is None or budget.deadline < earliest:
                        earliest = budget.deadline
                self._wake_at = earliest
                self._cond.wait(None if earliest is None else earliest - now)


_WATCHDOG = _Watchdog()
# a forked process has no watchdog thread: it starts its own when it first needs one
os.register_at_fork(after_in_child=_WATCHDOG._reset)


class _Ending:
    """The state vector of one ending, given to the probes as a fresh copy each time (a
    probe's counters start at zero, and a cut search may leave the vector changed)."""

    __slots__ = ("vector", "scratch", "scratch_address")

    def __init__(self):
        self.vector = np.zeros(L.S_SIZE, dtype=np.int64)
        self.scratch = np.zeros(L.S_SIZE, dtype=np.int64)
        # the scratch buffer is never replaced: its address is read once
        self.scratch_address = self.scratch.ctypes.data

    def packed(self) -> np.ndarray:
        """A fresh copy of the ending's vector, in the scratch buffer."""
        self.scratch[:] = self.vector
        return self.scratch


class Solver:
    """A double-dummy solver that keeps its transposition table between solves.

    ``table_bits`` sets the table to ``2**table_bits`` position shapes and eight times
    as many stored bounds. With ``forget_other_deals`` the solver empties its table when
    a position is not a later position of the deal it solved last (some seat holds a
    card it did not hold then): another deal's entries and move hints only slow a search
    (about 7% more nodes over independent deals). The solver behind :func:`solve` (the
    API's) forgets; a sampling hint's solver keeps its table across the deals it samples.
    """

    def __init__(self, table_bits: int = 16, *, forget_other_deals: bool = False):
        if not isinstance(table_bits, int) or not 10 <= table_bits <= 24:
            raise CardsageError("table_bits must be 10 to 24", field="table_bits")
        self.forget_other_deals = bool(forget_other_deals)
        self._deal: tuple[frozenset, ...] | None = None   # the hands of the last solve
        self._table = ttable.new_table(table_bits)
        self._rules_ids: dict[tuple, int] = {}
        self._work = K.new_work()
        self._ending = _Ending()   # reused by every ending_value call
        # the table and the scratch live as long as the solver and are never replaced: their
        # addresses are read once (a numpy array's ctypes address costs microseconds a read)
        self._table_address = self._table.ctypes.data
        self._work_address = self._work.ctypes.data
        # counts of the last solve: trick-boundary nodes (what DDS reports as its nodes)
        # and the cuts made there
        self.last_stats: dict[str, int] = {}
        # nodes a second of the last solve that searched enough to tell: a time budget's
        # first kernel call runs as far as this speed allows (_Budget)
        self._rate = FIRST_RATE

    def clear(self) -> None:
        """Forget every stored result and the move-ordering memory (the killer moves), so
        that the next search runs as on a new solver."""
        ttable.clear(self._table)
        self._work[:] = K.new_work()
        self._rules_ids.clear()
        self.__dict__.pop("_suitless_searches", None)   # the suitless search's memo (suitless.py)

    # ------------------------------------------------------------ public

    def solve(self, position: Position, *, values: str = "best", budget_nodes: int | None = None,
              budget_ms: float | None = None, line: bool = False) -> DDResult:
        """Solve ``position`` for the side to play.

        ``values="all"`` also values every legal card; ``line=True`` returns the whole
        principal variation instead of its first card. Budgets bound the work; when one
        runs out the result says ``exact=False`` with the bounds found so far.
        """
        return self._solve(position, values=values, budget_nodes=budget_nodes, budget_ms=budget_ms, line=line)

    def ending_value(self, hands, leader: int, trick, rules, *, budget_ms: float | None = None
                     ) -> tuple[int, int, bool]:
        """The value of a deal for the side to play, as ``(lower, upper, exact)``: the
        value :meth:`solve` finds (``values="best"``) with ``lower == upper`` and
        ``exact`` true, or the bounds reached when the budget ran out.

        For sampled search, which solves thousands of endings of a game's own legal
        states: ``hands`` per seat (cards of ``rules``, each held once; equal hands, the
        seats after ``leader`` one card fewer for each card on ``trick``), the seat that
        led the current trick and its cards. No :class:`Position` is built and nothing is
        checked, the state vector is written straight into a buffer the solver reuses, no
        best card is looked for and no result object is made. Rules with unequal hands or
        without suits go through :meth:`solve`."""
        if rules.suitless is not None or rules.unequal_hands:
            result = self.solve(Position.from_hands(hands, leader, trick, rules), budget_ms=budget_ms)
            return result.lower, result.upper, result.exact
        if budget_ms is not None:
            load_kernels()
        budget = _Budget(None, budget_ms, watched=False)
        ending = self._ending
        encode_ending(hands, leader, trick, rules, ending.vector)
        ending.vector[L.O_CFG + K.C_RULES_ID] = self._rules_id(rules)
        n = rules.seats
        lower, upper = vector_bounds(ending.vector, n)
        box: list[int] = []
        try:
            lower, upper = self._value(ending, lower, upper, budget, vector_estimate(ending.vector, n), box,
                                       probe=self._ending_probe)
        except _OutOfBudget:
            if box:
                return box[0], box[1], False
            return lower, upper, False
        finally:
            budget.close()
            self.last_stats = dict(zip(("trick_nodes", "sure_cuts", "table_cuts", "second_hand_cuts"),
                                       budget.stats))
        return lower, upper, True

    def _solve(self, position: Position, *, values: str = "best", budget_nodes: int | None = None,
               budget_ms: float | None = None, line: bool = False, guess: int | None = None) -> DDResult:
        """:meth:`solve`, with the first probe at ``guess`` (the side to play's value)
        when the caller knows better than the estimate (a table's other cells)."""
        if not isinstance(position, Position):
            raise CardsageError("solve needs a Position", field="position")
        if values not in VALUES:
            raise CardsageError(f"values must be 'best' or 'all', got {values!r}", field="values")
        if self.forget_other_deals:
            self._forget_unless_continued(position)
        if position.rules.suitless is not None:
            from solvers.doubledummy.suitless import solve_suitless
            return solve_suitless(position, values=values, budget_nodes=budget_nodes, budget_ms=budget_ms,
                                  line=line, owner=self)
        if budget_ms is not None:
            load_kernels()
        start = time.perf_counter()
        watched = max(len(hand) for hand in position.hands) >= WATCH_FROM_TRICKS
        budget = _Budget(budget_nodes, budget_ms, self._rate, watched=watched)
        state = encode(position)
        state.cfg[K.C_RULES_ID] = self._rules_id(position.rules)
        lower, upper = state.bounds()
        result = DDResult(value=lower, lower=lower, upper=upper, exact=False,
                          to_play=seat_name(state.to_play, position.seats))
        box: list[int] = []
        # the root card proving the highest target reached so far: [target, card]
        found = [lower - 1, -1]
        # what the root's probes showed of the cards they tried before the deciding one
        passed: dict[int, int] | None = {} if values == "all" else None
        try:
            first = estimate(state) if guess is None else guess
            lower, upper = self._value(state, lower, upper, budget, first, box, found, passed_over=passed)
            result.value = result.lower = result.upper = lower
            # the probe that proved the value usually named its card already
            if found[0] >= lower and found[1] >= 0:
                best = found[1]
            else:
                best = self._best_move(state, lower, budget, passed)
            result.best = card_name(state, best)
            result.line = [result.best]
            if values == "all":
                result.cards = self._all_values(state, lower, budget, result.cards, best, passed)
            if line:
                result.line = self._line(state, lower, budget)
            result.exact = True
        except _OutOfBudget:
            if box:
                result.value = result.lower = box[0]
                result.upper = box[1]
            if result.best is None:
                result.best = self._fallback_card(state, found, result.cards)
                result.line = [result.best]
        finally:
            self._close(budget)
        result.nodes = budget.used
        self.last_stats = dict(zip(("trick_nodes", "sure_cuts", "table_cuts", "second_hand_cuts"), budget.stats))
        result.ms = (time.perf_counter() - start) * 1000.0
        return result

    def _close(self, budget: _Budget) -> None:
        budget.close()
        rate = budget.rate()
        if rate is not None:
            self._rate = rate

    def _forget_unless_continued(self, position: Position) -> None:
        hands = tuple(frozenset(hand) for hand in position.hands)
        last = self._deal
        if last is not None and (len(last) != len(hands)
                                 or not all(now <= then for now, then in zip(hands, last))):
            self.clear()
        self._deal = hands

    # ------------------------------------------------------------ searching

    def _rules_id(self, rules) -> int:
        """A small number for the rules, part of every table key, so positions under
        different rules (another trump suit) share the table without mixing."""
        signature = rules.signature()
        found = self._rules_ids.get(signature)
        if found is None:
            if len(self._rules_ids) >= K.MAX_RULES_IDS:
                self.clear()
            elif ttable.used_share(self._table) > NEW_RULES_CLEAR:
                # no entry of other rules can match a position under these: give the pool
                # to them rather than let it run out and be emptied mid-search (a table's
                # next strain)
                ttable.clear(self._table)
            found = self._rules_ids[signature] = len(self._rules_ids)
        return found

    def _search_once(self, vector: np.ndarray, address: int, target: int, budget: _Budget
                     ) -> tuple[bool, int, int]:
        """One null-window search of the state ``vector`` (at ``address``; it stays alive
        in the caller) within the budget's node limit: can the team score ``target``, the root
        card that settled it (-1 if none did), and whether the search was cut. The counters
        are read in one slice (layout.py: nodes, limit, aborted, root card, then the four
        statistics)."""
        limit = budget.limit(vector)
        ok = _search(address, self._table_address, self._table.size, self._work_address, target, 0)
        nodes, _, aborted, move, s0, s1, s2, s3 = vector[L.O_CTR:L.O_CTR + 8].tolist()
        budget.spend(nodes if nodes < limit else limit)
        stats = budget.stats
        stats[0] += s0
        stats[1] += s1
        stats[2] += s2
        stats[3] += s3
        return bool(ok), move, aborted

    def _probe(self, state: State, target: int, budget: _Budget) -> tuple[bool, int]:
        """Null-window search: can the team score ``target``? Also the root card that
        settled it (-1 if none did)."""
        while True:
            packed = state.packed()
            ok, move, aborted = self._search_once(packed, packed.ctypes.data, target, budget)
            if not aborted:
                return ok, move

    def _ending_probe(self, ending: _Ending, target: int, budget: _Budget) -> tuple[bool, int]:
        """:meth:`_probe` of an ending's vector, copied afresh into the scratch buffer
        whose address is known."""
        while True:
            ending.scratch[:] = ending.vector
            ok, move, aborted = self._search_once(ending.scratch, ending.scratch_address, target, budget)
            if not aborted:
                return ok, move

    def _value(self, state: State, lower: int, upper: int, budget: _Budget, guess: int | None,
               bounds_out: list | None = None, found: list | None = None, probe=None,
               passed_over: dict[int, int] | None = None) -> tuple[int, int]:
        """Exact value between known bounds by a sequence of null-window probes: from a
        guess, a few single steps towards the answer (a good guess is usually off by
        one or two), then by halving. ``found`` (root only, the team to play) keeps the
        highest target proved and the card that proved it. ``probe`` is the null-window
        search to use (:meth:`_probe` unless given). ``passed_over`` (root only) collects
        the bounds on the cards each probe tried before the card that decided it
        (:meth:`_note_passed_over`)."""
        if probe is None:
            probe = self._probe
        target = guess
        probes = 0
        try:
            while lower < upper:
                if target is None or not lower < target <= upper:
                    target = (lower + upper + 1) // 2
                ok, move = probe(state, target, budget)
                if passed_over is not None and move >= 0:
                    self._note_passed_over(state, target, move, passed_over)
                if ok:
                    lower = target
                    if found is not None and move >= 0 and target > found[0]:
                        found[:] = [target, move]
                else:
                    upper = target - 1
                probes += 1
                stepping = guess is not None and probes < GUESS_PROBES
                target = (target + 1 if ok else target - 1) if stepping else None
        except _OutOfBudget:
            if bounds_out is not None:
                bounds_out[:] = [lower, upper]
            raise
        return lower, upper

    def _fallback_card(self, state: State, found: list, cards: dict[str, int]) -> str:
        """A card to play when the budget ran out before the best one was proved: the
        card proving the highest target so far, else the card with the best value found
        (``values="all"``), else the first card of the search's move ordering."""
        if found[1] >= 0:
            return card_name(state, found[1])
        if cards:
            return max(cards, key=cards.get)
        packed = state.packed()
        move = K.first_move(packed.ctypes.data, self._work.ctypes.data)
        return card_name(state, int(move))

    def _best_move(self, state: State, value: int, budget: _Budget,
                   passed_over: dict[int, int] | None = None) -> int:
        """A card keeping the value: the one that proves the team reaches ``value`` (or,
        for the other team, the one that holds it to ``value``). ``passed_over`` as in
        :meth:`_value`."""
        target = value if state.maximising else value + 1
        ok, move = self._probe(state, target, budget)
        if move < 0:
            raise AssertionError("the search found no card for a solved value")
        if passed_over is not None:
            self._note_passed_over(state, target, move, passed_over)
        return move

    def _note_passed_over(self, state: State, target: int, move: int, passed_over: dict[int, int]) -> None:
        """After a root probe at ``target`` decided by the root card ``move``: every card
        its search tried before ``move`` (in the order left in scratch row 0) gave the
        other answer, so after it the team scores at most ``target - 1`` when the side to
        play maximises, at least ``target`` when it minimises. Kept per card in
        ``passed_over``, the tightest bound of every probe."""
        order = self._work[0, L.W_MOVES:L.W_SCORES].tolist()
        if move not in order:
            return
        maximising = state.maximising
        for code in order[:order.index(move)]:
            if maximising:
                passed_over[code] = min(passed_over.get(code, target - 1), target - 1)
            else:
                passed_over[code] = max(passed_over.get(code, target), target)

    def _all_values(self, state: State, value: int, budget: _Budget, out: dict[str, int],
                    best: int, passed_over: dict[int, int]) -> dict[str, int]:
        """The value after each legal card (equivalent cards share one search); filled
        into ``out`` as they are settled, so a budget cut keeps the values found. The
        cards of ``best``'s group keep the value without a search; a card the root's
        probes passed over starts below the value (above it for the other team), at the
        bound they showed (``passed_over``, :meth:`_note_passed_over`).

        The cards are probed level by level: every card still open is probed once, at
        its next target, before any card is probed again, so the probes at one target
        follow one another and read the bounds the others stored at that target. Each
        card meets the targets :meth:`_value` would give it from its bound (single
        steps, halving after ``GUESS_PROBES``), only in another order."""
        maximising = state.maximising
        # [group, child, gain, lower, upper, probes made] of each card not settled yet
        open_cards = []
        for group in state.legal_groups():
            if best in group:
                for code in group:
                    out[card_name(state, code)] = value
                continue
            child = state.copy()
            gain = child.play(group[0])
            lo, hi = child.bounds()
            lo += gain
            hi += gain
            # playing a card never beats the position's value for the side to move
            if maximising:
                hi = min(hi, value)
            else:
                lo = max(lo, value)
            for code in group:
                if code in passed_over:
                    if maximising:
                        hi = min(hi, passed_over[code])
                    else:
                        lo = max(lo, passed_over[code])
            open_cards.append([group, child, gain, lo, hi, 0])
        while open_cards:
            still_open = []
            for card in open_cards:
                group, child, gain, lo, hi, probes = card
                if lo < hi:
                    if probes < GUESS_PROBES:
                        target = hi if maximising else lo + 1
                    else:
                        target = (lo + hi + 1) // 2
                    ok, _ = self._probe(child, target - gain, budget)
                    if ok:
                        lo = target
                    else:
                        hi = target - 1
                    card[3:] = [lo, hi, probes + 1]
                if lo < hi:
                    still_open.append(card)
                    continue
                for code in group:
                    out[card_name(state, code)] = lo
            open_cards = still_open
        return out

    def _line(self, state: State, value: int, budget: _Budget) -> list[str]:
        """The principal variation from ``state`` to the end of play."""
        walk = state.copy()
        line: list[str] = []
        try:
            while not walk.empty:
                move = self._best_move(walk, value, budget)
                line.append(card_name(walk, move))
                value -= walk.play(move)
        except _OutOfBudget:
            pass
        return line


def solve(position: Position, *, values: str = "best", budget_nodes: int | None = None,
          budget_ms: float | None = None, line: bool = False) -> DDResult:
    """Solve one position (see :meth:`Solver.solve`) with this thread's shared solver."""
    return _thread_solver().solve(position, values=values, budget_nodes=budget_nodes,
                                  budget_ms=budget_ms, line=line)


_LOCAL = threading.local()
_LOADED = threading.Event()
_LOADING = threading.Lock()


def kernels_ready() -> bool:
    """True once this process has its search kernels (compiled or loaded from the cache)."""
    return _LOADED.is_set()


def kernels_ready_within(wait: float) -> bool:
    """True once the kernels are loaded. Otherwise starts loading them in a background
    thread (once a process) and waits at most ``wait`` seconds: a timed hint answers by
    its rules of thumb rather than overrun its budget while a cold process compiles."""
    if _LOADED.is_set():
        return True
    with _BACKGROUND_LOCK:
        if not _BACKGROUND:
            thread = threading.Thread(target=lambda: load_kernels(), daemon=True, name="dd-kernels")
            thread.start()
            _BACKGROUND.append(thread)
    return _LOADED.wait(wait)


_BACKGROUND: list[threading.Thread] = []
_BACKGROUND_LOCK = threading.Lock()


def load_kernels() -> None:
    """Compile (or load from numba's cache) every search kernel once per process.

    A solve with a time budget calls this before its clock starts: the first call in a
    fresh process can take seconds, and that cost must not eat a request's budget."""
    if _LOADED.is_set():
        return
    with _LOADING:
        if _LOADED.is_set():
            return
        from solvers.doubledummy.rules import TrickRules
        hands = [["AS", "2H"], ["KS", "3H"], ["QS", "4H"], ["JS", "5H"]]
        position = Position.from_hands(hands, 0, (), TrickRules.bridge(trump=None))
        solver = Solver()
        solver.solve(position, values="all", line=True)
        # the card a solve out of budget falls back on (``_fallback_card``)
        solver._fallback_card(encode(position), [0, -1], {})
        _LOADED.set()


def _thread_solver() -> Solver:
    solver = getattr(_LOCAL, "solver", None)
    if solver is None:
        solver = _LOCAL.solver = Solver(forget_other_deals=True)
    return solver
