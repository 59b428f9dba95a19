"""Loss cores for Forty Thieves with no turn-over left: why a position is lost.

A *core* of a lost position ``P`` keeps the foundations, the talon and the pointer
exactly, and of each column ``i`` only its top ``h[i]`` cards (``h[i] >= 1`` for a
column with cards; an empty column has ``h[i] = 0``). ``h[i] == len(P[i])`` keeps the
column exactly (its length too); ``h[i] < len(P[i])`` asks only that the column end
with those cards and hold at least one more below them. A position ``Q`` *matches*
the core when its foundations, talon and pointer are ``P``'s and its columns can be
paired one to one with the core's so that each holds what its pattern asks.

Every position that matches the core of a lost position is lost (see the docs,
"Tenth round", for the proof). Cores are derived bottom up in a depth-first search
over the kernel's macro moves:

* a position with no move: the tops (and which columns are empty) decide every move,
  so the core keeps one card a column;
* a dead end of rule 9: the proof is run again with every column cut to its top
  ``h[i]`` cards and the cards below them (whose places are unknown in a matching
  position; as a whole they are the same cards) counted as uncovered bases from the
  start, as loose cards that must still leave, and a column counted as emptied once
  its kept cards can leave; each column is cut to the fewest top cards with which the proof still
  holds (a binary search: keeping more cards only sharpens the proof);
* any other lost position: the tops keep the move set the same, and each child's
  core is carried back through its move (the cards a move or the automatic moves
  after it take off a column are added to that column's kept cards; the card put on
  a column is removed from it, keeping at least its base);
* a child met again while it is still on the search path (a cycle) asks only its
  tops when the path back is column for column the same position and the core is taken at
  that position or above it (the first move of a shortest winning line never returns
  to a position already on it); otherwise it asks the whole child. A position whose
  subtree has such a cycle to a position above it stores no core, only its key.

This module is a measurement and test tool in plain Python (:class:`CoreSearch`);
the verifier does not use it (see the docs for why).
"""

from __future__ import annotations

import sys
import time

from solvers.patience.forty_thieves_deadlock import _Fix

WON, LOST, LIMIT = "won", "lost", "limit"


def matches(cols, core):
    """The requirement ``h`` under which ``cols`` match the patterns of ``core``
    (one number a column, see the module's notes), or ``None`` if they do not.

    ``core`` is a tuple of ``(cards, exact)`` (bottom to top); the pairing is found
    by backtracking, exact patterns first."""
    h = [None] * len(cols)
    pats = sorted(core, key=lambda pc: (not pc[1], -len(pc[0])))

    def fit(k):
        if k == len(pats):
            return True
        seg, exact = pats[k]
        n = len(seg)
        for i, col in enumerate(cols):
            if h[i] is not None:
                continue
            if exact:
                ok = col == seg
            else:
                ok = len(col) > n and col[len(col) - n:] == seg
            if ok:
                h[i] = n
                if fit(k + 1):
                    return True
                h[i] = None
        return False

    return h if fit(0) else None


def core_of(cols, h) -> tuple:
    """The column patterns of a position's columns under requirement ``h``."""
    return tuple(sorted((col[len(col) - hi:] if hi else b"", hi == len(col)) for col, hi in zip(cols, h)))


def tops_only(cols) -> list:
    """The least requirement: one card of each column, empty columns exactly."""
    return [min(1, len(col)) for col in cols]


class _Relaxed(_Fix):
    """Rule 9's fixed point over kept column tops, the cards below them loose."""

    def __init__(self, segs, found, waste, hidden, ranks):
        super().__init__(segs, found, (), waste, ranks)
        for c in hidden:
            self.avail[c] += 1
            self.base[c] = True
            self.loose.append(c)
            self.dirty.add(c // 13)


def relaxed_stuck(cols, h, found, waste, stock, ranks) -> bool:
    """Does rule 9's in-order proof hold for every position matching ``h``?

    The cards under the kept tops are, in a matching position, the same cards as a
    whole but in unknown columns and order: each is granted to be uncovered and a
    base from the start, and must still leave some day; a column whose kept cards
    can all leave counts as emptied. Every condition only grows, so the fixed point
    contains the real one of every matching position."""
    segs = [col[len(col) - hi:] if hi < len(col) else col for col, hi in zip(cols, h)]
    hidden = [c for col, hi in zip(cols, h) for c in col[:len(col) - hi]]
    fix = _Relaxed(segs, found, list(waste), hidden, ranks)
    fix.run()
    pile = len(fix.piles) - 1
    for c in stock:
        fix.push(pile, c)
        fix.run()
    return fix.stuck()


def _carry(parent_cols, child_cols, need, mv):
    """Carry a child's requirement ``need`` back through the move ``mv``.

    Automatic moves only take cards off column tops, so every child column but the
    one a card was put on is a prefix of the parent's."""
    h = tops_only(parent_cols)
    dest = mv[2] if mv[0] == "TT" else (mv[-1] if mv[0] == "W" and mv[-1] >= 0 else -1)
    for i, (pc, cc) in enumerate(zip(parent_cols, child_cols)):
        ni = need[i]
        if i == dest:
            ext_len = len(pc) + 1
            he = ni + (ext_len - len(cc)) if ni < len(cc) else ext_len
            hi = len(pc) if he >= ext_len else max(he - 1, min(1, len(pc)))
        else:
            hi = ni + (len(pc) - len(cc)) if ni < len(cc) else len(pc)
        if hi > h[i]:
            h[i] = hi
    return h


class CoreSearch:
    """Depth-first search with a table of exact keys and a store of loss cores.

    ``kernel``: a :class:`FortyThievesKernel` with no turn-over (``redeals = 0``);
    its lifts are switched off here (every macro move is tried at once, so each
    stored loss is a loss of its own position). ``use_cores``: cut positions that
    match a stored core. ``shrink``: cut each column of a rule-9 dead end's core to
    the fewest tops the relaxed proof needs (off: dead ends keep their whole
    columns unless the tops alone do). ``keep``:
    a function that may cut a derived requirement further, for tests only (an
    unsound core must be caught). ``record``: keep every position a core cut
    (``cut``) and every stored loss with its requirement (``learned``).
    ``cyclic``: also store the requirement of a position whose subtree cycles to a
    position above it. Off, and for measurement only: such a requirement holds only
    for positions met below that cycle's target (a sound core over the cycle would
    keep at least as much), so its cuts estimate the most that cores over cycles
    could cut; a loss reported with it is no proof."""

    def __init__(self, kernel, use_cores=True, shrink=True, keep=None, record=False, cyclic=False):
        kernel.lifts = False
        self.kernel = kernel
        self.use_cores = use_cores
        self.shrink = shrink
        self.keep = keep
        self.cyclic = cyclic
        self.table = {}              # key -> depth on the path, or None once finished
        self.cores = {}              # (found, talon, p) -> [core, ...]
        self.saved = {}              # key -> (cols, h) of a finished loss with a core
        self.path = []               # states on the path
        self.cut = [] if record else None
        self.learned = [] if record else None
        self.stats = dict(positions=0, dead=0, no_move=0, core_cuts=0, core_checks=0, stored_cores=0,
                          no_core=0, cycles_same=0, cycles_other=0, dead_general=0, won=0, core_candidates=0, core_compared=0)
        self.max_nodes = None
        self.deadline = None

    def solve(self, root, max_nodes=None, max_seconds=None):
        """``(WON | LOST | LIMIT, positions)`` for a normalized root."""
        self.max_nodes = max_nodes
        self.deadline = time.monotonic() + max_seconds if max_seconds else None
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 20000))
        try:
            verdict, _, _ = self._visit(root)
        except _Limit:
            verdict = LIMIT
        finally:
            sys.setrecursionlimit(limit)
        return verdict, self.stats["positions"]

    def _dead_core(self, s):
        cols, found, talon, p, _ = s
        ranks = self.kernel.ranks
        waste, stock = talon[:p], talon[p:]
        h = tops_only(cols)
        if relaxed_stuck(cols, h, found, waste, stock, ranks):
            self.stats["dead_general"] += 1
            return h
        h = [len(c) for c in cols]
        if not self.shrink:
            return h
        for i, col in enumerate(cols):
            lo, hi = 1, len(col)           # the proof holds at hi; find the least such
            while lo < hi:
                mid = (lo + hi) // 2
                h[i] = mid
                if relaxed_stuck(cols, h, found, waste, stock, ranks):
                    hi = mid
                else:
                    lo = mid + 1
            h[i] = hi
        return h

    def _visit(self, s):
        """``(verdict, requirement on s, lowest path depth a cycle reached)``."""
        k = self.kernel
        st = self.stats
        st["positions"] += 1
        if self.max_nodes and st["positions"] > self.max_nodes:
            raise _Limit()
        if self.deadline and st["positions"] & 1023 == 0 and time.monotonic() > self.deadline:
            raise _Limit()
        cols, found, talon, p, _ = s
        key = k.key(s)
        if k.is_won(s):
            st["won"] += 1
            return WON, None, None
        if k.hopeless(s):
            st["dead"] += 1
            h = self._dead_core(s)
            self._store(key, s, h)
            return LOST, h, len(self.path)
        if self.use_cores:
            st["core_checks"] += 1
            fk = (found, talon, p)
            if fk in self.cores:
                st["core_candidates"] += 1
                st["core_compared"] += len(self.cores[fk])
            for core in self.cores.get(fk, ()):
                h = matches(cols, core)
                if h is not None:
                    st["core_cuts"] += 1
                    if self.cut is not None:
                        self.cut.append(s)
                    self.table[key] = None
                    self.saved[key] = (cols, h)
                    return LOST, h, len(self.path)
        depth = len(self.path)
        self.table[key] = depth
        self.path.append(s)
        low = depth
        h = tops_only(cols)
        moves = k.moves(s)
        if not moves:
            st["no_move"] += 1
        for mv in moves:
            kid = k.child(s, mv)[0]
            kk = k.key(kid)
            if kk in self.table:
                d = self.table[kk]
                if d is not None:                      # on the path: a cycle
                    if self.path[d][0] == kid[0]:
                        st["cycles_same"] += 1
                        need = tops_only(kid[0])
                        low = min(low, d)
                    else:
                        st["cycles_other"] += 1
                        need = [len(c) for c in kid[0]]
                else:
                    need = self._need_of(kk, kid)
            else:
                verdict, need, klow = self._visit(kid)
                if verdict == WON:
                    self.path.pop()
                    return WON, None, None
                low = min(low, klow)
            for i, hi in enumerate(_carry(cols, kid[0], need, mv)):
                if hi > h[i]:
                    h[i] = hi
        self.path.pop()
        self.table[key] = None
        if low >= depth or self.cyclic:
            self._store(key, s, h)
        else:
            st["no_core"] += 1
        return LOST, h, low

    def _need_of(self, kk, kid):
        """The requirement a finished lost child asks (its core, or all of it)."""
        saved = self.saved.get(kk)
        if saved is None:
            return [len(c) for c in kid[0]]
        scols, sh = saved
        pool = {}
        for col, hi in zip(scols, sh):
            pool.setdefault(col, []).append(hi)
        return [pool[col].pop() for col in kid[0]]

    def _store(self, key, s, h):
        cols, found, talon, p, _ = s
        if self.keep is not None:
            h = self.keep(cols, h)
        self.saved[key] = (cols, list(h))
        if self.learned is not None:
            self.learned.append((s, list(h)))
        self.table[key] = None
        if self.use_cores and any(hi < len(c) for c, hi in zip(cols, h)):
            self.cores.setdefault((found, talon, p), []).append(core_of(cols, h))
            self.stats["stored_cores"] += 1


class _Limit(Exception):
    """The position or time budget ran out."""
