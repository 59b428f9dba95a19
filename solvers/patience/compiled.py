"""Which search runs before the plain one: the compiled searches, where they cover the rules.

The plain kernels (:mod:`klondike`, :mod:`forty_thieves`) are the reference and know
nothing of the compiled searches (:mod:`klondike_jit`, :mod:`forty_thieves_jit`),
which mirror them and use them (to replay a line, to warm up); this module, above
both, picks between them. :func:`solvers.patience.search.solve` asks
:func:`first_search` for the search to run from the root before its own, and calls
:func:`warm_up` before its clock starts. The compiled modules load (and numba with
them) only when a search is about to use them.

* Klondike: the compiled search of :mod:`klondike_jit` where it covers the rules
  (unlimited passes, no draw-3 switch; its exact part keyed up to the arrangement of
  free runs, :mod:`klondike_sets`), with its probe searches taking turns with it;
  under the draw-3 switch rule (unlimited passes) a probe that looks for a win that
  never switches. Otherwise the plain search decides.
* Forty Thieves with a limited stock: beam probes that only ever answer with a win
  (with no turn-over left first the beam over stock cards dealt,
  :mod:`forty_thieves_stock`; then the move-by-move beam, compiled where it covers the
  position, else the plain :mod:`forty_thieves_beam`); then the compiled exact search (:mod:`forty_thieves_exact`, the plain one's
  positions in the same order) where it covers the position, else the plain one.
"""

from __future__ import annotations

import functools
import time

from solvers.patience.forty_thieves import FortyThievesKernel
from solvers.patience.forty_thieves_beam import probe as plain_probe
from solvers.patience.klondike import KlondikeKernel
from solvers.patience.options import KlondikeRules

# under the draw-3 switch rule, the share of a solve's budget the compiled search of
# the same game without the switch gets to look for a win
NO_SWITCH_SHARE = 0.5
PROBE_SHARE = 0.7       # Forty Thieves: of the time left, for the beam probes before the exact search
# Forty Thieves with no turn-over left: the beams over stock cards dealt
# (:mod:`forty_thieves_stock`) of each width run after the move-by-move beams of the
# width here, so the two kinds widen together; they stop once they have had
# ``STOCK_SHARE`` of the probes' time (on some deals their wide beams take long to
# die out, and the move-by-move beams or the exact search need the time)
STOCK_AFTER = {20: 20, 40: 60, 80: 200, 160: 600, 640: 2000, 1280: 5000}
STOCK_SHARE = 0.6
# Forty Thieves with no turn-over left: after the beams of the width here, the level
# search as a beam (``forty_thieves_levels.beam``: each level searched in full up to
# the first number of positions, the second number of its best dealt on)
LEVEL_BEAM_AFTER = {80: (200_000, 20_000), 160: (1_000_000, 100_000)}
LEVEL_BEAM_WEIGHTS = (100, 40, 30, 8, 3)
# Forty Thieves: the exact search over components of reversible moves
# (``forty_thieves_exact.ComponentSearch``): 12-21% less CPU on the open deals'
# subtrees, 7% more on seed 29's whole loss; off, the search equal to the plain one
FT_COMPONENTS = True
# Forty Thieves with no turn-over left: the relaxed game of :mod:`forty_thieves_relaxed`
# (its loss proves the real loss) first, with this share of the budget; 0 = off
FT_RELAXED_SHARE = 0.0
# Forty Thieves with no turn-over left and a budget of ``LEVEL_FROM_SECONDS`` or more:
# the probes get ``LEVEL_PROBE_SHARE`` of it (at least ``PROBE_MIN_SECONDS``: the level
# search finds wins only once every earlier level is searched, so the probes keep a
# fair share for deals that are won), the exact search ``EXACT_SHARE`` of what is
# left (at most ``EXACT_CAP_SECONDS``), and the level search (:mod:`forty_thieves_levels`:
# exhaustive, one level of stock cards dealt at a time in memory) the rest. The level
# search proves losses sooner than the exact search (seed 29: 7.4 against 19.6 CPU s),
# which is quicker to a win the probes missed
LEVEL_FROM_SECONDS = 50.0
LEVEL_PROBE_SHARE = 1 / 3
PROBE_MIN_SECONDS = 42.0
EXACT_SHARE = 1 / 3
EXACT_CAP_SECONDS = 60.0
# Klondike: the exact search keys positions up to the arrangement of free runs
# (:mod:`klondike_sets`); off, it is ``klondike_jit``'s, equal to the plain one
KLONDIKE_SETS = True


def first_search(kernel):
    """The search to run first from a normalized root with this kernel, or ``None``.

    It is called as ``search(root, max_nodes, deadline, probes=True)`` and returns
    ``(verdict, notes per move, nodes)``, or ``None`` when the plain search must
    decide."""
    if isinstance(kernel, KlondikeKernel):
        return functools.partial(klondike_first, kernel)
    if isinstance(kernel, FortyThievesKernel) and kernel.max_redeals is not None:
        return functools.partial(forty_thieves_first, kernel)
    return None


def warm_up(kernel) -> None:
    """Compile (once per process) the compiled search ``kernel``'s rules use, if any."""
    if isinstance(kernel, KlondikeKernel):
        if kernel.compiled_helps:
            from solvers.patience import klondike_jit, klondike_sets
            klondike_jit.warm_up()
            klondike_sets.warm_up()
    elif isinstance(kernel, FortyThievesKernel) and kernel.max_redeals is not None:
        from solvers.patience import (forty_thieves_exact, forty_thieves_jit, forty_thieves_levels,
                                      forty_thieves_relaxed, forty_thieves_stock)
        forty_thieves_jit.warm_up()
        if FT_RELAXED_SHARE > 0:
            forty_thieves_relaxed.warm_up()
        forty_thieves_exact.warm_up()
        forty_thieves_stock.warm_up()
        forty_thieves_levels.warm_up()


def klondike_first(kernel: KlondikeKernel, root, max_nodes, deadline, probes=True):
    """The compiled search of :mod:`klondike_jit` from a normalized root, when it
    covers the kernel's rules: ``(verdict, notes per move, nodes)``, else ``None``.
    ``probes``: let the searches of ``klondike_jit.probe_schedule`` (streamlined
    ones, shuffled restarts) take turns with it. Under the draw-3 switch rule
    (with unlimited passes) a probe looks for a win that never switches, below."""
    from solvers.patience import klondike_jit
    if root[5]:
        return None
    if kernel.compiled_rules:
        return klondike_jit.search(kernel, root, max_nodes, deadline, probes, _exact_search())
    if probes and kernel.compiled_helps:
        return _win_without_switch(kernel, root, max_nodes, deadline)
    return None


def _win_without_switch(kernel: KlondikeKernel, root, max_nodes, deadline):
    """A line that never switches is a line of the game without the switch rule,
    which the compiled search covers: it gets half the budget and may only answer
    "winnable" (a loss there proves nothing, since switching adds moves); the
    plain search decides otherwise, with the time left."""
    from solvers.patience import klondike_jit
    rules = KlondikeRules(draw=kernel.k, single_pass_switch=False, foundation_to_tableau=kernel.back)
    stop = None
    if deadline is not None:
        now = time.perf_counter()
        stop = now + NO_SWITCH_SHARE * max(0.0, deadline - now)
    cap = None if max_nodes is None else max(1, int(max_nodes * NO_SWITCH_SHARE))
    found = klondike_jit.search(KlondikeKernel(rules, kernel.ranks), root, cap, stop,
                                exact=_exact_search())
    return found if found is not None and found[0] == "winnable" else None


def _exact_search():
    """The class of the compiled exact Klondike search (see ``KLONDIKE_SETS``)."""
    if KLONDIKE_SETS:
        from solvers.patience.klondike_sets import SetSearch
        return SetSearch
    return None


def _probes(kernel: FortyThievesKernel, root, stop, cap):
    """The beam probes until one wins: ``(line or None, positions)``. Where the
    compiled beam covers the position its schedule runs width by width, and with no
    turn-over left the beams over stock cards dealt (``STOCK_AFTER``, ``STOCK_SHARE``)
    and the level search as a beam (``LEVEL_BEAM_AFTER``) join it; elsewhere the plain
    beam runs."""
    from solvers.patience import forty_thieves_jit, forty_thieves_levels, forty_thieves_stock
    if forty_thieves_jit.layout_for(kernel, root) is None:
        return plain_probe(kernel, root, stop, cap)
    stock = forty_thieves_stock.covers(kernel, root)
    stock_stop = None
    if stop is not None:
        now = time.perf_counter()
        stock_stop = now + STOCK_SHARE * max(0.0, stop - now)
    nodes = 0
    widths = sorted({entry[0] for entry in forty_thieves_jit.SCHEDULE})
    for width in widths:
        parts = [("move", tuple(e for e in forty_thieves_jit.SCHEDULE if e[0] == width))]
        if stock and width in STOCK_AFTER and (stock_stop is None or time.perf_counter() < stock_stop):
            parts.append(("stock", tuple(e for e in forty_thieves_stock.SCHEDULE if e[0] == STOCK_AFTER[width])))
        if stock and width in LEVEL_BEAM_AFTER:
            parts.append(("level", LEVEL_BEAM_AFTER[width]))
        for kind, part in parts:
            budget = None if cap is None else cap - nodes
            if budget is not None and budget <= 0:
                return None, nodes
            if kind == "move":
                line, used = forty_thieves_jit.probe(kernel, root, stop, budget, schedule=part)
            elif kind == "level":
                line, used, _ = forty_thieves_levels.beam(kernel, root, *part, LEVEL_BEAM_WEIGHTS,
                                                          stop, budget)
            else:
                line, used = forty_thieves_stock.probe(kernel, root, stock_stop, budget, schedule=part)
            nodes += used
            if line is not None:
                return line, nodes
            if stop is not None and time.perf_counter() > stop:
                return None, nodes
    return None, nodes


def forty_thieves_first(kernel: FortyThievesKernel, root, max_nodes, deadline, probes=True):
    """Before the exact search, beam probes get a share of the budget
    (:func:`_probes`: the compiled move-by-move beam of :mod:`forty_thieves_jit`
    and the beam over stock cards dealt of :mod:`forty_thieves_stock` where they
    cover the position, else the plain :mod:`forty_thieves_beam`). They only ever
    answer with a win and its line. Then the compiled exact search (:mod:`forty_thieves_exact`,
    equal to the plain one) decides with the rest, where it covers the position. With
    no turn-over left and ``LEVEL_FROM_SECONDS`` or more, the probes and the exact
    search get shares and the level search (:mod:`forty_thieves_levels`, also
    exhaustive, with exact keys) decides with what is left."""
    from solvers.patience import forty_thieves_exact, forty_thieves_levels, forty_thieves_relaxed
    nodes = 0
    levels = (deadline is not None and deadline - time.perf_counter() >= LEVEL_FROM_SECONDS
              and forty_thieves_levels.covers(kernel, root))
    if FT_RELAXED_SHARE > 0 and forty_thieves_relaxed.covers(kernel, root):
        stop = None
        if deadline is not None:
            now = time.perf_counter()
            stop = now + FT_RELAXED_SHARE * max(0.0, deadline - now)
        cap = None if max_nodes is None else max(1, int(max_nodes * FT_RELAXED_SHARE))
        verdict, nodes = forty_thieves_relaxed.search(kernel, root, cap, stop)
        if verdict == forty_thieves_relaxed.LOST:
            return "unwinnable", None, nodes
    if probes:
        stop = None
        if deadline is not None:
            now = time.perf_counter()
            stop = now + PROBE_SHARE * max(0.0, deadline - now)
            if levels:
                stop = min(stop, now + max(PROBE_MIN_SECONDS, LEVEL_PROBE_SHARE * (deadline - now)))
        cap = None if max_nodes is None else max_nodes // 2
        line, used = _probes(kernel, root, stop, cap)
        nodes += used
        if line is not None:
            return "winnable", line, nodes
    rest = None if max_nodes is None else max(1, max_nodes - nodes)
    stop = deadline
    if levels:
        now = time.perf_counter()
        stop = min(deadline, now + min(EXACT_CAP_SECONDS, EXACT_SHARE * max(0.0, deadline - now)))
    exact = forty_thieves_exact.search(kernel, root, rest, stop, components=FT_COMPONENTS)
    if exact is None:
        return None
    verdict, line, more = exact
    nodes += more
    spent = max_nodes is not None and nodes >= max_nodes
    if verdict != "unknown" or not levels or spent or time.perf_counter() >= deadline:
        return verdict, line, nodes
    rest = None if max_nodes is None else max_nodes - nodes
    census = forty_thieves_levels.search(kernel, root, max_positions=rest, deadline=deadline)
    return census.verdict, census.line, nodes + census.positions
