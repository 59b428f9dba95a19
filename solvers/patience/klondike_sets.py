"""Compiled exact Klondike search over positions up to the arrangement of free runs.

The search of :mod:`klondike_jit` keys a position by its columns card by card. This
one keys it by what cannot be rearranged: each column's face-down cards and its
*locked* card (the lowest face-up one: on a face-down card, or at the bottom of the
column), the foundations and the talon. Every other tableau card is *free* (it lies
on a face-up card of the other colour one rank higher); which free cards there are
follows from the rest, and how they lie on one another does not matter:

* **Twins.** A free card ``x`` lies on one of two cards, the *twins* ``c`` and ``c'``
  of one rank and colour. Moving ``x`` (with its run) from one twin to the other is
  a legal move whenever the other is a top card, and moves nothing else. Call a
  tableau card *available* when it is a top card, or lies under a free card whose
  other twin is a top card (one such move makes it a top card). For a pair of twins
  with ``V`` of them face up and ``F`` free cards of the rank below and other colour,
  ``V - F`` of them have nothing on them, so which twins are available depends only
  on those counts, which the key determines.
* **Moves.** Every move is one of: a rearrangement (a free run onto the other twin
  of the card it lies on — the only other card it can go on: the key is unchanged);
  an available card to its foundation; a locked card (with everything on it) onto an
  available card or, a king over face-down cards, into an empty column; a talon
  card, or a foundation card brought back, onto an available card or (a king) into
  an empty column; a talon card to its foundation. Each of them, but the
  rearrangements, can be made from every arrangement of the same key (after at
  most one rearrangement, onto the twin that is a top card), and leads to positions
  of one key. So two positions of one key have the same moves up to the key, and
  the same outcome; the search is a depth-first search over keys, which is complete.
* **What it generates.** The moves above, each once per key: onto one available
  card of a pair (the other gives the same key), an available card to its
  foundation after the rearrangement it needs, and no rearrangement on its own. The
  safe foundation moves, the talon's macro moves and pointer classes, and the
  dead-end proof (rule 10, sound for any arrangement since the outcome does not
  depend on it) are those of :mod:`klondike_jit`; a safe card has no card that could
  lie on it left in the tableau, so it is always a top card already. No partial
  run is ever generated, so no tableau move is postponed; a foundation card brought
  down, and with the talon a set a talon card put on the tableau, still are (rule
  6): only moves onto the card just put down follow (a card onto it, a run moved
  onto it so that its twin can go up, the next card of its suit coming down).

A won line comes back as the moves taken and is replayed through the plain kernel
(:class:`~solvers.patience.klondike.KlondikeKernel`), a rearrangement as the partial
run it is, so the notation is the plain kernel's.
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit

from solvers.numba_cache import drop_stale
from solvers.patience import klondike_jit
from solvers.patience.klondike_jit import (
    CHUNK, CHUNK_NODES, EXHAUSTED, GROW_STACK, GROW_TABLE, LIMIT, MAXCOL, MAXM,
    REHASH_SECONDS, RUN, WON, _contains, _normalize, _remaining, _stuck, _targets, insert, rehash,
)

drop_stale(__file__)

KIND, A, B, N, X = range(5)
TF, TT, W, F = 0, 1, 2, 3


@njit(cache=True, inline="always")
def _put(mv, L, m, kind, a, b, n, x):
    mv[L, m, KIND] = kind
    mv[L, m, A] = a
    mv[L, m, B] = b
    mv[L, m, N] = n
    mv[L, m, X] = x
    return m + 1


@njit(cache=True, inline="always")
def _dest(x, topcol):
    """A column whose top card ``x`` may go on (-1: none). Either of the two gives
    the same key, so one is enough."""
    r = x % 13 + 1
    if r == 13:
        return -1
    s = x // 13
    if s == 1 or s == 2:
        j1 = topcol[r]
        j2 = topcol[39 + r]
    else:
        j1 = topcol[13 + r]
        j2 = topcol[26 + r]
    if j1 < 0 or (j2 >= 0 and j2 < j1):
        return j2
    return j1


@njit(cache=True, inline="always")
def _put_on(mv, L, m, kind, a, n, x, topcol, empty, king):
    j = _dest(x, topcol)
    if j >= 0:
        m = _put(mv, L, m, kind, a, j, n, x)
    if x % 13 == king and empty >= 0:
        m = _put(mv, L, m, kind, a, empty, n, x)
    return m


@njit(cache=True, inline="always")
def _moves(L, mv, dn, un, up, fd, mask, pp, tal, ncol, T, k, back, king, rem, qs, topcol, col, idx):
    """The moves of level ``L``, one per key they lead to (see the module docstring).
    ``topcol`` (all -1 on entry and return) maps top cards to columns; ``col`` and
    ``idx`` (any contents) get each face-up card's column and height."""
    for c in range(52):
        col[c] = -1
    empty = -1
    for j in range(ncol - 1, -1, -1):
        u = un[L, j]
        if u == 0:
            empty = j
        else:
            topcol[up[L, j, u - 1]] = j
            for t in range(u):
                col[up[L, j, t]] = j
                idx[up[L, j, t]] = t
    m = 0
    # an available card to its foundation
    for s in range(4):
        r = fd[L, s]
        if r > king:
            continue
        c = s * 13 + r
        a = col[c]
        if a < 0:
            continue
        above = un[L, a] - 1 - idx[c]
        if above == 0:
            m = _put(mv, L, m, TF, a, -1, 0, c)
        else:
            b = topcol[(3 - s) * 13 + r]    # the twin, a top card: the run on c goes there
            if b >= 0:
                m = _put(mv, L, m, TF, a, b, above, c)
    n = _remaining(mask[L], T, rem)
    nq = 0
    if n > 0:
        nq = _targets(n, pp[L], k, qs)
        for t in range(nq):
            q = qs[t]
            x = tal[rem[q - 1]]
            if fd[L, x // 13] == x % 13:
                m = _put(mv, L, m, W, q, -1, 0, x)
    maxd = 0
    for i in range(ncol):
        if un[L, i] > 0 and dn[L, i] > maxd:
            maxd = dn[L, i]
    for depth in range(maxd, 0, -1):
        for i in range(ncol):
            if un[L, i] > 0 and dn[L, i] == depth:
                m = _put_on(mv, L, m, TT, i, un[L, i], up[L, i, 0], topcol, empty, king)
    for t in range(nq):
        q = qs[t]
        m = _put_on(mv, L, m, W, q, 0, tal[rem[q - 1]], topcol, empty, king)
    for i in range(ncol):
        if un[L, i] > 0 and dn[L, i] == 0:
            # a king at the bottom of a column into an empty one only permutes columns
            m = _put_on(mv, L, m, TT, i, un[L, i], up[L, i, 0], topcol, -1, king)
    if back:
        for s in range(4):
            level = fd[L, s]
            if level and not _safe_card(s * 13 + level - 1, fd, L):
                m = _put_on(mv, L, m, F, s, 0, s * 13 + level - 1, topcol, empty, king)
    for j in range(ncol):
        if un[L, j] > 0:
            topcol[up[L, j, un[L, j] - 1]] = -1
    return m


@njit(cache=True, inline="always")
def _safe_card(c, fd, L):
    r = c % 13
    if r <= 1:
        return True
    s = c // 13
    if s == 1 or s == 2:
        o1, o2 = 0, 3
    else:
        o1, o2 = 1, 2
    return fd[L, o1] >= r and fd[L, o2] >= r and fd[L, 3 - s] >= r - 1


@njit(cache=True, inline="always")
def _shift(M, a, b, n, dn, un, up, down0):
    """Move the top ``n`` cards of column ``a`` onto column ``b`` of level ``M``."""
    ua = un[M, a]
    ub = un[M, b]
    for t in range(n):
        up[M, b, ub + t] = up[M, a, ua - n + t]
    un[M, b] = ub + n
    un[M, a] = ua - n
    if ua == n and dn[M, a] > 0:
        dn[M, a] -= 1
        up[M, a, 0] = down0[a, dn[M, a]]
        un[M, a] = 1


@njit(cache=True, inline="always")
def _child(L, i, mv, dn, un, up, fd, mask, pp, down0, tal, ncol, T, setk, rem):
    """Level ``L + 1`` = level ``L`` after its move ``i`` and the automatic moves."""
    M = L + 1
    for c in range(ncol):
        dn[M, c] = dn[L, c]
        u = un[L, c]
        un[M, c] = u
        for t in range(u):
            up[M, c, t] = up[L, c, t]
    for c in range(4):
        fd[M, c] = fd[L, c]
    mask[M] = mask[L]
    pp[M] = pp[L]
    kind = mv[L, i, KIND]
    if kind == TF:
        a = mv[L, i, A]
        if mv[L, i, B] >= 0:
            _shift(M, a, mv[L, i, B], mv[L, i, N], dn, un, up, down0)
        un[M, a] -= 1
        fd[M, mv[L, i, X] // 13] += 1
        if un[M, a] == 0 and dn[M, a] > 0:
            dn[M, a] -= 1
            up[M, a, 0] = down0[a, dn[M, a]]
            un[M, a] = 1
    elif kind == TT:
        _shift(M, mv[L, i, A], mv[L, i, B], mv[L, i, N], dn, un, up, down0)
    elif kind == W:
        q = mv[L, i, A]
        _remaining(mask[M], T, rem)
        mask[M] &= ~(np.int64(1) << rem[q - 1])
        pp[M] = q - 1
        c = mv[L, i, X]
        b = mv[L, i, B]
        if b < 0:
            fd[M, c // 13] += 1
        else:
            up[M, b, un[M, b]] = c
            un[M, b] += 1
    else:
        fd[M, mv[L, i, A]] -= 1
        b = mv[L, i, B]
        up[M, b, un[M, b]] = mv[L, i, X]
        un[M, b] += 1
    _normalize(M, dn, un, up, fd, mask, pp, down0, tal, ncol, T, setk, rem)


@njit(cache=True, inline="always")
def _key(L, dn, un, up, fd, mask, pp, ncol, T, k, setk, codes, out):
    """Four words: the sorted column codes (a column with face-down cards: its dealt
    column and face-down count, which fix its locked card; one without: its bottom
    card), the talon mask, foundation heights, pointer class and an "in use" bit.
    The free cards are the ones left over, in any arrangement."""
    for i in range(ncol):
        u = un[L, i]
        if u == 0:
            codes[i] = 0
            continue
        d = dn[L, i]
        if d:
            codes[i] = (np.int64(1) << 12) | (np.int64(i) << 3) | d
        else:
            codes[i] = (np.int64(1) << 13) | np.int64(up[L, i, 0])
    for i in range(ncol, MAXCOL):
        codes[i] = 0
    for i in range(1, ncol):
        v = codes[i]
        j = i - 1
        while j >= 0 and codes[j] > v:
            codes[j + 1] = codes[j]
            j -= 1
        codes[j + 1] = v
    pclass = 0
    mk = mask[L]
    if not setk:
        n = 0
        for t in range(T):
            n += (mk >> t) & 1
        p = pp[L]
        if not (p % k == 0 or p == n):
            pclass = p
    found = (np.int64(fd[L, 0]) | (np.int64(fd[L, 1]) << 4) | (np.int64(fd[L, 2]) << 8)
             | (np.int64(fd[L, 3]) << 12))
    out[0] = codes[0] | (codes[1] << 14) | (codes[2] << 28) | ((mk & 0x3FFFFF) << 42)
    out[1] = codes[3] | (codes[4] << 14) | (codes[5] << 28) | (((mk >> 22) & 0x3FFFFF) << 42)
    out[2] = codes[6] | (found << 14)
    out[3] = np.int64(pclass) | (np.int64(1) << 8)


@njit(cache=True)
def key_of(L, dn, un, up, fd, mask, pp, ncol, T, k, setk):
    codes = np.zeros(MAXCOL, np.int64)
    out = np.zeros(4, np.int64)
    _key(L, dn, un, up, fd, mask, pp, ncol, T, k, setk, codes, out)
    return out


@njit(cache=True)
def prepare(L, mv, nm, idx, dn, un, up, fd, mask, pp, tal, ncol, T, k, back, king):
    rem = np.zeros(64, np.int64)
    qs = np.zeros(128, np.int64)
    nm[L] = _moves(L, mv, dn, un, up, fd, mask, pp, tal, ncol, T, k, back, king, rem, qs,
                   np.full(52, -1, np.int64), np.zeros(52, np.int64), np.zeros(52, np.int64))
    idx[L] = 0


@njit(cache=True)
def run(ctl, mv, nm, idx, dn, un, up, fd, mask, pp, tk,
        down0, tal, ncol, T, k, setk, back, king, total, chunk):
    """As ``klondike_jit.run``, over keys of this module (no pending moves)."""
    rem = np.zeros(64, np.int64)
    qs = np.zeros(128, np.int64)
    codes = np.zeros(MAXCOL, np.int64)
    key = np.zeros(4, np.int64)
    topcol = np.full(52, -1, np.int64)
    col = np.zeros(52, np.int64)
    hgt = np.zeros(52, np.int64)
    where = np.zeros(52, np.int8)
    upc = np.zeros(52, np.int8)
    unc = np.zeros(52, np.int8)
    base = np.zeros(52, np.int8)
    reach = np.zeros(52, np.int8)
    tord = np.zeros(64, np.int64)
    pile = np.zeros(20, np.int64)
    bflag = 1 if back else 0
    sp = ctl[0]
    nodes = ctl[1]
    count = ctl[2]
    limit = ctl[3]
    stop = nodes + chunk
    levels = nm.shape[0]
    cap = tk.shape[0]
    status = EXHAUSTED
    while sp > 0:
        if nodes >= stop:
            status = CHUNK
            break
        if 2 * count > cap:
            status = GROW_TABLE
            break
        if sp + 1 >= levels:
            status = GROW_STACK
            break
        L = sp - 1
        if idx[L] == nm[L]:
            sp -= 1
            continue
        i = idx[L]
        idx[L] = i + 1
        _child(L, i, mv, dn, un, up, fd, mask, pp, down0, tal, ncol, T, setk, rem)
        M = L + 1
        _key(M, dn, un, up, fd, mask, pp, ncol, T, k, setk, codes, key)
        kind = mv[L, i, KIND]
        if kind == F or (kind == W and setk and mv[L, i, B] >= 0):
            # postponed (rule 6): only moves that build on the card just put down
            # follow; the in-between position is not stored (if it was reached in
            # full already, all its moves were tried from there)
            if _contains(tk, key):
                continue
            nodes += 1
            n = _moves(M, mv, dn, un, up, fd, mask, pp, tal, ncol, T, k, back, king, rem, qs, topcol, col,
                       hgt)
            j = mv[L, i, B]
            kept = 0
            for t in range(n):
                if mv[M, t, B] == j or (kind == F and mv[M, t, KIND] == F and mv[M, t, A] == mv[L, i, A]):
                    if kept != t:
                        mv[M, kept] = mv[M, t]
                    kept += 1
            nm[M] = kept
            idx[M] = 0
            sp += 1
            continue
        if not insert(tk, key):
            continue
        count += 1
        if not setk and key[3] & 255:
            key[3] &= ~np.int64(255)
            count += insert(tk, key)
        nodes += 1
        if fd[M, 0] + fd[M, 1] + fd[M, 2] + fd[M, 3] == total:
            status = WON
            break
        if _stuck(M, dn, un, up, fd, mask, pp, down0, tal, ncol, T, k, king, bflag, where, upc, unc, base,
                  reach, tord, pile):
            continue
        if limit > 0 and nodes >= limit:
            status = LIMIT
            break
        nm[M] = _moves(M, mv, dn, un, up, fd, mask, pp, tal, ncol, T, k, back, king, rem, qs, topcol, col,
                       hgt)
        idx[M] = 0
        sp += 1
    ctl[0] = sp
    ctl[1] = nodes
    ctl[2] = count
    return status


class SetSearch:
    """The arrays of one search; the interface of ``klondike_jit._Search``."""

    def __init__(self, kernel, root):
        cols, found, talon, p, _, _ = root
        self.kernel = kernel
        self.ncol = len(cols)
        self.down0 = np.zeros((MAXCOL, 8), np.int64)
        self.tal = np.zeros(max(1, len(talon)), np.int64)
        self.tal[:len(talon)] = list(talon)
        self.T = len(talon)
        self.grow_stack(256)
        for i, (d, u) in enumerate(cols):
            self.down0[i, :len(d)] = list(d)
            self.dn[0, i] = len(d)
            self.un[0, i] = len(u)
            self.up[0, i, :len(u)] = list(u)
        self.fd[0] = found
        self.mask[0] = (1 << len(talon)) - 1
        self.pp[0] = p
        self.tk = np.zeros((1 << 16, 4), np.int64)
        self.args = (self.down0, self.tal, self.ncol, self.T, kernel.k, kernel.set_talon,
                     bool(kernel.back), kernel.king, kernel.total)

    def grow_stack(self, levels):
        fresh = dict(mv=np.zeros((levels, MAXM, 5), np.int32), nm=np.zeros(levels, np.int64),
                     idx=np.zeros(levels, np.int64),
                     dn=np.zeros((levels, MAXCOL), np.int8), un=np.zeros((levels, MAXCOL), np.int8),
                     up=np.zeros((levels, MAXCOL, RUN), np.int8), fd=np.zeros((levels, 4), np.int8),
                     mask=np.zeros(levels, np.int64), pp=np.zeros(levels, np.int64))
        for name, arr in fresh.items():
            old = getattr(self, name, None)
            if old is not None:
                arr[:len(old)] = old
            setattr(self, name, arr)

    def grow_table(self):
        tk = np.zeros((2 * len(self.tk), 4), np.int64)
        rehash(self.tk, tk)
        self.tk = tk

    def start(self, max_nodes=None):
        kernel = self.kernel
        key = key_of(0, self.dn, self.un, self.up, self.fd, self.mask, self.pp, self.ncol, self.T,
                     kernel.k, kernel.set_talon)
        insert(self.tk, key)
        prepare(0, self.mv, self.nm, self.idx, self.dn, self.un, self.up, self.fd, self.mask,
                self.pp, self.tal, self.ncol, self.T, kernel.k, bool(kernel.back), kernel.king)
        self.ctl = np.array([1, 1, 1, max_nodes or 0], np.int64)

    @property
    def nodes(self) -> int:
        return int(self.ctl[1])

    @property
    def depth(self) -> int:
        return int(self.ctl[0])

    def step(self, chunk=CHUNK_NODES, deadline=None):
        stop = int(self.ctl[1]) + chunk
        while True:
            status = run(self.ctl, self.mv, self.nm, self.idx, self.dn, self.un, self.up,
                         self.fd, self.mask, self.pp, self.tk, *self.args, max(0, stop - int(self.ctl[1])))
            if status == GROW_TABLE:
                if deadline is not None and time.perf_counter() + REHASH_SECONDS * self.ctl[2] > deadline:
                    return LIMIT
                if 2 * len(self.tk) > klondike_jit.MAX_TABLE_SLOTS:   # read here: tests lower it
                    return LIMIT
                self.grow_table()
            elif status == GROW_STACK:
                self.grow_stack(2 * len(self.nm))
            else:
                return status

    def run(self, max_nodes, deadline):
        self.start(max_nodes)
        while True:
            status = self.step(deadline=deadline)
            if status != CHUNK:
                return status, self.nodes, self.depth
            if deadline is not None and time.perf_counter() > deadline:
                return LIMIT, self.nodes, 0

    def line(self, root, depth):
        """The moves of the winning line, replayed through the plain kernel."""
        kernel = self.kernel
        state = root
        path = []
        for level in range(depth):
            rec = [int(v) for v in self.mv[level, self.idx[level] - 1]]
            notes = []
            for mv in _plain_moves(rec):
                match = next(m for m in kernel.moves(state) if mv(m))
                state, got = kernel.child(state, match)
                notes.extend(got)
            path.append(tuple(notes))
        if not kernel.is_won(state):
            raise AssertionError("the compiled line does not replay")
        return path


def _plain_moves(rec):
    """Tests picking out the plain kernel's move(s) that make up a move record."""
    kind, a, b, n, _ = rec
    if kind == TF:
        if b >= 0:
            return [lambda m: m[0] == "TT" and m[1] == a and m[2] == b and m[3] == n,
                    lambda m: m[0] == "TF" and m[1] == a]
        return [lambda m: m[0] == "TF" and m[1] == a]
    if kind == TT:
        return [lambda m: m[0] == "TT" and m[1] == a and m[2] == b and m[3] == n]
    if kind == W:
        return [lambda m: m[0] == "W" and m[1] == a and m[5] == b]
    return [lambda m: m[0] == "F" and m[1] == a and m[2] == b]


def warm_up() -> None:
    """Compile (or load from numba's cache) the search once per process."""
    if _warm:
        return
    from solvers.patience.deal import klondike_deal
    from solvers.patience.klondike import KlondikeKernel
    from solvers.patience.options import KlondikeRules
    kernel = KlondikeKernel(KlondikeRules(draw=1), 2)
    root = kernel.normalize(kernel.encode(klondike_deal(1, ranks=2, columns=2)))[0]
    SetSearch(kernel, root).run(100, None)
    _warm.append(True)


_warm: list = []
