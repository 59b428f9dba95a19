"""How the search runs for one game: tree depth, exploration, widening, rollouts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class SearchConfig:
    """The knobs of the information-set search.

    ``method`` is ``"ismcts"`` (a tree over the seat's information sets: single-observer
    ISMCTS, with other seats' moves grouped as the seat sees them) or ``"flat"``
    (determinized sampling: each sampled deal tries one first move, then rolls out).
    ``rollout`` is a bot policy ``(state, seat, rng) -> Action`` (None: uniform random).
    A rollout stops where the current hand ends (``to_hand_end``), when the match ends,
    or after ``rollout_steps`` actions, and the position is valued by ``State.utility``.
    Progressive widening lets a node with ``n`` visits have at most
    ``widen_base + widen_factor * n ** widen_power`` children, so huge action spaces are
    explored a few actions at a time.
    """

    method: str = "ismcts"
    exploration: float = 0.7
    rollout: Callable | None = None
    to_hand_end: bool = True
    rollout_steps: int = 400
    widen_base: int = 8
    widen_factor: float = 1.0
    widen_power: float = 0.5
    prior_first: bool = True      # expand the rollout policy's own choice first
    skip_kinds: frozenset = frozenset()   # action kinds the search never plays (patience's undo)
    keep_prior: bool = True       # play the rollout policy's move unless another clearly beats it
    keep_margin: float = 1.0      # ... by this many standard errors of the difference of means

    def children_allowed(self, visits: int) -> int:
        """How many children a node with ``visits`` visits may have."""
        return self.widen_base + int(self.widen_factor * visits ** self.widen_power)
