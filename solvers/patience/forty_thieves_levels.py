"""Forty Thieves with no turn-over left, searched level by level (compiled).

Level ``k`` is every position reachable with exactly ``k`` stock cards dealt. From
each position that opens the level (its *roots*) the search takes every move that
does not deal (tableau moves, cards up, the waste top onto the tableau), so the level
is the *closure* of its roots; every position of it, dealt one card, opens the next
level. The deal is the only move that cannot be taken back, so memory holds two
levels, not the whole game.

The dead-end proof (rule 9) runs on roots only, before they are stored: a deal buries
the waste, which is where the proof finds its dead ends, while inside a level it cuts
few positions for its price (seed 21: 60.6 million positions in 239 CPU s, against
56.6 million in 370 s with every position checked). A dead root is never stored, so it
opens nothing.

"Seen" holds every position's **exact key**: its columns in a fixed order (by
length, then card by card), a byte an entry, the foundations, the talon's length,
pointer and turn-overs, and which cards of the first talon it still holds (a bit
each: cards only ever leave the talon, so it keeps that order). A 64-bit hash of the
key only picks the slot; keys are compared byte by byte. So "unwinnable" is a proof
like the exact search's, and a won position comes back as the line that reaches it
(each position records its parent and move), replayed through the plain kernel.

The next level's roots are read back from this level's keys, so a position is
stored once, about 84 bytes with its slot and parent. Rows, moves, automatic moves
and the dead-end proof are those of :mod:`forty_thieves_jit`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np
from numba import njit

from solvers.numba_cache import drop_stale
from solvers.patience.forty_thieves_jit import (MIX1, TF, W, _child, _mix, _moves, _score, _Scratch,
                                                encode, layout_for, stuck)
from solvers.patience.forty_thieves_stock import DEAL, _deal, step

drop_stale(__file__)

WON, DONE, FULL, PAUSE = 0, 1, 2, 3
NO_DEAL = -(1 << 62)        # the beam's score of a position with no stock card left
MAX_DEPTH = 60_000          # depth of the search inside one level
PAUSE_EVERY = 1 << 16       # positions between returns to Python (the clock, growth): about 0.2 s
PAUSE_NEAR = 1 << 12        # the same within ``NEAR_SECONDS`` of the deadline
NEAR_SECONDS = 2.0
OFFSET_BITS = 40            # a slot holds a record's offset + 1 and the hash's high bits
OFFSET_MASK = (1 << OFFSET_BITS) - 1
RESERVE_BYTES = 1 << 30     # a search never grows into the machine's last GiB
PARENT_SHIFT = 20           # a parent entry: parent's number << 20 | kind << 16 | a << 8 | b + 1
# ctl fields
POSITIONS, OVERFLOWS, WIN, AT, SOURCE, DEPTH, SINCE, DEAD_ROOTS = range(8)


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


@njit(cache=True)
def _closure(prev, prev_used, deal_roots, lay, talon0, maxred, ranks, total,
             arena, used, index, parent, ctl, srows, smvs, snmv, sidx, srec, order, key,
             pause, accn, accj, qs, piles, plen, depth, avail, base, pend, loose, blocked, fx, tmp):
    """Search the level opened by the records of ``prev[:prev_used]`` (each open one
    dealt one card when ``deal_roots``): every position reachable without dealing,
    each stored once in ``arena`` (found through ``index``) with its parent entry in
    ``parent``. Resumable: ``ctl`` keeps where it is (the root being read, the depth
    of the search inside it). Returns WON (the won record's number in
    ``ctl[WIN]``), DONE, FULL (an array needs room) or PAUSE (time to look at the
    clock)."""
    of, on, op = lay[3], lay[5], lay[6]
    ncol, nbytes = lay[0], (talon0.shape[0] + 7) // 8
    maxd = srows.shape[0]
    most = ncol + ncol * lay[1] + 11 + nbytes       # the longest record
    d = ctl[DEPTH]
    fresh = False
    while True:
        if d < 0:
            if ctl[AT] >= prev_used:
                ctl[DEPTH] = -1
                return DONE
            if used[0] + most > arena.shape[0] or ctl[POSITIONS] + 1 > parent.shape[0] \
                    or 2 * (ctl[POSITIONS] + 1) > index.shape[0]:
                ctl[DEPTH] = -1
                return FULL
            if ctl[SINCE] >= pause:
                ctl[SINCE] = 0
                ctl[DEPTH] = -1
                return PAUSE
            ctl[AT] = _unpack(prev, ctl[AT], lay, talon0, srows[0])
            src = ctl[SOURCE]
            ctl[SOURCE] = src + 1
            if deal_roots:
                if srows[0, on] <= srows[0, op]:
                    continue        # no stock card left to deal
                _deal(srows[0], tmp, lay)
                srows[0, :] = tmp
            klen = _pack(srows[0], lay, talon0, order, key, 0)
            h = _key_hash(key, 0, klen)
            if _slot(index, arena, key, klen, h) < 0:
                continue
            # the dead-end proof (rule 9) runs on roots only: a deal is what buries
            # the waste, and inside a level it rejects few positions at its price
            if stuck(srows[0], lay, maxred, ranks, piles, plen, depth, avail, base, pend, loose,
                     blocked, fx):
                ctl[DEAD_ROOTS] += 1
                continue
            _insert(index, arena, used, key, klen, h)
            srec[0] = ctl[POSITIONS]
            parent[ctl[POSITIONS]] = -(src + 1)
            ctl[POSITIONS] += 1
            ctl[SINCE] += 1
            d = 0
            fresh = True
        if fresh:
            fresh = False
            row = srows[d]
            up = 0
            for k in range(8):
                up += row[of + k]
            if up == total:
                ctl[WIN] = srec[d]
                ctl[DEPTH] = -1
                return WON
            snmv[d] = _moves(row, lay, maxred, smvs[d], accn, accj, qs)
            sidx[d] = 0
        if sidx[d] == snmv[d]:
            d -= 1
            continue
        t = sidx[d]
        kind, a, b = smvs[d, t, 0], smvs[d, t, 1], smvs[d, t, 2]
        if kind == W and a != srows[d, op]:
            sidx[d] = t + 1
            continue        # it deals: the next level's business
        if d + 1 >= maxd:
            sidx[d] = t + 1
            ctl[OVERFLOWS] += 1
            continue
        if used[0] + most > arena.shape[0] or ctl[POSITIONS] + 1 > parent.shape[0] \
                or 2 * (ctl[POSITIONS] + 1) > index.shape[0]:
            ctl[DEPTH] = d
            return FULL
        if ctl[SINCE] >= pause:
            ctl[SINCE] = 0
            ctl[DEPTH] = d
            return PAUSE
        sidx[d] = t + 1
        kid = srows[d + 1]
        _child(srows[d], kid, kind, a, b, lay)
        klen = _pack(kid, lay, talon0, order, key, 0)
        off = _insert(index, arena, used, key, klen, _key_hash(key, 0, klen))
        if off < 0:
            continue
        n = ctl[POSITIONS]
        parent[n] = (srec[d] << PARENT_SHIFT) | (np.int64(kind) << 16) | (np.int64(a) << 8) | (b + 1)
        srec[d + 1] = n
        ctl[POSITIONS] = n + 1
        ctl[SINCE] += 1
        d += 1
        fresh = True


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


class _Levels:
    """What a search level by level holds for one root: the layout, the first talon,
    the depth-first search's rows and moves inside a level, and the level-0 record
    (the root's key, read as a one-record "previous level")."""

    def __init__(self, kernel, root):
        self.kernel = kernel
        self.lay = layout_for(kernel, root)
        lay = self.lay
        self.L = lay.array()
        self.sc = _Scratch(lay)
        maxm = 4 * lay.ncol + 4 * lay.talon + 8
        self.srows = np.zeros((MAX_DEPTH, lay.size), np.int16)
        self.smvs = np.zeros((MAX_DEPTH, maxm, 3), np.int16)
        self.snmv = np.zeros(MAX_DEPTH, np.int64)
        self.sidx = np.zeros(MAX_DEPTH, np.int64)
        self.srec = np.zeros(MAX_DEPTH, np.int64)
        self.order = np.zeros(lay.ncol, np.int64)
        self.tmp = np.zeros(lay.size, np.int16)
        self.talon0 = np.array(list(root[2]), np.int16)
        self.nbytes = (len(self.talon0) + 7) // 8
        self.most = lay.ncol + lay.ncol * lay.maxlen + 11 + self.nbytes    # the longest key
        self.key = np.zeros(self.most, np.uint8)
        self.fixed = self.srows.nbytes + self.smvs.nbytes + 4 * self.snmv.nbytes
        self.first = np.zeros(self.most, np.uint8)
        self.first_used = _pack(encode(root, lay), self.L, self.talon0, self.order, self.first, 0)

    def close(self, prev, prev_used, deal_roots, arena, used, index, parent, ctl, pause):
        """:func:`_closure` of the level the records of ``prev[:prev_used]`` open."""
        k = self.kernel
        return _closure(prev, prev_used, deal_roots, self.L, self.talon0, k.max_redeals, k.ranks,
                        k.total, arena, used, index, parent, ctl, self.srows, self.smvs, self.snmv,
                        self.sidx, self.srec, self.order, self.key, pause, self.sc.accn,
                        self.sc.accj, self.sc.qs, *self.sc.proof(), self.tmp)


def covers(kernel, root) -> bool:
    """Only with no turn-over left, where the compiled rows cover the position."""
    return (kernel.max_redeals is not None and root[4] >= kernel.max_redeals
            and layout_for(kernel, root) is not None)


def _rate(rates: dict, name: str, since: float, size: int) -> float:
    """Record in ``rates`` the seconds a byte that growing ``name`` (``size`` bytes)
    took since ``since``; returns the clock now."""
    now = time.perf_counter()
    rates[name] = (now - since) / max(1, size)
    return now


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
    work = _Levels(kernel, root)
    lay, nbytes, most, fixed = work.lay, work.nbytes, work.most, work.fixed
    prev, prev_used = work.first, work.first_used
    parents: list[np.ndarray] = []
    out = LevelCensus("unknown")
    grow_rate: dict[str, float] = {}     # seconds a byte of each array's last growth
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
        ctl = np.zeros(8, np.int64)
        ctl[DEPTH] = -1
        kept = prev_used + sum(p.nbytes for p in parents) + fixed
        while True:
            held = kept + int(used[0]) + index.nbytes + 8 * int(ctl[POSITIONS])
            pause = PAUSE_EVERY
            if deadline is not None and deadline - time.perf_counter() < NEAR_SECONDS:
                pause = PAUSE_NEAR
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
            status = work.close(prev, prev_used, level > 0, arena, used, index, parent, ctl, pause)
            out.seconds = time.process_time() - start
            held = kept + int(used[0]) + index.nbytes + 8 * int(ctl[POSITIONS])
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
                grow_arena = used[0] + most > len(arena)
                grow_parent = count + 1 > len(parent)
                grow_index = 2 * (count + 1) > len(index)
                # while copying, the old array and the new one are both held
                extra = (int(used[0]) * grow_arena + 8 * count * grow_parent
                         + index.nbytes * 2 * grow_index)
                # a growth cannot be cut short, so it must fit before the deadline
                # (each array costs about as much a byte as its last growth did)
                grow_bytes = {"arena": int(used[0]) * grow_arena, "parent": 8 * count * grow_parent,
                        "index": index.nbytes * grow_index}
                need = sum(grow_rate.get(name, 0.0) * size for name, size in grow_bytes.items())
                if (max_bytes is not None and held + extra > max_bytes) \
                        or (free is not None and extra > free - RESERVE_BYTES):
                    stop = "memory"
                elif deadline is not None and time.perf_counter() + need >= deadline:
                    stop = "time"
                else:
                    out.peak_bytes = max(out.peak_bytes, held + extra)
                    clock = time.perf_counter()
                    if grow_arena:
                        arena = _grown(arena, 2 * len(arena), int(used[0]))
                        clock = _rate(grow_rate, "arena", clock, grow_bytes["arena"])
                    if grow_parent:
                        parent = _grown(parent, 2 * len(parent), count)
                        clock = _rate(grow_rate, "parent", clock, grow_bytes["parent"])
                    if grow_index:
                        index = np.zeros(2 * len(index), np.int64)
                        _reindex(arena, used[0], index, lay.ncol, nbytes)
                        _rate(grow_rate, "index", clock, grow_bytes["index"])
            if stop:
                out.positions += int(ctl[POSITIONS])
                out.stopped = stop
                return out
        count = int(ctl[POSITIONS])
        out.positions += count
        out.dead_roots += int(ctl[DEAD_ROOTS])
        out.complete = out.complete and ctl[OVERFLOWS] == 0
        parents.append(parent[:count].copy())
        del parent, index
        if status == WON:
            out.verdict = "winnable"
            out.line = _won_line(kernel, root, parents, int(ctl[WIN]))
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


@njit(cache=True)
def _scores(arena, used, lay, talon0, weights, row, out, offs):
    """The beam's score of every record of ``arena[:used]`` into ``out`` (records
    with no stock card left to deal score lowest) and where each starts into
    ``offs``; returns how many records there are."""
    n = 0
    at = 0
    while at < used:
        offs[n] = at
        at = _unpack(arena, at, lay, talon0, row)
        out[n] = _score(row, lay, weights) if row[lay[5]] > row[lay[6]] else NO_DEAL
        n += 1
    return n


@njit(cache=True)
def _gather(arena, offs, picked, ncol, nbytes, dst):
    """Copy the records numbered ``picked`` (in that order) into ``dst``; returns
    the bytes written."""
    at = 0
    for i in picked:
        s = offs[i]
        e = _key_end(arena, s, ncol, nbytes)
        dst[at:at + e - s] = arena[s:e]
        at += e - s
    return at


def beam(kernel, root, cap: int, width: int, weights, deadline: float | None = None,
         max_positions: int | None = None):
    """The level search as a probe for wins: each level's closure stops at ``cap``
    positions, and only the ``width`` best of them by the beam's score
    (:mod:`forty_thieves_order`) are dealt into the next level, best first. Returns
    ``(line or None, positions, finished)`` as the other beams: a line is a win
    replayed through the plain kernel; the beam proves nothing when it dies out."""
    work = _Levels(kernel, root)
    lay, nbytes, most = work.lay, work.nbytes, work.most
    row = np.zeros(lay.size, np.int16)
    weights = np.array(weights, np.int64)
    prev, prev_used = work.first, work.first_used
    picked = np.zeros(1, np.int64)      # which record of the level before each root was
    parents: list[np.ndarray] = []
    positions, level = 0, 0
    arena = np.zeros(cap * most + most, np.uint8)
    index = np.zeros(_slots(cap + 1), np.int64)
    parent = np.zeros(cap + 1, np.int64)
    out = np.zeros(cap + 1, np.int64)
    offs = np.zeros(cap + 1, np.int64)
    while True:
        used = np.zeros(1, np.int64)
        index[:] = 0
        ctl = np.zeros(8, np.int64)
        ctl[DEPTH] = -1
        while True:
            limit = cap if max_positions is None else min(cap, max_positions - positions)
            pause = max(1, min(PAUSE_EVERY // 2, limit - int(ctl[POSITIONS])))
            status = work.close(prev, prev_used, level > 0, arena, used, index, parent, ctl, pause)
            if status != PAUSE or ctl[POSITIONS] >= limit:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                return None, positions + int(ctl[POSITIONS]), False
        count = int(ctl[POSITIONS])
        positions += count
        kept = parent[:count].copy()
        roots = kept < 0
        kept[roots] = -(picked[-kept[roots] - 1] + 1)
        parents.append(kept)
        if status == WON:
            return _won_line(kernel, root, parents, int(ctl[WIN])), positions, True
        if (max_positions is not None and positions >= max_positions) \
                or (deadline is not None and time.perf_counter() >= deadline):
            return None, positions, False
        n = _scores(arena, int(used[0]), work.L, work.talon0, weights, row, out, offs)
        scores = out[:n]
        live = int(np.count_nonzero(scores > NO_DEAL))
        if live == 0:
            return None, positions, True
        k = min(width, live)
        best = np.argpartition(-scores, k - 1)[:k] if k < n else np.arange(n)
        best = best[np.argsort(-scores[best], kind="stable")][:k]
        prev = np.zeros(int(used[0]) + most, np.uint8)
        prev_used = _gather(arena, offs, best, lay.ncol, nbytes, prev)
        picked = best.astype(np.int64)
        level += 1


def _won_line(kernel, root, parents, won) -> list:
    """The kernel's notes of each step from ``root`` to record ``won`` of the last
    level: each level's moves were made on its root's columns in key order, so each
    level's column numbers are mapped back through that order. Raises when the line
    leaves the kernel's moves or does not win."""
    per_level = []
    n, r = len(parents) - 1, won
    moves = []
    while True:
        v = int(parents[n][r])
        if v >= 0:
            code = v & ((1 << PARENT_SHIFT) - 1)
            moves.append((code >> 16, (code >> 8) & 0xFF, (code & 0xFF) - 1))
            r = v >> PARENT_SHIFT
            continue
        per_level.append(moves[::-1])
        moves = []
        if n == 0:
            break
        n, r = n - 1, -v - 1
    per_level.reverse()
    state = root
    line = []
    for k, moves in enumerate(per_level):
        cols = state[0]
        order = sorted(range(len(cols)), key=lambda i: (len(cols[i]), cols[i]))
        if k > 0:
            state, notes = step(kernel, state, (DEAL, 0, 0))
            line.append(notes)
        for kind, a, b in moves:
            if b >= 0 and kind != TF and not state[0][order[b]]:
                # into an empty column: the kernel offers its first one (they are
                # interchangeable), so that one takes this column's number from here on
                first = next(i for i, c in enumerate(state[0]) if not c)
                other = order.index(first)
                order[b], order[other] = order[other], order[b]
            state, notes = step(kernel, state, (kind, a if kind == W else order[a],
                                                order[b] if b >= 0 else b))
            line.append(notes)
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
