"""A beam probe for Forty Thieves with a limited stock: looks for a win first.

Depth-first search commits to its first moves and then spends its budget near the
leaves of that first line; with a stock dealt once, a wrong early choice (cards
buried in the waste) is never undone in time. The probe instead keeps, level by
level (one macro move per level), the ``width`` most promising positions by a
static score of :mod:`forty_thieves_order`; narrow beams are cheap and which
weighting finds a win varies from deal to deal, so it runs a schedule of narrow
beams with several weightings, then wider ones. It only ever reports
a win, with the line that reaches it (every step is a kernel move, so it replays
through the rules engine); when it finds none the exact search decides.
"""

from __future__ import annotations

import heapq
import time

from solvers.patience.forty_thieves_order import WEIGHTS, score

SCHEDULE = tuple((width, w) for width in (20, 40, 80, 160) for w in WEIGHTS)


def probe(kernel, root, deadline: float | None = None, max_nodes: int | None = None,
          schedule=SCHEDULE, beam=None):
    """A winning line from ``root`` (a list of note tuples) and the positions
    generated, or ``None`` and that count when no beam found one in time.
    ``schedule`` lists ``(width, weights)`` or ``(width, weights, cap)`` (see
    :func:`_beam`); ``beam(width, weights, deadline, max_nodes, cap)`` runs one beam
    (default: the plain one) and returns ``(line or None, positions generated,
    finished)``."""
    if beam is None:
        def beam(width, weights, deadline, budget, cap):
            return _beam(kernel, root, width, weights, deadline, budget, cap)

    def run(entry, budget):
        width, weights, cap = (*entry, 0)[:3]
        return beam(width, weights, deadline, budget, cap)
    return run_schedule(schedule, max_nodes, run)


def run_schedule(schedule, max_nodes: int | None, run):
    """Run ``run(entry, positions left or None)`` for each entry of ``schedule``
    until one returns a line: ``(line or None, positions generated)``. Each run
    returns ``(line or None, positions generated, finished)``; a run cut short
    (time or positions) ends the schedule."""
    nodes = 0
    for entry in schedule:
        budget = None if max_nodes is None else max_nodes - nodes
        if budget is not None and budget <= 0:
            break
        line, used, complete = run(entry, budget)
        nodes += used
        if line is not None:
            return line, nodes
        if not complete:
            break
    return None, nodes


def _beam(kernel, root, width, weights, deadline, max_nodes, cap=0):
    """One beam search; returns ``(line or None, positions generated, finished)``.
    ``cap`` (0 for none): at most this many positions per level with the same
    foundations and talon (so tableau rearrangements of one position cannot fill
    the beam)."""
    key, child, won, hopeless = kernel.key, kernel.child, kernel.is_won, kernel.hopeless
    moves = kernel.moves
    seen = {key(root)}
    beam = [(root, None)]
    nodes = 0
    while beam:
        kids = []
        for state, back in beam:
            for mv in moves(state):
                nxt, notes = child(state, mv)
                k = key(nxt)
                if k in seen:
                    continue
                seen.add(k)
                nodes += 1
                link = (back, notes)
                if won(nxt):
                    return _unwind(link), nodes, True
                if hopeless(nxt):
                    continue
                kids.append((-score(nxt, weights), nodes, nxt, link))
            if max_nodes is not None and nodes >= max_nodes:
                return None, nodes, False
            if deadline is not None and time.perf_counter() > deadline:
                return None, nodes, False
        if cap:
            beam = _capped(sorted(kids), width, cap)
        else:
            beam = [(s, link) for _, _, s, link in heapq.nsmallest(width, kids)]
    return None, nodes, True


def _capped(kids, width, cap) -> list:
    """The best ``width`` of ``kids`` keeping at most ``cap`` per foundations and talon."""
    count: dict = {}
    out = []
    for _, _, s, link in kids:
        sig = (s[1], s[2], s[3], s[4])
        n = count.get(sig, 0)
        if n >= cap:
            continue
        count[sig] = n + 1
        out.append((s, link))
        if len(out) == width:
            break
    return out


def _unwind(link) -> list:
    line = []
    while link is not None:
        link, notes = link
        line.append(notes)
    line.reverse()
    return line
