"""Exact winnability search for patience deals with every card known.

Depth-first search over the kernel's macro moves with a transposition table of
compact keys. Verdicts:

* ``winnable``: a solution is returned (moves in notation; it replays through
  :mod:`solvers.patience.rules`);
* ``unwinnable``: the search space was exhausted, which proves no win exists under
  the stated rules (every pruning rule the kernels use keeps a win if there is one);
* ``unknown``: the node or time budget ran out first.

After a win, a bounded branch-and-bound pass looks for a shorter line.
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass, field

from solvers.errors import CardsageError
from solvers.patience.compiled import first_search, warm_up
from solvers.patience.forty_thieves import FortyThievesKernel
from solvers.patience.klondike import KlondikeKernel
from solvers.patience.options import FortyThievesRules, KlondikeRules
from solvers.patience.position import Position

WINNABLE, UNWINNABLE, UNKNOWN = "winnable", "unwinnable", "unknown"

# Klondike with an ordered talon (draw 3, or limited passes): the share of the budget
# for the draw-1 game with unlimited passes first (see _relaxed_loss), and the
# smallest node budget it runs at (below, as in a hint's samples, it cannot pay)
RELAX_SHARE = 0.25
RELAX_MIN_NODES = 1_000_000
# the plain search stops (unknown) after this many positions whatever its budget: its
# table holds Python keys, 130 to 190 bytes each with their set slots (2 to 3 GB
# here), and a long budget must not fill the machine's memory
PLAIN_MAX_NODES = 1 << 24


@dataclass
class SolveResult:
    """What the solver found: ``verdict``, ``solution`` (moves, when winnable),
    ``nodes`` searched and ``seconds`` spent (search plus shortening)."""

    verdict: str
    solution: list[str] | None = None
    nodes: int = 0
    seconds: float = 0.0
    shortened_from: int | None = None
    dead: set = field(default_factory=set, repr=False)

    def to_json(self) -> dict:
        """JSON-able summary."""
        return {"verdict": self.verdict, "solution": self.solution, "nodes": self.nodes,
                "seconds": round(self.seconds, 6), "moves": len(self.solution or ())}


def kernel_for(position: Position, rules):
    """The search kernel for this position's game and rules."""
    if position.game == "klondike" and isinstance(rules, KlondikeRules):
        return KlondikeKernel(rules, position.ranks)
    if position.game == "forty-thieves" and isinstance(rules, FortyThievesRules):
        return FortyThievesKernel(rules, position.ranks)
    raise CardsageError(f"{type(rules).__name__} rules do not fit a {position.game} position", field="rules")


def compiled_helps(position: Position, rules) -> bool:
    """Does a compiled search run for this game and these rules, in place of the plain
    one or as a probe beside it? (Then a ``dead`` set, which turns it off, costs more
    than it saves.)"""
    return getattr(kernel_for(position, rules), "compiled_helps", False)


def solve(position: Position, rules, *, max_nodes: int | None = 2_000_000,
          max_seconds: float | None = 60.0, shorten: bool = True,
          shorten_nodes: int = 5_000, dead: set | None = None, compiled: bool = True,
          probes: bool = True) -> SolveResult:
    """Decide whether a fully known position can be won.

    ``dead`` is an optional set of keys already proven lost for the same deal (it is
    extended with this search's keys when the verdict is ``unwinnable``). With
    ``compiled`` (and no ``dead``), the first search that :mod:`solvers.patience.compiled`
    picks for the kernel runs first: a compiled search equal to the plain one
    (Klondike), or a probe that may settle the verdict early (Forty Thieves' beam
    search, which only ever answers "winnable"); when it returns ``None`` the plain
    search decides. ``probes`` lets that first search also run
    other searches from the root (Klondike's streamlined searches and shuffled
    restarts beside the exact one, Forty Thieves' beam probe before it); without them
    the compiled Klondike search visits exactly the positions of the plain one.
    With both ``compiled`` and ``probes`` and a budget of a million positions or more,
    Klondike with an ordered talon first tries to prove the loss in the draw-1 game
    with unlimited passes (:func:`_relaxed_loss`).
    """
    kernel = kernel_for(position, rules)
    fast = first_search(kernel) if compiled and dead is None else None
    if fast is not None:
        warm_up(kernel)    # compiling is not part of the search time
    start = time.perf_counter()
    root = kernel.encode(position)
    deadline = None if max_seconds is None else start + max_seconds
    relaxed_nodes = 0
    if compiled and probes and dead is None and (max_nodes is None or max_nodes >= RELAX_MIN_NODES):
        lost, relaxed_nodes = _relaxed_loss(position, rules, kernel, max_nodes, deadline)
        if lost:
            return SolveResult(UNWINNABLE, None, relaxed_nodes, time.perf_counter() - start)
        if max_nodes is not None:
            max_nodes = max(1, max_nodes - relaxed_nodes)
    if fast is not None:
        fast = functools.partial(fast, probes=probes)
    verdict, path, nodes, seen = _dfs(kernel, root, max_nodes, deadline, dead, fast)
    nodes += relaxed_nodes
    result = SolveResult(verdict, None, nodes)
    if verdict == WINNABLE:
        line = [m for notes in path for m in notes]
        if shorten and shorten_nodes:
            better = shorten_line(kernel, root, len(line), shorten_nodes, deadline)
            if better is not None and len(better) < len(line):
                result.shortened_from = len(line)
                line = better
        result.solution = line
    elif verdict == UNWINNABLE and dead is not None:
        dead.update(seen)
    result.seconds = time.perf_counter() - start
    return result


def _relaxed_loss(position: Position, rules, kernel, max_nodes, deadline) -> tuple[bool, int]:
    """Is ``position`` lost in Klondike drawing one card with unlimited passes (same
    foundation rule), within a share of the budget? ``(proven lost, positions)``.

    That game allows every line of any Klondike talon rule: drawing one card at a
    time with unlimited turn-overs brings any talon card to the waste top at any
    moment, and playing it leaves the other talon cards in the same order, as in any
    talon rule; tableau and foundation moves are the same. So a line that wins under
    ``rules`` is a winning line there too (up to its draws), and a loss there is a
    loss under ``rules``. With the talon a set, its search is often far smaller (the
    draw-3 losses decided there among deals 1-1000 need 4k to 2M positions). A win
    there proves nothing (and usually comes at once)."""
    if not isinstance(kernel, KlondikeKernel) or kernel.set_talon:
        return False, 0
    relaxed = KlondikeRules(draw=1, single_pass_switch=False,
                            foundation_to_tableau=rules.foundation_to_tableau)
    seconds = None
    if deadline is not None:
        seconds = RELAX_SHARE * max(0.0, deadline - time.perf_counter())
    cap = None if max_nodes is None else max(1, int(RELAX_SHARE * max_nodes))
    found = solve(position.with_(redeals_used=0, single_pass=False), relaxed, max_nodes=cap,
                  max_seconds=seconds, shorten=False, probes=False)
    return found.verdict == UNWINNABLE, found.nodes


def _dfs(kernel, root, max_nodes, deadline, dead, fast=None):
    key, moves, child, won = kernel.key, kernel.moves, kernel.child, kernel.is_won
    pending, follows = kernel.pending, kernel.follows
    root, auto = kernel.normalize(root)
    if won(root):
        return WINNABLE, [auto], 1, set()
    seen = {key(root)}
    if (dead and key(root) in dead) or kernel.hopeless(root):
        return UNWINNABLE, None, 1, seen
    found = fast(root, max_nodes, deadline) if fast is not None else None
    if found is not None:
        verdict, path, nodes = found
        return verdict, None if path is None else [auto, *path], nodes, seen
    hopeless = kernel.hopeless if kernel.check_every_node else None
    # may a pending move that follows another pending move stay pending? (a kernel
    # without ``chains`` only has chains that cannot return to where they started)
    chains = getattr(kernel, "chains", None)
    # the key of a position whose moves are all among this one's (searched with it)
    implied = getattr(kernel, "implied", None)
    stack = [[root, moves(root), 0, None]]
    path = [auto]
    nodes = 1
    next_check = 256
    limit = min(max_nodes or PLAIN_MAX_NODES, PLAIN_MAX_NODES)
    while stack:
        frame = stack[-1]
        mvs = frame[1]
        i = frame[2]
        if i == len(mvs):
            stack.pop()
            path.pop()
            continue
        frame[2] = i + 1
        mv = mvs[i]
        state, notes = child(frame[0], mv)
        if pending(mv) is not None and (frame[3] is None or chains is None or chains(mv, frame[3])):
            # an intermediate position: only moves that depend on the pending move
            # follow, and it never enters the table (the same position may be reached
            # in full); if it was reached in full already, its moves are all covered
            if key(state) in seen:
                continue
            nodes += 1
            stack.append([state, [m for m in moves(state) if follows(m, mv)], 0, mv])
            path.append(notes)
            continue
        k = key(state)
        if k in seen:
            continue
        seen.add(k)
        if implied is not None:
            k2 = implied(state)
            if k2 is not None:
                seen.add(k2)
        if dead and k in dead:
            continue
        nodes += 1
        if won(state):
            path.append(notes)
            return WINNABLE, path, nodes, seen
        if hopeless is not None and hopeless(state):
            continue
        if nodes >= limit:
            return UNKNOWN, None, nodes, seen
        if deadline is not None and nodes >= next_check:
            # by count, not by ``nodes % 256``: pending positions add to ``nodes`` too,
            # and a remainder test could then step over every multiple
            next_check = nodes + 256
            if time.perf_counter() > deadline:
                return UNKNOWN, None, nodes, seen
        stack.append([state, moves(state), 0, None])
        path.append(notes)
    return UNWINNABLE, None, nodes, seen


def shorten_line(kernel, root, best: int, max_nodes: int, deadline=None) -> list[str] | None:
    """Branch and bound for a line shorter than ``best`` moves; each move costs one and
    the cards still off the foundations are a lower bound on the moves left.
    Returns the shortest line found within ``max_nodes``, or ``None``."""
    key, moves, child, won, h = kernel.key, kernel.moves, kernel.child, kernel.is_won, kernel.remaining
    root, auto = kernel.normalize(root)
    g0 = len(auto)
    if won(root):
        return list(auto)
    best_g = {key(root): g0}
    stack = [[root, moves(root), 0, g0]]
    path = [auto]
    found = None
    nodes = 0
    while stack:
        frame = stack[-1]
        mvs = frame[1]
        i = frame[2]
        if i == len(mvs):
            stack.pop()
            path.pop()
            continue
        frame[2] = i + 1
        state, notes = child(frame[0], mvs[i])
        g = frame[3] + len(notes)
        if g + h(state) >= best:
            continue
        k = key(state)
        if best_g.get(k, best) <= g:
            continue
        best_g[k] = g
        nodes += 1
        if won(state):
            best = g
            found = [m for n in path for m in n] + list(notes)
            continue
        if nodes >= max_nodes or (deadline is not None and not nodes & 255
                                  and time.perf_counter() > deadline):
            break
        stack.append([state, moves(state), 0, g])
        path.append(notes)
    return found
