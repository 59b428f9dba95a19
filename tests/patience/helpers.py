"""Test helpers: an exhaustive reference search over the plain rules engine."""

from collections import deque

from solvers.patience.rules import apply_move, legal_moves


def brute_force_winnable(position, rules, limit=2_000_000):
    """Breadth-first search over every legal move with no pruning at all."""
    def key(pos):
        return pos.with_(redeals_used=0) if rules.max_redeals is None else pos
    seen = {key(position)}
    queue = deque([position])
    while queue:
        pos = queue.popleft()
        if pos.is_won():
            return True
        for move in legal_moves(pos, rules):
            nxt = apply_move(pos, move, rules)
            k = key(nxt)
            if k not in seen:
                seen.add(k)
                if len(seen) > limit:
                    raise RuntimeError("reference search too large")
                queue.append(nxt)
    return False
