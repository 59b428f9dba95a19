"""Forty Thieves with no turn-over left, searched level by level over classes of
positions (an experiment of the seventeenth round in docs/patience.md, not used by the
solver): one key per class of positions that free-standing top cards link (a card alone
in its column or on the next card of its suit, moved onto a top copy of that card or
into an empty column), every member of a class expanded. Sound, and tested on small
deals against the exact level search, but slower than it on the open deals."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np
from numba import njit

from solvers.numba_cache import drop_stale
from solvers.patience.forty_thieves_jit import (MIX1, TF, TT, W, _child, _mix, _moves, _Scratch, encode,
                                                layout_for, stuck)
from solvers.patience.forty_thieves_stock import DEAL, _deal, step

drop_stale(__file__)

WON, DONE, FULL, PAUSE = 0, 1, 2, 3
CLASS_CAP = 4096            # members of one class (a larger class leaves the search incomplete)
PAUSE_EVERY = 1 << 18       # positions between returns to Python (the clock, growth)
OFFSET_BITS = 40            # a slot holds a record's offset + 1 and the hash's high bits
OFFSET_MASK = (1 << OFFSET_BITS) - 1
RESERVE_BYTES = 1 << 30     # a search never grows into the machine's last GiB
PARENT_SHIFT = 20           # a parent entry: parent's number << 20 | kind << 16 | a << 8 | b + 1
# ctl fields
(POSITIONS, OVERFLOWS, WIN, AT, SOURCE, SINCE, DEAD_ROOTS, SCAN, SCANNED, CUR, MEMBER, MOVE,
 NMOVES, NMEM) = range(14)


@njit(cache=True)
def _col_less(row, ml, ol, i, j):
    """Does column ``i`` come before column ``j`` in a key (shorter first, then card
    by card from the bottom)?"""
    li, lj = row[ol + i], row[ol + j]
    if li != lj:
        return li < lj
    for k in range(li):
        a, b = row[i * ml + k], row[j * ml + k]
        if a != b:
            return a < b
    return False


@njit(cache=True)
def _order(row, lay, order):
    """The columns in key order, into ``order`` (a stable insertion sort)."""
    ml, ol = lay[1], lay[2]
    for i in range(lay[0]):
        order[i] = i
        k = i
        while k > 0 and _col_less(row, ml, ol, order[k], order[k - 1]):
            order[k], order[k - 1] = order[k - 1], order[k]
            k -= 1


@njit(cache=True)
def _pack(row, lay, talon0, order, buf, at):
    """Write the key of ``row`` into ``buf`` from byte ``at`` (see the module's text);
    returns the end. Positions that differ only in the order of their columns get
    the same key."""
    ml, ol, of, ot, on, op, orr = lay[1], lay[2], lay[3], lay[4], lay[5], lay[6], lay[7]
    _order(row, lay, order)
    for i in order:
        n = row[ol + i]
        buf[at] = n
        at += 1
        for k in range(n):
            buf[at] = row[i * ml + k]
            at += 1
    for k in range(8):
        buf[at + k] = row[of + k]
    buf[at + 8] = row[on]
    buf[at + 9] = row[op]
    buf[at + 10] = row[orr]
    at += 11
    nbytes = (talon0.shape[0] + 7) // 8
    for k in range(nbytes):
        buf[at + k] = 0
    j = 0
    for k in range(row[on]):
        c = row[ot + k]
        while talon0[j] != c:
            j += 1
        buf[at + j // 8] |= np.uint8(1 << (j % 8))
        j += 1
    return at + nbytes


@njit(cache=True)
def _unpack(buf, at, lay, talon0, row):
    """Read into ``row`` the position whose key :func:`_pack` wrote at byte ``at``
    (its columns in key order); returns the end."""
    ncol, ml, ol, of, ot, on, op, orr = lay[0], lay[1], lay[2], lay[3], lay[4], lay[5], lay[6], lay[7]
    for k in range(lay[8]):
        row[k] = 0
    for i in range(ncol):
        n = buf[at]
        row[ol + i] = n
        at += 1
        for k in range(n):
            row[i * ml + k] = buf[at]
            at += 1
    for k in range(8):
        row[of + k] = buf[at + k]
    row[on] = buf[at + 8]
    row[op] = buf[at + 9]
    row[orr] = buf[at + 10]
    at += 11
    k = 0
    for j in range(talon0.shape[0]):
        if (buf[at + j // 8] >> (j % 8)) & 1:
            row[ot + k] = talon0[j]
            k += 1
    return at + (talon0.shape[0] + 7) // 8


@njit(cache=True)
def _key_end(buf, at, ncol, nbytes):
    """Where the key written at byte ``at`` ends."""
    for _ in range(ncol):
        at += 1 + buf[at]
    return at + 11 + nbytes


@njit(cache=True)
def _key_hash(buf, at, end):
    """63 bits of the key in ``buf[at:end]``."""
    x = np.int64(end - at)
    for k in range(at, end):
        x = (x ^ np.int64(buf[k])) * MIX1
    return _mix(x) & np.int64(0x7FFFFFFFFFFFFFFF)


@njit(cache=True)
def _place(index, h, off):
    """Put the record at ``off`` (its key hashed to ``h``) in a free slot."""
    mask = index.shape[0] - 1
    i = h & mask
    while index[i] != 0:
        i = (i + 1) & mask
    index[i] = ((h >> OFFSET_BITS) << OFFSET_BITS) | (off + 1)


@njit(cache=True)
def _slot(index, arena, key, klen, h):
    """The free slot where the key ``key[:klen]`` (hash ``h``) would go, or -1 when
    the level holds it already."""
    mask = index.shape[0] - 1
    tag = (h >> OFFSET_BITS) << OFFSET_BITS
    i = h & mask
    while True:
        v = index[i]
        if v == 0:
            return i
        if (v >> OFFSET_BITS) << OFFSET_BITS == tag:
            off = (v & OFFSET_MASK) - 1
            same = True
            for k in range(klen):
                if arena[off + k] != key[k]:
                    same = False
                    break
            if same:
                return -1
        i = (i + 1) & mask


@njit(cache=True)
def _insert(index, arena, used, key, klen, h):
    """Add the key ``key[:klen]`` (hash ``h``) to the level as a new record: its
    offset, or -1 when the level holds it already."""
    i = _slot(index, arena, key, klen, h)
    if i < 0:
        return -1
    off = used[0]
    for k in range(klen):
        arena[off + k] = key[k]
    used[0] = off + klen
    index[i] = ((h >> OFFSET_BITS) << OFFSET_BITS) | (off + 1)
    return off


@njit(cache=True)
def _reindex(arena, used, index, ncol, nbytes):
    """Slot every record of ``arena[:used]`` into the empty ``index``."""
    at = 0
    while at < used:
        end = _key_end(arena, at, ncol, nbytes)
        _place(index, _key_hash(arena, at, end), at)
        at = end


@njit(cache=True, inline="always")
def _free_top(row, ml, ol, a, last):
    """The top card of column ``a`` when it is free-standing (alone in the column or
    on the next card of its suit) and not a king, else -1."""
    la = row[ol + a]
    if la == 0:
        return -1
    x = row[a * ml + la - 1]
    if x % 13 >= last:
        return -1
    if la >= 2 and row[a * ml + la - 2] != x + 1:
        return -1
    return x


@njit(cache=True)
def _rest_less(row, ml, i, li, j, lj):
    """Do the first ``li`` cards of column ``i`` come before the first ``lj`` of
    column ``j`` in key order?"""
    if li != lj:
        return li < lj
    for k in range(li):
        a, b = row[i * ml + k], row[j * ml + k]
        if a != b:
            return a < b
    return False


@njit(cache=True)
def _canon(row, lay, last, moves):
    """Put ``row`` in its normal form: each free-standing top card goes onto the copy
    of the next card of its suit that comes first in key order (a card alone in a
    column onto any such copy). Every step can be taken back, so the position and its
    normal form reach each other. Writes the steps (column from, column to) to
    ``moves`` while it has room; returns how many there were."""
    ncol, ml, ol = lay[0], lay[1], lay[2]
    nm = 0
    for _ in range(4):
        changed = False
        for a in range(ncol):
            x = _free_top(row, ml, ol, a, last)
            if x < 0:
                continue
            la = row[ol + a]
            best, bl = a, la - 1
            for b in range(ncol):
                lb = row[ol + b]
                if b == a or lb == 0 or row[b * ml + lb - 1] != x + 1:
                    continue
                if bl == 0 or _rest_less(row, ml, b, lb, best, bl):
                    best, bl = b, lb
            if best != a:
                row[ol + a] = la - 1
                row[best * ml + bl] = x
                row[ol + best] = bl + 1
                if nm < moves.shape[0]:
                    moves[nm, 0] = a
                    moves[nm, 1] = best
                nm += 1
                changed = True
        if not changed:
            break
    return nm


@njit(cache=True)
def _members(rep, lay, last, talon0, order, key, mrows, mpar, mmv, lidx, lkeys, lslots):
    """The class of ``rep``: every position its free moves reach (a free-standing top
    card onto a top copy of the next card of its suit, or into an empty column), ``rep``
    first, into ``mrows``; ``mpar``/``mmv`` give the member each was reached from and
    the move (column from, column to). Returns how many, or -1 when ``mrows`` is too
    small."""
    ncol, ml, ol = lay[0], lay[1], lay[2]
    cap = mrows.shape[0]
    for k in range(lay[8]):
        mrows[0, k] = rep[k]
    mpar[0] = -1
    lused = 0
    nslot = 0
    mask = lidx.shape[0] - 1
    klen = _pack(rep, lay, talon0, order, key, 0)
    h = _key_hash(key, 0, klen)
    i0 = _slot(lidx, lkeys, key, klen, h)
    for k in range(klen):
        lkeys[k] = key[k]
    lidx[i0] = ((h >> OFFSET_BITS) << OFFSET_BITS) | 1
    lslots[0] = i0
    nslot = 1
    lused = klen
    n = 1
    i = 0
    while i < n:
        for a in range(ncol):
            x = _free_top(mrows[i], ml, ol, a, last)
            if x < 0:
                continue
            la = mrows[i, ol + a]
            empty_done = la == 1     # a card alone goes to another empty column: the same key
            for b in range(ncol):
                if b == a:
                    continue
                lb = mrows[i, ol + b]
                if lb == 0:
                    if empty_done:
                        continue
                    empty_done = True
                elif mrows[i, b * ml + lb - 1] != x + 1:
                    continue
                if n >= cap or nslot * 2 >= lidx.shape[0] or lused + key.shape[0] > lkeys.shape[0]:
                    for s in range(nslot):
                        lidx[lslots[s]] = 0
                    return -1
                for k in range(lay[8]):
                    mrows[n, k] = mrows[i, k]
                mrows[n, ol + a] = la - 1
                mrows[n, b * ml + lb] = x
                mrows[n, ol + b] = lb + 1
                klen = _pack(mrows[n], lay, talon0, order, key, 0)
                h = _key_hash(key, 0, klen)
                s = _slot(lidx, lkeys, key, klen, h)
                if s < 0:
                    continue
                for k in range(klen):
                    lkeys[lused + k] = key[k]
                lidx[s] = ((h >> OFFSET_BITS) << OFFSET_BITS) | (lused + 1)
                lused += klen
                lslots[nslot] = s
                nslot += 1
                mpar[n] = i
                mmv[n, 0] = a
                mmv[n, 1] = b
                n += 1
        i += 1
    for s in range(nslot):
        lidx[lslots[s]] = 0
    return n


@njit(cache=True)
def _tableau_size(row, lay):
    n = 0
    for i in range(lay[0]):
        n += row[lay[2] + i]
    return n


@njit(cache=True)
def _closure(prev, prev_used, deal_roots, lay, talon0, maxred, ranks, total,
             arena, used, index, parent, member, ctl, row, kid, mv, order, key,
             pause, accn, accj, qs, piles, plen, depth, avail, base, pend, loose, blocked, fx,
             tmp, mrows, mpar, mmv, lidx, lkeys, lslots, cmoves):
    """Search the level opened by the records of ``prev[:prev_used]`` (each dealt one
    card when ``deal_roots``): every class of positions reachable without dealing,
    each stored once in ``arena`` as its normal form (found through ``index``), with
    its parent entry in ``parent`` and, in ``member``, which member of the parent's
    class made the move. Records are expanded in the order they were stored, each
    through every member of its class. Resumable: ``ctl`` keeps where it is.
    Returns WON (the won record's number in ``ctl[WIN]``), DONE, FULL (an array needs
    room) or PAUSE (time to look at the clock)."""
    of, on, op = lay[3], lay[5], lay[6]
    ncol, nbytes = lay[0], (talon0.shape[0] + 7) // 8
    last = ranks - 1
    most = ncol + ncol * lay[1] + 11 + nbytes       # the longest record
    cap = mrows.shape[0]
    while True:
        if ctl[MEMBER] < 0:
            # between classes: room for a whole class's roots, then a root or a record
            if used[0] + cap * most > arena.shape[0] or ctl[POSITIONS] + cap > parent.shape[0] \
                    or 2 * (ctl[POSITIONS] + cap) > index.shape[0]:
                return FULL
            if ctl[SINCE] >= pause:
                ctl[SINCE] = 0
                return PAUSE
            if ctl[SCAN] >= used[0]:
                # every stored record expanded: open the next root
                if ctl[AT] >= prev_used:
                    return DONE
                ctl[AT] = _unpack(prev, ctl[AT], lay, talon0, row)
                src = ctl[SOURCE]
                ctl[SOURCE] = src + 1
                nm = 1
                each = False
                if deal_roots:
                    if row[on] <= row[op]:
                        continue        # no stock card left to deal
                    _deal(row, tmp, lay)
                    if _tableau_size(tmp, lay) != _tableau_size(row, lay):
                        # the deal moved column cards up: each member is dealt apart
                        each = True
                        nm = _members(row, lay, last, talon0, order, key, mrows, mpar, mmv,
                                      lidx, lkeys, lslots)
                        if nm < 0:
                            ctl[OVERFLOWS] += 1
                            continue
                    else:
                        for k in range(lay[8]):
                            mrows[0, k] = tmp[k]
                else:
                    for k in range(lay[8]):
                        mrows[0, k] = row[k]
                for j in range(nm):
                    if each:
                        _deal(mrows[j], kid, lay)
                    else:
                        for k in range(lay[8]):
                            kid[k] = mrows[0, k]
                    _canon(kid, lay, last, cmoves)
                    klen = _pack(kid, lay, talon0, order, key, 0)
                    h = _key_hash(key, 0, klen)
                    if _slot(index, arena, key, klen, h) < 0:
                        continue
                    # the dead-end proof (rule 9) runs on roots only: a deal is what
                    # buries the waste, and inside a level it rejects few positions
                    if stuck(kid, lay, maxred, ranks, piles, plen, depth, avail, base, pend,
                             loose, blocked, fx):
                        ctl[DEAD_ROOTS] += 1
                        continue
                    _insert(index, arena, used, key, klen, h)
                    n = ctl[POSITIONS]
                    parent[n] = -(src + 1)
                    member[n] = j
                    ctl[POSITIONS] = n + 1
                    ctl[SINCE] += 1
                    up = 0
                    for k in range(8):
                        up += kid[of + k]
                    if up == total:
                        ctl[WIN] = n
                        return WON
                continue
            # expand the next stored record through its class
            ctl[SCAN] = _unpack(arena, ctl[SCAN], lay, talon0, row)
            ctl[CUR] = ctl[SCANNED]
            ctl[SCANNED] += 1
            ctl[NMEM] = _members(row, lay, last, talon0, order, key, mrows, mpar, mmv,
                                 lidx, lkeys, lslots)
            if ctl[NMEM] < 0:
                ctl[OVERFLOWS] += 1
                continue
            ctl[MEMBER] = 0
            ctl[MOVE] = 0
            ctl[NMOVES] = _moves(mrows[0], lay, maxred, mv, accn, accj, qs)
        i = ctl[MEMBER]
        t = ctl[MOVE]
        if t >= ctl[NMOVES]:
            i += 1
            if i >= ctl[NMEM]:
                ctl[MEMBER] = -1
                continue
            ctl[MEMBER] = i
            ctl[MOVE] = 0
            ctl[NMOVES] = _moves(mrows[i], lay, maxred, mv, accn, accj, qs)
            continue
        kind, a, b = mv[t, 0], mv[t, 1], mv[t, 2]
        if kind == W and a != mrows[i, op]:
            ctl[MOVE] = t + 1
            continue        # it deals: the next level's business
        if kind == TT and _free_top(mrows[i], lay[1], lay[2], a, last) >= 0:
            ctl[MOVE] = t + 1
            continue        # a free move: to another member of the class
        if used[0] + most > arena.shape[0] or ctl[POSITIONS] + 1 > parent.shape[0] \
                or 2 * (ctl[POSITIONS] + 1) > index.shape[0]:
            return FULL
        if ctl[SINCE] >= pause:
            ctl[SINCE] = 0
            return PAUSE
        ctl[MOVE] = t + 1
        _child(mrows[i], kid, kind, a, b, lay)
        _canon(kid, lay, last, cmoves)
        klen = _pack(kid, lay, talon0, order, key, 0)
        off = _insert(index, arena, used, key, klen, _key_hash(key, 0, klen))
        if off < 0:
            continue
        n = ctl[POSITIONS]
        parent[n] = (ctl[CUR] << PARENT_SHIFT) | (np.int64(kind) << 16) | (np.int64(a) << 8) | (b + 1)
        member[n] = i
        ctl[POSITIONS] = n + 1
        ctl[SINCE] += 1
        up = 0
        for k in range(8):
            up += kid[of + k]
        if up == total:
            ctl[WIN] = n
            return WON


@dataclass
class LevelCensus:
    """What the level search found: ``verdict`` is ``winnable`` (with ``line``, the
    kernel's notes of each step), ``unwinnable`` or ``unknown`` (a cap, the clock or
    the memory bound stopped it: ``stopped`` says which); ``levels`` lists, per level
    searched to its end, ``(roots, positions)``; ``positions`` counts every position
    stored."""

    verdict: str
    positions: int = 0
    seconds: float = 0.0
    levels: list = field(default_factory=list)
    complete: bool = True       # False if a search inside a level hit the depth limit
    line: list | None = None
    stopped: str = ""
    peak_bytes: int = 0
    dead_roots: int = 0         # roots the dead-end proof (rule 9) kept out


def covers(kernel, root) -> bool:
    """Only with no turn-over left, where the compiled rows cover the position."""
    return (kernel.max_redeals is not None and root[4] >= kernel.max_redeals
            and layout_for(kernel, root) is not None)


def _grown(a: np.ndarray, n: int, keep: int) -> np.ndarray:
    """A larger copy of ``a`` (``n`` entries) holding its first ``keep``."""
    b = np.zeros(n, a.dtype)
    b[:keep] = a[:keep]
    return b


def free_bytes() -> int | None:
    """The memory this machine can still give (Linux's ``MemAvailable``), or
    ``None`` where it does not say."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def _slots(n: int) -> int:
    size = 1 << 12
    while size < 2 * n:
        size *= 2
    return size


@njit(cache=True)
def _open_roots(arena, used, ncol, nbytes):
    """How many records of ``arena[:used]`` are not dead ends and have a stock card
    left to deal (the next level's roots, before those that coincide merge)."""
    at = 0
    n = 0
    while at < used:
        end = _key_end(arena, at, ncol, nbytes)
        if arena[end - nbytes - 3] > arena[end - nbytes - 2]:
            n += 1
        at = end
    return n


def search(kernel, root, max_positions: int | None = None, max_level_roots: int | None = None,
           max_seconds: float | None = None, log=None, deadline: float | None = None,
           max_bytes: int | None = None) -> LevelCensus:
    """Search the normalized ``root`` level by level (see the module's text). Stops
    with ``unknown`` once ``max_positions`` positions were stored, a level would open
    with more than ``max_level_roots`` roots, ``max_seconds`` of CPU passed, the clock
    passed ``deadline`` (``time.perf_counter``), or its arrays would outgrow
    ``max_bytes`` or the memory the machine still has free (less a reserve of
    ``RESERVE_BYTES``). ``log(level, roots, positions)`` is called per level."""
    if not covers(kernel, root):
        raise ValueError("the level search needs Forty Thieves with no turn-over left")
    lay = layout_for(kernel, root)
    L = lay.array()
    maxred, ranks, total = kernel.max_redeals, kernel.ranks, kernel.total
    sc = _Scratch(lay)
    maxm = 4 * lay.ncol + 4 * lay.talon + 8
    row = np.zeros(lay.size, np.int16)
    kid = np.zeros(lay.size, np.int16)
    mv = np.zeros((maxm, 3), np.int16)
    mrows = np.zeros((CLASS_CAP, lay.size), np.int16)
    mpar = np.zeros(CLASS_CAP, np.int64)
    mmv = np.zeros((CLASS_CAP, 2), np.int64)
    lslots = np.zeros(CLASS_CAP, np.int64)
    lidx = np.zeros(_slots(2 * CLASS_CAP), np.int64)
    cmoves = np.zeros((64, 2), np.int64)
    order = np.zeros(lay.ncol, np.int64)
    tmp = np.zeros(lay.size, np.int16)
    talon0 = np.array(list(root[2]), np.int16)
    nbytes = (len(talon0) + 7) // 8
    most = lay.ncol + lay.ncol * lay.maxlen + 11 + nbytes
    key = np.zeros(most, np.uint8)
    lkeys = np.zeros(CLASS_CAP * most, np.uint8)
    fixed = mrows.nbytes + lkeys.nbytes + lidx.nbytes
    # level 0 opens with the root itself, read from a one-record "previous level"
    prev = np.zeros(most, np.uint8)
    prev_used = _pack(encode(root, lay), L, talon0, order, prev, 0)
    parents: list[np.ndarray] = []
    members: list[np.ndarray] = []
    out = LevelCensus("unknown")
    start = time.process_time()
    expect, level = 1, 0
    while True:
        n = max(expect, 1 << 10)
        # generous sizes cost nothing until written (the zeroed pages are mapped lazily),
        # and spare the copies of growing: memory is counted by what is used
        size = max(4 * prev_used, n * 48) + 4 * most
        free = free_bytes()
        for bound in (free // 2 if free is not None else None, max_bytes):
            if bound is not None:
                size = min(size, max(bound, 1 << 20))
        arena = np.zeros(size, np.uint8)
        used = np.zeros(1, np.int64)
        index = np.zeros(_slots(n), np.int64)
        parent = np.zeros(4 * n, np.int64)
        member = np.zeros(4 * n, np.int16)
        ctl = np.zeros(14, np.int64)
        ctl[MEMBER] = -1
        kept = prev_used + sum(p.nbytes + m.nbytes for p, m in zip(parents, members)) + fixed
        while True:
            held = kept + int(used[0]) + index.nbytes + 10 * int(ctl[POSITIONS])
            pause = PAUSE_EVERY
            if max_positions is not None:
                pause = max(1, min(pause, max_positions - out.positions - int(ctl[POSITIONS])))
            # a position adds at most a record and a parent entry until an array
            # grows (which is checked on its own), so the pause comes before the bound
            free = free_bytes()
            room = min(max_bytes - held if max_bytes is not None else pause * (most + 9),
                       free - RESERVE_BYTES if free is not None else pause * (most + 9))
            if room < most + 9:
                out.positions += int(ctl[POSITIONS])
                out.stopped = "memory"
                return out
            pause = min(pause, room // (most + 9))
            status = _closure(prev, prev_used, level > 0, L, talon0, maxred, ranks, total,
                              arena, used, index, parent, member, ctl, row, kid, mv, order, key,
                              pause, sc.accn, sc.accj, sc.qs, *sc.proof(), tmp,
                              mrows, mpar, mmv, lidx, lkeys, lslots, cmoves)
            out.seconds = time.process_time() - start
            held = kept + int(used[0]) + index.nbytes + 10 * int(ctl[POSITIONS])
            out.peak_bytes = max(out.peak_bytes, held)
            if status in (WON, DONE):
                break
            stop = ""
            free = free_bytes()
            if max_positions is not None and out.positions + ctl[POSITIONS] >= max_positions:
                stop = "positions"
            elif (max_bytes is not None and held > max_bytes) \
                    or (free is not None and free < RESERVE_BYTES):
                stop = "memory"
            elif max_seconds is not None and out.seconds >= max_seconds:
                stop = "time"
            elif deadline is not None and time.perf_counter() >= deadline:
                stop = "time"
            elif status == FULL:
                count = int(ctl[POSITIONS])
                grow_arena = used[0] + CLASS_CAP * most > len(arena)
                grow_parent = count + CLASS_CAP > len(parent)
                grow_index = 2 * (count + CLASS_CAP) > len(index)
                # while copying, the old array and the new one are both held
                extra = (int(used[0]) * grow_arena + 10 * count * grow_parent
                         + index.nbytes * 2 * grow_index)
                if (max_bytes is not None and held + extra > max_bytes) \
                        or (free is not None and extra > free - RESERVE_BYTES):
                    stop = "memory"
                else:
                    out.peak_bytes = max(out.peak_bytes, held + extra)
                    if grow_arena:
                        arena = _grown(arena, 2 * len(arena), int(used[0]))
                    if grow_parent:
                        parent = _grown(parent, 2 * len(parent), count)
                        member = _grown(member, 2 * len(member), count)
                    if grow_index:
                        index = np.zeros(2 * len(index), np.int64)
                        _reindex(arena, used[0], index, lay.ncol, nbytes)
            if stop:
                out.positions += int(ctl[POSITIONS])
                out.stopped = stop
                return out
        count = int(ctl[POSITIONS])
        out.positions += count
        out.dead_roots += int(ctl[DEAD_ROOTS])
        out.complete = out.complete and ctl[OVERFLOWS] == 0
        parents.append(parent[:count].copy())
        members.append(member[:count].copy())
        del parent, member, index
        if status == WON:
            out.verdict = "winnable"
            out.line = _won_line(kernel, root, parents, members, int(ctl[WIN]), lay, talon0)
            return out
        opened = int(np.count_nonzero(parents[-1] < 0))
        out.levels.append((opened, count))
        if log is not None:
            log(level, opened, count)
        prev, prev_used = arena, int(used[0])
        expect = _open_roots(prev, prev_used, lay.ncol, nbytes)
        if expect == 0:
            out.verdict = "unwinnable" if out.complete else "unknown"
            out.stopped = "" if out.complete else "depth"
            return out
        stop = ""
        if max_positions is not None and out.positions >= max_positions:
            stop = "positions"
        elif max_level_roots is not None and expect > max_level_roots:
            stop = "roots"
        elif max_seconds is not None and out.seconds >= max_seconds:
            stop = "time"
        elif deadline is not None and time.perf_counter() >= deadline:
            stop = "time"
        if stop:
            out.stopped = stop
            return out
        level += 1


def _won_line(kernel, root, parents, members, won, lay, talon0) -> list:
    """The kernel's notes of each step from ``root`` to record ``won`` of the last
    level. The search's steps are replayed on rows as it made them (each record as
    its key reads back, the member of its class that moved, the move, the normal
    form) and each row move is made in the kernel on the column holding the same
    cards. Raises when the line leaves the kernel's moves or does not win."""
    chain = []
    n, r = len(parents) - 1, won
    moves = []
    while True:
        v, m = int(parents[n][r]), int(members[n][r])
        if v >= 0:
            code = v & ((1 << PARENT_SHIFT) - 1)
            moves.append((code >> 16, (code >> 8) & 0xFF, (code & 0xFF) - 1, m))
            r = v >> PARENT_SHIFT
            continue
        chain.append((m, moves[::-1]))
        moves = []
        if n == 0:
            break
        n, r = n - 1, -v - 1
    chain.reverse()
    L = lay.array()
    last = kernel.ranks - 1
    ml, ol = lay.maxlen, lay.lens
    nbytes = (len(talon0) + 7) // 8
    key = np.zeros(lay.ncol + lay.ncol * ml + 11 + nbytes, np.uint8)
    order = np.zeros(lay.ncol, np.int64)
    mrows = np.zeros((CLASS_CAP, lay.size), np.int16)
    mpar = np.zeros(CLASS_CAP, np.int64)
    mmv = np.zeros((CLASS_CAP, 2), np.int64)
    lslots = np.zeros(CLASS_CAP, np.int64)
    lidx = np.zeros(_slots(2 * CLASS_CAP), np.int64)
    lkeys = np.zeros(CLASS_CAP * len(key), np.uint8)
    cmoves = np.zeros((64, 2), np.int64)
    state, line = root, []

    def column(row, i):
        return bytes(int(c) for c in row[i * ml:i * ml + row[ol + i]])

    def stored(row):
        _pack(row, L, talon0, order, key, 0)
        out = np.zeros(lay.size, np.int16)
        _unpack(key, 0, L, talon0, out)
        return out

    def make(row, kind, a, b):
        """Make the row move in the kernel too; the row after it."""
        nonlocal state
        cols = state[0]
        ka = a
        if kind != W:
            ka = next(i for i, c in enumerate(cols) if c == column(row, a))
        kb = b
        if b >= 0 and kind != TF:
            want = column(row, b)
            kb = next(i for i, c in enumerate(cols) if c == want and (kind == W or i != ka))
        state, notes = step(kernel, state, (kind, ka, kb))
        line.append(notes)
        kid = np.zeros(lay.size, np.int16)
        _child(row, kid, kind, a, b, L)
        return kid

    def to_member(row, m):
        """Walk the free moves from ``row`` to member ``m`` of its class."""
        if m == 0:
            return row
        if _members(row, L, last, talon0, order, key, mrows, mpar, mmv, lidx, lkeys, lslots) <= m:
            raise AssertionError("the level search's line names a member its class lacks")
        path = []
        while m > 0:
            path.append((int(mmv[m, 0]), int(mmv[m, 1])))
            m = int(mpar[m])
        for a, b in reversed(path):
            row = make(row, TT, a, b)
        return row

    def normal(row):
        trial = row.copy()
        steps = _canon(trial, L, last, cmoves)
        if steps > len(cmoves):
            raise AssertionError("more normal-form steps than recorded")
        for t in range(steps):
            row = make(row, TT, int(cmoves[t, 0]), int(cmoves[t, 1]))
        return stored(row)

    for k, (j, moves) in enumerate(chain):
        row = stored(encode(state, lay))
        if k > 0:
            dealt = np.zeros(lay.size, np.int16)
            _deal(row, dealt, L)
            if _tableau_size(dealt, L) != _tableau_size(row, L):
                row = to_member(row, j)
            state, notes = step(kernel, state, (DEAL, 0, 0))
            line.append(notes)
            _deal(row, dealt, L)
            row = dealt
        row = normal(row)
        for kind, a, b, m in moves:
            row = to_member(row, m)
            row = normal(make(row, kind, a, b))
    if not kernel.is_won(state):
        raise AssertionError("the level search's line does not win")
    return line




def warm_up() -> None:
    """Compile (or load from numba's cache) once per process."""
    if _warm:
        return
    from solvers.patience.deal import forty_thieves_deal
    from solvers.patience.forty_thieves import FortyThievesKernel
    from solvers.patience.options import FortyThievesRules
    kernel = FortyThievesKernel(FortyThievesRules(0), 3)
    root, _ = kernel.normalize(kernel.encode(forty_thieves_deal(1, ranks=3, columns=3, rows=2)))
    search(kernel, root)
    _warm.append(True)


_warm: list = []
