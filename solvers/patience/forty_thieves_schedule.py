"""A loss proof for Forty Thieves with no turn-over left, over the order of events.

Every card still in play gets integer times for the events of a won game: when it
leaves the place it holds now (``leave``: a column card, or a waste card; a stock card
leaves the waste after it is dealt), when it goes up (``up``) and, for a stock card,
when it is dealt (``deal``). The constraints below hold for the times of every won
line (docs/patience.md, "Eighth round", gives the argument for each), so when CP-SAT
finds them *infeasible* the position is lost. A feasible model proves nothing.

Cards are physical copies, numbered here; the kernel's code ``suit * 13 + rank - 1``
names what a copy is.
"""

from __future__ import annotations

from dataclasses import dataclass

from ortools.sat.python import cp_model

LOST, OPEN = "lost", "open"


@dataclass
class Copy:
    """One physical card in play: its code, where it is (``col``/``row`` for a column
    card, ``talon`` index for a waste or stock card) and whether it is in the stock."""

    code: int
    col: int = -1
    row: int = -1
    talon: int = -1
    stock: bool = False


def copies_of(cols, talon, p) -> list[Copy]:
    """The copies in play of a kernel position, columns first (bottom to top), then the
    talon in dealing order (waste bottom first, then the stock)."""
    out = [Copy(c, col=j, row=k) for j, col in enumerate(cols) for k, c in enumerate(col)]
    out += [Copy(c, talon=q, stock=q >= p) for q, c in enumerate(talon)]
    return out


class ScheduleModel:
    """The event-order model of one position (kernel parts ``cols``, ``found``,
    ``talon``, ``p``; no turn-over left) with ``ranks`` ranks a suit.

    ``capacity`` adds the column count at every leave time (the constraint that makes
    the model bite; off only to measure what it adds). Times are move numbers of a
    won line (``leave``, ``up``, ``deal`` per copy)."""

    def __init__(self, cols, found, talon, p, ranks: int = 13, capacity: bool = True):
        self.cols, self.found, self.talon, self.p = cols, found, talon, p
        self.ranks = ranks
        self.ncols = len(cols)
        self.cards = copies_of(cols, talon, p)
        self.m = cp_model.CpModel()
        n = len(self.cards)
        self.horizon = 3 * n + 2
        h = self.horizon
        m = self.m
        self.leave = [m.NewIntVar(1, h, f"L{i}") for i in range(n)]
        self.up = [m.NewIntVar(1, h, f"U{i}") for i in range(n)]
        self.deal = {i: m.NewIntVar(1, h, f"D{i}") for i, c in enumerate(self.cards) if c.stock}
        self.by_code: dict[int, list[int]] = {}
        for i, c in enumerate(self.cards):
            self.by_code.setdefault(c.code, []).append(i)
        self._events()
        self._foundations()
        self._columns()
        self._waste()
        self.empty = {}
        self._hosts()
        if capacity:
            self._capacity()

    # -- constraints -------------------------------------------------------------------

    def _events(self):
        m = self.m
        for i in range(len(self.cards)):
            m.Add(self.up[i] >= self.leave[i])
        for i, d in self.deal.items():
            m.Add(self.leave[i] > d)
        # one move moves one card: no two cards leave, go up or are dealt at once
        m.AddAllDifferent(self.leave + list(self.deal.values()))
        m.AddAllDifferent(self.up + list(self.deal.values()))

    def _foundations(self):
        m = self.m
        ranks = self.ranks
        for s in range(4):
            heights = (self.found[2 * s], self.found[2 * s + 1])
            sorted_prev = []
            for r in range(ranks):
                need = sum(hh <= r for hh in heights)           # piles still to take rank r + 1
                ready = sum(hh == r for hh in heights)          # piles at height r now
                ids = self.by_code.get(s * 13 + r, [])
                if len(ids) != need:
                    raise ValueError("copies in play do not match the foundations")
                ups = [self.up[i] for i in ids]
                if len(ups) == 2:
                    lo = m.NewIntVar(1, self.horizon, "")
                    hi = m.NewIntVar(1, self.horizon, "")
                    m.AddMinEquality(lo, ups)
                    m.AddMaxEquality(hi, ups)
                    sorted_now = [lo, hi]
                else:
                    sorted_now = ups
                for j in range(ready, len(sorted_now)):
                    m.Add(sorted_now[j] > sorted_prev[j - ready])
                sorted_prev = sorted_now

    def _columns(self):
        above = {}
        for i, c in enumerate(self.cards):
            if c.col >= 0:
                above[(c.col, c.row)] = i
        self.above = {}
        for i, c in enumerate(self.cards):
            if c.col >= 0 and (c.col, c.row + 1) in above:
                a = above[(c.col, c.row + 1)]
                self.above[i] = a
                self.m.Add(self.leave[i] > self.leave[a])

    def _waste(self):
        m = self.m
        order = sorted((c.talon, i) for i, c in enumerate(self.cards) if c.talon >= 0)
        for x in range(len(order)):
            for y in range(x + 1, len(order)):
                a, b = order[x][1], order[y][1]
                if b not in self.deal:
                    m.Add(self.leave[a] > self.leave[b])
                    continue
                if a in self.deal:
                    if y == x + 1:
                        m.Add(self.deal[a] < self.deal[b])
                # a still in the waste when b is dealt leaves after b
                early = m.NewBoolVar("")
                m.Add(self.leave[a] < self.deal[b]).OnlyEnforceIf(early)
                m.Add(self.leave[a] > self.leave[b]).OnlyEnforceIf(early.Not())

    def _in_tableau_at(self, y, t):
        """A literal true only if copy ``y`` may be a top card at time ``t`` (a leave
        time of another copy); the constraints it enforces."""
        m = self.m
        lit = m.NewBoolVar("")
        m.Add(self.up[y] > t).OnlyEnforceIf(lit)
        c = self.cards[y]
        if c.col >= 0:
            if y in self.above:
                m.Add(self.leave[self.above[y]] < t).OnlyEnforceIf(lit)
        else:
            m.Add(self.leave[y] < t).OnlyEnforceIf(lit)
        return lit

    def _hosts(self):
        """A card that leaves before it goes up rests on a top copy of the next card
        of its suit, or goes into an empty column (left to the count)."""
        m = self.m
        for i, c in enumerate(self.cards):
            park = m.NewBoolVar(f"P{i}")
            m.Add(self.up[i] > self.leave[i]).OnlyEnforceIf(park)
            m.Add(self.up[i] == self.leave[i]).OnlyEnforceIf(park.Not())
            self.empty[i] = m.NewBoolVar(f"E{i}")       # into an empty column
            options = [self.empty[i]]
            if c.code % 13 < self.ranks - 1:
                for y in self.by_code.get(c.code + 1, []):
                    lit = self._in_tableau_at(y, self.leave[i])
                    options.append(lit)
            m.AddBoolOr(options).OnlyEnforceIf(park)

    def _capacity(self):
        """At each leave time, the column bottoms the moved copies need (the fewest,
        as a count per card) plus the columns still holding their bottom card fit in
        the columns there are; with one more, the copy that just left, when it went
        into an empty column."""
        m = self.m
        n = len(self.cards)
        bottoms = [i for i, c in enumerate(self.cards) if c.col >= 0 and c.row == 0]
        for k in range(n):
            t = self.leave[k]
            parked = {}
            tab = {}
            for i, c in enumerate(self.cards):
                # parked at t: left its place at or before t, not yet up
                lit = m.NewBoolVar("")
                if i == k:
                    m.Add(self.up[i] > t).OnlyEnforceIf(lit)
                    m.Add(self.up[i] <= t).OnlyEnforceIf(lit.Not())
                else:
                    a = m.NewBoolVar("")
                    m.Add(self.leave[i] < t).OnlyEnforceIf(a)
                    m.Add(self.leave[i] > t).OnlyEnforceIf(a.Not())
                    b = m.NewBoolVar("")
                    m.Add(self.up[i] > t).OnlyEnforceIf(b)
                    m.Add(self.up[i] <= t).OnlyEnforceIf(b.Not())
                    m.AddBoolAnd([a, b]).OnlyEnforceIf(lit)
                    m.AddBoolOr([a.Not(), b.Not()]).OnlyEnforceIf(lit.Not())
                    if c.col >= 0:
                        # a column card in the tableau at t: not up yet
                        tab.setdefault(c.code, []).append(b)
                if i == k:
                    mine = lit
                parked.setdefault(c.code, []).append(lit)
                if c.col < 0 or i == k:
                    tab.setdefault(c.code, []).append(lit)
            still = []
            for bi in bottoms:
                if bi == k:
                    continue
                s = m.NewBoolVar("")
                m.Add(self.leave[bi] > t).OnlyEnforceIf(s)
                m.Add(self.leave[bi] < t).OnlyEnforceIf(s.Not())
                still.append(s)
            m.Add(self._roots(parked, tab) + sum(still) <= self.ncols)
            # into an empty column: the copy is a bottom of its own (nothing on it yet)
            own = self.cards[k].code
            parked[own] = [x for x in parked[own] if x is not mine]
            tab[own] = [x for x in tab[own] if x is not mine]
            m.Add(self._roots(parked, tab) + sum(still) + 1 <= self.ncols).OnlyEnforceIf(self.empty[k])

    def _roots(self, parked, tab):
        """The fewest column bottoms the moved copies need: per code ``x``, its moved
        copies beyond the copies of ``x + 1`` on the tableau."""
        m = self.m
        roots = []
        for code, lits in parked.items():
            hosts = tab.get(code + 1, []) if code % 13 < self.ranks - 1 else []
            if not hosts:
                roots.extend(lits)
                continue
            r = m.NewIntVar(0, len(lits), "")
            m.Add(r >= sum(lits) - sum(hosts))
            roots.append(r)
        return sum(roots)

    # -- solving -----------------------------------------------------------------------

    def fix(self, leave, up, deal):
        """Fix every copy's times (``leave``/``up`` lists by copy, ``deal`` a dict for
        the stock copies): the model must stay feasible for the times of a real won
        line (the soundness tests use it)."""
        for i in range(len(self.cards)):
            self.m.Add(self.leave[i] == leave[i])
            self.m.Add(self.up[i] == up[i])
        for i, d in self.deal.items():
            self.m.Add(d == deal[i])

    def solve(self, seconds: float = 10.0, workers: int = 1):
        """``(LOST, wall seconds)`` when infeasible (a proof of loss), else
        ``(OPEN, seconds)``."""
        solver = cp_model.CpSolver()
        solver.parameters.max_time_in_seconds = seconds
        solver.parameters.num_workers = workers
        # probing in presolve takes most of a minute on a dealt position and fixes little
        solver.parameters.cp_model_probing_level = 0
        status = solver.Solve(self.m)
        self.solver, self.status = solver, status
        if status == cp_model.INFEASIBLE:
            return LOST, solver.WallTime()
        return OPEN, solver.WallTime()
