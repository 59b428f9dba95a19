"""Single-observer information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012).

Each iteration deals the cards the searching seat cannot see afresh
(``determinize``), walks down one tree shared by every deal, adds one node, rolls
out to the end of the hand and backs the result up. The tree is over what the
searching seat can tell apart: its own moves are told apart by their notation, the
other seats' moves by how the seat sees them (``log_text``), so another seat's
``draw 7H`` and ``draw 2C`` are one move, ``draw``, and the searching seat never
branches on a card it would not see. A node counts how often each child was
available as well as visited, and selection uses that count (availability UCB),
since different deals allow different moves. Progressive widening keeps huge action
spaces (captures, melds, typed answers) to a few tried actions at a time, the
rollout policy's own choice first.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.game import Action, State
from solvers.ismcts.config import SearchConfig
from solvers.sampling import determinize

__all__ = ["Arm", "SearchResult", "search"]


class Node:
    """Statistics of one move in the tree (as the seat who made it sees them)."""

    __slots__ = ("children", "visits", "total", "squares", "avail", "leads")

    def __init__(self):
        self.children: dict[tuple, Node] = {}
        self.visits = 0
        self.total = 0.0        # sum of the mover's rewards
        self.squares = 0.0      # sum of their squares (root moves: for the confidence of a mean)
        self.avail = 0          # times this move could have been chosen
        self.leads = 0          # root moves only: times the searching seat's side came out on top


@dataclass
class Arm:
    """One of the searching seat's choices at the root, with what the search learned of it."""

    action: Action
    visits: int
    mean: float                # mean reward (the seat's utility where the look-ahead stopped)
    lead_share: float          # share of simulations in which the seat's side came out on top
    spread: float = math.nan   # standard error of the mean


@dataclass
class SearchResult:
    """The root choices, most visited first, and how much search stands behind them."""

    arms: list[Arm]
    iterations: int
    elapsed: float
    baseline: float            # the seat's utility at the root
    reward_range: tuple[float, float] = (0.0, 0.0)
    chosen: int = 0            # index of the recommended arm
    kept_prior: bool = False   # the rules of thumb's move, which no other was clearly better than
    notes: dict = field(default_factory=dict)

    @property
    def best(self) -> Arm:
        """The recommended choice: the most visited, unless it does not clearly beat the
        rules of thumb's own move (see :func:`search`)."""
        return self.arms[self.chosen]


class _Range:
    """Running minimum and maximum of the rewards, to put every game's values on [0, 1]."""

    __slots__ = ("lo", "hi")

    def __init__(self):
        self.lo = math.inf
        self.hi = -math.inf

    def add(self, values):
        self.lo = min(self.lo, min(values))
        self.hi = max(self.hi, max(values))

    def scale(self, value: float) -> float:
        if self.hi <= self.lo:
            return 0.5
        return (value - self.lo) / (self.hi - self.lo)


def _actor(state: State, rng: Rng) -> int:
    movers = state.to_move
    if len(movers) == 1:
        return next(iter(movers))
    return sorted(movers)[rng.below(len(movers))]


def _groups(state: State, actor: int, seat: int, skip: frozenset) -> dict[tuple, list[Action]]:
    """Legal moves of ``actor`` grouped as ``seat`` tells them apart (skipped kinds only
    when nothing else is legal)."""
    legal = state.legal_actions(actor)
    kept = [a for a in legal if a.kind not in skip] or legal
    groups: dict[tuple, list[Action]] = {}
    for action in kept:
        text = action.notation if actor == seat else state.log_text(action, actor, seat)
        groups.setdefault((actor, text), []).append(action)
    return groups


def _leads(state: State, seat: int, values: list[float]) -> bool:
    own = next(side for side in state.sides() if seat in side)
    return all(values[seat] >= values[side[0]] for side in state.sides() if side != own)


def search(state: State, seat: int, *, rng: Rng, budget: float | None = 1.0, iterations: int | None = None,
           config: SearchConfig = SearchConfig()) -> SearchResult:
    """Search from ``seat``'s point of view for ``budget`` seconds or ``iterations`` simulations.

    With ``iterations`` and no budget the answer depends only on ``rng`` and on what the
    seat knows, never on the clock.
    """
    if seat not in state.to_move:
        raise CardsageError(f"seat {seat} is not to move", status=409)
    if budget is None and iterations is None:
        raise CardsageError("a search needs a time budget or an iteration count")
    legal = [a for a in state.legal_actions(seat) if a.kind not in config.skip_kinds] or \
        state.legal_actions(seat)
    start = time.perf_counter()
    deadline = None if budget is None else start + budget
    root = Node()
    seen = _Range()
    players = state.players
    root_hands = state.hands_played
    depth_limit = 1 if config.method == "flat" else 1 << 30
    done = 0
    while iterations is None or done < iterations:
        if deadline is not None and done and time.perf_counter() >= deadline:
            break
        sim = determinize(state, seat, rng)
        node, path, depth = root, [], 0
        while True:
            if sim.is_over or depth >= depth_limit or (config.to_hand_end and sim.hands_played > root_hands):
                break
            actor = seat if depth == 0 else _actor(sim, rng)
            groups = _groups(sim, actor, seat, config.skip_kinds)
            if not groups:
                break
            available = []
            for key in groups:
                child = node.children.get(key)
                if child is not None:
                    child.avail += 1
                    available.append((key, child))
            untried = [k for k in groups if k not in node.children]
            if untried and (not available or len(node.children) < config.children_allowed(node.visits)):
                key = _first_try(sim, actor, seat, untried, groups, rng, config)
                child = node.children[key] = Node()
                child.avail = 1
                action = groups[key][0] if len(groups[key]) == 1 else rng.choice(groups[key])
                sim = sim._apply(action, actor)
                path.append((child, actor))
                depth += 1
                break
            key, child = _select(available, actor, seen, config.exploration)
            action = groups[key][0] if len(groups[key]) == 1 else rng.choice(groups[key])
            sim = sim._apply(action, actor)
            path.append((child, actor))
            node = child
            depth += 1
        sim = _rollout(sim, rng, root_hands, config)
        values = [sim.utility(p) for p in range(players)]
        seen.add(values)
        root.visits += 1
        for child, actor in path:
            child.visits += 1
            child.total += values[actor]
            child.squares += values[actor] ** 2
        if path and _leads(sim, seat, values):
            path[0][0].leads += 1
        done += 1
    arms = []
    by_notation = {a.notation: a for a in legal}
    for (actor, text), child in root.children.items():
        if child.visits:
            mean = child.total / child.visits
            variance = max(0.0, child.squares / child.visits - mean * mean)
            arms.append(Arm(by_notation[text], child.visits, mean, child.leads / child.visits,
                            math.sqrt(variance / child.visits)))
    arms.sort(key=lambda a: (-a.visits, -a.mean))
    tried = {a.action for a in arms}
    arms.extend(Arm(a, 0, math.nan, math.nan) for a in legal if a not in tried)
    result = SearchResult(arms, done, time.perf_counter() - start, state.utility(seat),
                          (seen.lo, seen.hi) if done else (0.0, 0.0))
    if config.keep_prior and config.rollout is not None and done:
        _keep_prior_unless_beaten(result, state, seat, rng, config)
    return result


def _keep_prior_unless_beaten(result: SearchResult, state: State, seat: int, rng: Rng,
                              config: SearchConfig) -> None:
    """Recommend the rules of thumb's own move unless the most visited move beats it by
    ``config.keep_margin`` standard errors: a few dozen simulations are noisy, and a good
    heuristic is hard to beat by noise. The heuristic looks at a sampled deal, never at
    the cards the seat cannot see."""
    prior = config.rollout(determinize(state, seat, rng.fork("prior")), seat, rng.fork("prior move"))
    index = next((i for i, arm in enumerate(result.arms) if arm.action == prior and arm.visits), None)
    if index is None or index == 0:
        return
    top, own = result.arms[0], result.arms[index]
    spread = math.sqrt(top.spread ** 2 + own.spread ** 2)
    if not top.mean - own.mean > config.keep_margin * spread:
        result.chosen, result.kept_prior = index, True


def _first_try(state: State, actor: int, seat: int, untried: list[tuple], groups, rng: Rng,
               config: SearchConfig) -> tuple:
    """The untried move to add: the rollout policy's own choice when it is untried, else a random one."""
    if config.prior_first and config.rollout is not None and len(untried) > 1:
        choice = config.rollout(state, actor, rng)
        text = choice.notation if actor == seat else state.log_text(choice, actor, seat)
        if (actor, text) in untried:
            return (actor, text)
    return untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]


def _select(available: list, actor: int, seen: _Range, exploration: float):
    """Availability UCB over the children this deal allows."""
    best, best_score = None, -math.inf
    for key, child in available:
        if child.visits == 0:
            return key, child
        score = seen.scale(child.total / child.visits) + exploration * math.sqrt(
            math.log(max(child.avail, 1)) / child.visits)
        if score > best_score:
            best, best_score = (key, child), score
    return best


def _rollout(state: State, rng: Rng, root_hands: int, config: SearchConfig) -> State:
    """Play on with the rollout policy until the hand or the match ends (or the step cap)."""
    policy = config.rollout
    for _ in range(config.rollout_steps):
        if state.is_over or (config.to_hand_end and state.hands_played > root_hands):
            break
        actor = _actor(state, rng)
        if policy is not None:
            action = policy(state, actor, rng)
        else:
            legal = state.legal_actions(actor)
            action = legal[rng.below(len(legal))]
        state = state._apply(action, actor)
    return state
